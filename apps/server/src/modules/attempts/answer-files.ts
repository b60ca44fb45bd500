import { createHash } from 'node:crypto';
import {
  ANSWER_FILE_MESSAGES,
  ANSWER_FILE_UPLOAD,
  type AnswerFile,
  FILE_KIND_CONTENT_TYPES,
  FILE_KINDS,
  type FileKind,
  type MediaContentType,
} from '@examiq/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { v7 as timeOrderedId } from 'uuid';
import { type AppDatabase, queryRows } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { type AnswerResponse, answerFileContents, answerFiles } from '../../db/schema';
import { FieldErrors } from '../../errors';
import type { UploadedFile } from '../../plugins/uploads';
import { repeatEvery } from '../../repeat';
import { cleanImage, contentTypeOf } from '../media/check-image';
import type { SignedLinks } from '../media/media-links';

const MEBIBYTE = 1024 * 1024;

/** What a file upload question takes. */
export interface UploadRules {
  fileTypes: FileKind[];
  maxFiles: number;
  maxFileMb: number;
}

/** An uploaded file as stored: its row, without its bytes. */
export interface AnswerFileRow {
  id: string;
  attemptId: string;
  questionId: string;
  fileName: string;
  contentType: string;
  byteSize: number;
  uploadedAt: Date;
}

const rowColumns = {
  id: answerFiles.id,
  attemptId: answerFiles.attemptId,
  questionId: answerFiles.questionId,
  fileName: answerFiles.fileName,
  contentType: answerFiles.contentType,
  byteSize: answerFiles.byteSize,
  uploadedAt: answerFiles.uploadedAt,
};

/** The file as its readers are given it: with a URL signed for its attempt. */
export function answerFileOf(links: SignedLinks, row: AnswerFileRow, now: Date): AnswerFile {
  return {
    _id: row.id,
    questionId: row.questionId,
    fileName: row.fileName,
    contentType: row.contentType,
    bytes: row.byteSize,
    uploadedAt: row.uploadedAt.toISOString(),
    url: links.url(row.id, row.attemptId, now),
  };
}

const kindOf = (contentType: string | undefined): FileKind | undefined =>
  FILE_KINDS.find((kind) => contentType && FILE_KIND_CONTENT_TYPES[kind].includes(contentType));

/** A name for a file sent without one, from what its bytes are. */
const UNNAMED: Record<string, string> = {
  'application/pdf': 'answer.pdf',
  'image/jpeg': 'answer.jpg',
  'image/png': 'answer.png',
  'image/webp': 'answer.webp',
};

/**
 * The file as it is to be stored, checked against its question: at most the question's size, of
 * one of its kinds as the bytes say (a PDF starts with `%PDF-`), and an image whole, with its
 * metadata (EXIF with the phone's GPS position, XMP, comments) removed.
 */
export async function checkedAnswerFile(
  sent: UploadedFile,
  rules: UploadRules,
): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
  if (sent.bytes.length > rules.maxFileMb * MEBIBYTE) {
    throw new FieldErrors({ file: ANSWER_FILE_MESSAGES.tooLarge(rules.maxFileMb) });
  }
  const contentType = await contentTypeOf(sent.bytes);
  const kind = kindOf(contentType);
  if (!contentType || !kind || !rules.fileTypes.includes(kind)) {
    throw new FieldErrors({ file: ANSWER_FILE_MESSAGES.wrongKind(rules.fileTypes) });
  }
  let bytes = sent.bytes;
  if (kind === 'IMAGE') {
    const image = await cleanImage(contentType as MediaContentType, sent.bytes);
    if (typeof image === 'string') {
      throw new FieldErrors({
        file:
          image === 'too-many-pixels'
            ? ANSWER_FILE_MESSAGES.tooManyPixels
            : ANSWER_FILE_MESSAGES.unreadable,
      });
    }
    bytes = image.bytes;
  }
  return { bytes, contentType, fileName: sent.fileName || (UNNAMED[contentType] as string) };
}

/**
 * Stores a checked file for a question of an attempt: its bytes once under their SHA-256, shared
 * by every upload of the same bytes, and a row for this attempt and question, which the same
 * bytes sent again (a retry) find instead of storing anything (`created` false). The attempt's
 * uploads to one question are taken one at a time (a lock on the pair), so no two of them both
 * pass the count of ANSWER_FILE_UPLOAD.maxStoredPerQuestion.
 */
