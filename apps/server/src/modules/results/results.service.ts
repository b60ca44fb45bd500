import {
  type ExamResultStatus,
  type ExamResultsData,
  RESULT_MESSAGES,
  type ResultQuestion,
  type ResultStatus,
  type ResultStatusesData,
  type ResultsQuery,
  type StudentResultData,
} from '@examiq/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { paginationOf } from '../../db/pagination';
import { perDatabase } from '../../db/per-database';
import { preparedSql } from '../../db/prepared-sql';
import { examAttempts, examSections, exams, questions, students } from '../../db/schema';
import { ApiError } from '../../errors';
import { examById, savedAnswers, visibleExam } from '../attempts/attempts.service';
import { examPaper } from '../attempts/exam-paper';
import { containing, matchesSearch } from '../attempts/sittings.service';
import { scheduleDetailsOf } from '../exams/exams.service';
import { resultSummary } from './result-summary';
import {
  attemptCode,
  examEnded,
  examScores,
  type ResultFacts,
  resultFacts,
  resultStatusOf,
  scoreAttempt,
  sectionMarks,
} from './scores';

type ExamRow = typeof exams.$inferSelect;

/** What every results screen shows of an exam at its top. */
export function examHeadOf(exam: ExamRow) {
  return {
    _id: exam.id,
    examId: exam.examId,
    examTitle: exam.title,
    subject: exam.subject,
    examMode: exam.mode,
    totalMarks: exam.totalMarks,
    passingMarks: exam.passingMarks,
    scheduleDetails: scheduleDetailsOf(exam),
  };
}

/** A published exam, for the admin's results calls: a draft has no results to speak of. */
async function publishedExam(db: AppDatabase, examId: string): Promise<ExamRow> {
  const [exam] = await examById(db).execute({ examId });
  if (exam?.status !== 'PUBLISH') throw new ApiError(404, RESULT_MESSAGES.examNotFound);
  return exam;
}

async function factsOf(db: AppDatabase, examId: string): Promise<ResultFacts> {
  const facts = (await resultFacts(db, [examId])).get(examId);
  if (!facts) throw new Error(`No result facts were read for exam ${examId}`);
  return facts;
}

// --- The admin's results of one exam ----------------------------------------------------------

