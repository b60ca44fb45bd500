import {
  audienceSectionLabel,
  type ExamResult,
  type ExamResultStatus,
  type ExamResultsData,
  type Pagination,
  PEOPLE_MESSAGES,
  RESULT_MESSAGES,
  type ResultQuestion,
  type ResultStatus,
  type ResultStatusesData,
  type ResultsQuery,
  type StudentExam,
  type StudentExamsData,
  type StudentResultData,
} from '@examiq/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { findPage } from '../../db/paging';
import { perDatabase } from '../../db/per-database';
import { preparedSql } from '../../db/prepared-sql';
import { examAttempts, examSections, exams, questions, students } from '../../db/schema';
import { containing } from '../../db/search';
import { ApiError } from '../../errors';
import { savedAnswers, visibleExam } from '../attempts/attempt-records';
import { examPaper } from '../attempts/exam-paper';
import { auditInsertText } from '../audit/audit';
import { audienceSections } from '../exams/exams.service';
import { type MediaLinks, mediaIdsOf, mediaUrlsFor } from '../media/media-links';
import { countsAbsentAsZero } from '../settings/settings.service';
import type { BlindCodes } from './blind-codes';
import { resultSummary } from './result-summary';
import {
  examEnded,
  examHeadOf,
  examScores,
  publishedExam,
  type ResultFacts,
  resultFacts,
  resultStatusOf,
  scoreAttempt,
  sectionMarks,
} from './scores';

async function factsOf(db: AppDatabase, examId: string): Promise<ResultFacts> {
  const facts = (await resultFacts(db, [examId])).get(examId);
  if (!facts) throw new Error(`No result facts were read for exam ${examId}`);
  return facts;
}

