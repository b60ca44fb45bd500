import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase, DatabaseKind } from '../db/client';
import { jobs } from '../db/schema';
import { ApiError, FieldErrors } from '../errors';

/** A job whose process is alive renews its lease this often... */
const RENEW_MS = 10_000;
/** ...so a lease not renewed for this long means its process died. */
export const LEASE_MS = 60_000;
/** How often an idle runner looks for due jobs; adding a job wakes this process's runner at once. */
const POLL_MS = 2_000;
/** How soon to look again when every due job was being claimed by another process. */
const BUSY_MS = 50;
/** The first retry's delay; each next one doubles it, up to BACKOFF_CAP_MS. */
const BACKOFF_MS = 5_000;
const BACKOFF_CAP_MS = 10 * 60_000;

/** Why a job's attempt ended without an error of its own: its process stopped or died. */
export class JobInterrupted extends Error {
  constructor() {
    super('The server stopped while the job ran');
  }
}

/**
 * Thrown by a job that may not run yet (its kind's rate cap reached): it runs again after
 * `delayMs`, and the attempt is not counted, as it did nothing. Its process takes no other job of
 * the kind until then, since the cap holds them back too: 5,000 queued messages over a cap of 60
 * a minute are read 60 at a time, not all of them every minute.
 */
export class JobDeferred extends Error {
  constructor(readonly delayMs: number) {
    super(`Deferred for ${delayMs} ms`);
  }
}

export interface JobContext {
  db: AppDatabase;
  log: FastifyBaseLogger;
  /** The runner itself, for a job that queues others (an import's invitations). */
  jobs: JobRunner;
  /** True once this process is stopping (or lost the job's lease): end at the next safe point. */
  stopping(): boolean;
}

export interface JobKind<Payload> {
  name: string;
  /** Attempts in all, the first included; 1: never retried, failed when interrupted. */
  attempts: number;
  /** At most this many of the kind run at once in one process. */
  concurrency: number;
  run(payload: Payload, ctx: JobContext): Promise<void>;
  /**
   * Records on the job's own record that it failed for good, in the transaction that ends the
   * job; `cause` is what its last attempt threw, or a JobInterrupted.
   */
  failed(tx: AppDatabase, payload: Payload, cause: unknown): Promise<void>;
}

