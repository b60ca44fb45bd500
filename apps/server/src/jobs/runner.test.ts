import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../db/client';
import { jobs } from '../db/schema';
import { ApiError } from '../errors';
import { asAnotherProcess, createTestDatabase, postgresUrlOf } from '../test/database';
import {
  createJobRunner,
  JobDeferred,
  JobInterrupted,
  type JobKind,
  type JobRunner,
} from './runner';

const log = pino({ level: 'silent' });
let database: Database;
const runners: JobRunner[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  await database.db.delete(jobs);
});
afterAll(() => database.close());

// biome-ignore lint/suspicious/noExplicitAny: each kind's payload is its own
function newRunner(kinds: JobKind<any>[], on: Database = database) {
  const runner = createJobRunner({ db: on.db, engine: on.kind, log, kinds, backoffMs: 100 });
  runners.push(runner);
  return runner;
}

// biome-ignore lint/suspicious/noExplicitAny: each kind's payload is its own
async function startRunner(kinds: JobKind<any>[], on: Database = database) {
  const runner = newRunner(kinds, on);
  await runner.start();
  return runner;
}

async function until<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let poll = 0; poll < 300; poll++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`Waited in vain for ${what}`);
}

const jobRow = async (id: string) =>
  (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0];

const allDone = () =>
  until(
    async () => ((await database.db.$count(jobs)) === 0 ? true : undefined),
    'every job to end',
  );

/** A kind whose runs and failures are recorded, each run doing what `body` does. */
function recordedKind(
  name: string,
  attempts: number,
  body: (payload: { n: number }, stopping: () => boolean) => Promise<void> = async () => {},
) {
  const runs: { n: number; at: number }[] = [];
  const failures: { n: number; cause: unknown }[] = [];
  const kind: JobKind<{ n: number }> = {
    name,
    attempts,
    concurrency: 4,
    async run(payload, ctx) {
      runs.push({ n: payload.n, at: Date.now() });
      await body(payload, ctx.stopping);
    },
    async failed(_tx, payload, cause) {
      failures.push({ n: payload.n, cause });
    },
  };
  return { kind, runs, failures };
}

