import {
  type ExportFormat,
  IMPORT_CREDENTIAL_COLUMNS,
  type ImportJob,
  type ImportMode,
  type ImportPreview,
  importExampleRow,
  PEOPLE_IMPORT_COLUMNS,
  PEOPLE_IMPORT_MESSAGES,
  type PeopleImportKind,
} from '@examiq/contracts';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { peopleImportJobs } from '../../db/schema';
import { ApiError, FieldErrors } from '../../errors';
import { type JobContext, JobInterrupted, type JobKind, type JobRunner } from '../../jobs/runner';
import type { UploadedFile } from '../../plugins/uploads';
import { type Cell, pagesOf, spreadsheetStream } from '../../spreadsheets/write';
import { parseInThread } from '../../uploads/parser-thread';
import { recordAudit } from '../audit/audit';
import { openSeal, seal, sealKey } from '../auth/tokens';
import { newDefaultPassword } from '../people/people.service';
import { insertPerson } from '../people/person-kind';
import { checkRows, PERSON_KINDS, type ValidRow } from './check-rows';

type JobRow = typeof peopleImportJobs.$inferSelect;

/**
 * Rows hashed at once and written per transaction. Hashing is the slow part (about 15 ms each,
 * on the thread pool); a batch keeps the pool busy and each transaction short.
 */
export const IMPORT_BATCH = 50;

/** The job kind that runs imports. */
export const PEOPLE_IMPORT_JOB = 'people-import';

export interface ImportContext {
  db: AppDatabase;
  /** The server's secret, from which the key sealing default passwords is derived. */
  secret: string;
  now: () => Date;
}

const credentialsKey = (secret: string) => sealKey(secret, 'examiq import credentials');

const KIND_LABELS: Record<PeopleImportKind, { one: string; many: string; record: string }> = {
  students: { one: 'student', many: 'students', record: 'student' },
  faculty: { one: 'faculty member', many: 'faculty members', record: 'faculty' },
};

// --- Template and preview ---------------------------------------------------------------------

/** The header and one example row, as CSV or XLSX. */
export function importTemplate(kind: PeopleImportKind, format: ExportFormat) {
  const header = PEOPLE_IMPORT_COLUMNS[kind].map((column) => column.name);
  return {
    fileName: `${kind}-import-template.${format}`,
    stream: spreadsheetStream(format, kind, pagesOf([header, importExampleRow(kind)])),
  };
}

/** The file's header and rows, read on the parser thread. */
const readUploadedSheet = (file: UploadedFile) =>
  parseInThread(
    'sheet',
    { bytes: file.bytes, fileName: file.fileName },
    { overLimits: PEOPLE_IMPORT_MESSAGES.overWorkLimits },
  );

export async function previewImport(
  db: AppDatabase,
  kind: PeopleImportKind,
  file: UploadedFile,
): Promise<ImportPreview> {
  const { preview } = await checkRows(db, kind, await readUploadedSheet(file));
  return preview;
}

// --- Jobs -------------------------------------------------------------------------------------

const jobColumns = {
  id: peopleImportJobs.id,
  kind: peopleImportJobs.kind,
  mode: peopleImportJobs.mode,
  status: peopleImportJobs.status,
  total: peopleImportJobs.total,
  done: peopleImportJobs.done,
  imported: peopleImportJobs.imported,
  skipped: peopleImportJobs.skipped,
  failed: peopleImportJobs.failed,
  message: peopleImportJobs.message,
  createdAt: peopleImportJobs.createdAt,
  finishedAt: peopleImportJobs.finishedAt,
  credentialsAvailable: sql<boolean>`${peopleImportJobs.credentials} is not null`,
};
type JobView = Omit<JobRow, 'credentials' | 'fileName' | 'requestedBy'> & {
  credentialsAvailable: boolean;
};

