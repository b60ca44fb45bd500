import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import { repeatEvery } from '../../repeat';
import type { Metrics } from '../metrics/metrics';

/** How many attempts one statement submits: a large exam's deadline is swept in a few of them. */
const SWEEP_BATCH = 500;
const SWEEP_INTERVAL_MS = 5_000;

/**
 * Submits the attempts whose due time (their deadline plus the grace for saves in flight) has
 * passed, with what was saved. The due rows are locked and those another server process holds
 * are skipped, so several processes sweep side by side; a student's submit racing the sweep
 * waits for the row and then finds it submitted.
 */
const sweepStatement = preparedSql<{ proctored: string[]; lags: number[] }>(
  'sweep_deadlines',
  `
  with due as (
    select id, due_at from exam_attempts where due_at <= $1 order by due_at limit $2
    for update skip locked
  ), done as (
    update exam_attempts as attempt
    set status = 'SUBMITTED', submitted_at = $1, submit_trigger = 'DEADLINE', due_at = null
    from due where attempt.id = due.id
    returning attempt.id, attempt.exam_id, extract(epoch from $1 - due.due_at)::float8 as lag
  ), event as (
    insert into attempt_events (attempt_id, type, at, data)
    select id, 'submitted', $1, '{"trigger":"DEADLINE"}'::jsonb from done
  )
  select coalesce(array_agg(lag), '{}') as lags,
    coalesce(array_agg(id) filter (where exists (
      select 1 from exams where exams.id = done.exam_id and exams.mode = 'PROCTORING'
    )), '{}') as proctored
  from done`,
);

export interface SweepHooks {
  /** Counts the sweep and how late past its due time each attempt was submitted. */
  metrics?: Metrics;
  /** Told the attempts of proctored exams each sweep submitted, once they are stored. */
  onProctoredSubmitted?: (attemptIds: string[]) => Promise<void>;
}

/** Submits every attempt due at `now`; returns how many. */
export async function sweepDeadlines(
  db: AppDatabase,
  now: Date,
  { metrics, onProctoredSubmitted }: SweepHooks = {},
): Promise<number> {
  const lags: number[] = [];
  for (;;) {
    const [row] = await sweepStatement(db, [now, SWEEP_BATCH]);
    const batch = row?.lags ?? [];
    lags.push(...batch);
    if (row && row.proctored.length > 0) await onProctoredSubmitted?.(row.proctored);
    if (batch.length < SWEEP_BATCH) break;
  }
  metrics?.swept(lags);
  return lags.length;
}

/** Sweeps every few seconds until stopped; a failed sweep is logged and the next one tries again. */
export function startDeadlineSweep(
  db: AppDatabase,
  log: FastifyBaseLogger,
  now: () => Date,
  hooks: SweepHooks,
): () => Promise<void> {
  return repeatEvery(
    SWEEP_INTERVAL_MS,
    async () => {
      const submitted = await sweepDeadlines(db, now(), hooks);
      if (submitted > 0) log.info({ submitted }, 'Attempts submitted at their deadline');
    },
    log,
    'The deadline sweep failed',
  );
}
