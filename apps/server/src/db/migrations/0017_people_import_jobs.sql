CREATE TABLE "people_import_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"file_name" text NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"message" text,
	"credentials" jsonb,
	"requested_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "people_import_jobs_kind_check" CHECK ("people_import_jobs"."kind" in ('students', 'faculty')),
	CONSTRAINT "people_import_jobs_mode_check" CHECK ("people_import_jobs"."mode" in ('all-or-nothing', 'valid-only')),
	CONSTRAINT "people_import_jobs_status_check" CHECK ("people_import_jobs"."status" in ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED'))
);
--> statement-breakpoint
ALTER TABLE "people_import_jobs" ADD CONSTRAINT "people_import_jobs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "people_import_jobs_status_idx" ON "people_import_jobs" USING btree ("status");