import {
  BANK_IO_MESSAGES,
  CATEGORY_SEPARATOR,
  categoryField,
  type ImportBankQuestionsData,
  type ImportBankQuestionsFields,
  type QuestionImportWarning,
} from '@examiq/contracts';
import { v7 as timeOrderedId } from 'uuid';
import type { AppDatabase } from '../../db/client';
import { bankQuestions } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import type { MediaLinks } from '../media/media-links';
import {
  type ReadQuestionFile,
  withStoredImages,
} from '../question-interchange/question-interchange.service';
import { type BankUser, courseNamed, rightsIn } from './bank-access';
import { checkAuthor, foldedSearchText } from './bank-questions';

/** Whether the user may import into the course's bank: an author of it (404, 403 otherwise). */
export async function checkImporter(db: AppDatabase, user: BankUser, courseId: string) {
  checkAuthor(await rightsIn(db, user, courseId));
}

/**
 * Where each question of the file goes: its file's category under the target one. A category
 * the bank cannot hold (too deep once under the target, a level too long) leaves the question in
 * the target itself, and a warning says so.
 */
function placesOf(read: ReadQuestionFile, target: string) {
  const warnings: QuestionImportWarning[] = [];
  const paths = read.data.questions.map((question) => {
    const inFile = read.categories[question.order - 1] ?? '';
    if (inFile === '') return target;
    const checked = categoryField.safeParse(
      [target, inFile].filter(Boolean).join(CATEGORY_SEPARATOR),
    );
    if (checked.success) return checked.data;
    warnings.push({
      question: question.order,
      message: BANK_IO_MESSAGES.categoryNotKept(
        inFile,
        checked.error.issues[0]?.message ?? '',
        target,
      ),
      skipped: false,
    });
    return target;
  });
  return { paths, warnings };
}

/**
 * Writes the questions of a file read into a course's bank as Draft, each in its category: all
 * of them, with the images they show, or none. Questions the exam's rules refuse as the file has
 * them are reported, as the wizard's import reports them, and not written.
 */
export async function importBankQuestions(
  db: AppDatabase,
  links: MediaLinks,
  user: BankUser,
  courseId: string,
  fields: ImportBankQuestionsFields,
  read: ReadQuestionFile,
  now: Date,
): Promise<ImportBankQuestionsData> {
  await checkImporter(db, user, courseId);
  const course = await courseNamed(db, courseId);
  const { paths, warnings: placeWarnings } = placesOf(read, fields.category);
  const report = {
    format: read.data.format,
    incomplete: read.data.incomplete,
    warnings: [...read.data.warnings, ...placeWarnings].sort((a, b) => a.question - b.question),
  };
  if (read.data.questions.length === 0) return { ...report, imported: 0, categories: [] };
  return db.transaction(async (tx) => {
    const { questions } = await withStoredImages(tx, links, read, user.userId, now);
    const rows = questions.map(({ id: _wizardId, ...content }, index) => ({
      id: timeOrderedId(),
      courseId,
      category: paths[index] ?? fields.category,
      tags: [],
      bloomLevel: fields.bloomLevel,
      courseOutcomes: [],
      status: 'DRAFT' as const,
      content,
      searchText: foldedSearchText(content),
      contentBy: user.userId,
      createdBy: user.userId,
      updatedBy: user.userId,
    }));
    await tx.insert(bankQuestions).values(rows);
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.category, (counts.get(row.category) ?? 0) + 1);
    const categories = [...counts]
      .map(([path, count]) => ({ path, count }))
      .sort((a, b) => a.path.localeCompare(b.path, 'en', { sensitivity: 'base' }));
    await recordAudit(
      tx,
      user.userId,
      {
        action: 'bank-question.import',
        recordType: 'course',
        recordId: courseId,
        recordLabel: course.name,
        summary: `Imported ${rows.length} bank questions from a ${read.data.format} file`,
        changes: { format: read.data.format, imported: rows.length, categories },
      },
      now,
    );
    return { ...report, imported: rows.length, categories };
  });
}
