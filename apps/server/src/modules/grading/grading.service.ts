import {
  type AnswersToGradeData,
  type AnswersToGradeQuery,
  type FacultyExam,
  type GradingProgress,
  type QuestionToGrade,
  type QuestionType,
  RESULT_MESSAGES,
  WRITTEN_QUESTION_TYPES,
} from '@examiq/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { findPage } from '../../db/paging';
import { perDatabase } from '../../db/per-database';
import { preparedSql } from '../../db/prepared-sql';
import { type AnswerResponse, examSections, questions } from '../../db/schema';
import { ApiError } from '../../errors';
import { answerFilesOf, fileIdsOf, filesByIds } from '../attempts/answer-files';
import { examHeaderWithMarksOf } from '../exams/exam-header';
import { type MediaLinks, mediaIdsOf, mediaUrlsFor, type SignedLinks } from '../media/media-links';
import { examEnded, publishedExam, resultFacts, resultStatusOf } from '../results/scores';
import { assertEvaluator, facultyExamRows } from './evaluators';
import { answerOf, type Marker, scoredAnswersOf } from './scored-answers';

/**
 * The written answers an evaluator marks: those still waiting (null marks: a choice and an empty
 * text are scored as they are saved) and those an evaluator has marked, not a server's score a
 * marker changed (it has a reason). Counted, listed and reported with this one condition, over
 * submitted attempts only.
 */
const ANSWER_NEEDS_MARK =
  '(answer.awarded_marks is null or (answer.marked_by is not null and answer.override_reason is null))';
const NEEDS_MARK = `submitted.status = 'SUBMITTED' and ${ANSWER_NEEDS_MARK}`;

const NO_PROGRESS: GradingProgress = { marked: 0, total: 0 };

const examProgressStatement = preparedSql<{ exam_id: string; marked: number; total: number }>(
  'exams_grading_progress',
  `select submitted.exam_id, count(answer.marked_by)::int as marked, count(*)::int as total
  from exam_attempts as submitted
  inner join attempt_answers as answer on answer.attempt_id = submitted.id
  where submitted.exam_id = any($1::uuid[]) and ${NEEDS_MARK}
  group by submitted.exam_id`,
);

/** The published exams the faculty member proctors or evaluates, with where their marking stands. */
export async function myGradingExams(
  db: AppDatabase,
  userId: string,
  now: Date,
): Promise<{ exams: FacultyExam[] }> {
  const rows = await facultyExamRows(db, userId);
  const examIds = rows.map((row) => row.exam.id);
  const [facts, progressRows] = await Promise.all([
    resultFacts(db, examIds),
    examIds.length === 0 ? [] : examProgressStatement(db, [examIds]),
  ]);
  const progress = new Map(
    progressRows.map(({ exam_id, marked, total }) => [exam_id, { marked, total }]),
  );
  return {
    exams: rows.flatMap(({ exam, proctors, evaluates }) => {
      const examFacts = facts.get(exam.id);
      if (!examFacts) return [];
      return examHeaderWithMarksOf(exam, {
        roles: [
          ...(proctors ? ['PROCTOR' as const] : []),
          ...(evaluates ? ['EVALUATOR' as const] : []),
        ],
        resultStatus: resultStatusOf(exam, examFacts, now),
        gradingProgress: progress.get(exam.id) ?? NO_PROGRESS,
      });
    }),
  };
}

/** An exam's written questions in paper order, with each one's key. */
const writtenQuestions = perDatabase((db) =>
  db
    .select({
      _id: questions.id,
      sectionName: examSections.name,
      position: questions.position,
      questionText: questions.questionText,
      questionType: questions.questionType,
      marks: questions.marks,
      modelAnswer: questions.modelAnswer,
      sampleAnswer: questions.sampleAnswer,
      keywords: questions.keywords,
      minWordCount: questions.minWordCount,
      maxWordCount: questions.maxWordCount,
    })
    .from(examSections)
    .innerJoin(questions, eq(questions.sectionId, examSections.id))
    .where(
      and(
        eq(examSections.examId, sql.placeholder('examId')),
        inArray(questions.questionType, [...WRITTEN_QUESTION_TYPES]),
      ),
    )
    .orderBy(asc(examSections.position), asc(questions.position))
    .prepare('written_questions'),
);

/**
 * Marked and to mark, by question and by submitted attempt: every submitted attempt is a script,
 * those without a written answer too (their scores the server gave can still be reviewed).
 */
const markingProgressStatement = preparedSql<{
  question_id: string | null;
  attempt_id: string | null;
  marked: number;
  total: number;
}>(
  'exam_marking_progress',
  `select answer.question_id, submitted.id as attempt_id, count(answer.marked_by)::int as marked,
    count(answer.attempt_id)::int as total
  from exam_attempts as submitted
  left join attempt_answers as answer
    on answer.attempt_id = submitted.id and ${ANSWER_NEEDS_MARK}
  where submitted.exam_id = $1 and submitted.status = 'SUBMITTED'
  group by grouping sets ((answer.question_id), (submitted.id))`,
);

/**
 * One page of the answers to mark, in paper order and then by script code ($6 holds the attempts
 * in their codes' order): an order that stays put while marks are given, and follows neither who
 * submitted first nor the attempt ids a proctor sees on the monitor. The page's total comes on a
 * row of its own, so an empty page still carries it.
 */
