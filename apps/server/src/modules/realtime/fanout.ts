import { type ServerMessage, serverMessageSchema } from '@examiq/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';

/**
 * One message for the sockets in `room` (those also in `alsoIn`, when given), on whichever
 * process holds them.
 */
export interface Delivery {
  room: string;
  alsoIn?: string;
  message: ServerMessage;
}

/**
 * Whose sockets a change of rights may concern: an account's (deactivated, deleted, moved to
 * another section, signed out), an exam's monitor and sitting (its proctors or audience changed,
 * deleted), an attempt's (ended), or every socket (a change whose account is gone).
 */
export type RightsScope =
  | { userId: string }
  | { examId: string }
  | { attemptId: string }
  | { everyone: true };

/**
 * The sockets `recheck` concerns, on whichever process holds them, read their rights again:
 * something that may have removed one was just stored.
 */
export interface RightsChange {
  recheck: RightsScope;
}

export type Published = Delivery | RightsChange;

const publishedSchema = z.union([
  z.strictObject({
    room: z.string(),
    alsoIn: z.string().optional(),
    message: serverMessageSchema,
  }),
  z.strictObject({
    recheck: z.union([
      z.strictObject({ userId: z.string() }),
      z.strictObject({ examId: z.string() }),
      z.strictObject({ attemptId: z.string() }),
      z.strictObject({ everyone: z.literal(true) }),
    ]),
  }),
]);

export interface Fanout {
  publish(published: Published): void;
  close(): Promise<void>;
}

/** One process: a delivery goes straight to this process's sockets. */
export function inProcessFanout(deliver: (published: Published) => void): Fanout {
  return {
    publish(published) {
      // After the caller's own work, as a delivery through Redis would be.
      queueMicrotask(() => deliver(published));
    },
    async close() {},
  };
}

/** Keeps the live channel apart from anything else published on a shared Redis. */
export const REALTIME_CHANNEL = 'examiq:realtime';

/**
 * Several processes: every delivery is published on one Redis channel that every process
 * subscribes to, and each hands it to the sockets it holds. A subscribed Redis connection can do
 * nothing else, so the subscriber is a second connection.
 */
export async function redisFanout(
  redis: Redis,
  deliver: (published: Published) => void,
  log: FastifyBaseLogger,
): Promise<Fanout> {
  const subscriber = redis.duplicate();
  subscriber.on('message', (_channel: string, text: string) => {
    let parsed: ReturnType<typeof publishedSchema.safeParse>;
    try {
      parsed = publishedSchema.safeParse(JSON.parse(text));
    } catch {
      log.warn('A live message on Redis was not JSON; dropped');
      return;
    }
    if (parsed.success) deliver(parsed.data);
    else log.warn('A live message on Redis did not match its schema; dropped');
  });
  await subscriber.subscribe(REALTIME_CHANNEL);
  return {
    publish(published) {
      redis.publish(REALTIME_CHANNEL, JSON.stringify(published)).catch((error: unknown) => {
        log.error({ err: error }, 'Publishing a live message on Redis failed');
      });
    },
    async close() {
      await subscriber.quit();
    },
  };
}
