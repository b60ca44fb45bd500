import { type ImportMode, PEOPLE_IMPORT_MESSAGES, type PeopleImportKind } from '@examiq/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MailSettings } from '../../config';
import type { AppDatabase } from '../../db/client';
import { peopleImportJobs } from '../../db/schema';
import { ApiError, FieldErrors } from '../../errors';
import { type JobContext, JobInterrupted, type JobKind } from '../../jobs/runner';
import type { Cell } from '../../spreadsheets/write';
import { recordAudit } from '../audit/audit';
import { type InvitationMail, unusablePasswordHash } from '../auth/invitations';
import { seal, sealKey } from '../auth/tokens';
import { newDefaultPassword } from '../people/people.service';
import { insertPerson } from '../people/person-kind';
import { PERSON_KINDS, type ValidRow } from './check-rows';
import { checkRowsAfter, dropCheck } from './checks';

/**
 * Rows hashed at once. Hashing is the slow part (about 15 ms each, on the thread pool); a batch
 * keeps the pool busy.
 */
export const IMPORT_BATCH = 50;

/**
 * Rows written per transaction (valid-only). On the embedded engine a transaction holds its one
 * connection and every other request waits for it: 10 invited rows take about 25 ms there, 50
 * took 200 to 300 ms, which an admin's page felt all through the import.
 */
export const IMPORT_WRITE_ROWS = 10;

/** The job kind that runs imports. */
export const PEOPLE_IMPORT_JOB = 'people-import';

export interface ImportContext {
  db: AppDatabase;
  /** The server's secret, from which the key sealing default passwords is derived. */
  secret: string;
  now: () => Date;
  /** With invitations: each person is mailed a set-password link and given no default password. */
  invitation?: InvitationMail;
}

export const credentialsKey = (secret: string) => sealKey(secret, 'examiq import credentials');

const KIND_LABELS: Record<PeopleImportKind, { one: string; many: string; record: string }> = {
  students: { one: 'student', many: 'students', record: 'student' },
  faculty: { one: 'faculty member', many: 'faculty members', record: 'faculty' },
};

const UNFINISHED = ['QUEUED', 'RUNNING'] as const;

interface PreparedRow {
  row: number;
  payload: ValidRow['payload'];
  /** The default password; null for an invited person, who chooses their own. */
  password: string | null;
  passwordHash: string;
}

/**
 * The rows with their default passwords, hashed in parallel on the thread pool. Invited people
 * share one hash of a password nobody knows: none of them can sign in until they set their own.
 */
async function prepare(rows: ValidRow[], ctx: ImportContext): Promise<PreparedRow[]> {
  if (ctx.invitation) {
    const passwordHash = await unusablePasswordHash();
    return rows.map((row) => ({ ...row, password: null, passwordHash }));
  }
  return Promise.all(rows.map(async (row) => ({ ...row, ...(await newDefaultPassword()) })));
}

/**
 * Creates one person through the create call's own code, invited or not; their line of the
 * credentials file, or null for an invited person, who has no password to hand over.
 */
async function createPerson(
  tx: AppDatabase,
  ctx: ImportContext,
  job: JobInput,
  row: PreparedRow,
): Promise<Cell[] | null> {
  const personKind = PERSON_KINDS[job.kind];
  const person = await insertPerson(
    personKind,
    tx,
    job.actorUserId,
    row.payload,
    row.passwordHash,
    ctx.invitation,
  );
  if (row.password === null) return null;
  return [
    person.email,
    personKind.readableIdOf(person),
    personKind.unique.of(row.payload),
    row.password,
  ];
}

/** 'Row 12: A user with this email already exists'. */
function rowFailure(row: number, error: unknown): string | undefined {
  if (error instanceof FieldErrors) return `Row ${row}: ${Object.values(error.errors).join('; ')}`;
  if (error instanceof ApiError) return `Row ${row}: ${error.message}`;
  return undefined;
}