export interface JobRunner {
  /**
   * Queues a job of the named kind, in the caller's transaction if given one; wake() once it has
   * committed. Of the due jobs, one of a higher `priority` (0 by default) is taken first.
   */
  add(db: AppDatabase, kind: string, payload: unknown, priority?: number): Promise<string>;
  /** Looks for due jobs now rather than at the next poll. */
  wake(): void;
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones to reach a safe point and end. */
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

export interface JobRunnerOptions {
  db: AppDatabase;
  engine: DatabaseKind;
  log: FastifyBaseLogger;
  // biome-ignore lint/suspicious/noExplicitAny: each kind's payload is its own
  kinds: JobKind<any>[];
  /** The first retry's delay; tests shorten it. */
  backoffMs?: number;
}

/** Errors of the request's own making (a duplicate, a refused value) do not go away on retry. */
const retryable = (error: unknown) =>
  !(error instanceof ApiError || error instanceof FieldErrors || error instanceof JobInterrupted);

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface Claimed {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
  status: string;
}

const leaseEnd = () => sql`now() + ${`${LEASE_MS} milliseconds`}::interval`;

/**
 * One runner per server process, on the jobs table. A job is claimed with FOR UPDATE SKIP LOCKED,
 * so of several processes exactly one takes it, and held by a lease its process renews. A job
 * whose lease ran out (its process died) is taken again while it has attempts left, otherwise
 * failed with JobInterrupted. A failing attempt is retried after a doubling delay while it has
 * attempts left and its error may go away; then the job is failed with that error.
 */
export function createJobRunner({
  db,
  engine,
  log,
  kinds,
  backoffMs = BACKOFF_MS,
}: JobRunnerOptions): JobRunner {
  const byName = new Map(kinds.map((kind) => [kind.name, kind]));
  const running = new Map<string, Promise<void>>();
  const runningOf = new Map<string, number>(kinds.map((kind) => [kind.name, 0]));
  /** Until when (ms) this process takes no job of a kind that a job of it was deferred by. */
  const deferredUntil = new Map<string, number>();
  let stopped = true;
  let loop: Promise<void> = Promise.resolve();
  let pending = false;
  let timer: NodeJS.Timeout | undefined;

  const freeKinds = () =>
    kinds
      .filter(
        (kind) =>
          (runningOf.get(kind.name) ?? 0) < kind.concurrency &&
          (deferredUntil.get(kind.name) ?? 0) <= Date.now(),
      )
      .map((k) => k.name);

  const dueJobs = (names: string[]) =>
    and(
      inArray(jobs.kind, names),
      or(
        and(eq(jobs.status, 'QUEUED'), sql`${jobs.runAt} <= now()`),
        and(eq(jobs.status, 'RUNNING'), sql`${jobs.lockedUntil} <= now()`),
      ),
    );

  /** Ends a job for good: its record told first, in the same transaction. */
  async function fail(tx: AppDatabase, job: Claimed, cause: unknown) {
    await byName.get(job.kind)?.failed(tx, job.payload, cause);
    await tx
      .update(jobs)
      .set({ status: 'FAILED', payload: null, lockedUntil: null, lastError: messageOf(cause) })
      .where(eq(jobs.id, job.id));
  }

  /**
   * Takes the next due job, or fails one whose process died with its last attempt ('again'):
   * 'busy' when the due jobs seen were being claimed by another process.
   */
  async function claimNext(): Promise<Claimed | 'none' | 'busy' | 'again'> {
    const names = freeKinds();
    if (names.length === 0) return 'none';
    // A plain read first: an idle poll writes nothing.
    const [due] = await db.select({ id: jobs.id }).from(jobs).where(dueJobs(names)).limit(1);
    if (!due) return 'none';
    return db.transaction(async (tx) => {
      const [job] = await tx
        .select({
          id: jobs.id,
          kind: jobs.kind,
          payload: jobs.payload,
          attempts: jobs.attempts,
          status: jobs.status,
        })
        .from(jobs)
        .where(dueJobs(names))
        .orderBy(desc(jobs.priority), jobs.runAt)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!job) return 'busy';
      const kind = byName.get(job.kind) as JobKind<unknown>;
      if (job.status === 'RUNNING' && job.attempts >= kind.attempts) {
        await fail(tx, job, new JobInterrupted());
        log.warn({ jobId: job.id, kind: job.kind }, 'A job whose process stopped was failed');
        return 'again';
      }
      await tx
        .update(jobs)
        .set({ status: 'RUNNING', attempts: job.attempts + 1, lockedUntil: leaseEnd() })
        .where(eq(jobs.id, job.id));
      return { ...job, attempts: job.attempts + 1 };
    });
  }

  /** This attempt's own row: a job that lost its lease to another process is no longer ours. */
  const ours = (job: Claimed) =>
    and(eq(jobs.id, job.id), eq(jobs.status, 'RUNNING'), eq(jobs.attempts, job.attempts));

  async function runClaimed(job: Claimed) {
    const kind = byName.get(job.kind) as JobKind<unknown>;
    let lost = false;
    const renew = setInterval(() => {
      db.update(jobs)
        .set({ lockedUntil: leaseEnd() })
        .where(ours(job))
        .returning({ id: jobs.id })
        .then((renewed) => {
          if (renewed.length === 0) lost = true;
        })
        .catch((error: unknown) =>
          log.error({ err: error, jobId: job.id }, 'A lease renewal failed'),
        );
    }, RENEW_MS).unref();
    const ctx: JobContext = { db, log, jobs: runner, stopping: () => stopped || lost };
    try {
      await kind.run(job.payload, ctx);
    } catch (error) {
      clearInterval(renew);
      await ended(kind, job, error);
      return;
    }
    clearInterval(renew);
    await db.delete(jobs).where(ours(job));
  }

