import { setImmediate as nextTurn } from 'node:timers/promises';
import { PEOPLE_IMPORT_MESSAGES, type PeopleImportKind } from '@examiq/contracts';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AppDatabase } from '../../db/client';
import { peopleImportCheckRows, peopleImportChecks } from '../../db/schema';
import { ApiError } from '../../errors';
import { repeatEvery } from '../../repeat';
import type { CheckedFile, ValidRow } from './check-rows';

/** Rows written per statement: each statement holds the embedded engine for milliseconds. */
const ROWS_PER_INSERT = 100;

/** A kept check: enough to start an import from it, its rows read as the import goes. */
export interface StoredCheck {
  id: string;
  fileName: string;
  valid: number;
  invalid: number;
}

/** An unclaimed check older than an hour: no import can name it any more. */
const expired = sql`${peopleImportChecks.createdAt} < now() - interval '1 hour'`;

/** Drops the checks no import can name any more, with the people's rows they held. */
export async function dropExpiredChecks(db: AppDatabase): Promise<number> {
  const dropped = await db
    .delete(peopleImportChecks)
    .where(and(isNull(peopleImportChecks.jobId), expired))
    .returning({ id: peopleImportChecks.id });
  return dropped.length;
}

/**
 * Drops expired checks every hour until stopped, so a file previewed and never imported does not
 * keep its people's details beyond the hour; a failed run is logged and the next tries again.
 */
export function startCheckExpiry(db: AppDatabase, log: FastifyBaseLogger): () => Promise<void> {
  return repeatEvery(
    CHECK_EXPIRY_INTERVAL_MS,
    async () => {
      const dropped = await dropExpiredChecks(db);
      if (dropped > 0) log.info({ dropped }, 'Expired import checks dropped');
    },
    log,
    'The expiry of import checks failed',
  );
}

const CHECK_EXPIRY_INTERVAL_MS = 60 * 60_000;

/**
 * Keeps a checked file's valid rows for the import that may follow, a batch per statement with
 * other requests served between them.
 */
export async function storeCheck(
  db: AppDatabase,
  kind: PeopleImportKind,
  fileName: string,
  { preview, validRows }: CheckedFile,
): Promise<StoredCheck> {
  const check = {
    fileName,
    valid: validRows.length,
    invalid: preview.totalRows - preview.validRows,
  };
  const [stored] = await db
    .insert(peopleImportChecks)
    .values({ kind, ...check })
    .returning({ id: peopleImportChecks.id });
  const { id } = stored as { id: string };
  for (let start = 0; start < validRows.length; start += ROWS_PER_INSERT) {
    await db
      .insert(peopleImportCheckRows)
      .values(
        validRows
          .slice(start, start + ROWS_PER_INSERT)
          .map(({ row, payload }) => ({ checkId: id, row, payload })),
      );
    await nextTurn();
  }
  return { id, ...check };
}

/** The unclaimed, unexpired check of this kind with this id; 404 when there is none. */
export async function findCheck(
  db: AppDatabase,
  kind: PeopleImportKind,
  id: string,
): Promise<StoredCheck> {
  const [check] = z.uuid().safeParse(id).success
    ? await db
        .select({
          id: peopleImportChecks.id,
          fileName: peopleImportChecks.fileName,
          valid: peopleImportChecks.valid,
          invalid: peopleImportChecks.invalid,
        })
        .from(peopleImportChecks)
        .where(
          and(
            eq(peopleImportChecks.id, id),
            eq(peopleImportChecks.kind, kind),
            isNull(peopleImportChecks.jobId),
            sql`not ${expired}`,
          ),
        )
    : [];
  if (!check) throw new ApiError(404, PEOPLE_IMPORT_MESSAGES.checkGone);
  return check;
}

/** Gives the check to an import, inside its transaction: one check starts one import. */
export async function claimCheck(tx: AppDatabase, checkId: string, jobId: string): Promise<void> {
  const claimed = await tx
    .update(peopleImportChecks)
    .set({ jobId })
    .where(and(eq(peopleImportChecks.id, checkId), isNull(peopleImportChecks.jobId)))
    .returning({ id: peopleImportChecks.id });
  if (claimed.length === 0) throw new ApiError(404, PEOPLE_IMPORT_MESSAGES.checkGone);
}

/** The check's next rows after row number `after`, in the file's order. */
export async function checkRowsAfter(
  db: AppDatabase,
  checkId: string,
  after: number,
  limit: number,
): Promise<ValidRow[]> {
  const rows = await db
    .select({ row: peopleImportCheckRows.row, payload: peopleImportCheckRows.payload })
    .from(peopleImportCheckRows)
    .where(and(eq(peopleImportCheckRows.checkId, checkId), gt(peopleImportCheckRows.row, after)))
    .orderBy(asc(peopleImportCheckRows.row))
    .limit(limit);
  return rows as ValidRow[];
}

/** Deletes a check and its rows, once its import has ended. */
export async function dropCheck(db: AppDatabase, checkId: string): Promise<void> {
  await db.delete(peopleImportChecks).where(eq(peopleImportChecks.id, checkId));
}
