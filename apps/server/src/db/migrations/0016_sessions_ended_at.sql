-- Sessions are purged a while after they end, found by when they ended: their revocation or
-- their expiry, whichever came first.
CREATE INDEX "sessions_ended_at_idx" ON "sessions" USING btree (least("revoked_at", "expires_at"));