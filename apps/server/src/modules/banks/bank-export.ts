import {
  BANK_IO_MESSAGES,
  type ExportBankQuestionsQuery,
  QUESTION_FILE_LIMITS,
} from '@examiq/contracts';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { bankQuestions } from '../../db/schema';
import { ApiError } from '../../errors';
import {
  type ExportedExam,
  mediaOf,
  writeQuestionFile,
} from '../question-interchange/question-interchange.service';
import { type BankUser, courseNamed, rightsIn } from './bank-access';
import { inCategory } from './bank-question-list';

/** A name safe in a file name and a header: the course's, in lower case, words joined by dashes. */
const fileNameOf = (name: string) =>
  `${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'course'
  }-bank`;

/** The questions an export takes: the selection as chosen, or the category's questions in use. */
async function exportedRows(db: AppDatabase, query: ExportBankQuestionsQuery) {
  const { courseId, ids } = query;
  const rows = await db
    .select({ category: bankQuestions.category, content: bankQuestions.content })
    .from(bankQuestions)
    .where(
      and(
        eq(bankQuestions.courseId, courseId),
        ids
          ? inArray(bankQuestions.id, ids)
          : and(
              inCategory(query.category ?? '', query.includeSubcategories),
              // A category's export is what the bank offers for papers: retired questions stay.
              ne(bankQuestions.status, 'RETIRED'),
            ),
      ),
    )
    .orderBy(asc(bankQuestions.category), asc(bankQuestions.id))
    .limit(QUESTION_FILE_LIMITS.maxQuestions + 1);
  if (ids && rows.length < ids.length) {
    throw new ApiError(404, BANK_IO_MESSAGES.notInBank(ids.length - rows.length));
  }
  if (rows.length === 0) throw new ApiError(404, BANK_IO_MESSAGES.nothingToExport);
  if (rows.length > QUESTION_FILE_LIMITS.maxQuestions) {
    throw new ApiError(400, BANK_IO_MESSAGES.exportTooLarge);
  }
  return rows;
}

/**
 * A category of a course's bank (with its subcategories unless told otherwise) or a selection of
 * its questions as a question file with their answer keys, a category of the file per category of
 * the bank, so an import elsewhere rebuilds the tree.
 */
export async function exportBankQuestions(
  db: AppDatabase,
  user: BankUser,
  query: ExportBankQuestionsQuery,
) {
  await rightsIn(db, user, query.courseId);
  const course = await courseNamed(db, query.courseId);
  const rows = await exportedRows(db, query);
  const sections: ExportedExam['sections'] = [];
  for (const row of rows) {
    const last = sections.at(-1);
    if (last?.category === row.category) last.questions.push(row.content);
    else sections.push({ name: row.category, category: row.category, questions: [row.content] });
  }
  const exported: ExportedExam = {
    examId: fileNameOf(course.name),
    examTitle: course.name,
    sections,
    media: await mediaOf(
      db,
      rows.map((row) => row.content),
    ),
  };
  return writeQuestionFile(exported, query.format);
}
