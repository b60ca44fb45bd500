import { Redis } from 'ioredis';
import { ConfigError } from './config';

/** How long a Redis that neither answers nor refuses may take before the start gives up. */
const CONNECT_WAIT_MS = 10_000;

/** The URL as the operator may see it in a message: without its password. */
function shown(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/**
 * A Redis connection that answers now. Without this check an unreachable Redis would not stop
 * the start: ioredis queues commands and retries for ever, so the live channel's subscription
 * would wait silently and sign-ins would hang.
 */
export async function connectRedis(url: string, waitMs = CONNECT_WAIT_MS): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true });
  let timer: NodeJS.Timeout | undefined;
  let refused: ((error: Error) => void) | undefined;
  try {
    await Promise.race([
      redis.connect(),
      new Promise((_, reject) => {
        // The refusal itself (ECONNREFUSED, ENOTFOUND) comes as an event, before connect() fails.
        refused = reject;
        redis.once('error', refused);
        timer = setTimeout(() => reject(new Error(`no answer in ${waitMs / 1000} s`)), waitMs);
      }),
    ]);
    return redis;
  } catch (error) {
    redis.disconnect();
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(
      `Redis at ${shown(url)} cannot be reached (${reason}): start it, or correct REDIS_URL`,
    );
  } finally {
    clearTimeout(timer);
    if (refused) redis.off('error', refused);
  }
}
