ALTER TABLE "regrade_jobs" ALTER COLUMN "previous_correct_option" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "regrade_jobs" ALTER COLUMN "correct_option" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "regrade_jobs" ADD COLUMN "previous_answer_key" jsonb;--> statement-breakpoint
ALTER TABLE "regrade_jobs" ADD COLUMN "answer_key" jsonb;