/** The exam's submitted attempts with their students, in roll number order, one page of them. */
const submittedAttempts = perDatabase((db) =>
  db
    .select({
      attemptId: examAttempts.id,
      submittedAt: examAttempts.submittedAt,
      student: {
        _id: students.id,
        studentId: students.studentId,
        rollNumber: students.rollNumber,
        firstName: students.firstName,
        lastName: students.lastName,
      },
    })
    .from(examAttempts)
    .innerJoin(students, eq(students.userId, examAttempts.studentUserId))
    .where(
      and(
        eq(examAttempts.examId, sql.placeholder('examId')),
        sql`${examAttempts.status} = 'SUBMITTED'`,
        matchesSearch,
      ),
    )
    .orderBy(asc(students.rollNumber), asc(students.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('exam_submitted_attempts'),
);

const submittedAttemptCount = perDatabase((db) =>
  db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(examAttempts)
    .innerJoin(students, eq(students.userId, examAttempts.studentUserId))
    .where(
      and(
        eq(examAttempts.examId, sql.placeholder('examId')),
        sql`${examAttempts.status} = 'SUBMITTED'`,
        matchesSearch,
      ),
    )
    .prepare('exam_submitted_attempt_count'),
);

/**
 * An exam's results: its figures over every submitted attempt, and one page of those attempts
 * with each student beside their anonymous code.
 */
export async function examResults(
  db: AppDatabase,
  examId: string,
  query: ResultsQuery,
  now: Date,
): Promise<ExamResultsData> {
  const exam = await publishedExam(db, examId);
  const pattern = query.search ? containing(query.search) : null;
  const [facts, scores, paper, rows, [count]] = await Promise.all([
    factsOf(db, exam.id),
    examScores(db, exam),
    examPaper(db, exam.id),
    submittedAttempts(db).execute({
      examId: exam.id,
      pattern,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    }),
    submittedAttemptCount(db).execute({ examId: exam.id, pattern }),
  ]);
  return {
    exam: {
      ...examHeadOf(exam),
      showAnswersAfterPublish: exam.showAnswersAfterPublish,
      resultsPublishedAt: exam.resultsPublishedAt?.toISOString() ?? null,
    },
    resultStatus: resultStatusOf(exam, facts, now),
    summary: resultSummary(facts, scores.values()),
    results: rows.map(({ attemptId, submittedAt, student }) => ({
      attemptId,
      attemptCode: attemptCode(attemptId),
      student,
      submittedAt: submittedAt?.toISOString() ?? null,
      // An attempt that answered nothing has no marks read: it scores as an empty one.
      ...(scores.get(attemptId) ?? scoreAttempt(exam, paper, undefined)),
    })),
    pagination: paginationOf(query, count?.total ?? 0),
  };
}

// --- Publishing -------------------------------------------------------------------------------

/** Publishes once: of two publishes at the same time, only the first finds it unpublished. */
const publishStatement = preparedSql<{ results_published_at: Date }>(
  'publish_results',
  `update exams set results_published_at = $2, results_published_by = $3
  where id = $1 and results_published_at is null
  returning results_published_at`,
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

// Written out, not bound, so the partial index on the published exams' windows can serve it.
const startedPublishedExams = perDatabase((db) =>
  db
    .select()
    .from(exams)
    .where(
      and(
        sql`${exams.status} = 'PUBLISH'`,
        sql`${exams.windowStart} <= ${sql.placeholder('asOf')}::timestamp`,
      ),
    )
    .orderBy(desc(exams.windowEnd), desc(exams.id))
    .prepare('started_published_exams'),
);

/**
 * The published exams whose sittings are over at `now`, newest window first, each with where its
 * results stand. Only an exam whose window has opened by `asOf` (the same instant as the
 * institution's wall-clock minute) can be over, so only those are looked at.
 */
export async function completedExams(
  db: AppDatabase,
  now: Date,
  asOf: string,
): Promise<ExamResultStatus[]> {
  const started = await startedPublishedExams(db).execute({ asOf });
  const facts = await resultFacts(
    db,
    started.map((exam) => exam.id),
  );
  return started.flatMap((exam) => {
    const examFacts = facts.get(exam.id);
    if (!examFacts || !examEnded(exam, examFacts, now)) return [];
    return [
      {
        ...examHeadOf(exam),
        resultStatus: resultStatusOf(exam, examFacts, now),
        submitted: examFacts.submitted,
        answersToMark: examFacts.answersToMark,
      },
    ];
  });
}

export async function resultStatuses(
  db: AppDatabase,
  query: { page: number; limit: number; status?: ResultStatus | undefined },
  now: Date,
  asOf: string,
): Promise<ResultStatusesData> {
  const completed = await completedExams(db, now, asOf);
  const matching = query.status
    ? completed.filter((exam) => exam.resultStatus === query.status)
    : completed;
  const offset = (query.page - 1) * query.limit;
  return {
    exams: matching.slice(offset, offset + query.limit),
    pagination: paginationOf(query, matching.length),
  };
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
): Promise<StudentResultData> {
  const { exam, attempt } = await visibleExam(db, userId, examId);
  if (!exam.resultsPublishedAt) throw new ApiError(404, RESULT_MESSAGES.notPublished);
  if (attempt?.status !== 'SUBMITTED') throw new ApiError(404, RESULT_MESSAGES.noResult);
  const [paper, marks, answers, keys] = await Promise.all([
    examPaper(db, exam.id),
    sectionMarks(db, exam.id, [attempt.id]),
    savedAnswers(db).execute({ attemptId: attempt.id }),
    exam.showAnswersAfterPublish ? questionKeys(db).execute({ examId: exam.id }) : [],
  ]);
  const score = scoreAttempt(exam, paper, marks.get(attempt.id));
  const answerOf = new Map(answers.map((answer) => [answer.questionId, answer]));
  const keyOf = new Map(keys.map((key) => [key.id, key]));
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
  };
}
