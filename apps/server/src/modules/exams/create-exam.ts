import type { CreateExamPayload, ExamListItem } from '@examiq/contracts';
import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { FOREIGN_KEY_VIOLATION, failedWithSqlState, NOT_NULL_VIOLATION } from '../../db/errors';
import { insertMany } from '../../db/insert-many';
import { perDatabase } from '../../db/per-database';
import { placeholdersFor } from '../../db/prepared-insert';
import {
  branches,
  courses,
  examFaculty,
  examSections,
  exams,
  examTargetSections,
  questions,
  sections,
} from '../../db/schema';
import { auditInsertSql } from '../audit/audit';
import { checkAudience, checkDuration, withCanonicalIds } from './check-exam';
import { listColumns, toExamListItem } from './exam-header';
import { rowsOf } from './exam-rows';

/** The rows an exam brings besides its own, each kind inserted from one JSON parameter. */
const examParts = {
  targetSections: insertMany(examTargetSections, ['examId', 'sectionId']),
  faculty: insertMany(examFaculty, ['examId', 'facultyUserId', 'position']),
  sections: insertMany(examSections, [
    'id',
    'examId',
    'position',
    'name',
    'orderLabel',
    'marks',
    'questionType',
    'totalQuestions',
    'timeLimitMinutes',
    'isOptional',
    'instructions',
    'answerAny',
  ]),
  questions: insertMany(questions, [
    'id',
    'sectionId',
    'position',
    'questionText',
    'questionType',
    'marks',
    'questionOrder',
    'difficulty',
    'explanation',
    'options',
    'correctOption',
    'sampleAnswer',
    'keywords',
    'modelAnswer',
    'minWordCount',
    'maxWordCount',
    'settings',
    'answerKey',
    'bankQuestionId',
    'bankVersion',
  ]),
};
type ExamRow = ReturnType<typeof rowsOf>['exam'];

/**
 * The exam's placement as the database has it: each id is written only when it nests as the
 * payload says (the course is one of the batch's, the branch one of the course's, every section
 * one of the branch's) and is null otherwise, which its column refuses. So the insert checks the
 * nesting itself, with no round trip before it, and the foreign keys check that each exists.
 */
const placementValues = {
  batchId: sql`(select ${courses.batchId} from ${courses} where ${courses.id} = ${sql.placeholder('courseId')} and ${courses.batchId} = ${sql.placeholder('batchId')})`,
  courseId: sql`(select ${branches.courseId} from ${branches} where ${branches.id} = ${sql.placeholder('branchId')} and ${branches.courseId} = ${sql.placeholder('courseId')})`,
  branchId: sql`(select ${sql.placeholder('branchId')}::uuid where not exists (select from ${sections} where ${sections.id} = any(${sql.placeholder('sectionIds')}::uuid[]) and ${sections.branchId} <> ${sql.placeholder('branchId')}))`,
};

/**
 * The exam and all its rows in one statement, prepared once per connection: its text is the same
 * for every exam, whatever its size. Each part of one statement sees the same snapshot, and
 * foreign keys are checked at its end, so the children, and the audit log's entry, may be
 * written beside their exam.
 */
const insertExam = perDatabase((db) => {
  const parts = Object.entries(examParts).map(([name, part]) =>
    db.$with(`exam_${name}`, {}).as(part.statement(name)),
  );
  const audit = db.$with('exam_audit', {}).as(
    auditInsertSql({
      at: sql`now()`,
      actorUserId: sql.placeholder('createdBy'),
      action: sql`'exam.create'`,
      recordType: sql`'exam'`,
      recordId: sql.placeholder('id'),
      recordLabel: sql.placeholder('title'),
      summary: sql.placeholder('auditSummary'),
    }),
  );
  return db
    .with(...parts, audit)
    .insert(exams)
    .values({
      ...placeholdersFor<typeof exams>([
        'id',
        'title',
        'description',
        'subject',
        'totalMarks',
        'passingMarks',
        'durationMinutes',
        'mode',
        'status',
        'generalInstructions',
        'shuffleQuestions',
        'shuffleOptions',
        'showAnswersAfterPublish',
        'proctoringThresholds',
        'examDate',
        'startTime',
        'endTime',
        'startDate',
        'endDate',
        'bufferBeforeMinutes',
        'bufferAfterMinutes',
        'createdBy',
      ] satisfies (keyof ExamRow)[]),
      ...placementValues,
    })
    .returning(listColumns)
    .prepare('create_exam');
});

/**
 * Stores the exam with its audience, faculty, sections and questions in one statement: one
 * statement is atomic, so nothing is left when any insert fails. Adding the exam locks the exams'
 * row count until the commit; without a transaction around the statement, that is its own end,
 * and creates of other exams never wait for a round trip to this server. When the statement is
 * refused for what the audience names (missing, removed meanwhile, or not nested as sent), the
 * audience checks say which field is wrong. A proctored exam is checked first, for its proctors'
 * status.
 */
export async function createExam(
  db: AppDatabase,
  input: CreateExamPayload,
  createdBy: string,
): Promise<ExamListItem> {
  const exam = withCanonicalIds(input);
  await checkDuration(db, exam);
  // A deactivated proctor's account still satisfies the foreign keys, and the statement checks
  // only the first group's nesting: the checks refuse the rest.
  if (exam.assignedFacultyIds.length > 0 || exam.additionalAudiences.length > 0) {
    await checkAudience(db, exam);
  }
  const rows = rowsOf(exam, createdBy);
  const [created] = await insertExam(db)
    .execute({
      ...rows.exam,
      sectionIds: exam.sectionIds,
      targetSections: examParts.targetSections.rows(rows.targetSections),
      faculty: examParts.faculty.rows(rows.faculty),
      sections: examParts.sections.rows(rows.sections),
      questions: examParts.questions.rows(rows.questions),
      auditSummary: `Created the exam as ${exam.examStatus === 'DRAFT' ? 'a draft' : 'published'}`,
    })
    .catch(async (error: unknown) => {
      if (
        failedWithSqlState(error, FOREIGN_KEY_VIOLATION) ||
        failedWithSqlState(error, NOT_NULL_VIOLATION)
      ) {
        await checkAudience(db, exam);
      }
      throw error;
    });
  if (!created) throw new Error('An insert returned no row');
  return toExamListItem(
    created,
    rows.faculty.map((assignment) => assignment.facultyUserId),
  );
}