  /** Queues the job again without counting the attempt that just ended. */
  async function requeue(job: Claimed, delayMs: number) {
    await db
      .update(jobs)
      .set({
        status: 'QUEUED',
        attempts: job.attempts - 1,
        runAt: sql`now() + ${`${delayMs} milliseconds`}::interval`,
        lockedUntil: null,
      })
      .where(ours(job));
    if (delayMs > 0) setTimeout(wake, delayMs).unref();
  }

  async function ended(kind: JobKind<unknown>, job: Claimed, error: unknown) {
    // Stopped with its process, not failed: the next process takes it up without losing an attempt.
    if (error instanceof JobInterrupted && kind.attempts > 1) return requeue(job, 0);
    if (error instanceof JobDeferred) {
      deferredUntil.set(kind.name, Date.now() + error.delayMs);
      return requeue(job, error.delayMs);
    }
    if (!(error instanceof JobInterrupted || error instanceof ApiError)) {
      log.error({ err: error, jobId: job.id, kind: job.kind }, 'A job failed');
    }
    if (retryable(error) && job.attempts < kind.attempts) {
      const delay = Math.min(backoffMs * 2 ** (job.attempts - 1), BACKOFF_CAP_MS);
      await db
        .update(jobs)
        .set({
          status: 'QUEUED',
          runAt: sql`now() + ${`${delay} milliseconds`}::interval`,
          lockedUntil: null,
          lastError: messageOf(error),
        })
        .where(ours(job));
      setTimeout(wake, delay).unref();
      return;
    }
    await db.transaction(async (tx) => {
      const [still] = await tx.select({ id: jobs.id }).from(jobs).where(ours(job)).for('update');
      if (still) await fail(tx, job, error);
    });
  }

  function launch(job: Claimed) {
    runningOf.set(job.kind, (runningOf.get(job.kind) ?? 0) + 1);
    const work = runClaimed(job)
      .catch((error: unknown) => log.error({ err: error, jobId: job.id }, 'A job failed twice'))
      .finally(() => {
        running.delete(job.id);
        runningOf.set(job.kind, (runningOf.get(job.kind) ?? 0) - 1);
        wake();
      });
    running.set(job.id, work);
  }

  /** Takes due jobs while this process has room for them; how long to wait before looking again. */
  async function drain(): Promise<number> {
    while (!stopped) {
      const next = await claimNext();
      if (next === 'none') return POLL_MS;
      if (next === 'busy') return BUSY_MS;
      if (next !== 'again') launch(next);
    }
    return POLL_MS;
  }

  function wake() {
    if (stopped) return;
    if (pending) return;
    pending = true;
    clearTimeout(timer);
    loop = loop.then(async () => {
      pending = false;
      const wait = await drain().catch((error: unknown) => {
        log.error({ err: error }, 'Jobs could not be read');
        return POLL_MS;
      });
      if (!stopped) timer = setTimeout(wake, wait).unref();
    });
  }

  const runner: JobRunner = {
    async add(into, kind, payload, priority = 0) {
      const [job] = await into
        .insert(jobs)
        .values({ kind, payload, priority })
        .returning({ id: jobs.id });
      return (job as { id: string }).id;
    },
    wake,
    async start() {
      stopped = false;
      // The embedded database has one process: a job left running was left by a stopped one.
      if (engine === 'pglite') {
        await db.update(jobs).set({ lockedUntil: sql`now()` }).where(eq(jobs.status, 'RUNNING'));
      }
      wake();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await loop;
      await Promise.all(running.values());
    },
  };
  return runner;
}
