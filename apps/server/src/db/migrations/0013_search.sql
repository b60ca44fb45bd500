CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
-- unaccent() is only stable (its dictionary could change), so an index cannot hold it; this
-- wrapper names the dictionary and its schema and is declared immutable so that one can.
CREATE FUNCTION "examiq_fold"(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
	SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1))
$$;--> statement-breakpoint
CREATE INDEX "exams_search_idx" ON "exams" USING gin (examiq_fold("title" || ' ' || "subject") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "faculty_search_idx" ON "faculty" USING gin (examiq_fold("first_name" || ' ' || "last_name" || ' ' || "faculty_id" || ' ' || "employee_id") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_search_idx" ON "students" USING gin (examiq_fold("first_name" || ' ' || "last_name" || ' ' || "student_id" || ' ' || "roll_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_name_idx" ON "students" USING btree ("first_name","last_name","id");--> statement-breakpoint
CREATE INDEX "users_email_search_idx" ON "users" USING gin (examiq_fold("email") gin_trgm_ops);