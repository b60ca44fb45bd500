CREATE SEQUENCE "public"."exam_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "exam_faculty" (
	"exam_id" uuid NOT NULL,
	"faculty_user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "exam_faculty_exam_id_faculty_user_id_pk" PRIMARY KEY("exam_id","faculty_user_id")
);
--> statement-breakpoint
CREATE TABLE "exam_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"order_label" text NOT NULL,
	"marks" integer NOT NULL,
	"question_type" text NOT NULL,
	"total_questions" integer NOT NULL,
	"time_limit_minutes" integer NOT NULL,
	"is_optional" boolean NOT NULL,
	"instructions" text[] NOT NULL,
	CONSTRAINT "exam_sections_question_type_check" CHECK ("exam_sections"."question_type" in ('MCQ', 'SHORT_ANSWER', 'LONG_ANSWER', 'TRUE_FALSE'))
);
--> statement-breakpoint
CREATE TABLE "exam_target_sections" (
	"exam_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	CONSTRAINT "exam_target_sections_exam_id_section_id_pk" PRIMARY KEY("exam_id","section_id")
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" text DEFAULT ('EXM-' || to_char(now(), 'YYYY') || '-' || to_char(nextval('exam_number_seq'), 'FM9999999999900000')) NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"subject" text NOT NULL,
	"total_marks" integer NOT NULL,
	"passing_marks" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"general_instructions" text[] NOT NULL,
	"batch_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"exam_date" date,
	"start_time" time,
	"end_time" time,
	"start_date" date,
	"end_date" date,
	"buffer_before_minutes" integer DEFAULT 0 NOT NULL,
	"buffer_after_minutes" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exams_exam_id_unique" UNIQUE("exam_id"),
	CONSTRAINT "exams_status_check" CHECK ("exams"."status" in ('DRAFT', 'PUBLISH')),
	CONSTRAINT "exams_mode_check" CHECK ("exams"."mode" in ('AUTO', 'PROCTORING')),
	CONSTRAINT "exams_passing_marks_check" CHECK ("exams"."passing_marks" <= "exams"."total_marks"),
	CONSTRAINT "exams_schedule_check" CHECK (("exams"."mode" = 'PROCTORING' and "exams"."exam_date" is not null
          and "exams"."start_time" is not null and "exams"."end_time" is not null
          and "exams"."end_time" > "exams"."start_time"
          and "exams"."start_date" is null and "exams"."end_date" is null)
        or ("exams"."mode" = 'AUTO' and "exams"."start_date" is not null and "exams"."end_date" is not null
          and "exams"."end_date" >= "exams"."start_date"
          and "exams"."exam_date" is null and "exams"."start_time" is null and "exams"."end_time" is null))
);
--> statement-breakpoint
CREATE TABLE "question_options" (
	"question_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"option_text" text NOT NULL,
	"is_correct" boolean NOT NULL,
	CONSTRAINT "question_options_question_id_position_pk" PRIMARY KEY("question_id","position")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"section_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"question_text" text NOT NULL,
	"question_type" text NOT NULL,
	"marks" integer NOT NULL,
	"question_order" integer NOT NULL,
	"difficulty" text NOT NULL,
	"explanation" text NOT NULL,
	"sample_answer" text,
	"model_answer" text,
	"min_word_count" integer,
	"max_word_count" integer,
	"keywords" text[],
	CONSTRAINT "questions_question_type_check" CHECK ("questions"."question_type" in ('MCQ', 'SHORT_ANSWER', 'LONG_ANSWER', 'TRUE_FALSE')),
	CONSTRAINT "questions_difficulty_check" CHECK ("questions"."difficulty" in ('EASY', 'MEDIUM', 'HARD'))
);
--> statement-breakpoint
ALTER TABLE "exam_faculty" ADD CONSTRAINT "exam_faculty_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_faculty" ADD CONSTRAINT "exam_faculty_faculty_user_id_faculty_user_id_fk" FOREIGN KEY ("faculty_user_id") REFERENCES "public"."faculty"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sections" ADD CONSTRAINT "exam_sections_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_target_sections" ADD CONSTRAINT "exam_target_sections_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_target_sections" ADD CONSTRAINT "exam_target_sections_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_options" ADD CONSTRAINT "question_options_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_section_id_exam_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."exam_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_faculty_faculty_user_id_idx" ON "exam_faculty" USING btree ("faculty_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_sections_exam_id_position_key" ON "exam_sections" USING btree ("exam_id","position");--> statement-breakpoint
CREATE INDEX "exam_target_sections_section_id_idx" ON "exam_target_sections" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "exams_created_at_id_idx" ON "exams" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "exams_batch_id_idx" ON "exams" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "exams_course_id_idx" ON "exams" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "exams_branch_id_idx" ON "exams" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "exams_created_by_idx" ON "exams" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "question_options_one_correct_key" ON "question_options" USING btree ("question_id") WHERE "question_options"."is_correct";--> statement-breakpoint
CREATE UNIQUE INDEX "questions_section_id_position_key" ON "questions" USING btree ("section_id","position");