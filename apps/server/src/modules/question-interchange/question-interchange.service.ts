import type {
  ParseQuestionsData,
  QuestionExportFormat,
  QuestionImportFormat,
} from '@examiq/contracts';
import type { AppDatabase } from '../../db/client';
import { readAiken } from './aiken';
import { exportedExam } from './exported-exam';
import { readGift, writeGift } from './gift';
import { decodeText, isZip, parseResult, wrongFormat } from './interchange';
import { readMoodleXml, writeMoodleXml } from './moodle-xml';
import { readQti, writeQtiPackage } from './qti';

/** The questions of an uploaded file, checked by the exam's rules, with what was left out. */
export function parseQuestionFile(
  format: QuestionImportFormat,
  bytes: Uint8Array,
): ParseQuestionsData {
  if (format === 'qti') return parseResult(format, readQti(bytes));
  if (isZip(bytes)) wrongFormat(format);
  const text = decodeText(bytes);
  const readers = { gift: readGift, 'moodle-xml': readMoodleXml, aiken: readAiken };
  return parseResult(format, readers[format](text));
}

export const QUESTION_FILE_CONTENT_TYPES: Record<QuestionExportFormat, string> = {
  gift: 'text/plain; charset=utf-8',
  'moodle-xml': 'application/xml; charset=utf-8',
  qti: 'application/zip',
};

/** An exam's questions with their answer keys as a file of the format, and its name. */
export async function exportExamQuestions(
  db: AppDatabase,
  examId: string,
  format: QuestionExportFormat,
  now: Date,
) {
  const exam = await exportedExam(db, examId, now);
  const writers = {
    gift: () => ({ name: `${exam.examId}-questions.gift`, body: writeGift(exam) }),
    'moodle-xml': () => ({ name: `${exam.examId}-questions.xml`, body: writeMoodleXml(exam) }),
    qti: () => ({ name: `${exam.examId}-qti.zip`, body: Buffer.from(writeQtiPackage(exam)) }),
  };
  return writers[format]();
}
