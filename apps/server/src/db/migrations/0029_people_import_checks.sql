CREATE TABLE "people_import_check_rows" (
	"check_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"payload" jsonb NOT NULL,
	CONSTRAINT "people_import_check_rows_check_id_row_pk" PRIMARY KEY("check_id","row")
);
--> statement-breakpoint
CREATE TABLE "people_import_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"valid" integer NOT NULL,
	"invalid" integer NOT NULL,
	"job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "people_import_checks_kind_check" CHECK ("people_import_checks"."kind" in ('students', 'faculty'))
);
--> statement-breakpoint
ALTER TABLE "people_import_check_rows" ADD CONSTRAINT "people_import_check_rows_check_id_people_import_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."people_import_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people_import_checks" ADD CONSTRAINT "people_import_checks_job_id_people_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."people_import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "people_import_checks_created_at_idx" ON "people_import_checks" USING btree ("created_at");