import {
  audienceSectionLabel,
  type ExamResult,
  type ExamResultsData,
  type ResultsQuery,
} from '@examiq/contracts';
import type { AppDatabase } from '../../db/client';
import { findPage } from '../../db/paging';
import { preparedSql } from '../../db/prepared-sql';
import { containing } from '../../db/search';
import { examPaper } from '../attempts/exam-paper';
import { audienceSections } from '../exams/audience-sections';
import { examHeaderWithMarksOf } from '../exams/exam-header';
import { countsAbsentAsZero } from '../settings/settings.service';
import type { BlindCodes } from './blind-codes';
import { resultSummary } from './result-summary';
import {
  examEnded,
  examScores,
  factsOf,
  publishedExam,
  resultStatusOf,
  scoreAttempt,
} from './scores';

/**
 * The rows of an exam's results in roll number order: its submitted attempts, and once the exam
 * has ended ($2) the students of its audience who never started. `row_key` (the attempt's id, or
 * the absent student's) orders students with the same roll number and pages the export.
 */
export const RESULT_ROWS = `select 'SUBMITTED' as status, attempt.id as row_key, attempt.id as attempt_id,
    attempt.submitted_at, student.id as student_key, student.student_id, student.roll_number,
    student.first_name, student.last_name, student.section_id,
    branch.code as branch_code, section.name as section_name
  from exam_attempts as attempt
  inner join students as student on student.user_id = attempt.student_user_id
  inner join sections as section on section.id = student.section_id
  inner join branches as branch on branch.id = section.branch_id
  where attempt.exam_id = $1 and attempt.status = 'SUBMITTED'
    and ($3::text is null or (student.first_name || ' ' || student.last_name) ilike $3
      or student.roll_number ilike $3 or student.student_id ilike $3)
  union all
  select 'ABSENT', student.id, null::uuid, null::timestamptz, student.id, student.student_id,
    student.roll_number, student.first_name, student.last_name, student.section_id,
    branch.code, section.name
  from exam_target_sections as target
  inner join students as student on student.section_id = target.section_id
  inner join sections as section on section.id = target.section_id
  inner join branches as branch on branch.id = section.branch_id
  where $2::boolean and target.exam_id = $1
    and not exists (select 1 from exam_attempts as attempt
      where attempt.exam_id = $1 and attempt.student_user_id = student.user_id)
    and ($3::text is null or (student.first_name || ' ' || student.last_name) ilike $3
      or student.roll_number ilike $3 or student.student_id ilike $3)`;

export interface ResultRow {
  status: 'SUBMITTED' | 'ABSENT';
  row_key: string;
  attempt_id: string | null;
  submitted_at: Date | null;
  student_key: string;
  student_id: string;
  roll_number: string;
  first_name: string;
  last_name: string;
  section_id: string;
  branch_code: string;
  section_name: string;
}

const resultRowsPage = preparedSql<ResultRow & { flags: ExamResult['flags'] | null }>(
  'exam_result_rows',
  `select row.*, (select json_build_object(
      'pending', count(*) filter (where alert.review_status = 'PENDING'),
      'dismissed', count(*) filter (where alert.review_status = 'DISMISSED'),
      'confirmed', count(*) filter (where alert.review_status = 'CONFIRMED'))
      from proctor_alerts as alert
      where alert.attempt_id = row.attempt_id and alert.type = 'error') as flags
  from (${RESULT_ROWS}) as row
  where $6::uuid is null or row.section_id = $6
  order by row.roll_number, row.row_key
  limit $4 offset $5`,
);

const resultRowCount = preparedSql<{ total: number }>(
  'exam_result_row_count',
  `select count(*)::int as total from (${RESULT_ROWS}) as row
  where $4::uuid is null or row.section_id = $4`,
);

const NO_FLAGS = { pending: 0, dismissed: 0, confirmed: 0 };

/**
 * An exam's results: its figures over every submitted attempt, and one page of those attempts
 * with each student beside their anonymous code, and of the absent once the exam has ended.
 */
export async function examResults(
  db: AppDatabase,
  codes: BlindCodes,
  examId: string,
  query: ResultsQuery,
  now: Date,
): Promise<ExamResultsData> {
  const exam = await publishedExam(db, examId);
  const pattern = query.search ? containing(query.search) : null;
  const facts = await factsOf(db, exam.id);
  const ended = examEnded(exam, facts, now);
  const section = query.section ?? null;
  const [scores, paper, { items: rows, pagination }, absentAsZero, sectionsOfExam] =
    await Promise.all([
      examScores(db, exam),
      examPaper(db, exam.id, exam.paperVersion),
      findPage(
        query,
        ({ limit, offset }) =>
          resultRowsPage(db, [exam.id, ended, pattern, limit, offset, section]),
        async () => {
          const [count] = await resultRowCount(db, [exam.id, ended, pattern, section]);
          return count?.total ?? 0;
        },
      ),
      countsAbsentAsZero(db),
      audienceSections(db, exam.id),
    ]);
  const unanswered = scoreAttempt(exam, paper, undefined, null);
  return {
    exam: examHeaderWithMarksOf(exam, {
      showAnswersAfterPublish: exam.showAnswersAfterPublish,
      resultsPublishedAt: exam.resultsPublishedAt?.toISOString() ?? null,
    }),
    resultStatus: resultStatusOf(exam, facts, now),
    sittingsOver: ended,
    summary: resultSummary(facts, scores.values(), ended, absentAsZero),
    results: rows.map((row) => {
      const student = {
        _id: row.student_key,
        studentId: row.student_id,
        rollNumber: row.roll_number,
        firstName: row.first_name,
        lastName: row.last_name,
        section: audienceSectionLabel({ branchCode: row.branch_code, name: row.section_name }),
      };
      if (row.attempt_id === null) {
        // The sections are the exam's, for the table's columns; an absent student has no marks.
        return {
          status: 'ABSENT' as const,
          attemptId: null,
          attemptCode: null,
          student,
          flags: NO_FLAGS,
          submittedAt: null,
          sections: unanswered.sections,
          total: null,
          toMark: 0,
          passed: null,
        };
      }
      return {
        status: 'SUBMITTED' as const,
        attemptId: row.attempt_id,
        attemptCode: codes.attemptCode(row.attempt_id),
        student,
        flags: row.flags ?? NO_FLAGS,
        submittedAt: row.submitted_at?.toISOString() ?? null,
        // An attempt that answered nothing has no marks read: it scores as an empty one.
        ...(scores.get(row.attempt_id) ?? unanswered),
      };
    }),
    audienceSections: sectionsOfExam,
    pagination,
  };
}
