CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('QUEUED', 'RUNNING', 'FAILED'))
);
--> statement-breakpoint
CREATE INDEX "jobs_queued_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'QUEUED';--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("locked_until") WHERE "jobs"."status" = 'RUNNING';--> statement-breakpoint
INSERT INTO "jobs" ("kind", "payload", "status", "attempts", "locked_until")
  SELECT 'regrade', jsonb_build_object('regradeId', "id"), 'RUNNING', 1, now()
  FROM "regrade_jobs" WHERE "status" = 'RUNNING';--> statement-breakpoint
UPDATE "people_import_jobs" SET "status" = 'FAILED', "message" = 'The server stopped during the import', "finished_at" = now()
  WHERE "status" IN ('QUEUED', 'RUNNING');--> statement-breakpoint
ALTER TABLE "people_import_jobs" DROP COLUMN "heartbeat_at";