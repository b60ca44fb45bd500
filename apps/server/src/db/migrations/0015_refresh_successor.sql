-- A rotated refresh token keeps the token it was rotated into, sealed with a key only its holder
-- can derive, so that a second tab refreshing with it at the same moment gets the same pair.
ALTER TABLE "used_refresh_tokens" ADD COLUMN "successor" text;