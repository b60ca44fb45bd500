-- A sign-in attempt is counted before its password is verified, so parallel attempts cannot all
-- pass the check; `pending` tells those still being verified from failures. A slowed-down
-- account waits until `blocked_until` instead of being refused for the rest of the window.
ALTER TABLE "rate_limits" ADD COLUMN "pending" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "blocked_until" timestamp with time zone;