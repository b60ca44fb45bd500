import {
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  QUESTION_INTERCHANGE_MESSAGES as MESSAGES,
  type ParseQuestionsData,
  type QuestionExportFormat,
  type QuestionImportFormat,
} from '@examiq/contracts';
import { inArray } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { media } from '../../db/schema';
import { ApiError, FieldErrors } from '../../errors';
import { type CheckedImage, checkImage } from '../media/check-image';
import { storeMedia } from '../media/media.service';
import { type MediaLinks, UPLOADER_AUDIENCE } from '../media/media-links';
import { readAiken } from './aiken';
import { type ExportedExam, exportedExam } from './exported-exam';

export { type ExportedExam, mediaOf } from './exported-exam';
export type { ReadQuestionFile } from './interchange';

import { readGift, writeGift } from './gift';
import {
  decodeText,
  isZip,
  parseResult,
  type QuestionImage,
  type ReadQuestionFile,
  wrongFormat,
} from './interchange';
import { readMoodleXml, writeMoodleXml } from './moodle-xml';
import { readQti } from './qti';
import { writeQtiPackage } from './qti-package';

/**
 * The questions of an uploaded file, checked by the exam's rules, with what was left out and the
 * images they hold (not yet stored: this runs on the parser thread).
 */
export function parseQuestionFile(
  format: QuestionImportFormat,
  bytes: Uint8Array,
): ReadQuestionFile {
  if (format === 'qti') return parseResult(format, readQti(bytes));
  if (isZip(bytes)) wrongFormat(format);
  const text = decodeText(bytes);
  const readers = { gift: readGift, 'moodle-xml': readMoodleXml, aiken: readAiken };
  return parseResult(format, readers[format](text));
}

/** An image of the file checked as an upload is; refused, it names the question holding it. */
async function checkedImage(image: QuestionImage): Promise<CheckedImage> {
  const { question, title } = image.place;
  const refused = (reason: string) =>
    new ApiError(400, MESSAGES.imageRefused(question, title, image.name, reason));
  if (image.bytes.length > MEDIA_LIMITS.maxBytes) throw refused(MEDIA_MESSAGES.tooLarge);
  try {
    return await checkImage(Buffer.from(image.bytes));
  } catch (error) {
    if (error instanceof FieldErrors) throw refused(error.errors.file ?? MEDIA_MESSAGES.unreadable);
    throw error;
  }
}

/**
 * The parse response of a file read: its images stored as media (every one checked as an upload
 * is before any is stored, so a file with a bad image stores nothing), the questions naming each
 * by its stored id, and the signed URLs of every image the questions show.
 */
export async function withStoredImages(
  db: AppDatabase,
  links: MediaLinks,
  read: ReadQuestionFile,
  uploadedBy: string,
  now: Date,
): Promise<ParseQuestionsData> {
  const checked: { image: QuestionImage; checked: CheckedImage }[] = [];
  for (const image of read.images) checked.push({ image, checked: await checkedImage(image) });
  const storedIds = new Map<string, string>();
  await db.transaction(async (tx) => {
    for (const { image, checked: bytes } of checked) {
      const stored = await storeMedia(tx, links, bytes, uploadedBy, now);
      storedIds.set(image.id, stored.media._id);
    }
  });
  // Stripping metadata changes the bytes, and so the id, of some images.
  const renamed = [...storedIds].filter(([read, stored]) => read !== stored);
  let { data } = read;
  if (renamed.length > 0) {
    let json = JSON.stringify(data);
    for (const [from, to] of renamed) json = json.replaceAll(`media:${from}`, `media:${to}`);
    data = JSON.parse(json) as ReadQuestionFile['data'];
  }
  const shown = read.mediaIds.map((id) => storedIds.get(id) ?? id);
  // A Markdown file may name media by id: only those stored here can be shown.
  const stored =
    shown.length === 0
      ? []
      : await db.select({ id: media.id }).from(media).where(inArray(media.id, shown));
  return {
    ...data,
    mediaUrls: links.urls(
      stored.map((row) => row.id),
      UPLOADER_AUDIENCE,
      now,
    ),
  };
}

export const QUESTION_FILE_CONTENT_TYPES: Record<QuestionExportFormat, string> = {
  gift: 'text/plain; charset=utf-8',
  'moodle-xml': 'application/xml; charset=utf-8',
  qti: 'application/zip',
};

/** Questions with their answer keys as a file of the format, and its name. */
export function writeQuestionFile(exam: ExportedExam, format: QuestionExportFormat) {
  const writers = {
    gift: () => ({ name: `${exam.examId}-questions.gift`, body: writeGift(exam) }),
    'moodle-xml': () => ({ name: `${exam.examId}-questions.xml`, body: writeMoodleXml(exam) }),
    qti: () => ({ name: `${exam.examId}-qti.zip`, body: Buffer.from(writeQtiPackage(exam)) }),
  };
  return writers[format]();
}

/** An exam's questions with their answer keys as a file of the format, and its name. */
export async function exportExamQuestions(
  db: AppDatabase,
  examId: string,
  format: QuestionExportFormat,
  now: Date,
) {
  return writeQuestionFile(await exportedExam(db, examId, now), format);
}
