import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { batchedRead } from './batched-read';
import type { AppDatabase } from './client';
import { perDatabase } from './per-database';
import { SITTING_TABLES_ONLY } from './prepared-sql';
import { onEachQuery } from './query-hook';
import { SINGLE_ROW } from './single-row';

/**
 * The tables whose writes migration 0007_table_writes records, and which writes: `rows` records
 * added rows and changed ones, `changes` only updates, deletes and truncates (no answer depends on
 * a session being added).
 */
const RECORDED = {
  users: 'rows',
  sessions: 'changes',
  batches: 'rows',
  courses: 'rows',
  branches: 'rows',
  sections: 'rows',
  students: 'rows',
  faculty: 'rows',
  exams: 'rows',
  exam_target_sections: 'rows',
  exam_faculty: 'rows',
  exam_sections: 'rows',
  questions: 'rows',
} as const;
type Recorded = typeof RECORDED;
export type RecordedTable = keyof Recorded;
const RECORDED_TABLES = Object.keys(RECORDED) as RecordedTable[];

/**
 * What an answer depends on, table by table: `rows` when any row added, changed or removed may
 * change it (a list, a count), `changes` when only rows changed or removed may (a table read
 * through the key of a row of another, as a student's section is: a section added later is not
 * that student's).
 */
export type Dependencies = {
  [Table in RecordedTable]?: Recorded[Table] extends 'rows' ? 'rows' | 'changes' : 'changes';
};

/** Every recorded table, each as a list of its rows: for an answer that counts everything. */
export const EVERY_TABLE: Dependencies = Object.fromEntries(
  RECORDED_TABLES.map((table) => [table, RECORDED[table]]),
);

/**
 * The state of the committed data an answer depends on: two equal states mean no write to those
 * tables committed between the two reads.
 */
export type CommitState = (dependencies: Dependencies) => string;

/** A snapshot: transactions below `xmin` have ended, none from `xmax`, between all but `running`. */
interface Snapshot {
  xmin: bigint;
  xmax: bigint;
  running: Set<bigint>;
}

function parseSnapshot(text: string): Snapshot {
  const [xmin = '0', xmax = '0', running = ''] = text.split(':');
  return {
    xmin: BigInt(xmin),
    xmax: BigInt(xmax),
    running: new Set(running ? running.split(',').map(BigInt) : []),
  };
}

/** Whether a transaction had committed, or ended otherwise, as of a snapshot. */
const endedBy = (snapshot: Snapshot, transaction: bigint) =>
  transaction < snapshot.xmin ||
  (transaction < snapshot.xmax && !snapshot.running.has(transaction));

/**
 * A reader whose last look is older than this cannot trust the records to tell it what ended
 * since: they may have been compacted away. It starts over (every answer is read again).
 */
const TRUSTED_GAP_MS = 30_000;
/**
 * Records of transactions that had ended by a snapshot at least this old are deleted: every
 * reader that still trusts its last look took it after them. Twice the trusted gap, so the
 * clocks of two servers need not agree.
 */
const COMPACT_EVERY_MS = 2 * TRUSTED_GAP_MS;
/** A transaction id no server reaches: a look with nothing to trust asks for no records. */
const NEVER = 2n ** 62n;

/**
 * The snapshot, and the records of the transactions it sees as committed that had not ended by
 * the last look's snapshot (begun since, or running then). The ids are written into the text:
 * planned for parameters, the range would be guessed to cover a third of the records and read
 * them all, where with its bounds in view it is a short walk of the index's newest end.
 */
async function changesSince(db: AppDatabase, last: Snapshot | undefined) {
  const begunFrom = sql.raw(String(last?.xmax ?? NEVER));
  const running = [...(last?.running ?? [])].map((id) => sql.raw(String(id)));
  const runningThen =
    running.length > 0 ? sql`or transaction_id in (${sql.join(running, sql`, `)})` : sql``;
  const [row] = await db
    .select({
      // The statement's snapshot is the one pg_current_snapshot() gives.
      snapshot: sql<string>`pg_current_snapshot()::text`,
      writes: sql<[string, RecordedTable, 'rows' | 'changes'][]>`coalesce((
        select json_agg(json_build_array(transaction_id::text, table_name, kind))
        from table_writes where transaction_id >= ${begunFrom} ${runningThen}
      ), '[]'::json)`,
    })
    .from(SINGLE_ROW);
  if (!row) throw new Error('The commit state query returned no row');
  return row;
}

/**
 * Deletes, at most once a minute, the records of the transactions that had ended by the last
 * compaction's snapshot, and notes the current one's.
 */
