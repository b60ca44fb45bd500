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

const deliverySchema = z.strictObject({
  room: z.string(),
  alsoIn: z.string().optional(),
  message: serverMessageSchema,
});

export interface Fanout {
  publish(delivery: Delivery): void;
  close(): Promise<void>;
}

/** One process: a delivery goes straight to this process's sockets. */
export function inProcessFanout(deliver: (delivery: Delivery) => void): Fanout {
  return {
    publish(delivery) {
      // After the caller's own work, as a delivery through Redis would be.
      queueMicrotask(() => deliver(delivery));
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
  deliver: (delivery: Delivery) => void,
  log: FastifyBaseLogger,
): Promise<Fanout> {
  const subscriber = redis.duplicate();
  subscriber.on('message', (_channel: string, text: string) => {
    let parsed: ReturnType<typeof deliverySchema.safeParse>;
    try {
      parsed = deliverySchema.safeParse(JSON.parse(text));
    } catch {
      log.warn('A live message on Redis was not JSON; dropped');
      return;
    }
    if (parsed.success) deliver(parsed.data);
    else log.warn('A live message on Redis did not match its schema; dropped');
  });
  await subscriber.subscribe(REALTIME_CHANNEL);
  return {
    publish(delivery) {
      redis.publish(REALTIME_CHANNEL, JSON.stringify(delivery)).catch((error: unknown) => {
        log.error({ err: error }, 'Publishing a live message on Redis failed');
      });
    },
    async close() {
      await subscriber.quit();
    },
  };
}