function jobOf(job: JobView): ImportJob {
  const ended = job.status === 'SUCCEEDED' || job.status === 'FAILED';
  return {
    _id: job.id,
    kind: job.kind,
    mode: job.mode,
    status: job.status,
    total: job.total,
    done: job.done,
    summary: ended
      ? {
          imported: job.imported,
          skipped: job.skipped,
          ...(job.failed > 0 ? { failed: job.failed } : {}),
          ...(job.message ? { message: job.message } : {}),
        }
      : null,
    credentialsAvailable: ended && job.credentialsAvailable,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

const UNFINISHED = ['QUEUED', 'RUNNING'] as const;

export async function getImportJob(db: AppDatabase, id: string): Promise<ImportJob> {
  const [job] = await db
    .select(jobColumns)
    .from(peopleImportJobs)
    .where(eq(peopleImportJobs.id, id));
  if (!job) throw new ApiError(404, PEOPLE_IMPORT_MESSAGES.jobNotFound);
  return jobOf(job);
}

interface PreparedRow {
  row: number;
  payload: ValidRow['payload'];
  password: string;
  passwordHash: string;
}

/** The rows with their default passwords, hashed in parallel on the thread pool. */
async function prepare(rows: ValidRow[]): Promise<PreparedRow[]> {
  return Promise.all(rows.map(async (row) => ({ ...row, ...(await newDefaultPassword()) })));
}

/** Creates one person through the create call's own code; their line of the credentials file. */
async function createPerson(
  tx: AppDatabase,
  kind: PeopleImportKind,
  actorUserId: string,
  row: PreparedRow,
): Promise<Cell[]> {
  const personKind = PERSON_KINDS[kind];
  const person = await insertPerson(personKind, tx, actorUserId, row.payload, row.passwordHash);
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

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );
}

const appendCredentials = (key: Buffer, lines: Cell[][]) =>
  lines.length === 0
    ? {}
    : {
        credentials: sql`coalesce(${peopleImportJobs.credentials}, '[]'::jsonb) || jsonb_build_array(${seal(key, JSON.stringify(lines))}::text)`,
      };

/** What an import job runs: the file's valid rows, kept until the job ends. */
interface JobInput {
  id: string;
  kind: PeopleImportKind;
  mode: ImportMode;
  fileName: string;
  skipped: number;
  actorUserId: string;
  rows: ValidRow[];
}

/**
 * Valid-only: batch by batch, each in one transaction, hashing the next batch's passwords while
 * writing this one; a row that fails is counted and left out.
 */
async function importValidOnly(ctx: ImportContext, job: JobInput, run: JobContext) {
  const key = credentialsKey(ctx.secret);
  const failures: string[] = [];
  const batches = chunks(job.rows, IMPORT_BATCH);
  let next = prepare(batches[0] ?? []);
  for (let index = 0; index < batches.length; index++) {
    if (run.stopping()) throw new JobInterrupted();
    const prepared = await next;
    // The next batch's passwords are hashed on the thread pool while this one is written.
    next = prepare(batches[index + 1] ?? []);
    await ctx.db.transaction(async (tx) => {
      const lines: Cell[][] = [];
      for (const row of prepared) {
        try {
          // A savepoint per row: a duplicate that appeared since the check leaves the batch intact.
          lines.push(
            await tx.transaction((inner) => createPerson(inner, job.kind, job.actorUserId, row)),
          );
        } catch (error) {
          const failure = rowFailure(row.row, error);
          if (failure === undefined) throw error;
          failures.push(failure);
        }
      }
      await tx
        .update(peopleImportJobs)
        .set({
          done: sql`${peopleImportJobs.done} + ${prepared.length}`,
          imported: sql`${peopleImportJobs.imported} + ${lines.length}`,
          failed: failures.length,
          ...appendCredentials(key, lines),
        })
        .where(eq(peopleImportJobs.id, job.id));
    });
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
    await auditImport(tx, ctx, job, done?.imported ?? 0, failures.length);
  });
}

/**
 * All-or-nothing: every password is hashed first (the progress counts them), then every row is
 * written in one transaction, so a write failing midway leaves nothing behind.
 */
