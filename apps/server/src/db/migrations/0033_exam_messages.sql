CREATE TABLE "exam_messages" (
	"exam_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"window_start" timestamp,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_messages_once" UNIQUE NULLS NOT DISTINCT("exam_id","user_id","kind","window_start"),
	CONSTRAINT "exam_messages_kind_check" CHECK ("exam_messages"."kind" in ('exam-scheduled', 'exam-reminder-day', 'exam-reminder-hour', 'results-published'))
);
--> statement-breakpoint
ALTER TABLE "institution_settings" ADD COLUMN "exam_scheduled_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "institution_settings" ADD COLUMN "exam_reminder_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "institution_settings" ADD COLUMN "results_published_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "people_import_jobs" ADD COLUMN "invite" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "exam_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_messages" ADD CONSTRAINT "exam_messages_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_messages" ADD CONSTRAINT "exam_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_messages_user_id_idx" ON "exam_messages" USING btree ("user_id");