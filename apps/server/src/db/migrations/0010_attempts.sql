CREATE TABLE "attempt_answers" (
	"attempt_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"selected_option" integer,
	"text" text,
	"marked_for_review" boolean DEFAULT false NOT NULL,
	"seq" bigint NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "attempt_answers_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "attempt_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attempt_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"attempt_id" uuid NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"data" jsonb
);
--> statement-breakpoint
CREATE TABLE "exam_allowances" (
	"exam_id" uuid NOT NULL,
	"student_user_id" uuid NOT NULL,
	"extra_minutes" integer NOT NULL,
	"granted_by" uuid,
	"granted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exam_allowances_exam_id_student_user_id_pk" PRIMARY KEY("exam_id","student_user_id")
);
--> statement-breakpoint
CREATE TABLE "exam_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"student_user_id" uuid NOT NULL,
	"status" text DEFAULT 'IN_PROGRESS' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"base_deadline_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"submit_trigger" text,
	"layout" jsonb,
	"section_deadlines" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone,
	CONSTRAINT "exam_attempts_status_check" CHECK ("exam_attempts"."status" in ('IN_PROGRESS', 'SUBMITTED')),
	CONSTRAINT "exam_attempts_submitted_check" CHECK (("exam_attempts"."status" = 'SUBMITTED') = ("exam_attempts"."submitted_at" is not null and "exam_attempts"."submit_trigger" is not null and "exam_attempts"."due_at" is null))
);
--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "shuffle_questions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "shuffle_options" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_events" ADD CONSTRAINT "attempt_events_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_allowances" ADD CONSTRAINT "exam_allowances_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_allowances" ADD CONSTRAINT "exam_allowances_student_user_id_students_user_id_fk" FOREIGN KEY ("student_user_id") REFERENCES "public"."students"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_allowances" ADD CONSTRAINT "exam_allowances_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_student_user_id_students_user_id_fk" FOREIGN KEY ("student_user_id") REFERENCES "public"."students"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempt_events_attempt_id_idx" ON "attempt_events" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "exam_allowances_student_user_id_idx" ON "exam_allowances" USING btree ("student_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_exam_id_student_user_id_key" ON "exam_attempts" USING btree ("exam_id","student_user_id");--> statement-breakpoint
CREATE INDEX "exam_attempts_student_user_id_idx" ON "exam_attempts" USING btree ("student_user_id");--> statement-breakpoint
CREATE INDEX "exam_attempts_due_at_idx" ON "exam_attempts" USING btree ("due_at") WHERE "exam_attempts"."due_at" is not null;--> statement-breakpoint
-- Every save rewrites its attempt's row (last_seq, last_seen_at) and usually an answer's: with
-- room left on each page, the new versions are written beside the old ones (heap-only updates).
ALTER TABLE "exam_attempts" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "attempt_answers" SET (fillfactor = 80);