async function importAllOrNothing(ctx: ImportContext, job: JobInput, run: JobContext) {
  const prepared: PreparedRow[] = [];
  for (const batch of chunks(job.rows, IMPORT_BATCH)) {
    if (run.stopping()) throw new JobInterrupted();
    prepared.push(...(await prepare(batch)));
    await ctx.db
      .update(peopleImportJobs)
      .set({ done: prepared.length })
      .where(eq(peopleImportJobs.id, job.id));
  }
  await ctx.db.transaction(async (tx) => {
    const lines: Cell[][] = [];
    for (const row of prepared) {
      try {
        lines.push(await createPerson(tx, job.kind, job.actorUserId, row));
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
        imported: lines.length,
        finishedAt: ctx.now(),
        ...appendCredentials(credentialsKey(ctx.secret), lines),
      })
      .where(eq(peopleImportJobs.id, job.id));
    await auditImport(tx, ctx, job, lines.length, 0);
  });
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
      summary: `Imported ${imported} ${imported === 1 ? labels.one : labels.many} from ${job.fileName}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`,
      changes: { mode: job.mode, imported, skipped: job.skipped, failed },
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
 * stay written, so running the file again would meet them as duplicates.
 */
export function peopleImportJob(secret: string, now: () => Date): JobKind<JobInput> {
  return {
    name: PEOPLE_IMPORT_JOB,
    attempts: 1,
    concurrency: 1,
    async run(job, run) {
      const ctx: ImportContext = { db: run.db, secret, now };
      await ctx.db
        .update(peopleImportJobs)
        .set({ status: 'RUNNING' })
        .where(eq(peopleImportJobs.id, job.id));
      if (job.mode === 'valid-only') await importValidOnly(ctx, job, run);
      else await importAllOrNothing(ctx, job, run);
    },
    async failed(tx, job, cause) {
      await tx
        .update(peopleImportJobs)
        .set({ status: 'FAILED', message: failureMessage(job, cause), finishedAt: now() })
        .where(
          and(eq(peopleImportJobs.id, job.id), inArray(peopleImportJobs.status, [...UNFINISHED])),
        );
    },
  };
}

/**
 * Checks the file as the preview does and starts importing it in the background. All-or-nothing
 * refuses a file with any invalid row; valid-only imports the valid rows and counts the others as
 * skipped.
 */
export async function startImport(
  ctx: ImportContext,
  jobs: JobRunner,
  actorUserId: string,
  kind: PeopleImportKind,
  mode: ImportMode,
  file: UploadedFile,
): Promise<ImportJob> {
  const { preview, validRows } = await checkRows(ctx.db, kind, await readUploadedSheet(file));
  const invalid = preview.totalRows - preview.validRows;
  if (mode === 'all-or-nothing' && invalid > 0) {
    throw new ApiError(400, PEOPLE_IMPORT_MESSAGES.rowsHaveErrors(invalid));
  }
  if (validRows.length === 0) throw new ApiError(400, PEOPLE_IMPORT_MESSAGES.noValidRows);
  const id = await ctx.db.transaction(async (tx) => {
    const [job] = await tx
      .insert(peopleImportJobs)
      .values({
        kind,
        mode,
        fileName: file.fileName,
        total: validRows.length,
        skipped: invalid,
        requestedBy: actorUserId,
        createdAt: ctx.now(),
      })
      .returning({ id: peopleImportJobs.id });
    const { id } = job as { id: string };
    const input: JobInput = {
      id,
      kind,
      mode,
      fileName: file.fileName,
      skipped: invalid,
      actorUserId,
      rows: validRows,
    };
    await jobs.add(tx, PEOPLE_IMPORT_JOB, input);
    return id;
  });
  jobs.wake();
  return getImportJob(ctx.db, id);
}

/**
 * The credentials file of an ended job, once: the sealed passwords are deleted in the transaction
 * that reads them, so a second download finds nothing.
 */
export async function takeCredentials(ctx: ImportContext, id: string) {
  const key = credentialsKey(ctx.secret);
  const taken = await ctx.db.transaction(async (tx) => {
    const [job] = await tx
      .select({ kind: peopleImportJobs.kind, credentials: peopleImportJobs.credentials })
      .from(peopleImportJobs)
      .where(
        and(
          eq(peopleImportJobs.id, id),
          isNotNull(peopleImportJobs.credentials),
          inArray(peopleImportJobs.status, ['SUCCEEDED', 'FAILED']),
        ),
      )
      // Two downloads at once: the second waits here, then finds the credentials gone.
      .for('update');
    if (!job) return undefined;
    await tx.update(peopleImportJobs).set({ credentials: null }).where(eq(peopleImportJobs.id, id));
    // Opened before the transaction commits: a seal that does not open keeps the passwords.
    const rows = (job.credentials ?? []).flatMap((sealed) => {
      const opened = openSeal(key, sealed);
      if (opened === null) throw new Error('The credentials of an import could not be opened');
      return JSON.parse(opened) as Cell[][];
    });
    return { kind: job.kind, rows };
  });
  if (!taken) {
    const job = await getImportJob(ctx.db, id);
    if (job.status === 'QUEUED' || job.status === 'RUNNING') {
      throw new ApiError(409, PEOPLE_IMPORT_MESSAGES.stillRunning);
    }
    throw new ApiError(410, PEOPLE_IMPORT_MESSAGES.credentialsGone);
  }
  return {
    fileName: `${taken.kind}-credentials.csv`,
    stream: spreadsheetStream(
      'csv',
      'Credentials',
      pagesOf([IMPORT_CREDENTIAL_COLUMNS[taken.kind], ...taken.rows]),
    ),
  };
}