// --- The admin's results of one exam ----------------------------------------------------------

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
  const unanswered = scoreAttempt(exam, paper, undefined);
  return {
    exam: {
      ...examHeadOf(exam),
      showAnswersAfterPublish: exam.showAnswersAfterPublish,
      resultsPublishedAt: exam.resultsPublishedAt?.toISOString() ?? null,
    },
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

// --- Publishing -------------------------------------------------------------------------------

/**
 * Publishes once: of two publishes at the same time, only the first finds it unpublished, and
 * only it is recorded in the audit log.
 */
const publishStatement = preparedSql<{ results_published_at: Date }>(
  'publish_results',
  `with published as (
    update exams set results_published_at = $2, results_published_by = $3
    where id = $1 and results_published_at is null
    returning id, exam_id, title, results_published_at
  ), audit as (
    ${auditInsertText(
      {
        at: '$2',
        actorUserId: '$3',
        action: "'exam.publish-results'",
        recordType: "'exam'",
        recordId: 'id',
        recordLabel: 'title',
        summary: "'Published the results of exam ' || exam_id",
      },
      'published',
    )}
  )
  select results_published_at from published`,
);

export async function publishResults(
  db: AppDatabase,
  examId: string,
  publishedBy: string,
  now: Date,
) {
  const exam = await publishedExam(db, examId);
  if (exam.resultsPublishedAt) throw new ApiError(409, RESULT_MESSAGES.alreadyPublished);
  const facts = await factsOf(db, exam.id);
  if (!examEnded(exam, facts, now)) throw new ApiError(409, RESULT_MESSAGES.examNotEnded);
  if (facts.answersToMark > 0) {
    throw new ApiError(409, RESULT_MESSAGES.answersToMark(facts.answersToMark));
  }
  const [published] = await publishStatement(db, [exam.id, now, publishedBy]);
  if (!published) throw new ApiError(409, RESULT_MESSAGES.alreadyPublished);
  return {
    resultStatus: 'Published' as const,
    resultsPublishedAt: published.results_published_at.toISOString(),
  };
}

// --- Completed exams and where their results stand ---------------------------------------------

/**
 * The published exams whose sittings are over at the wall-clock minute $1, with where their
 * results stand, newest window first, one page ($3, $4) of those of status $2 (or of any), and
 * how many are over in all and how many of them await publication. Sittings and marks are counted
 * only for exams not yet published, and an exam's audience only while its window is open (it is
 * over early once everyone has submitted), so the published history costs a row each.
 */
const completedExamsStatement = preparedSql<{
  id: string;
  result_status: ResultStatus;
  answers_to_mark: number;
  submitted: number;
  total: number;
  pending: number;
}>(
  'completed_exams',
  `with started as (
    select exam.id, exam.window_end, exam.window_end <= $1::timestamp as closed,
      exam.results_published_at is not null as published
    from exams as exam
    where exam.status = 'PUBLISH' and exam.window_start <= $1::timestamp
  ), judged as (
    select started.*, sittings.in_progress, sittings.submitted, sittings.to_mark
    from started
    left join lateral (
      select count(*) filter (where attempt.status = 'IN_PROGRESS') as in_progress,
        count(*) filter (where attempt.status = 'SUBMITTED') as submitted,
        coalesce(sum((select count(*) from attempt_answers as answer
          where answer.attempt_id = attempt.id and answer.awarded_marks is null)
          ) filter (where attempt.status = 'SUBMITTED'), 0) as to_mark
      from exam_attempts as attempt
      where attempt.exam_id = started.id and not started.published
    ) as sittings on true
  ), completed as (
    select id, window_end, coalesce(to_mark, 0)::int as answers_to_mark,
      case when published then 'Published'
        when to_mark = 0 then 'Ready to Publish' else 'Evaluating' end as result_status
    from judged
    where published or (in_progress = 0 and (closed or (submitted > 0 and submitted >= (
      select count(*) from exam_target_sections as target
      inner join students as student on student.section_id = target.section_id
      where target.exam_id = judged.id))))
  ), counted as (
    select completed.*,
      count(*) filter (where result_status <> 'Published') over ()::int as pending
    from completed
  )
  select id, result_status, answers_to_mark, pending, count(*) over ()::int as total,
    (select count(*)::int from exam_attempts as attempt
      where attempt.exam_id = counted.id and attempt.status = 'SUBMITTED') as submitted
  from counted
  where $2::text is null or result_status = $2::text
  order by window_end desc, id desc
  limit $3 offset $4`,
);

const examsByIds = perDatabase((db) =>
  db
    .select()
    .from(exams)
    .where(sql`${exams.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('exams_by_ids'),
);

/**
 * One page of the completed exams (of one result status, or of any) with where their results
 * stand, and how many completed exams await publication.
 */
export async function completedExams(
  db: AppDatabase,
  asOf: string,
  query: { page: number; limit: number; status?: ResultStatus | undefined },
): Promise<{ exams: ExamResultStatus[]; pagination: Pagination; pending: number }> {
  const {
    items: rows,
    pagination,
    counted,
  } = await findPage(query, ({ limit, offset }) =>
    completedExamsStatement(db, [asOf, query.status ?? null, limit, offset]),
  );
  const examRows = await examsByIds(db).execute({ ids: rows.map((row) => row.id) });
  const examOf = new Map(examRows.map((exam) => [exam.id, exam]));
  return {
    exams: rows.flatMap((row) => {
      const exam = examOf.get(row.id);
      return exam
        ? [
            {
              ...examHeadOf(exam),
              resultStatus: row.result_status,
              submitted: row.submitted,
              answersToMark: row.answers_to_mark,
            },
          ]
        : [];
    }),
    pagination,
    pending: counted?.pending ?? 0,
  };
}

export async function resultStatuses(
  db: AppDatabase,
  query: { page: number; limit: number; status?: ResultStatus | undefined },
  asOf: string,
): Promise<ResultStatusesData> {
  const { exams: page, pagination } = await completedExams(db, asOf, query);
  return { exams: page, pagination };
}

// --- The student's own result -------------------------------------------------------------------

/** What a published result may show of each question beyond what the student saw sitting it. */
const questionKeys = perDatabase((db) =>
  db
    .select({
      id: questions.id,
      correctOption: questions.correctOption,
      modelAnswer: sql<
        string | null
      >`coalesce(${questions.modelAnswer}, ${questions.sampleAnswer})`,
      explanation: questions.explanation,
    })
    .from(questions)
    .innerJoin(examSections, eq(examSections.id, questions.sectionId))
    .where(eq(examSections.examId, sql.placeholder('examId')))
    .prepare('exam_question_keys'),
);

export async function studentResult(
  db: AppDatabase,
  userId: string,
  examId: string,
  now: Date,
  links: MediaLinks,
): Promise<StudentResultData> {
  const { exam, attempt } = await visibleExam(db, userId, examId);
  if (!exam.resultsPublishedAt) throw new ApiError(404, RESULT_MESSAGES.notPublished);
  if (attempt?.status !== 'SUBMITTED') throw new ApiError(404, RESULT_MESSAGES.noResult);
  const [paper, marks, answers, keys] = await Promise.all([
    examPaper(db, exam.id, exam.paperVersion),
    sectionMarks(db, exam.id, [attempt.id]),
    savedAnswers(db).execute({ attemptId: attempt.id }),
    exam.showAnswersAfterPublish ? questionKeys(db).execute({ examId: exam.id }) : [],
  ]);
  const score = scoreAttempt(exam, paper, marks.get(attempt.id));
  const answerOf = new Map(answers.map((answer) => [answer.questionId, answer]));
  const keyOf = new Map(keys.map((key) => [key.id, key]));
  // The images of the questions, and of the key where it is shown; never of a student's answer.
  const shown = mediaIdsOf(keys.flatMap((key) => [key.modelAnswer, key.explanation]));
  for (const section of paper.sections) {
    for (const question of section.questions) for (const id of question.mediaIds) shown.add(id);
  }
  return {
    exam: { ...examHeadOf(exam), showAnswersAfterPublish: exam.showAnswersAfterPublish },
    total: score.total,
    passed: score.passed,
    submittedAt: attempt.submittedAt?.toISOString() ?? null,
    sections: score.sections.map((section, index) => ({
      ...section,
      questions: (paper.sections[index]?.questions ?? []).map((question): ResultQuestion => {
        const answer = answerOf.get(question.id);
        const key = keyOf.get(question.id);
        return {
          _id: question.id,
          questionText: question.questionText,
          questionType: question.questionType,
          marks: question.marks,
          // Unanswered has no row and scores 0, as the section's marks count it.
          awardedMarks: answer ? answer.awardedMarks : 0,
          ...(question.options && {
            options: question.options.map((text, position) => ({ _id: String(position), text })),
          }),
          selectedOptionId: answer?.selectedOption == null ? null : String(answer.selectedOption),
          text: answer?.text ?? null,
          comment: answer?.comment ?? null,
          ...(key && {
            correctOptionId: key.correctOption === null ? null : String(key.correctOption),
            modelAnswer: key.modelAnswer,
            explanation: key.explanation,
          }),
        };
      }),
    })),
    ...mediaUrlsFor(links, shown, exam.id, now),
  };
}

// --- One student's exams, for the admin ---------------------------------------------------------

/** A student's attempts with their exams, newest first; one row with no attempt when none. */
const attemptsOfStudent = perDatabase((db) =>
  db
    .select({ attempt: examAttempts, exam: exams })
    .from(students)
    .leftJoin(examAttempts, eq(examAttempts.studentUserId, students.userId))
    .leftJoin(exams, eq(exams.id, examAttempts.examId))
    .where(eq(students.id, sql.placeholder('studentId')))
    .orderBy(desc(examAttempts.startedAt), desc(examAttempts.id))
    .prepare('student_exam_history'),
);

/** One submitted attempt's score, as the student's own result reads it. */
async function scoreOf(db: AppDatabase, exam: typeof exams.$inferSelect, attemptId: string) {
  const [paper, marks] = await Promise.all([
    examPaper(db, exam.id, exam.paperVersion),
    sectionMarks(db, exam.id, [attemptId]),
  ]);
  return scoreAttempt(exam, paper, marks.get(attemptId));
}

/**
 * The exams a student sat, each with the attempt's status and, once the exam's results are
 * published, its score and whether it passed: what the student can read of it, no sooner.
 */
export async function studentExams(db: AppDatabase, studentId: string): Promise<StudentExamsData> {
  const rows = await attemptsOfStudent(db).execute({ studentId });
  if (rows.length === 0) throw new ApiError(404, PEOPLE_MESSAGES.studentNotFound);
  const sat = rows.flatMap(({ attempt, exam }) => (attempt && exam ? [{ attempt, exam }] : []));
  const exams = await Promise.all(
    sat.map(async ({ attempt, exam }): Promise<StudentExam> => {
      const published = exam.resultsPublishedAt !== null;
      const score =
        published && attempt.status === 'SUBMITTED' ? await scoreOf(db, exam, attempt.id) : null;
      return {
        attemptId: attempt.id,
        exam: {
          _id: exam.id,
          examId: exam.examId,
          examTitle: exam.title,
          subject: exam.subject,
          examMode: exam.mode,
          totalMarks: exam.totalMarks,
        },
        status: attempt.status,
        startedAt: attempt.startedAt.toISOString(),
        submittedAt: attempt.submittedAt?.toISOString() ?? null,
        resultsPublished: published,
        total: score?.total ?? null,
        passed: score?.passed ?? null,
      };
    }),
  );
  return { exams };
}
