ALTER TABLE "exam_sections" DROP CONSTRAINT "exam_sections_question_type_check";--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_question_type_check";--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_correct_option_check";--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD COLUMN "response" jsonb;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "settings" jsonb;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "answer_key" jsonb;--> statement-breakpoint
ALTER TABLE "exam_sections" ADD CONSTRAINT "exam_sections_question_type_check" CHECK ("exam_sections"."question_type" in ('MCQ', 'SHORT_ANSWER', 'LONG_ANSWER', 'TRUE_FALSE', 'MULTI_SELECT', 'NUMERICAL'));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_question_type_check" CHECK ("questions"."question_type" in ('MCQ', 'SHORT_ANSWER', 'LONG_ANSWER', 'TRUE_FALSE', 'MULTI_SELECT', 'NUMERICAL'));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_correct_option_check" CHECK ("questions"."correct_option" is null or ("questions"."options" is not null and "questions"."correct_option" between 0 and cardinality("questions"."options") - 1));