const appendCredentials = (key: Buffer, lines: Cell[][]) =>
  lines.length === 0
    ? {}
    : {
        credentials: sql`coalesce(${peopleImportJobs.credentials}, '[]'::jsonb) || jsonb_build_array(${seal(key, JSON.stringify(lines))}::text)`,
      };

/** What an import job runs: the file's check, whose valid rows are kept until the job ends. */
export interface JobInput {
  id: string;
  kind: PeopleImportKind;
  mode: ImportMode;
  fileName: string;
  skipped: number;
  actorUserId: string;
  checkId: string;
  /** Mail each person an invitation instead of giving them a default password. */
  invite?: boolean;
}

/** The job's next batch of rows, after row number `after`. */
const batchAfter = (ctx: ImportContext, job: JobInput, after: number) =>
  checkRowsAfter(ctx.db, job.checkId, after, IMPORT_BATCH);

const lastRowOf = (batch: ValidRow[]) => (batch.at(-1) as ValidRow).row;

/**
 * Valid-only: batch by batch, hashing the next batch's passwords while writing this one, a few
 * rows per transaction; a row that fails is counted and left out.
 */
async function importValidOnly(ctx: ImportContext, job: JobInput, run: JobContext) {
  const key = credentialsKey(ctx.secret);
  const failures: string[] = [];
  let batch = await batchAfter(ctx, job, 0);
  let next = prepare(batch, ctx);
  while (batch.length > 0) {
    if (run.stopping()) throw new JobInterrupted();
    const prepared = await next;
    // The next batch's passwords are hashed on the thread pool while this one is written.
    const following = await batchAfter(ctx, job, lastRowOf(batch));
    next = prepare(following, ctx);
    batch = following;
    for (let start = 0; start < prepared.length; start += IMPORT_WRITE_ROWS) {
      await writeRows(ctx, job, key, prepared.slice(start, start + IMPORT_WRITE_ROWS), failures);
    }
  }
  await ctx.db.transaction(async (tx) => {
    const [done] = await tx
      .update(peopleImportJobs)
      .set({
        status: 'SUCCEEDED',
        finishedAt: ctx.now(),
        message: failures.length > 0 ? failures.slice(0, 5).join('\n') : null,
      })
      .where(eq(peopleImportJobs.id, job.id))
      .returning({ imported: peopleImportJobs.imported });
    await dropCheck(tx, job.checkId);
    await auditImport(tx, ctx, job, done?.imported ?? 0, failures.length);
  });
}

/**
 * Writes rows of a valid-only import in one transaction, their credentials sealed under `key`; a
 * failing row joins `failures`.
 */
async function writeRows(
  ctx: ImportContext,
  job: JobInput,
  key: Buffer,
  rows: PreparedRow[],
  failures: string[],
) {
  await ctx.db.transaction(async (tx) => {
    const lines: Cell[][] = [];
    let imported = 0;
    for (const row of rows) {
      try {
        // A savepoint per row: a duplicate that appeared since the check leaves the others intact.
        const line = await tx.transaction((inner) => createPerson(inner, ctx, job, row));
        imported += 1;
        if (line) lines.push(line);
      } catch (error) {
        const failure = rowFailure(row.row, error);
        if (failure === undefined) throw error;
        failures.push(failure);
      }
    }
    await tx
      .update(peopleImportJobs)
      .set({
        done: sql`${peopleImportJobs.done} + ${rows.length}`,
        imported: sql`${peopleImportJobs.imported} + ${imported}`,
        failed: failures.length,
        ...appendCredentials(key, lines),
      })
      .where(eq(peopleImportJobs.id, job.id));
  });
  ctx.invitation?.jobs.wake();
}

/**
 * All-or-nothing: every password is hashed first (the progress counts them), then every row is
 * written in one transaction, so a write failing midway leaves nothing behind.
 */