function compactor(db: AppDatabase) {
  let last: { horizon: string; at: number } | undefined;
  return () => {
    const at = performance.now();
    // The first compaction comes a minute after the first request: a server that has just
    // started knows no snapshot old enough.
    if (!last) last = { horizon: '0', at };
    if (at - last.at < COMPACT_EVERY_MS) return;
    const { horizon } = last;
    last = { horizon, at };
    const compacted = db.execute(sql`
      with compacted as (delete from table_writes where transaction_id < ${horizon}::bigint)
      select pg_snapshot_xmin(pg_current_snapshot())::text as horizon`) as unknown as Promise<{
      rows: { horizon: string }[];
    }>;
    compacted.then(
      ({ rows }) => {
        last = { horizon: rows[0]?.horizon ?? horizon, at: performance.now() };
      },
      (error: unknown) => console.error(`Compacting table_writes failed: ${String(error)}`),
    );
  };
}

const compactions = perDatabase(compactor);

/**
 * Follows, on PostgreSQL, how many commits wrote each table since this process began: each look
 * reads the snapshot and the records of the transactions that may have ended since the last look,
 * and counts those that had not ended then. Looks run one at a time, so each counts the
 * transactions that ended between it and the one before, exactly once.
 */
function commitTracker(db: AppDatabase) {
  let epoch = 0;
  const counts = new Map<string, number>();
  let last: { snapshot: Snapshot; at: number } | undefined;
  let latest: CommitState | undefined;

  const look = async (): Promise<CommitState> => {
    const at = performance.now();
    const trusted = last && at - last.at < TRUSTED_GAP_MS ? last : undefined;
    const row = await changesSince(db, trusted?.snapshot);
    const snapshot = parseSnapshot(row.snapshot);
    if (!trusted) epoch += 1;
    for (const [transaction, table, kind] of trusted ? row.writes : []) {
      if (trusted && endedBy(trusted.snapshot, BigInt(transaction))) continue;
      const key = `${table} ${kind}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    last = { snapshot, at };
    const seen = { epoch, counts: new Map(counts) };
    // Every request of a round asks with one of a few sets of dependencies, each a constant of
    // its route: the state of each set is written out once.
    const states = new WeakMap<Dependencies, string>();
    latest = (dependencies) => {
      let state = states.get(dependencies);
      if (state === undefined) {
        state = [
          seen.epoch,
          ...RECORDED_TABLES.flatMap((table) => {
            const dependency = dependencies[table];
            if (!dependency) return [];
            const changed = seen.counts.get(`${table} changes`) ?? 0;
            const added = dependency === 'rows' ? `+${seen.counts.get(`${table} rows`) ?? 0}` : '';
            return [`${table}:${changed}${added}`];
          }),
        ].join(' ');
        states.set(dependencies, state);
      }
      return state;
    };
    return latest;
  };

  return {
    read: batchedRead<undefined, CommitState>(async () => new Map([[undefined, await look()]])),
    latest: () => latest,
  };
}

const trackers = perDatabase(commitTracker);

/** The write counters of the embedded databases, which only this process can write. */
const embeddedWrites = new WeakMap<AppDatabase, () => number>();

/**
 * Statements that cannot change what a kept answer shows: plain reads (a write in a CTE starts
 * with `with`), and writes of the sitting tables, which no kept answer reads.
 */
const READ_ONLY = /^\s*select\b/i;
const changesNoKeptAnswer = (text: string) =>
  READ_ONLY.test(text) || text.startsWith(SITTING_TABLES_ONLY);

/**
 * Counts every statement of an embedded database that may have written, as it completes: every
 * statement but a plain `select`, a transaction's `begin` and `commit` included. The data
 * directory is locked to this process, and its pool is the only way in, so these are all its
 * writes.
 */
export function countEmbeddedWrites(db: AppDatabase, pool: pg.Pool): void {
  let writes = 0;
  const count = () => {
    writes += 1;
  };
  onEachQuery(pool, (text) => (changesNoKeptAnswer(text) ? undefined : count));
  embeddedWrites.set(db, () => writes);
}

function embeddedCommitState(db: AppDatabase): CommitState | undefined {
  const embedded = embeddedWrites.get(db);
  if (!embedded) return undefined;
  const writes = String(embedded());
  return () => writes;
}

/**
 * The database's commit state, read after the caller asked. On PostgreSQL it tells, table by
 * table, whether a write has committed since, whichever server process or tool wrote: the
 * tables' triggers record each writing transaction. On the embedded database, which only this
 * process can open, it is the number of statements that may have written, whatever the tables:
 * it costs no query at all.
 */
export async function commitState(db: AppDatabase): Promise<CommitState> {
  const embedded = embeddedCommitState(db);
  if (embedded) return embedded;
  compactions(db)();
  const state = await trackers(db).read(undefined);
  if (!state) throw new Error('The commit state was not read');
  return state;
}

/**
 * The commit state of the last read that has completed, without reading it again: older than any
 * read begun after it. Undefined until a first read on PostgreSQL has completed.
 */
export function settledCommitState(db: AppDatabase): CommitState | undefined {
  return embeddedCommitState(db) ?? trackers(db).latest();
}
