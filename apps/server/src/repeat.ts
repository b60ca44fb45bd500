import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `task` every `intervalMs` until stopped, each run after the previous one ended; a failed
 * run is logged as `failure` and the next one tries again. The returned function stops it, and
 * waits for a run in progress.
 */
export function repeatEvery(
  intervalMs: number,
  task: () => Promise<void>,
  log: FastifyBaseLogger,
  failure: string,
): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = () => {
    timer = setTimeout(() => {
      running = task().catch((error: unknown) => log.error({ err: error }, failure));
      void running.then(() => {
        if (!stopped) schedule();
      });
    }, intervalMs);
  };
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