describe('the job runner', () => {
  it('runs each job once, with two processes taking jobs from the same table', async () => {
    const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 10));
    const one = recordedKind('count', 1, pause);
    const other = recordedKind('count', 1, pause);
    // On PostgreSQL a second pool of its own, as a second server process holds it.
    const secondProcess =
      database.kind === 'postgres'
        ? openPostgres(await postgresUrlOf(database.db))
        : asAnotherProcess(database);
    const first = await startRunner([one.kind]);
    const second = await startRunner([other.kind], secondProcess);
    for (let n = 0; n < 30; n++) await first.add(database.db, 'count', { n });
    first.wake();
    second.wake();
    await allDone();
    expect([...one.runs, ...other.runs].map((run) => run.n).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, n) => n),
    );
    // Each holds at most four at once, so both took some.
    expect(one.runs.length).toBeGreaterThan(0);
    expect(other.runs.length).toBeGreaterThan(0);
    await second.stop();
    await secondProcess.close();
  });

  it('retries a failing job after a doubling delay, then fails it with its message', async () => {
    const { kind, runs, failures } = recordedKind('flaky', 3, async () => {
      throw new Error('The mail server refused the message');
    });
    const runner = await startRunner([kind]);
    const id = await runner.add(database.db, 'flaky', { n: 1 });
    runner.wake();
    const failed = await until(async () => {
      const row = await jobRow(id);
      return row?.status === 'FAILED' ? row : undefined;
    }, 'the job to fail');

    expect(runs).toHaveLength(3);
    const [one, two, three] = runs.map((run) => run.at) as [number, number, number];
    expect(two - one).toBeGreaterThanOrEqual(90);
    expect(three - two).toBeGreaterThanOrEqual(190);
    expect(failed).toMatchObject({
      attempts: 3,
      payload: null,
      lockedUntil: null,
      lastError: 'The mail server refused the message',
    });
    expect(failures).toHaveLength(1);
    expect(failures[0]?.cause).toMatchObject({ message: 'The mail server refused the message' });
  });

  it('fails at once a job refused for a reason a retry cannot change', async () => {
    const { kind, runs, failures } = recordedKind('refused', 3, async () => {
      throw new ApiError(409, 'The exam was deleted');
    });
    const runner = await startRunner([kind]);
    const id = await runner.add(database.db, 'refused', { n: 1 });
    runner.wake();
    await until(async () => ((await jobRow(id))?.status === 'FAILED' ? true : undefined), 'a fail');
    expect(runs).toHaveLength(1);
    expect(failures).toHaveLength(1);
    expect((await jobRow(id))?.lastError).toBe('The exam was deleted');
  });

  it('shows a running job as RUNNING with its attempt and lease, and deletes it once done', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { kind } = recordedKind('held', 1, () => held);
    const runner = await startRunner([kind]);
    const id = await runner.add(database.db, 'held', { n: 1 });
    runner.wake();
    const running = await until(async () => {
      const row = await jobRow(id);
      return row?.status === 'RUNNING' ? row : undefined;
    }, 'the job to run');
    expect(running.attempts).toBe(1);
    expect(running.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
    release();
    await allDone();
  });

  it('takes up again a job whose process died, while it has attempts left', async () => {
    const { kind, runs } = recordedKind('resumable', 2);
    await database.db.insert(jobs).values({
      kind: 'resumable',
      payload: { n: 7 },
      status: 'RUNNING',
      attempts: 1,
      lockedUntil: new Date(Date.now() - 1000),
    });
    await startRunner([kind]);
    await allDone();
    expect(runs.map((run) => run.n)).toEqual([7]);
  });

  it('fails with a clear message a job whose process died with its last attempt', async () => {
    const { kind, runs, failures } = recordedKind('once', 1);
    const [left] = await database.db
      .insert(jobs)
      .values({
        kind: 'once',
        payload: { n: 8 },
        status: 'RUNNING',
        attempts: 1,
        lockedUntil: new Date(Date.now() - 1000),
      })
      .returning();
    await startRunner([kind]);
    const failed = await until(async () => {
      const row = await jobRow(left?.id as string);
      return row?.status === 'FAILED' ? row : undefined;
    }, 'the job to fail');
    expect(failed.lastError).toBe('The server stopped while the job ran');
    expect(runs).toHaveLength(0);
    expect(failures).toEqual([{ n: 8, cause: expect.any(JobInterrupted) }]);
  });

  it('leaves alone a job another process holds a live lease on', async () => {
    const { kind, runs } = recordedKind('leased', 2);
    const [held] = await database.db
      .insert(jobs)
      .values({
        kind: 'leased',
        payload: { n: 9 },
        status: 'RUNNING',
        attempts: 1,
        lockedUntil: new Date(Date.now() + 60_000),
      })
      .returning();
    const runner = await startRunner([kind]);
    runner.wake();
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (database.kind === 'pglite') {
      // The embedded database has one process: a lease found at start-up was left by a dead one.
      await allDone();
      expect(runs).toHaveLength(1);
    } else {
      expect(runs).toHaveLength(0);
      expect((await jobRow(held?.id as string))?.status).toBe('RUNNING');
    }
  });

  it('takes the due jobs of a higher priority first, then the longest due', async () => {
    const { kind, runs } = recordedKind('ordered', 1);
    const runner = newRunner([{ ...kind, concurrency: 1 }]);
    for (const [n, priority] of [
      [1, 0],
      [2, 0],
      [3, 2],
      [4, 1],
    ] as const) {
      await runner.add(database.db, 'ordered', { n }, priority);
    }
    await runner.start();
    await allDone();
    expect(runs.map((run) => run.n)).toEqual([3, 4, 1, 2]);
  });

  it('takes no job of a kind while a job of it is deferred by its cap, and loses no attempt', async () => {
    let capReached = true;
    const { kind, runs } = recordedKind('capped', 1, async () => {
      if (!capReached) return;
      capReached = false;
      throw new JobDeferred(400);
    });
    const runner = newRunner([{ ...kind, concurrency: 1 }]);
    for (let n = 1; n <= 5; n++) await runner.add(database.db, 'capped', { n });
    await runner.start();
    await allDone();
    // Job 1 deferred, then the five jobs each once: none was read again while the cap held.
    expect(runs.map((run) => run.n).sort()).toEqual([1, 1, 2, 3, 4, 5]);
    const [deferred, next] = runs.map((run) => run.at) as [number, number];
    expect(next - deferred).toBeGreaterThanOrEqual(390);
  });

  it('queues again, without using an attempt, a job stopped with its process', async () => {
    const { kind, runs } = recordedKind('long', 2, async (_payload, stopping) => {
      await until(async () => (stopping() ? true : undefined), 'the stop');
      throw new JobInterrupted();
    });
    const runner = await startRunner([kind]);
    const id = await runner.add(database.db, 'long', { n: 1 });
    runner.wake();
    await until(async () => (runs.length > 0 ? true : undefined), 'the run');
    await runner.stop();
    expect(await jobRow(id)).toMatchObject({ status: 'QUEUED', attempts: 0, lockedUntil: null });
  });
});