const answersPageStatement = preparedSql<{
  total: number;
  attempt_id: string | null;
  question_id: string;
  question_type: QuestionType;
  text: string;
  response: AnswerResponse | null;
  awarded_marks: number | null;
  comment: string | null;
  marked_at: Date | null;
  student_name: string;
}>(
  'answers_to_grade',
  `with matching as (
    select answer.attempt_id, answer.question_id, question.question_type, answer.text,
      answer.response, answer.awarded_marks, answer.comment, answer.marked_at,
      section.position as section_position,
      question.position as question_position, script.rank as script_rank, submitted.student_user_id
    from exam_attempts as submitted
    inner join unnest($6::uuid[]) with ordinality as script(attempt_id, rank)
      on script.attempt_id = submitted.id
    inner join attempt_answers as answer on answer.attempt_id = submitted.id
    inner join questions as question on question.id = answer.question_id
    inner join exam_sections as section on section.id = question.section_id
    where submitted.exam_id = $1 and ${NEEDS_MARK}
      and ($2::uuid is null or answer.question_id = $2)
      and ($3::uuid is null or answer.attempt_id = $3)
  )
  select (select count(*) from matching)::int as total, page.*
  from (values (1)) as single_row
  left join lateral (
    select matching.attempt_id, matching.question_id, matching.question_type,
      coalesce(matching.text, '') as text, matching.response,
      matching.awarded_marks::float8 as awarded_marks, matching.comment, matching.marked_at,
      student.first_name || ' ' || student.last_name as student_name
    from matching
    inner join students as student on student.user_id = matching.student_user_id
    order by matching.section_position, matching.question_position, matching.script_rank
    limit $4 offset $5
  ) as page on true`,
);

/** A published exam the faculty member evaluates; a draft is as unknown as a made-up id. */
async function examToGrade(db: AppDatabase, examId: string, userId: string) {
  const exam = await publishedExam(db, examId);
  const { proctors } = await assertEvaluator(db, examId, userId);
  return { exam, proctors };
}

/**
 * What an evaluator needs to mark an exam: its written questions with their keys and progress,
 * its scripts by code, and one page of answers, of one question or one script when asked.
 * Students are named only once the results are published.
 */
export async function answersToGrade(
  db: AppDatabase,
  marker: Marker,
  examId: string,
  query: AnswersToGradeQuery,
  now: Date,
  links: { media: MediaLinks; answerFiles: SignedLinks },
): Promise<AnswersToGradeData> {
  const { exam, proctors } = await examToGrade(db, examId, marker.userId);
  const [written, progressRows, facts] = await Promise.all([
    writtenQuestions(db).execute({ examId }),
    markingProgressStatement(db, [examId]),
    resultFacts(db, [examId]),
  ]);
  const questionId = query.questionId?.toLowerCase();
  if (questionId && !written.some((question) => question._id === questionId)) {
    throw new ApiError(404, RESULT_MESSAGES.questionNotFound);
  }
  const examFacts = facts.get(examId);
  // A proctor sees on the monitor who submits when: a script appearing at that moment would name
  // its student, so a proctor marks once every sitting is over.
  const scriptsHeld = proctors && !(examFacts && examEnded(exam, examFacts, now));
  const byQuestion = new Map<string, GradingProgress>();
  const scripts: (AnswersToGradeData['scripts'][number] & { attemptId: string })[] = [];
  for (const { question_id, attempt_id, marked, total } of progressRows) {
    if (question_id) byQuestion.set(question_id, { marked, total });
    if (attempt_id && !scriptsHeld) {
      const code = marker.codes.attemptCode(attempt_id);
      scripts.push({ attemptId: attempt_id, attemptCode: code, progress: { marked, total } });
    }
  }
  scripts.sort((a, b) => a.attemptCode.localeCompare(b.attemptCode));
  const code = query.attemptCode?.toUpperCase();
  const attemptId = code
    ? scripts.find((script) => script.attemptCode === code)?.attemptId
    : undefined;
  const scored = attemptId
    ? await scoredAnswersOf(db, marker, exam, attemptId)
    : { answers: [], questions: [] };
  const { items: pageRows, pagination } = await findPage(query, async ({ limit, offset }) =>
    scriptsHeld || (code && !attemptId)
      ? []
      : answersPageStatement(db, [
          examId,
          questionId ?? null,
          attemptId ?? null,
          limit,
          offset,
          scripts.map((script) => script.attemptId),
        ]),
  );
  const published = exam.resultsPublishedAt !== null;
  const files = await filesByIds(
    db,
    pageRows.flatMap((row) => fileIdsOf(row.response)),
  );
  return {
    exam: examHeaderWithMarksOf(exam, {
      resultStatus: examFacts ? resultStatusOf(exam, examFacts, now) : 'Evaluating',
    }),
    questions: written.map(({ _id, position, keywords, ...question }) => ({
      _id,
      ...question,
      position: position + 1,
      keywords: keywords ?? [],
      progress: byQuestion.get(_id) ?? NO_PROGRESS,
    })) satisfies QuestionToGrade[],
    scripts: scripts.map(({ attemptCode, progress }) => ({ attemptCode, progress })),
    answers: pageRows.flatMap(({ attempt_id, student_name, ...row }) =>
      attempt_id === null
        ? []
        : [
            answerOf(marker, {
              attemptId: attempt_id,
              questionId: row.question_id,
              studentName: published ? student_name : null,
              text: row.text,
              ...(row.question_type === 'FILE_UPLOAD'
                ? { files: answerFilesOf(links.answerFiles, row.response, files, now) }
                : {}),
              marks: row.awarded_marks,
              comment: row.comment,
              markedAt: row.marked_at,
            }),
          ],
    ),
    scoredAnswers: scored.answers,
    pagination,
    scriptsHeld,
    // The questions' and their keys' images; a student's answer names none the marker is given.
    ...mediaUrlsFor(
      links.media,
      [
        ...mediaIdsOf(
          written.flatMap((question) => [
            question.questionText,
            question.modelAnswer,
            question.sampleAnswer,
          ]),
        ),
        ...scored.questions.flatMap((question) => question.mediaIds),
      ],
      examId,
      now,
    ),
  };
}
