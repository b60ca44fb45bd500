import { sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client';
import { SINGLE_ROW } from '../../db/single-row';

/** Seconds, from a fast look-up to a request an operator would call stuck. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds past an attempt's due time: the sweep runs every 5 s, so most land under 10. */
const SWEEP_LAG_BUCKETS = [0.5, 1, 2.5, 5, 7.5, 10, 15, 30, 60, 300];

// 'refused': a sign-in through a provider that no active account of an allowed domain matched.
const SIGN_IN_OUTCOMES = ['success', 'wrong_password', 'limited', 'disabled', 'refused'] as const;
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];

/**
 * The figures an operator watches, in a registry of this app's own: tests build many apps in one
 * process, and prom-client's global registry would take each metric once only. What is counted
 * on the exam-day path (a save) is an increment and an observation, nothing more; what the
 * database knows (attempts in progress, regrades left) is read when scraped.
 */
export function createMetrics(database: Database) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const { db } = database;

  const requestDuration = new Histogram({
    name: 'examiq_http_request_duration_seconds',
    help: 'Requests by route pattern, method and status, and how long they took (count: how many)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const queryDuration = new Histogram({
    name: 'examiq_db_query_duration_seconds',
    help: 'How long each database statement took',
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  database.timeQueries((seconds) => queryDuration.observe(seconds));
  new Gauge({
    name: 'examiq_db_pool_connections',
    help: "The database pool's connections: total open, idle, and queries waiting for one",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const use = database.poolUse();
      this.set({ state: 'total' }, use.total);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
    },
  });
  const signIns = new Counter({
    name: 'examiq_sign_ins_total',
    help: 'Sign-ins by outcome: success, wrong_password (or unknown email), limited, disabled',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  // Every outcome from the start at 0, so a rate over the first failures is not lost.
  for (const outcome of SIGN_IN_OUTCOMES) signIns.inc({ outcome }, 0);
  const saves = new Counter({
    name: 'examiq_answer_saves_total',
    help: 'Answer saves accepted from students',
    registers: [registry],
  });
  const saveDuration = new Histogram({
    name: 'examiq_answer_save_duration_seconds',
    help: 'How long an accepted answer save took to write',
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const mailMessages = new Counter({
    name: 'examiq_mail_messages_total',
    help: 'Messages the mail server took (outcome=sent), and those given up after every attempt (failed)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  for (const outcome of MAIL_OUTCOMES) mailMessages.inc({ outcome }, 0);
  const deadlineSweeps = new Counter({
    name: 'examiq_deadline_sweeps_total',
    help: 'Runs of the sweep that submits attempts at their deadline',
    registers: [registry],
  });
  const sweptAttempts = new Counter({
    name: 'examiq_deadline_swept_attempts_total',
    help: 'Attempts the deadline sweep submitted',
    registers: [registry],
  });
  const sweepLag = new Histogram({
    name: 'examiq_deadline_sweep_lag_seconds',
    help: 'How late past its due time (deadline plus grace) the sweep submitted an attempt',
    buckets: SWEEP_LAG_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'examiq_attempts_in_progress',
    help: 'Attempts started and not yet submitted, on every server process',
    registers: [registry],
    async collect() {
      // Only unsubmitted attempts have a due time: a count of the partial index on it.
      const [row] = await db
        .select({
          count: sql<number>`(select count(*)::int from exam_attempts where due_at is not null)`,
        })
        .from(SINGLE_ROW);
      this.set(row?.count ?? 0);
    },
  });
  new Gauge({
    name: 'examiq_regrade_queue',
    help: 'Regrades under way on every server process: unit=jobs running, unit=attempts left',
    labelNames: ['unit'] as const,
    registers: [registry],
    async collect() {
      const [row] = await db
        .select({
          jobs: sql<number>`(select count(*)::int from regrade_jobs where status = 'RUNNING')`,
          attempts: sql<number>`(select coalesce(sum(total - processed), 0)::int from regrade_jobs where status = 'RUNNING')`,
        })
        .from(SINGLE_ROW);
      this.set({ unit: 'jobs' }, row?.jobs ?? 0);
      this.set({ unit: 'attempts' }, row?.attempts ?? 0);
    },
  });

  new Gauge({
    name: 'examiq_answer_file_storage',
    help: "The files students uploaded as answers: unit=files uploaded, unit=bytes the stored contents take on disk (each distinct file once, with the table's indexes)",
    labelNames: ['unit'] as const,
    registers: [registry],
    async collect() {
      // The size is the catalog's and the file system's, never a read of the contents.
      const [row] = await db
        .select({
          files: sql<number>`(select count(*)::int from answer_files)`,
          bytes: sql<string>`pg_total_relation_size('answer_file_contents')::text`,
        })
        .from(SINGLE_ROW);
      this.set({ unit: 'files' }, row?.files ?? 0);
      this.set({ unit: 'bytes' }, Number(row?.bytes ?? 0));
    },
  });

  return {
    registry,
    observeRequest(method: string, route: string, status: number, seconds: number) {
      requestDuration.observe({ method, route, status }, seconds);
    },
    signedIn(outcome: SignInOutcome) {
      signIns.inc({ outcome });
    },
    saved(seconds: number) {
      saves.inc();
      saveDuration.observe(seconds);
    },
    mailed(outcome: MailOutcome) {
      mailMessages.inc({ outcome });
    },
    swept(lagSeconds: readonly number[]) {
      deadlineSweeps.inc();
      sweptAttempts.inc(lagSeconds.length);
      for (const lag of lagSeconds) sweepLag.observe(lag);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const MAIL_OUTCOMES = ['sent', 'failed'] as const;
type MailOutcome = (typeof MAIL_OUTCOMES)[number];

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's figures: what its routes count is read by GET /api/metrics. */
    metrics: Metrics;
  }
}
