/**
 * The thread that reads uploaded files. Every parser of an upload runs here, not on the event
 * loop: a file that takes seconds to read (a 5 MB GIFT file on one line, a workbook of 20,000
 * rows) delays no other request, and one that would take more memory or time than an import may
 * use ends the thread, not the process. The thread is started on first use, reads one file at a
 * time, and ends when it has been idle a while.
 */
import { Worker } from 'node:worker_threads';
import { ApiError } from '../errors';
import type { ParserInput, ParserName, ParserOutput, ParserReply } from './parser-worker';

export const PARSER_THREAD_LIMITS = {
  /** The thread's JavaScript heap: several times what the largest file allowed needs. */
  heapMb: 512,
  /**
   * A file that takes longer than this to read ends the thread. GIFT is the slowest to read: about
   * 3 s a megabyte on a busy two-core machine, so 5 MB of it fits with room to spare.
   */
  timeMs: 60_000,
  /** An idle thread gives its memory back after this long. */
  idleMs: 60_000,
};

// From the sources (tests, `npm run dev`) this module is TypeScript; the build bundles the
// thread's code beside the server's as parser-worker.js.
const FROM_SOURCES = import.meta.url.endsWith('.ts');
const ENTRY = new URL(FROM_SOURCES ? './parser-worker.ts' : './parser-worker.js', import.meta.url);

function startThread(): Worker {
  const worker = newWorker();
  // A thread must not keep a stopping server alive; a request waiting on it does that.
  worker.unref();
  // Errors of a file being read are its task's; one that ends an idle thread is no one's.
  worker.on('error', () => {});
  worker.once('exit', () => {
    if (thread === worker) thread = undefined;
  });
  return worker;
}

function newWorker(): Worker {
  const options = {
    resourceLimits: {
      maxOldGenerationSizeMb: PARSER_THREAD_LIMITS.heapMb,
      maxYoungGenerationSizeMb: 32,
      stackSizeMb: 4,
    },
    // The process's own flags (a loader it was started with) are not the thread's.
    execArgv: [],
  };
  if (!FROM_SOURCES) return new Worker(ENTRY, options);
  // A thread does not inherit the process's TypeScript loader: tsx loads the entry itself.
  return new Worker(
    `const { workerData } = require('node:worker_threads');
     import('tsx/esm/api').then(({ tsImport }) => tsImport(workerData, workerData));`,
    { ...options, eval: true, workerData: ENTRY.href },
  );
}

let thread: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();
let nextId = 0;

function endThread(): void {
  clearTimeout(idleTimer);
  void thread?.terminate();
  thread = undefined;
}

function run<P extends ParserName>(
  parser: P,
  input: ParserInput<P>,
  overLimits: string,
  timeMs: number,
): Promise<ParserOutput<P>> {
  clearTimeout(idleTimer);
  thread ??= startThread();
  const worker = thread;
  const id = ++nextId;
  return new Promise<ParserOutput<P>>((resolve, reject) => {
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      outcome();
    };
    const onMessage = (reply: ParserReply) => {
      if (reply.id !== id) return;
      settle(() => {
        if ('value' in reply) resolve(reply.value as ParserOutput<P>);
        else if ('refused' in reply) {
          reject(new ApiError(reply.refused.statusCode, reply.refused.message));
        } else reject(new Error(`Reading an uploaded file failed: ${reply.failed}`));
      });
    };
    const onError = (error: Error & { code?: string }) => {
      settle(() =>
        reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ApiError(400, overLimits) : error),
      );
    };
    const onExit = (code: number) => {
      settle(() => reject(new Error(`The file reader stopped (exit code ${code})`)));
    };
    const timer = setTimeout(() => {
      endThread();
      settle(() => reject(new ApiError(400, overLimits)));
    }, timeMs);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage({ id, parser, input });
  }).finally(() => {
    if (thread === worker) {
      idleTimer = setTimeout(endThread, PARSER_THREAD_LIMITS.idleMs);
      idleTimer.unref();
    }
  });
}

/**
 * An uploaded file read by one of the parsers, on the parser thread, after the files before it.
 * What the parser refuses comes back as its ApiError; a file that breaks the thread's memory or
 * time limit is refused with `overLimits` (400), and the next file gets a new thread.
 */
export function parseInThread<P extends ParserName>(
  parser: P,
  input: ParserInput<P>,
  options: { overLimits: string; timeMs?: number },
): Promise<ParserOutput<P>> {
  const result = queue.then(() =>
    run(parser, input, options.overLimits, options.timeMs ?? PARSER_THREAD_LIMITS.timeMs),
  );
  queue = result.catch(() => undefined);
  return result;
}