async function importAllOrNothing(ctx: ImportContext, job: JobInput, run: JobContext) {
  const prepared: PreparedRow[] = [];
  for (
    let batch = await batchAfter(ctx, job, 0);
    batch.length > 0;
    batch = await batchAfter(ctx, job, lastRowOf(batch))
  ) {
    if (run.stopping()) throw new JobInterrupted();
    prepared.push(...(await prepare(batch, ctx)));
    await ctx.db
      .update(peopleImportJobs)
      .set({ done: prepared.length })
      .where(eq(peopleImportJobs.id, job.id));
  }
  await ctx.db.transaction(async (tx) => {
    const lines: Cell[][] = [];
    for (const row of prepared) {
      try {
        const line = await createPerson(tx, ctx, job, row);
        if (line) lines.push(line);
      } catch (error) {
        const failure = rowFailure(row.row, error);
        if (failure === undefined) throw error;
        throw new ApiError(409, `${PEOPLE_IMPORT_MESSAGES.writeFailed}. ${failure}`);
      }
    }
    await tx
      .update(peopleImportJobs)
      .set({
        status: 'SUCCEEDED',
        imported: prepared.length,
        finishedAt: ctx.now(),
        ...appendCredentials(credentialsKey(ctx.secret), lines),
      })
      .where(eq(peopleImportJobs.id, job.id));
    await dropCheck(tx, job.checkId);
    await auditImport(tx, ctx, job, prepared.length, 0);
  });
  ctx.invitation?.jobs.wake();
}

function auditImport(
  tx: AppDatabase,
  ctx: ImportContext,
  job: JobInput,
  imported: number,
  failed: number,
) {
  const labels = KIND_LABELS[job.kind];
  const notes = [
    job.skipped > 0 ? `${job.skipped} invalid rows skipped` : '',
    failed > 0 ? `${failed} rows failed` : '',
  ].filter(Boolean);
  return recordAudit(
    tx,
    job.actorUserId,
    {
      action: `${labels.record}.import`,
      recordType: labels.record,
      recordId: job.id,
      recordLabel: job.fileName,
      summary: `Imported ${imported} ${imported === 1 ? labels.one : labels.many} from ${job.fileName}${job.invite ? ', each invited by email to set a password' : ''}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`,
      changes: {
        mode: job.mode,
        invite: job.invite === true,
        imported,
        skipped: job.skipped,
        failed,
      },
    },
    ctx.now(),
  );
}

/** Why an import failed, in the words its summary shows. */
function failureMessage(job: JobInput, cause: unknown): string {
  if (cause instanceof JobInterrupted) return PEOPLE_IMPORT_MESSAGES.interrupted;
  if (cause instanceof ApiError) return cause.message;
  return job.mode === 'all-or-nothing'
    ? PEOPLE_IMPORT_MESSAGES.writeFailed
    : PEOPLE_IMPORT_MESSAGES.stoppedOnError;
}

/**
 * Imports run one at a time per process and are never retried: people written before a failure
 * stay written, so running the file again would meet them as duplicates. An import with
 * invitations keeps each message with its person and leaves the sending to the mail job.
 */
export function peopleImportJob(
  secret: string,
  now: () => Date,
  mail: MailSettings,
): JobKind<JobInput> {
  return {
    name: PEOPLE_IMPORT_JOB,
    attempts: 1,
    concurrency: 1,
    async run(job, run) {
      const ctx: ImportContext = {
        db: run.db,
        secret,
        now,
        ...(job.invite ? { invitation: { jobs: run.jobs, mail } } : {}),
      };
      await ctx.db
        .update(peopleImportJobs)
        .set({ status: 'RUNNING' })
        .where(eq(peopleImportJobs.id, job.id));
      if (job.mode === 'valid-only') await importValidOnly(ctx, job, run);
      else await importAllOrNothing(ctx, job, run);
    },
    async failed(tx, job, cause) {
      await dropCheck(tx, job.checkId);
      await tx
        .update(peopleImportJobs)
        .set({ status: 'FAILED', message: failureMessage(job, cause), finishedAt: now() })
        .where(
          and(eq(peopleImportJobs.id, job.id), inArray(peopleImportJobs.status, [...UNFINISHED])),
        );
    },
  };
}