export async function storeAnswerFile(
  db: AppDatabase,
  target: { attemptId: string; questionId: string },
  file: { bytes: Buffer; contentType: string; fileName: string },
  now: Date,
): Promise<{ row: AnswerFileRow; created: boolean }> {
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`${target.attemptId}\n${target.questionId}`}, 0))`,
    );
    const stored = await tx
      .select({ ...rowColumns, sha256: answerFiles.sha256 })
      .from(answerFiles)
      .where(
        and(
          eq(answerFiles.attemptId, target.attemptId),
          eq(answerFiles.questionId, target.questionId),
        ),
      );
    const same = stored.find((row) => row.sha256 === sha256);
    if (same) return { row: same, created: false };
    if (stored.length >= ANSWER_FILE_UPLOAD.maxStoredPerQuestion) {
      throw new FieldErrors({
        file: ANSWER_FILE_MESSAGES.tooManyUploads(ANSWER_FILE_UPLOAD.maxStoredPerQuestion),
      });
    }
    // Bytes already stored are renewed, and so locked until this upload commits: the sweep of
    // bytes no file names waits, then finds them renewed and leaves them.
    await tx
      .insert(answerFileContents)
      .values({ sha256, byteSize: file.bytes.length, bytes: file.bytes })
      .onConflictDoUpdate({ target: answerFileContents.sha256, set: { uploadedAt: sql`now()` } });
    const [row] = await tx
      .insert(answerFiles)
      .values({
        // Time-ordered: an attempt's files list in the order they came, whatever the clock says.
        id: timeOrderedId(),
        ...target,
        sha256,
        fileName: file.fileName,
        contentType: file.contentType,
        byteSize: file.bytes.length,
        uploadedAt: now,
      })
      .returning(rowColumns);
    return { row: row as AnswerFileRow, created: true };
  });
}

const filesOfAttemptStatement = perDatabase((db) =>
  db
    .select(rowColumns)
    .from(answerFiles)
    .where(eq(answerFiles.attemptId, sql.placeholder('attemptId')))
    .orderBy(asc(answerFiles.uploadedAt), asc(answerFiles.id))
    .prepare('answer_files_of_attempt'),
);

/** Every file uploaded in the attempt, in the order they came. */
export function filesOfAttempt(db: AppDatabase, attemptId: string): Promise<AnswerFileRow[]> {
  return filesOfAttemptStatement(db).execute({ attemptId });
}

/** The files of these ids, whichever attempts they belong to. */
export async function filesByIds(
  db: Pick<AppDatabase, 'select'>,
  ids: readonly string[],
): Promise<Map<string, AnswerFileRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(rowColumns)
    .from(answerFiles)
    .where(inArray(answerFiles.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The ids an answer lists, as stored in its response; none for any other answer. */
export function fileIdsOf(response: AnswerResponse | null): string[] {
  return response && 'fileIds' in response ? response.fileIds : [];
}

/** The answer's files in its order, each with its URL; an id of no file (none) is left out. */
export function answerFilesOf(
  links: SignedLinks,
  response: AnswerResponse | null,
  files: ReadonlyMap<string, AnswerFileRow>,
  now: Date,
): AnswerFile[] {
  return fileIdsOf(response).flatMap((id) => {
    const row = files.get(id);
    return row ? [answerFileOf(links, row, now)] : [];
  });
}

const fileContentStatement = perDatabase((db) =>
  db
    .select({
      contentType: answerFiles.contentType,
      fileName: answerFiles.fileName,
      bytes: answerFileContents.bytes,
    })
    .from(answerFiles)
    .innerJoin(answerFileContents, eq(answerFileContents.sha256, answerFiles.sha256))
    .where(eq(answerFiles.id, sql.placeholder('fileId')))
    .prepare('answer_file_content'),
);

/** A file's type, name and bytes, or undefined when there is none by that id. */
export async function readAnswerFile(db: AppDatabase, fileId: string) {
  const [row] = await fileContentStatement(db).execute({ fileId });
  return row;
}

/**
 * How long stored bytes that no file names are kept after their last upload. Bytes lose their last
 * file when a student (and so their attempts) is deleted; a file uploaded but left out of the
 * answer stays, since the student may list it again and a marker may be asked about it.
 */
export const UNREFERENCED_CONTENT_KEPT_HOURS = 24;

/** Removes the stored bytes no uploaded file names any more. Returns how many it removed. */
export async function sweepUnreferencedAnswerFileContents(db: AppDatabase): Promise<number> {
  const removed = await queryRows<{ sha256: string }>(
    db,
    sql`
    delete from answer_file_contents content
    where content.uploaded_at < now() - make_interval(hours => ${UNREFERENCED_CONTENT_KEPT_HOURS})
      and not exists (select 1 from answer_files file where file.sha256 = content.sha256)
    returning content.sha256`,
  );
  return removed.length;
}

const SWEEP_INTERVAL_MS = 60 * 60_000;

/** Sweeps every hour until stopped; a failed sweep is logged, the next tries again. */
export function startAnswerFileSweep(db: AppDatabase, log: FastifyBaseLogger): () => Promise<void> {
  return repeatEvery(
    SWEEP_INTERVAL_MS,
    async () => {
      const removed = await sweepUnreferencedAnswerFileContents(db);
      if (removed > 0) log.info({ removed }, 'Stored bytes of deleted uploads removed');
    },
    log,
    'The sweep of stored bytes of deleted uploads failed',
  );
}
