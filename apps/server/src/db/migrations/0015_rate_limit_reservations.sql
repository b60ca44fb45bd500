-- A sign-in attempt is counted before its password is verified, so parallel attempts cannot all
-- pass the check; `pending` tells those still being verified from failures. A slowed-down
-- account waits until `blocked_until` instead of being refused for the rest of the window.
ALTER TABLE "rate_limits" ADD COLUMN "pending" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "blocked_until" timestamp with time zone;--> statement-breakpoint
-- Counts one attempt on every rule, or on none when one holds it back: one round trip, atomic.
-- A rule with a first delay slows attempts beyond its max down (doubling waits, up to the longest
-- delay) rather than refusing them until its window ends. Answers the seconds to wait (null when
-- counted), whether only attempts still being verified hold it back, and each rule's count.
CREATE FUNCTION "examiq_reserve_limits"(
	keys text[], maxes integer[], window_seconds float8[], first_delays float8[], max_delays float8[]
) RETURNS TABLE (wait_seconds float8, held_by_pending boolean, counts integer[])
LANGUAGE plpgsql AS $$
DECLARE
	counter rate_limits%ROWTYPE;
	live boolean[] := '{}';
	longest_wait float8;
	pending_only boolean := true;
	counted integer;
BEGIN
	-- Locks the counters in key order, creating those not kept yet: a parallel reservation of the
	-- same rules waits for this one's decision, and two never wait for each other.
	INSERT INTO rate_limits AS r (key, count, window_started_at)
		SELECT k, 0, now() FROM unnest(keys) AS k ORDER BY k
		ON CONFLICT (key) DO UPDATE SET count = r.count;
	FOR i IN 1 .. cardinality(keys) LOOP
		SELECT * INTO counter FROM rate_limits WHERE key = keys[i];
		live[i] := counter.window_started_at > now() - make_interval(secs => window_seconds[i]);
		CONTINUE WHEN NOT live[i] OR counter.count < maxes[i];
		IF first_delays[i] IS NULL THEN
			longest_wait := greatest(longest_wait, extract(epoch FROM counter.window_started_at
				+ make_interval(secs => window_seconds[i]) - now()));
			pending_only := pending_only AND counter.count - counter.pending < maxes[i];
		ELSIF counter.blocked_until > now() THEN
			longest_wait := greatest(longest_wait, extract(epoch FROM counter.blocked_until - now()));
			pending_only := false;
		END IF;
	END LOOP;
	IF longest_wait IS NOT NULL THEN
		RETURN QUERY SELECT longest_wait, pending_only, '{}'::integer[];
		RETURN;
	END IF;
	counts := '{}';
	FOR i IN 1 .. cardinality(keys) LOOP
		UPDATE rate_limits AS r SET
			count = CASE WHEN live[i] THEN r.count + 1 ELSE 1 END,
			pending = CASE WHEN live[i] THEN r.pending + 1 ELSE 1 END,
			window_started_at = CASE WHEN live[i] THEN r.window_started_at ELSE now() END,
			blocked_until = CASE WHEN live[i] THEN r.blocked_until END
		WHERE r.key = keys[i]
		RETURNING r.count INTO counted;
		IF first_delays[i] IS NOT NULL AND counted >= maxes[i] THEN
			UPDATE rate_limits SET blocked_until = now() + make_interval(secs =>
				least(max_delays[i], first_delays[i] * 2 ^ (counted - maxes[i])))
			WHERE key = keys[i];
		END IF;
		counts := counts || counted;
	END LOOP;
	RETURN QUERY SELECT null::float8, false, counts;
END
$$;
