-- A rotated refresh token keeps the token it was rotated into, sealed with a key only its holder
-- can derive, so that a second tab refreshing with it at the same moment gets the same pair.
ALTER TABLE "used_refresh_tokens" ADD COLUMN "successor" text;--> statement-breakpoint
-- Sessions are purged a while after they end, found by when they ended: their revocation or
-- their expiry, whichever came first.
CREATE INDEX "sessions_ended_at_idx" ON "sessions" USING btree (least("revoked_at", "expires_at"));
