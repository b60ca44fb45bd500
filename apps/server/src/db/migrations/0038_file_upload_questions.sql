CREATE TABLE "answer_file_contents" (
	"sha256" text PRIMARY KEY NOT NULL,
	"byte_size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answer_file_contents_sha256_check" CHECK ("answer_file_contents"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "answer_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attempt_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_sections" DROP CONSTRAINT "exam_sections_question_type_check";--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_question_type_check";--> statement-breakpoint
ALTER TABLE "answer_files" ADD CONSTRAINT "answer_files_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_files" ADD CONSTRAINT "answer_files_sha256_answer_file_contents_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."answer_file_contents"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "answer_files_attempt_id_question_id_sha256_key" ON "answer_files" USING btree ("attempt_id","question_id","sha256");--> statement-breakpoint
CREATE INDEX "answer_files_sha256_idx" ON "answer_files" USING btree ("sha256");--> statement-breakpoint
ALTER TABLE "exam_sections" ADD CONSTRAINT "exam_sections_question_type_check" CHECK ("exam_sections"."question_type" in ('MCQ', 'SHORT_ANSWER', 'LONG_ANSWER', 'TRUE_FALSE', 'MULTI_SELECT', 'NUMERICAL', 'FILL_IN_BLANKS', 'MATCHING', 'ORDERING', 'FILE_UPLOAD'));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_question_type_check" CHECK ("questions"."question_type" in ('MCQ', 'SHORT_ANSWER', 'LONG_ANSWER', 'TRUE_FALSE', 'MULTI_SELECT', 'NUMERICAL', 'FILL_IN_BLANKS', 'MATCHING', 'ORDERING', 'FILE_UPLOAD'));