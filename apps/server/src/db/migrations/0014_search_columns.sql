-- Each list's search text is stored folded beside its fields, and indexed, so that a search
-- rechecking the rows its index finds compares stored text instead of folding each row again.
DROP INDEX "exams_search_idx";--> statement-breakpoint
DROP INDEX "faculty_search_idx";--> statement-breakpoint
DROP INDEX "students_search_idx";--> statement-breakpoint
DROP INDEX "users_email_search_idx";--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "search_text" text GENERATED ALWAYS AS (examiq_fold(title || ' ' || subject)) STORED;--> statement-breakpoint
ALTER TABLE "faculty" ADD COLUMN "search_text" text GENERATED ALWAYS AS (examiq_fold(first_name || ' ' || last_name || ' ' || faculty_id || ' ' || employee_id)) STORED;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "search_text" text GENERATED ALWAYS AS (examiq_fold(first_name || ' ' || last_name || ' ' || student_id || ' ' || roll_number)) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (examiq_fold(email)) STORED;--> statement-breakpoint
CREATE INDEX "exams_search_idx" ON "exams" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "faculty_search_idx" ON "faculty" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_search_idx" ON "students" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_search_idx" ON "users" USING gin ("search_text" gin_trgm_ops);