CREATE SEQUENCE "public"."faculty_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."student_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "faculty" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"photo" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"gender" text NOT NULL,
	"nationality" text NOT NULL,
	"religion" text NOT NULL,
	"phone" text NOT NULL,
	"permanent_address" jsonb NOT NULL,
	"current_address" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"faculty_id" text DEFAULT ('FAC-' || to_char(now(), 'YYYY') || '-' || to_char(nextval('faculty_number_seq'), 'FM9999999999900000')) NOT NULL,
	"employee_id" text NOT NULL,
	"joining_date" date DEFAULT current_date NOT NULL,
	"marital_status" text NOT NULL,
	"department" text NOT NULL,
	"designation" text NOT NULL,
	"qualifications" jsonb NOT NULL,
	"total_experience_years" numeric NOT NULL,
	"previous_institutions" jsonb NOT NULL,
	CONSTRAINT "faculty_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "faculty_faculty_id_unique" UNIQUE("faculty_id")
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"photo" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"gender" text NOT NULL,
	"nationality" text NOT NULL,
	"religion" text NOT NULL,
	"phone" text NOT NULL,
	"permanent_address" jsonb NOT NULL,
	"current_address" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"student_id" text DEFAULT ('STU-' || to_char(now(), 'YYYY') || '-' || to_char(nextval('student_number_seq'), 'FM9999999999900000')) NOT NULL,
	"roll_number" text NOT NULL,
	"family" jsonb NOT NULL,
	"course_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"semester" integer NOT NULL,
	"admission_year" integer NOT NULL,
	"expected_graduation_year" integer NOT NULL,
	CONSTRAINT "students_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "students_student_id_unique" UNIQUE("student_id")
);
--> statement-breakpoint
ALTER TABLE "faculty" ADD CONSTRAINT "faculty_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "faculty_employee_id_lower_key" ON "faculty" USING btree (lower("employee_id"));--> statement-breakpoint
CREATE INDEX "faculty_created_at_id_idx" ON "faculty" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_roll_number_lower_key" ON "students" USING btree (lower("roll_number"));--> statement-breakpoint
CREATE INDEX "students_created_at_id_idx" ON "students" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "students_course_id_idx" ON "students" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "students_branch_id_idx" ON "students" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "students_section_id_idx" ON "students" USING btree ("section_id");