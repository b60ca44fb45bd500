import type { DestinationStream } from 'pino';

/** What may wait for a stuck reader of the log, a few thousand lines; later lines are dropped. */
const MAX_PENDING_BYTES = 4 * 2 ** 20;

/**
 * Standard output as the log's destination, written without ever blocking the process. pino's
 * own writes synchronously, and when a pipe's reader stops reading (a supervisor that died while
 * a sibling keeps the pipe open) it retries in a sleep that holds the main thread: no request,
 * timer or signal handler runs again, so SIGTERM never ends the server. Node's stream queues
 * what the pipe does not take yet; past a bound, lines are dropped rather than queued.
 */
export function stdoutWithoutBlocking(): DestinationStream {
  // A reader that went away (EPIPE) ends the log, not the server.
  let broken = false;
  process.stdout.on('error', () => {
    broken = true;
  });
  return {
    write(line) {
      if (!broken && process.stdout.writableLength < MAX_PENDING_BYTES) process.stdout.write(line);
    },
  };
}
