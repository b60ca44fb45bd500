CREATE TABLE "bank_access" (
	"course_id" uuid NOT NULL,
	"faculty_user_id" uuid NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "bank_access_course_id_faculty_user_id_role_pk" PRIMARY KEY("course_id","faculty_user_id","role"),
	CONSTRAINT "bank_access_role_check" CHECK ("bank_access"."role" in ('AUTHOR', 'REVIEWER'))
);
--> statement-breakpoint
CREATE TABLE "bank_question_changes" (
	"question_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone NOT NULL,
	"changed_fields" text[] NOT NULL,
	"previous" jsonb NOT NULL,
	CONSTRAINT "bank_question_changes_question_id_revision_pk" PRIMARY KEY("question_id","revision")
);
--> statement-breakpoint
CREATE TABLE "bank_questions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"course_id" uuid NOT NULL,
	"category" text NOT NULL,
	"tags" text[] NOT NULL,
	"bloom_level" text NOT NULL,
	"course_outcomes" text[] NOT NULL,
	"status" text NOT NULL,
	"content" jsonb NOT NULL,
	"question_type" text GENERATED ALWAYS AS (content->>'questionType') STORED NOT NULL,
	"difficulty" text GENERATED ALWAYS AS (content->>'difficulty') STORED NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"search_text" text NOT NULL,
	"content_by" uuid,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_questions_status_check" CHECK ("bank_questions"."status" in ('DRAFT', 'READY', 'RETIRED')),
	CONSTRAINT "bank_questions_bloom_level_check" CHECK ("bank_questions"."bloom_level" in ('REMEMBER', 'UNDERSTAND', 'APPLY', 'ANALYSE', 'EVALUATE', 'CREATE'))
);
--> statement-breakpoint
CREATE TABLE "course_banks" (
	"course_id" uuid PRIMARY KEY NOT NULL,
	"require_review" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_outcomes" (
	"course_id" uuid NOT NULL,
	"code" text NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"target_percent" integer NOT NULL,
	CONSTRAINT "course_outcomes_course_id_code_pk" PRIMARY KEY("course_id","code"),
	CONSTRAINT "course_outcomes_target_percent_check" CHECK ("course_outcomes"."target_percent" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "bank_access" ADD CONSTRAINT "bank_access_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_access" ADD CONSTRAINT "bank_access_faculty_user_id_faculty_user_id_fk" FOREIGN KEY ("faculty_user_id") REFERENCES "public"."faculty"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_question_changes" ADD CONSTRAINT "bank_question_changes_question_id_bank_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."bank_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_question_changes" ADD CONSTRAINT "bank_question_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_questions" ADD CONSTRAINT "bank_questions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_questions" ADD CONSTRAINT "bank_questions_content_by_users_id_fk" FOREIGN KEY ("content_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_questions" ADD CONSTRAINT "bank_questions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_questions" ADD CONSTRAINT "bank_questions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_banks" ADD CONSTRAINT "course_banks_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_outcomes" ADD CONSTRAINT "course_outcomes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_access_faculty_user_id_idx" ON "bank_access" USING btree ("faculty_user_id");--> statement-breakpoint
CREATE INDEX "bank_question_changes_changed_by_idx" ON "bank_question_changes" USING btree ("changed_by");--> statement-breakpoint
CREATE INDEX "bank_questions_course_id_id_idx" ON "bank_questions" USING btree ("course_id","id");--> statement-breakpoint
CREATE INDEX "bank_questions_course_id_category_idx" ON "bank_questions" USING btree ("course_id","category");--> statement-breakpoint
CREATE INDEX "bank_questions_search_idx" ON "bank_questions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bank_questions_course_outcomes_idx" ON "bank_questions" USING gin ("course_outcomes");--> statement-breakpoint
CREATE INDEX "bank_questions_created_by_idx" ON "bank_questions" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "bank_questions_updated_by_idx" ON "bank_questions" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "bank_questions_content_by_idx" ON "bank_questions" USING btree ("content_by");