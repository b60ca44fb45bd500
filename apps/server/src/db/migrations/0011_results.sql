CREATE TABLE "exam_evaluators" (
	"exam_id" uuid NOT NULL,
	"faculty_user_id" uuid NOT NULL,
	CONSTRAINT "exam_evaluators_exam_id_faculty_user_id_pk" PRIMARY KEY("exam_id","faculty_user_id")
);
--> statement-breakpoint
CREATE TABLE "regrade_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"previous_correct_option" integer NOT NULL,
	"correct_option" integer NOT NULL,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"requested_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "regrade_jobs_status_check" CHECK ("regrade_jobs"."status" in ('RUNNING', 'DONE', 'FAILED'))
);
--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD COLUMN "awarded_marks" numeric(6, 1);--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD COLUMN "comment" text;--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD COLUMN "marked_by" uuid;--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD COLUMN "marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "show_answers_after_publish" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "results_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "results_published_by" uuid;--> statement-breakpoint
ALTER TABLE "exam_evaluators" ADD CONSTRAINT "exam_evaluators_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_evaluators" ADD CONSTRAINT "exam_evaluators_faculty_user_id_faculty_user_id_fk" FOREIGN KEY ("faculty_user_id") REFERENCES "public"."faculty"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regrade_jobs" ADD CONSTRAINT "regrade_jobs_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regrade_jobs" ADD CONSTRAINT "regrade_jobs_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regrade_jobs" ADD CONSTRAINT "regrade_jobs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_evaluators_faculty_user_id_idx" ON "exam_evaluators" USING btree ("faculty_user_id");--> statement-breakpoint
CREATE INDEX "regrade_jobs_exam_id_idx" ON "regrade_jobs" USING btree ("exam_id","created_at");--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_results_published_by_users_id_fk" FOREIGN KEY ("results_published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Answers saved before scoring existed: choices scored against the key, empty written answers 0.
UPDATE "attempt_answers" AS "answer" SET "awarded_marks" = CASE
	WHEN "question"."correct_option" IS NOT NULL THEN
		CASE WHEN "answer"."selected_option" = "question"."correct_option" THEN "question"."marks" ELSE 0 END
	WHEN coalesce(btrim("answer"."text"), '') = '' THEN 0
END
FROM "questions" AS "question" WHERE "question"."id" = "answer"."question_id";
