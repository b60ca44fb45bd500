CREATE TABLE "institution_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"max_exam_duration_minutes" integer DEFAULT 150 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "institution_settings_single_row" CHECK ("institution_settings"."id"),
	CONSTRAINT "institution_settings_max_exam_duration_check" CHECK ("institution_settings"."max_exam_duration_minutes" between 150 and 600)
);
--> statement-breakpoint
ALTER TABLE "institution_settings" ADD CONSTRAINT "institution_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;