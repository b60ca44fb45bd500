import type { Redis } from 'ioredis';
import type { AppDatabase } from '../../db/client';
import { findUserByEmail } from '../users/users.service';
import { type LimitRule, type LimitStore, NO_SUCCESS_KEYS, type Reservation } from './rate-limiter';

/** Keeps counters apart from anything else stored in a shared Redis. */
const KEY_PREFIX = 'examiq:limit:';
/** The slowed-down rules' keys, each scored with the end of its window (ms), for admins to see. */
const SLOWED_KEY = `${KEY_PREFIX}slowed`;

/**
 * The database store's reservation (examiq_reserve_limits, migration 0015) as one script, so it is
 * atomic: each counter is a hash of its count, pending attempts, window start and the time its
 * next attempt waits for (ms, Redis's clock), expiring with its window so a process dying midway
 * can never leave one for good. KEYS: the counters, then the slowed set; ARGV per counter: max,
 * window, first and longest delay (ms; 0 when the rule refuses instead). Answers 0, the wait
 * (ms) and whether pending attempts alone hold it back; or 1 and each counter's count.
 */
const RESERVE = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local counters = #KEYS - 1
local states = {}
local wait = -1
local heldByPending = 1
for i = 1, counters do
  local max, window, first = tonumber(ARGV[i * 4 - 3]), tonumber(ARGV[i * 4 - 2]), tonumber(ARGV[i * 4 - 1])
  local v = redis.call('HMGET', KEYS[i], 'count', 'pending', 'started', 'blocked')
  local count, pending, started, blocked = tonumber(v[1]) or 0, tonumber(v[2]) or 0, tonumber(v[3]) or now, tonumber(v[4]) or 0
  if now - started >= window then count, pending, started, blocked = 0, 0, now, 0 end
  states[i] = { count, pending, started, blocked }
  if first > 0 then
    if count >= max and blocked > now then
      wait = math.max(wait, blocked - now)
      heldByPending = 0
    end
  elseif count >= max then
    wait = math.max(wait, started + window - now)
    if count - pending >= max then heldByPending = 0 end
  end
end
if wait >= 0 then return { 0, wait, heldByPending } end
local counts = { 1 }
for i = 1, counters do
  local max, window, first, longest = tonumber(ARGV[i * 4 - 3]), tonumber(ARGV[i * 4 - 2]), tonumber(ARGV[i * 4 - 1]), tonumber(ARGV[i * 4])
  local count, pending, started, blocked = states[i][1] + 1, states[i][2] + 1, states[i][3], states[i][4]
  if first > 0 and count >= max then
    blocked = now + math.min(longest, first * 2 ^ (count - max))
    redis.call('ZADD', KEYS[counters + 1], started + window, KEYS[i])
    redis.call('ZREMRANGEBYSCORE', KEYS[counters + 1], '-inf', now)
  end
  redis.call('HSET', KEYS[i], 'count', count, 'pending', pending, 'started', started, 'blocked', blocked)
  redis.call('PEXPIREAT', KEYS[i], math.max(started + window, blocked))
  counts[i + 1] = count
end
return counts
`;

/**
 * KEYS: the released counters, then the cleared ones, then the slowed set; ARGV[1]: how many are
 * released, ARGV[2]: whether they also give their place back (a success) or stay counted. A
 * counter gone meanwhile (its window over) is not made again, which would leave it without expiry.
 */
const CONFIRM = `
local released = tonumber(ARGV[1])
for i = 1, released do
  if redis.call('EXISTS', KEYS[i]) == 1 then
    local pending = tonumber(redis.call('HGET', KEYS[i], 'pending')) or 0
    redis.call('HSET', KEYS[i], 'pending', math.max(pending - 1, 0))
    if ARGV[2] == '1' then
      local count = tonumber(redis.call('HGET', KEYS[i], 'count')) or 0
      redis.call('HSET', KEYS[i], 'count', math.max(count - 1, 0))
    end
  end
end
for i = released + 1, #KEYS - 1 do
  redis.call('DEL', KEYS[i])
  redis.call('ZREM', KEYS[#KEYS], KEYS[i])
end
`;

const prefixed = (rules: readonly LimitRule[]) => rules.map((rule) => KEY_PREFIX + rule.key);

/** The counters live in Redis; the account is looked up in the database at the same time. */
export function redisLimitStore(redis: Redis, db: AppDatabase): LimitStore {
  async function confirm(
    released: readonly LimitRule[],
    cleared: readonly LimitRule[],
    success: boolean,
  ) {
    const keys = [...prefixed(released), ...prefixed(cleared), SLOWED_KEY];
    await redis.eval(CONFIRM, keys.length, ...keys, released.length, success ? 1 : 0);
  }

  async function reserve(rules: readonly LimitRule[]): Promise<Reservation> {
    const keys = [...prefixed(rules), SLOWED_KEY];
    const limits = rules.flatMap((rule) => [
      rule.max,
      rule.windowSeconds * 1000,
      (rule.slowdown?.firstDelaySeconds ?? 0) * 1000,
      (rule.slowdown?.maxDelaySeconds ?? 0) * 1000,
    ]);
    const [reserved, ...rest] = (await redis.eval(
      RESERVE,
      keys.length,
      ...keys,
      ...limits,
    )) as number[];
    if (reserved === 1) {
      return {
        waitSeconds: null,
        heldByPending: false,
        counts: new Map(rules.map((rule, index) => [rule.key, Number(rest[index])])),
      };
    }
    const [waitMs = 0, heldByPending = 0] = rest;
    return {
      waitSeconds: Math.max(Math.ceil(waitMs / 1000), 1),
      heldByPending: heldByPending === 1,
      counts: new Map(),
    };
  }

  return {
    async reserve(rules, email) {
      const [reservation, account] = await Promise.all([
        reserve(rules),
        findUserByEmail(db, email),
      ]);
      return { ...reservation, account };
    },
    confirmFailure: (rules) => confirm(rules, [], false),
    confirmSuccess: (released, cleared) => confirm(released, cleared, true),
    async confirmSuccessWith(released, cleared, write) {
      const [written] = await Promise.all([
        write(NO_SUCCESS_KEYS),
        confirm(released, cleared, true),
      ]);
      return written;
    },
    async slowedDown(prefix, rule) {
      const [seconds, microseconds] = await redis.time();
      const now = Number(seconds) * 1000 + Math.floor(Number(microseconds) / 1000);
      const keys = (await redis.zrangebyscore(SLOWED_KEY, now, '+inf')).filter((key) =>
        key.startsWith(KEY_PREFIX + prefix),
      );
      const found = await Promise.all(
        keys.map(async (key) => {
          const [count, blocked] = await redis.hmget(key, 'count', 'blocked');
          return {
            key: key.slice(KEY_PREFIX.length),
            count: Number(count),
            blocked: Number(blocked),
          };
        }),
      );
      return found
        .filter(({ count, blocked }) => count >= rule.max && blocked > 0)
        .map(({ key, count, blocked }) => ({ key, count, slowedUntil: new Date(blocked) }));
    },
  };
}
