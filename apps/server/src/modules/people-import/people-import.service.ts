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
import { ApiError } from '../../errors';
import type { JobRunner } from '../../jobs/runner';
import type { UploadedFile } from '../../plugins/uploads';
import { type Cell, pagesOf, spreadsheetStream } from '../../spreadsheets/write';
import { parseInThread } from '../../uploads/parser-thread';
import { openSeal } from '../auth/tokens';
import { checkRows } from './check-rows';
import { claimCheck, findCheck, type StoredCheck, storeCheck } from './checks';
import { credentialsKey, type ImportContext, type JobInput, PEOPLE_IMPORT_JOB } from './import-job';

type JobRow = typeof peopleImportJobs.$inferSelect;

// --- Template and preview ---------------------------------------------------------------------

/** The header and one example row, as CSV or XLSX. */
export function importTemplate(kind: PeopleImportKind, format: ExportFormat) {
  const header = PEOPLE_IMPORT_COLUMNS[kind].map((column) => column.name);
  return {
    fileName: `${kind}-import-template.${format}`,
    stream: spreadsheetStream(format, kind, pagesOf([header, importExampleRow(kind)])),
  };
}

/** The file's header and rows, read on the parser thread, and every row checked. */
async function checkFile(db: AppDatabase, kind: PeopleImportKind, file: UploadedFile) {
  const sheet = await parseInThread(
    'sheet',
    { bytes: file.bytes, fileName: file.fileName },
    { overLimits: PEOPLE_IMPORT_MESSAGES.overWorkLimits },
  );
  return checkRows(db, kind, sheet);
}

/**
 * Checks every row of the file and keeps the valid ones under the answer's `_id`, so the import
 * that follows need not read and check the file again.
 */
export async function previewImport(
  db: AppDatabase,
  kind: PeopleImportKind,
  file: UploadedFile,
): Promise<ImportPreview> {
  const checked = await checkFile(db, kind, file);
  const { id } = await storeCheck(db, kind, file.fileName, checked);
  return { _id: id, ...checked.preview };
}

// --- Jobs -------------------------------------------------------------------------------------

const jobColumns = {
  id: peopleImportJobs.id,
  kind: peopleImportJobs.kind,
  mode: peopleImportJobs.mode,
  invite: peopleImportJobs.invite,
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
    invite: job.invite,
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

export async function getImportJob(db: AppDatabase, id: string): Promise<ImportJob> {
  const [job] = await db
    .select(jobColumns)
    .from(peopleImportJobs)
    .where(eq(peopleImportJobs.id, id));
  if (!job) throw new ApiError(404, PEOPLE_IMPORT_MESSAGES.jobNotFound);
  return jobOf(job);
}

/** Refuses an import that would write nothing, or leave out rows it was asked to write. */
function refuseToStart(
  mode: ImportMode,
  { valid, invalid }: Pick<StoredCheck, 'valid' | 'invalid'>,
): void {
  if (mode === 'all-or-nothing' && invalid > 0) {
    throw new ApiError(400, PEOPLE_IMPORT_MESSAGES.rowsHaveErrors(invalid));
  }
  if (valid === 0) throw new ApiError(400, PEOPLE_IMPORT_MESSAGES.noValidRows);
}

/**
 * Starts importing in the background the rows of a preview's check, named by its id, or of a
 * file, checked here. All-or-nothing refuses a file with any invalid row; valid-only imports the
 * valid rows and counts the others as skipped. With `invite`, each person is mailed an invitation
 * and the import has no credentials file.
 */
export async function startImport(
  ctx: ImportContext,
  jobs: JobRunner,
  actorUserId: string,
  kind: PeopleImportKind,
  { mode, invite }: { mode: ImportMode; invite: boolean },
  source: { checkId: string } | { file: UploadedFile },
): Promise<ImportJob> {
  let check: StoredCheck;
  if ('checkId' in source) {
    check = await findCheck(ctx.db, kind, source.checkId);
    refuseToStart(mode, check);
  } else {
    const checked = await checkFile(ctx.db, kind, source.file);
    refuseToStart(mode, {
      valid: checked.validRows.length,
      invalid: checked.preview.totalRows - checked.preview.validRows,
    });
    check = await storeCheck(ctx.db, kind, source.file.fileName, checked);
  }
  const id = await ctx.db.transaction(async (tx) => {
    const [job] = await tx
      .insert(peopleImportJobs)
      .values({
        kind,
        mode,
        invite,
        fileName: check.fileName,
        total: check.valid,
        skipped: check.invalid,
        requestedBy: actorUserId,
        createdAt: ctx.now(),
      })
      .returning({ id: peopleImportJobs.id });
    const { id } = job as { id: string };
    await claimCheck(tx, check.id, id);
    const input: JobInput = {
      id,
      kind,
      mode,
      fileName: check.fileName,
      skipped: check.invalid,
      actorUserId,
      checkId: check.id,
      invite,
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
    if (job.invite) throw new ApiError(409, PEOPLE_IMPORT_MESSAGES.invitedNoCredentials);
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
