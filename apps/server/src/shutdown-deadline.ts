import { Worker } from 'node:worker_threads';

/** How long a graceful shutdown may take before the process exits anyway. */
export const SHUTDOWN_DELAY_MS = 10_000;
/** How long that forced exit may take in turn before the process is killed. */
export const FORCED_EXIT_MS = 1_000;

/**
 * Kills the process (SIGKILL) after `ms`, from a thread of its own. A forced exit by a timer of
 * the main thread never comes while that thread is stuck (a synchronous write to a full pipe,
 * a long synchronous loop); this one cannot be starved.
 */
export function killAfter(ms: number): void {
  new Worker(
    `const { workerData } = require('node:worker_threads');
     setTimeout(() => process.kill(process.pid, 'SIGKILL'), workerData);`,
    // Without the process's own flags: a loader it was started with (tsx) would have the thread
    // wait for the main thread before it runs.
    { eval: true, workerData: ms, execArgv: [] },
  ).unref();
}
