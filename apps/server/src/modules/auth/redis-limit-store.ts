import type { Redis } from 'ioredis';
import type { AppDatabase } from '../../db/client';
import { findUserByEmail } from '../users/users.service';
import type { LimitCheck, LimitRule, LimitStore } from './rate-limiter';

/** Keeps counters apart from anything else stored in a shared Redis. */
const KEY_PREFIX = 'examiq:limit:';

/**
 * INCR and the window's expiry in one script, so a process dying between the two can never leave
 * a counter without an expiry (which would lock an account for good). The window starts at the
 * first hit, as in the database store.
 */
const RECORD_HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count
`;

async function checkLimits(redis: Redis, rules: readonly LimitRule[]): Promise<LimitCheck> {
  const pipeline = redis.multi();
  for (const rule of rules) pipeline.get(KEY_PREFIX + rule.key).pttl(KEY_PREFIX + rule.key);
  const replies = (await pipeline.exec()) ?? [];
  let waitSeconds: number | null = null;
  const countedKeys = new Set<string>();
  rules.forEach((rule, index) => {
    const [countError, count] = replies[index * 2] ?? [];
    const [ttlError, ttlMs] = replies[index * 2 + 1] ?? [];
    if (countError) throw countError;
    if (ttlError) throw ttlError;
    if (count != null) countedKeys.add(rule.key);
    // A negative TTL means the key is gone (-2) or has no expiry (-1): nothing to wait for.
    if (Number(count ?? 0) < rule.max || Number(ttlMs) <= 0) return;
    waitSeconds = Math.max(waitSeconds ?? 0, Math.ceil(Number(ttlMs) / 1000), 1);
  });
  return { waitSeconds, countedKeys };
}

/** The counters live in Redis; the account is looked up in the database at the same time. */
export function redisLimitStore(redis: Redis, db: AppDatabase): LimitStore {
  return {
    async checkAttempt(rules, email) {
      const [check, account] = await Promise.all([
        checkLimits(redis, rules),
        findUserByEmail(db, email),
      ]);
      return { ...check, account };
    },
    async recordHit(rule: LimitRule) {
      const count = await redis.eval(
        RECORD_HIT,
        1,
        KEY_PREFIX + rule.key,
        rule.windowSeconds * 1000,
      );
      return Number(count);
    },
    async clearHits(key: string) {
      await redis.del(KEY_PREFIX + key);
    },
  };
}
