import { randomInt } from 'node:crypto';
import {
  type AnswerInput,
  ATTEMPT_LIMITS,
  ATTEMPT_MESSAGES,
  type AttemptSummary,
  type AttemptView,
  type ExamPreviewData,
  type LobbyData,
  type MyExam,
  type SaveAnswersPayload,
  type SaveAnswersResult,
  type StudentQuestion,
  type SubmitExamPayload,
  type SubmitResult,
  type SubmitTrigger,
} from '@examiq/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { preparedSql } from '../../db/prepared-sql';
import {
  type AttemptLayoutColumn,
  attemptAnswers,
  examAllowances,
  examAttempts,
  exams,
  examTargetSections,
  students,
} from '../../db/schema';
import { ApiError, FieldErrors } from '../../errors';
import { scheduleDetailsOf } from '../exams/exams.service';
import {
  currentPaper,
  type ExamPaper,
  examPaper,
  newestPaper,
  type PaperQuestion,
  type PaperSection,
} from './exam-paper';
import { availabilityAt, type SittingWindow, sittingWindow } from './exam-window';

type AttemptRow = typeof examAttempts.$inferSelect;
type ExamRow = typeof exams.$inferSelect;

const notFound = (message: string) => new ApiError(404, message);

/** Saves count until the deadline plus this grace, for requests already in flight. */
const cutoffAt = (now: Date) => new Date(now.getTime() - ATTEMPT_LIMITS.saveGraceMs);

// --- Reading exams and attempts --------------------------------------------------------------

/** Whether the student (by account) is in one of the exam's target sections. */
const isTargeted = sql<boolean>`exists (select from ${students} inner join ${examTargetSections} on ${examTargetSections.sectionId} = ${students.sectionId} where ${students.userId} = ${sql.placeholder('userId')} and ${examTargetSections.examId} = ${exams.id})`;

/** An exam with whether the student is in its audience, their attempt and their extra time. */
const examForStudent = perDatabase((db) =>
  db
    .select({
      exam: exams,
      targeted: isTargeted,
      attempt: examAttempts,
      extraMinutes: examAllowances.extraMinutes,
    })
    .from(exams)
    .leftJoin(
      examAttempts,
      and(
        eq(examAttempts.examId, exams.id),
        eq(examAttempts.studentUserId, sql.placeholder('userId')),
      ),
    )
    .leftJoin(
      examAllowances,
      and(
        eq(examAllowances.examId, exams.id),
        eq(examAllowances.studentUserId, sql.placeholder('userId')),
      ),
    )
    .where(eq(exams.id, sql.placeholder('examId')))
    .prepare('exam_for_student'),
);

/**
 * The exam as the student may see it: a draft, an unknown id and an exam of another section are
 * refused before anything of it is shown.
 */
export async function visibleExam(db: AppDatabase, userId: string, examId: string) {
  const [row] = await examForStudent(db).execute({ userId, examId });
  if (!row) throw notFound(ATTEMPT_MESSAGES.examNotFound);
  if (row.exam.status !== 'PUBLISH') throw notFound(ATTEMPT_MESSAGES.examNotFound);
  if (!row.targeted) throw new ApiError(403, ATTEMPT_MESSAGES.notYourSection);
  return row;
}

/** The published exams of the student's section, each with the student's attempt. */
const examsOfStudent = perDatabase((db) =>
  db
    .select({ exam: exams, attempt: examAttempts })
    .from(students)
    .innerJoin(examTargetSections, eq(examTargetSections.sectionId, students.sectionId))
    .innerJoin(
      exams,
      and(eq(exams.id, examTargetSections.examId), sql`${exams.status} = 'PUBLISH'`),
    )
    .leftJoin(
      examAttempts,
      and(eq(examAttempts.examId, exams.id), eq(examAttempts.studentUserId, students.userId)),
    )
    .where(eq(students.userId, sql.placeholder('userId')))
    .orderBy(asc(exams.windowStart), asc(exams.id))
    .prepare('exams_of_student'),
);

const attemptById = perDatabase((db) =>
  db
    .select()
    .from(examAttempts)
    .where(eq(examAttempts.id, sql.placeholder('attemptId')))
    .prepare('attempt_by_id'),
);

/** The student's own attempt; anyone else's is as unknown as a made-up id. */
async function ownAttempt(db: AppDatabase, userId: string, attemptId: string) {
  const [attempt] = await attemptById(db).execute({ attemptId });
  if (!attempt || attempt.studentUserId !== userId)
    throw notFound(ATTEMPT_MESSAGES.attemptNotFound);
  return attempt;
}

export const savedAnswers = perDatabase((db) =>
  db
    .select()
    .from(attemptAnswers)
    .where(eq(attemptAnswers.attemptId, sql.placeholder('attemptId')))
    .prepare('attempt_answers'),
);

// --- What the student receives ---------------------------------------------------------------

export function attemptSummary(attempt: AttemptRow): AttemptSummary {
  return {
    _id: attempt.id,
    status: attempt.status,
    startedAt: attempt.startedAt.toISOString(),
    deadlineAt: attempt.deadlineAt.toISOString(),
    submittedAt: attempt.submittedAt?.toISOString() ?? null,
    submitTrigger: attempt.submitTrigger ?? null,
    lastSeq: attempt.lastSeq,
  };
}

function myExamOf(exam: ExamRow, window: SittingWindow, attempt: AttemptRow | null, now: Date) {
  return {
    _id: exam.id,
    examId: exam.examId,
    examTitle: exam.title,
    subject: exam.subject,
    examMode: exam.mode,
    duration: exam.durationMinutes,
    totalMarks: exam.totalMarks,
    passingMarks: exam.passingMarks,
    scheduleDetails: scheduleDetailsOf(exam),
    // Published results end the exam for whoever has not started it.
    availability:
      exam.resultsPublishedAt !== null && attempt === null ? 'CLOSED' : availabilityAt(window, now),
    lobbyOpensAt: window.lobbyOpensAt.toISOString(),
    startsAt: window.startsAt.toISOString(),
    endsAt: window.endsAt.toISOString(),
    attempt: attempt && {
      _id: attempt.id,
      status: attempt.status,
      deadlineAt: attempt.deadlineAt.toISOString(),
      submittedAt: attempt.submittedAt?.toISOString() ?? null,
      submitTrigger: attempt.submitTrigger ?? null,
    },
    resultsPublished: exam.resultsPublishedAt !== null,
  } satisfies MyExam;
}

export async function myExams(db: AppDatabase, userId: string, now: Date) {
  const rows = await examsOfStudent(db).execute({ userId });
  return {
    exams: rows.map(({ exam, attempt }) =>
      myExamOf(exam, sittingWindow(scheduleDetailsOf(exam)), attempt, now),
    ),
    serverNow: now.toISOString(),
  };
}

export async function lobby(
  db: AppDatabase,
  userId: string,
  examId: string,
  now: Date,
): Promise<LobbyData> {
  const { exam, attempt } = await visibleExam(db, userId, examId);
  const paper = await examPaper(db, exam.id, exam.paperVersion);
  return {
    exam: {
      ...myExamOf(exam, sittingWindow(scheduleDetailsOf(exam)), attempt, now),
      examDescription: exam.description,
      generalInstructions: exam.generalInstructions,
      sections: paper.sections.map(({ id, questions: _questions, ...section }) => ({
        _id: id,
        ...section,
      })),
    },
    serverNow: now.toISOString(),
  };
}

/**
 * A timed section's deadline: from when it was first opened, lengthened by the student's extra
 * time and never after the attempt's own. Null for an untimed section or one not opened yet.
 */
function sectionDeadline(
  attempt: Pick<AttemptRow, 'sectionDeadlines' | 'deadlineAt' | 'baseDeadlineAt'>,
  sectionId: string,
): Date | null {
  const opened = attempt.sectionDeadlines[sectionId];
  if (!opened) return null;
  const extraMs = attempt.deadlineAt.getTime() - attempt.baseDeadlineAt.getTime();
  return new Date(Math.min(Date.parse(opened) + extraMs, attempt.deadlineAt.getTime()));
}

/**
 * A section's questions in the attempt's order, without the answer key. None while the attempt is
 * in progress and the section is timed but its clock has not started: whatever shows a section's
 * questions starts its clock, so no read shows them first.
 */
function studentQuestions(
  paper: ExamPaper,
  attempt: Pick<AttemptRow, 'layout' | 'status' | 'sectionDeadlines'>,
  section: PaperSection,
): StudentQuestion[] {
  if (
    attempt.status === 'IN_PROGRESS' &&
    section.timeLimit > 0 &&
    !attempt.sectionDeadlines[section.id]
  ) {
    return [];
  }
  const layout = attempt.layout;
  const order = layout?.questionOrder[section.id];
  const sectionQuestions = order
    ? order.flatMap((id) => paper.questionById.get(id) ?? [])
    : section.questions;
  return sectionQuestions.map((question) => {
    const base = {
      _id: question.id,
      questionText: question.questionText,
      questionType: question.questionType,
      marks: question.marks,
    };
    if (question.options) {
      const positions =
        layout?.optionOrder[question.id] ?? question.options.map((_text, index) => index);
      return {
        ...base,
        options: positions.map((position) => ({
          _id: String(position),
          text: question.options?.[position] ?? '',
        })),
      };
    }
    if (question.questionType === 'LONG_ANSWER') {
      return {
        ...base,
        minWordCount: question.minWordCount ?? undefined,
        maxWordCount: question.maxWordCount ?? undefined,
      };
    }
    return base;
  });
}

function studentSections(paper: ExamPaper, attempt: AttemptRow): AttemptView['sections'] {
  return paper.sections.map((section) => ({
    _id: section.id,
    name: section.name,
    instructions: section.instructions,
    timeLimit: section.timeLimit,
    isOptional: section.isOptional,
    deadlineAt: sectionDeadline(attempt, section.id)?.toISOString() ?? null,
    totalQuestions: section.questions.length,
    questions: studentQuestions(paper, attempt, section),
  }));
}

/** No attempt behind a preview: the exam's own order, and every section's questions shown. */
const NO_SITTING = { layout: null, status: 'SUBMITTED', sectionDeadlines: {} } as const;

/**
 * The paper as a student is shown it, from the same projection as an attempt's (never a key),
 * without starting one: for the admin to check the exam, draft or published.
 */
export async function examPreview(db: AppDatabase, examId: string): Promise<ExamPreviewData> {
  const [exam] = await examById(db).execute({ examId });
  if (!exam) throw new ApiError(404, ATTEMPT_MESSAGES.examNotFound);
  const paper = await examPaper(db, exam.id, exam.paperVersion);
  return {
    exam: {
      _id: exam.id,
      examTitle: exam.title,
      subject: exam.subject,
      examMode: exam.mode,
      examStatus: exam.status,
      duration: exam.durationMinutes,
      totalMarks: exam.totalMarks,
      examDescription: exam.description,
      generalInstructions: exam.generalInstructions,
      shuffleQuestions: exam.shuffleQuestions,
      shuffleOptions: exam.shuffleOptions,
    },
    sections: paper.sections.map((section) => ({
      _id: section.id,
      name: section.name,
      instructions: section.instructions,
      timeLimit: section.timeLimit,
      isOptional: section.isOptional,
      deadlineAt: null,
      totalQuestions: section.questions.length,
      questions: studentQuestions(paper, NO_SITTING, section),
    })),
  };
}

function remainingMs(deadlineAt: Date, now: Date): number {
  return Math.max(0, deadlineAt.getTime() - now.getTime());
}

async function attemptView(
  db: AppDatabase,
  exam: ExamRow,
  attempt: AttemptRow,
  now: Date,
  answers: (typeof attemptAnswers.$inferSelect)[],
): Promise<AttemptView> {
  const paper = await examPaper(db, exam.id, exam.paperVersion);
  return {
    attempt: attemptSummary(attempt),
    exam: {
      _id: exam.id,
      examTitle: exam.title,
      subject: exam.subject,
      examMode: exam.mode,
      duration: exam.durationMinutes,
      totalMarks: exam.totalMarks,
    },
    serverNow: now.toISOString(),
    remainingMs: attempt.status === 'IN_PROGRESS' ? remainingMs(attempt.deadlineAt, now) : 0,
    sections: studentSections(paper, attempt),
    answers: answers.map((answer) => ({
      questionId: answer.questionId,
      selectedOptionId: answer.selectedOption === null ? null : String(answer.selectedOption),
      text: answer.text,
      markedForReview: answer.markedForReview,
      seq: answer.seq,
      savedAt: answer.savedAt.toISOString(),
    })),
  };
}

// --- Starting ---------------------------------------------------------------------------------

function shuffled<Item>(items: readonly Item[]): Item[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [result[i], result[j]] = [result[j] as Item, result[i] as Item];
  }
  return result;
}

/** The orders this attempt shows, fixed at its start; null when the exam shuffles nothing. */
function layoutFor(exam: ExamRow, paper: ExamPaper): AttemptLayoutColumn | null {
  if (!exam.shuffleQuestions && !exam.shuffleOptions) return null;
  const layout: AttemptLayoutColumn = { questionOrder: {}, optionOrder: {} };
  for (const section of paper.sections) {
    if (exam.shuffleQuestions) {
      layout.questionOrder[section.id] = shuffled(section.questions.map((question) => question.id));
    }
    if (exam.shuffleOptions) {
      for (const question of section.questions) {
        if (question.questionType === 'MCQ' && question.options) {
          layout.optionOrder[question.id] = shuffled(question.options.map((_text, i) => i));
        }
      }
    }
  }
  return layout;
}

/** One attempt per student and exam: a second start finds the first one's row and resumes it. */
const insertAttempt = preparedSql<{ id: string }>(
  'start_attempt',
  `
  with attempt as (
    insert into exam_attempts
      (exam_id, student_user_id, started_at, base_deadline_at, deadline_at, due_at, layout,
        section_deadlines)
    values ($1, $2, $3, $4, $5, $6, $7, $8)
    on conflict (exam_id, student_user_id) do nothing
    returning id, started_at
  ), event as (
    insert into attempt_events (attempt_id, type, at) select id, 'started', started_at from attempt
  )
  select id from attempt`,
);

const recordEvent = preparedSql<never>(
  'record_attempt_event',
  `
  insert into attempt_events (attempt_id, type, at, data) values ($1, $2, $3, $4)`,
);

/**
 * Starts the exam, or resumes the student's attempt with its order and saved answers. A new
 * attempt's deadline is the earlier of the start plus the duration and the window's end, plus
 * any extra time granted before it.
 */
export async function startExam(
  db: AppDatabase,
  userId: string,
  examId: string,
  now: Date,
): Promise<AttemptView> {
  const { exam, attempt, extraMinutes } = await visibleExam(db, userId, examId);
  if (attempt) {
    const [answers] = await Promise.all([
      savedAnswers(db).execute({ attemptId: attempt.id }),
      recordEvent(db, [attempt.id, 'resumed', now, null]),
    ]);
    return attemptView(db, exam, attempt, now, answers);
  }
  const window = sittingWindow(scheduleDetailsOf(exam));
  if (now < window.startsAt) throw new ApiError(409, ATTEMPT_MESSAGES.notStarted);
  if (now >= window.endsAt) throw new ApiError(409, ATTEMPT_MESSAGES.closed);
  if (exam.resultsPublishedAt) throw new ApiError(409, ATTEMPT_MESSAGES.resultsPublished);
  const paper = await examPaper(db, exam.id, exam.paperVersion);
  const baseDeadlineAt = new Date(
    Math.min(now.getTime() + exam.durationMinutes * 60_000, window.endsAt.getTime()),
  );
  const deadlineAt = new Date(baseDeadlineAt.getTime() + (extraMinutes ?? 0) * 60_000);
  const layout = layoutFor(exam, paper);
  // The start shows the first section's questions, so a timed first section's clock starts here.
  const first = paper.sections[0];
  const sectionDeadlines: Record<string, string> =
    first && first.timeLimit > 0
      ? { [first.id]: new Date(now.getTime() + first.timeLimit * 60_000).toISOString() }
      : {};
  const [inserted] = await insertAttempt(db, [
    exam.id,
    userId,
    now,
    baseDeadlineAt,
    deadlineAt,
    new Date(deadlineAt.getTime() + ATTEMPT_LIMITS.saveGraceMs),
    layout && JSON.stringify(layout),
    JSON.stringify(sectionDeadlines),
  ]);
  if (!inserted) return startExam(db, userId, examId, now);
  const created: AttemptRow = {
    id: inserted.id,
    examId: exam.id,
    studentUserId: userId,
    status: 'IN_PROGRESS',
    startedAt: now,
    baseDeadlineAt,
    deadlineAt,
    dueAt: null,
    submittedAt: null,
    submitTrigger: null,
    layout,
    sectionDeadlines,
    lastSeq: 0,
    lastSeenAt: now,
    systemCheck: null,
    lastRttMs: null,
    eventCounts: {},
  };
  return attemptView(db, exam, created, now, []);
}

export const examById = perDatabase((db) =>
  db
    .select()
    .from(exams)
    .where(eq(exams.id, sql.placeholder('examId')))
    .prepare('exam_by_id'),
);

export async function getAttempt(
  db: AppDatabase,
  userId: string,
  attemptId: string,
  now: Date,
): Promise<AttemptView> {
  const attempt = await ownAttempt(db, userId, attemptId);
  const [[exam], answers] = await Promise.all([
    examById(db).execute({ examId: attempt.examId }),
    savedAnswers(db).execute({ attemptId }),
  ]);
  if (!exam) throw notFound(ATTEMPT_MESSAGES.attemptNotFound);
  return attemptView(db, exam, attempt, now, answers);
}

// --- Saving -----------------------------------------------------------------------------------

/** Which exam an attempt belongs to and whose it is: facts that never change, kept once read. */
const attemptOwners = perDatabase(
  () => new Map<string, { examId: string; studentUserId: string }>(),
);
const ATTEMPT_OWNERS_KEPT = 100_000;

async function ownerOf(db: AppDatabase, attemptId: string) {
  const owners = attemptOwners(db);
  const known = owners.get(attemptId);
  if (known) return known;
  const [attempt] = await attemptById(db).execute({ attemptId });
  if (!attempt) return undefined;
  const owner = { examId: attempt.examId, studentUserId: attempt.studentUserId };
  if (owners.size >= ATTEMPT_OWNERS_KEPT) owners.clear();
  owners.set(attemptId, owner);
  return owner;
}

interface AnswerRow {
  question_id: string;
  section_id: string | null;
  selected_option: number | null;
  text: string | null;
  marked_for_review: boolean;
  awarded_marks: number | null;
}

/**
 * The marks an answer earns as it stands: a choice against the key, an empty written answer 0,
 * any other written answer null (for its evaluator). Scored at every save, so submitting, by the
 * student or the deadline, has nothing left to compute.
 */
function awardedMarks(
  paper: ExamPaper,
  question: PaperQuestion,
  option: number | null,
  text: string | null,
): number | null {
  if (question.options) {
    return option !== null && option === paper.correctOptionById.get(question.id)
      ? question.marks
      : 0;
  }
  return text === null || text.trim() === '' ? 0 : null;
}

/**
 * Checks each answer against the attempt's paper, in memory: the question must be the exam's,
 * a chosen option one of the question's, a text only for a written question.
 */
function answerRows(paper: ExamPaper, answers: readonly AnswerInput[], field: string) {
  const errors: Record<string, string> = {};
  const rows: AnswerRow[] = [];
  answers.forEach((answer, index) => {
    const question = paper.questionById.get(answer.questionId.toLowerCase());
    if (!question) {
      errors[`${field}.${index}.questionId`] = ATTEMPT_MESSAGES.questionNotInAttempt;
      return;
    }
    const option = answer.selectedOptionId == null ? null : Number(answer.selectedOptionId);
    if (question.options) {
      if (answer.text != null) {
        errors[`${field}.${index}.text`] = ATTEMPT_MESSAGES.answerKindMismatch;
        return;
      }
      if (option !== null && option >= question.options.length) {
        errors[`${field}.${index}.selectedOptionId`] = ATTEMPT_MESSAGES.optionNotOfQuestion;
        return;
      }
    } else if (option !== null) {
      errors[`${field}.${index}.selectedOptionId`] = ATTEMPT_MESSAGES.answerKindMismatch;
      return;
    }
    const section = paper.sectionById.get(question.sectionId) as PaperSection;
    const text = answer.text ?? null;
    rows.push({
      question_id: question.id,
      // Only a timed section's answers are checked against its clock.
      section_id: section.timeLimit > 0 ? section.id : null,
      selected_option: option,
      text,
      marked_for_review: answer.markedForReview ?? false,
      awarded_marks: awardedMarks(paper, question, option, text),
    });
  });
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  return rows;
}

/**
 * The answers checked against the newest paper this process has of the exam. A paper that refuses
 * them may be out of date: they are checked again against the exam's current one before the
 * refusal stands.
 */
async function checkedAnswers(db: AppDatabase, examId: string, answers: readonly AnswerInput[]) {
  const newest = await newestPaper(db, examId);
  try {
    return { paper: newest, rows: answerRows(newest, answers, 'answers') };
  } catch (error) {
    if (!(error instanceof FieldErrors)) throw error;
    const paper = await currentPaper(db, examId);
    if (paper.version === newest.version) throw error;
    return { paper, rows: answerRows(paper, answers, 'answers') };
  }
}

/**
 * One statement per save: the attempt's heartbeat (only while it is in progress and its deadline,
 * plus the grace, has not passed) and the upsert of the answers, each written only over an older
 * `seq`, so retries, duplicates and late arrivals change nothing. An answer to a timed section
 * whose own time is over is not written; one to a timed section not opened yet (its questions
 * were never shown) refuses the whole save. The answers were checked against a paper this process
 * kept: nothing is written unless it is still the exam's paper version ($7; null for a save
 * without answers). No row back means an unknown attempt; a row without a deadline, a refusal,
 * or, when its paper version is another, a paper to check the answers against again.
 * `overtaken` tells whether an answer was not written although it differs from the one stored (or
 * from one another save was writing at the same moment): another save holds its seq, and the
 * answer is lost unless the tab is told. An unchanged answer not written is a retry.
 */
const saveStatement = preparedSql<
  { paper_version: string; overtaken: boolean } & (
    | {
        deadline_at: Date;
        base_deadline_at: Date;
        section_deadlines: Record<string, string>;
        previous_seq: number;
      }
    | { deadline_at: null; base_deadline_at: null; section_deadlines: null; previous_seq: null }
  )
>(
  'save_answers',
  `
  with previous as (
    select attempt.id, attempt.last_seq, exam.paper_version
    from exam_attempts as attempt inner join exams as exam on exam.id = attempt.exam_id
    where attempt.id = $1
  ), attempt as (
    update exam_attempts as attempt
    set last_seq = greatest(attempt.last_seq, $3), last_seen_at = $4
    from previous
    where attempt.id = previous.id and attempt.student_user_id = $2
      and attempt.status = 'IN_PROGRESS' and attempt.deadline_at >= $5
      and ($7::uuid is null or previous.paper_version = $7::uuid)
      and not exists (
        select from json_to_recordset($6::json) as answer(section_id text)
        where not (attempt.section_deadlines ? answer.section_id))
    returning attempt.id, attempt.deadline_at, attempt.base_deadline_at, attempt.section_deadlines,
      previous.last_seq::float8 as previous_seq
  ), incoming as (
    select attempt.id as attempt_id, answer.*
    from attempt cross join json_to_recordset($6::json) as answer(
      question_id uuid, section_id text, selected_option int, text text, marked_for_review boolean,
      awarded_marks numeric)
    where answer.section_id is null
      or (attempt.section_deadlines ->> answer.section_id)::timestamptz
        + (attempt.deadline_at - attempt.base_deadline_at) >= $5
  ), saved as (
    insert into attempt_answers as stored
      (attempt_id, question_id, selected_option, text, marked_for_review, seq, saved_at,
        awarded_marks)
    select attempt_id, question_id, selected_option, text, marked_for_review, $3, $4, awarded_marks
    from incoming
    on conflict (attempt_id, question_id) do update set
      selected_option = excluded.selected_option, text = excluded.text,
      marked_for_review = excluded.marked_for_review, seq = excluded.seq,
      saved_at = excluded.saved_at, awarded_marks = excluded.awarded_marks
    where stored.seq < excluded.seq
    returning stored.question_id
  )
  select previous.paper_version, attempt.deadline_at, attempt.base_deadline_at,
    attempt.section_deadlines, attempt.previous_seq,
    exists (
      select from incoming
      left join attempt_answers as stored
        on stored.attempt_id = incoming.attempt_id and stored.question_id = incoming.question_id
      where not exists (select from saved where saved.question_id = incoming.question_id)
        and (stored.question_id is null
          or stored.selected_option is distinct from incoming.selected_option
          or stored.text is distinct from incoming.text
          or stored.marked_for_review is distinct from incoming.marked_for_review)
    ) as overtaken
  from previous left join attempt on true`,
);

/**
 * Why an attempt refused a write: unknown, someone else's, submitted, out of time, or (for a
 * save still in time) an answer to a timed section not opened yet.
 */
async function refusal(
  db: AppDatabase,
  userId: string,
  attemptId: string,
  now: Date,
  rows: readonly AnswerRow[] = [],
): Promise<ApiError> {
  const [attempt] = await attemptById(db).execute({ attemptId });
  if (!attempt || attempt.studentUserId !== userId)
    return notFound(ATTEMPT_MESSAGES.attemptNotFound);
  if (attempt.status === 'SUBMITTED') return new ApiError(409, ATTEMPT_MESSAGES.alreadySubmitted);
  if (attempt.deadlineAt < cutoffAt(now)) return new ApiError(409, ATTEMPT_MESSAGES.timeOver);
  // Rows keep the order of the save's answers: every answer was valid, or none became a row.
  const errors = Object.fromEntries(
    rows.flatMap((row, index) =>
      row.section_id && !attempt.sectionDeadlines[row.section_id]
        ? [[`answers.${index}.questionId`, ATTEMPT_MESSAGES.sectionNotOpened]]
        : [],
    ),
  );
  return Object.keys(errors).length > 0
    ? new FieldErrors(errors)
    : new ApiError(409, ATTEMPT_MESSAGES.timeOver);
}

export async function saveAnswers(
  db: AppDatabase,
  userId: string,
  attemptId: string,
  { seq, answers }: SaveAnswersPayload,
  now: Date,
): Promise<SaveAnswersResult> {
  const owner = await ownerOf(db, attemptId);
  if (!owner || owner.studentUserId !== userId) throw notFound(ATTEMPT_MESSAGES.attemptNotFound);
  const cutoff = cutoffAt(now);
  const save = (checked: { paper: ExamPaper; rows: AnswerRow[] } | null) =>
    saveStatement(db, [
      attemptId,
      userId,
      seq,
      now,
      cutoff,
      Buffer.from(JSON.stringify(checked?.rows ?? [])),
      checked?.paper.version ?? null,
    ]);
  let checked = answers.length > 0 ? await checkedAnswers(db, owner.examId, answers) : null;
  let [saved] = await save(checked);
  while (checked && saved && saved.paper_version !== checked.paper.version) {
    // Another process edited the exam since this one read its paper: nothing was written.
    const paper = await examPaper(db, owner.examId, saved.paper_version);
    checked = { paper, rows: answerRows(paper, answers, 'answers') };
    [saved] = await save(checked);
  }
  const rows = checked?.rows ?? [];
  if (!saved?.deadline_at) throw await refusal(db, userId, attemptId, now, rows);
  const timing = {
    sectionDeadlines: saved.section_deadlines,
    deadlineAt: saved.deadline_at,
    baseDeadlineAt: saved.base_deadline_at,
  };
  const closedSectionIds = [
    ...new Set(rows.flatMap((row) => (row.section_id ? [row.section_id] : []))),
  ].filter((sectionId) => {
    const deadline = sectionDeadline(timing, sectionId);
    return deadline !== null && deadline < cutoff;
  });
  return {
    ackSeq: seq,
    remainingMs: remainingMs(saved.deadline_at, now),
    status: 'IN_PROGRESS',
    deadlineAt: saved.deadline_at.toISOString(),
    conflict: saved.previous_seq > seq || saved.overtaken,
    closedSectionIds,
  };
}

// --- Timed sections ---------------------------------------------------------------------------

/** Starts a timed section's own clock the first time it is opened; later openings keep it. */
const openSectionStatement = preparedSql<{ id: string }>(
  'open_section',
  `
  with opened as (
    update exam_attempts
    set section_deadlines = section_deadlines || jsonb_build_object($3::text, $4::timestamptz)
    where id = $1 and student_user_id = $2 and status = 'IN_PROGRESS' and deadline_at >= $5
      and not (section_deadlines ? $3::text)
    returning id
  ), event as (
    insert into attempt_events (attempt_id, type, at, data)
    select id, 'section_opened', $6, json_build_object('sectionId', $3::text) from opened
  )
  select id from opened`,
);

export async function openSection(
  db: AppDatabase,
  userId: string,
  attemptId: string,
  sectionId: string,
  now: Date,
) {
  const owner = await ownerOf(db, attemptId);
  if (!owner || owner.studentUserId !== userId) throw notFound(ATTEMPT_MESSAGES.attemptNotFound);
  const paper = await currentPaper(db, owner.examId);
  const section = paper.sectionById.get(sectionId.toLowerCase());
  if (!section) throw new FieldErrors({ sectionId: ATTEMPT_MESSAGES.sectionNotInAttempt });
  if (section.timeLimit > 0) {
    await openSectionStatement(db, [
      attemptId,
      userId,
      section.id,
      new Date(now.getTime() + section.timeLimit * 60_000),
      cutoffAt(now),
      now,
    ]);
  }
  const attempt = await ownAttempt(db, userId, attemptId);
  if (attempt.status === 'SUBMITTED') throw new ApiError(409, ATTEMPT_MESSAGES.alreadySubmitted);
  if (attempt.deadlineAt < cutoffAt(now)) throw new ApiError(409, ATTEMPT_MESSAGES.timeOver);
  const deadline = sectionDeadline(attempt, section.id);
  return {
    sectionId: section.id,
    deadlineAt: deadline?.toISOString() ?? null,
    remainingMs: remainingMs(deadline ?? attempt.deadlineAt, now),
    questions: studentQuestions(paper, attempt, section),
  };
}

// --- Submitting -------------------------------------------------------------------------------

/**
 * The one finalisation: the student's submit, the deadline and a proctor all go through a
 * compare-and-set on IN_PROGRESS, so exactly one of them submits. A submit that comes after the
 * deadline and its grace is recorded as the deadline's.
 */
const finaliseStatement = preparedSql<{
  id: string;
  answers_saved: number;
  started_at: Date;
  deadline_at: Date;
  submitted_at: Date;
  submit_trigger: SubmitTrigger;
  last_seq: number;
  proctored: boolean;
}>(
  'finalise_attempt',
  `
  with done as (
    update exam_attempts
    set status = 'SUBMITTED', submitted_at = $3, due_at = null,
      submit_trigger = case when deadline_at >= $4 then $5 else 'DEADLINE' end
    where id = $1 and student_user_id = $2 and status = 'IN_PROGRESS'
    returning id, exam_id, started_at, deadline_at, submitted_at, submit_trigger, last_seq
  ), event as (
    insert into attempt_events (attempt_id, type, at, data)
    select id, 'submitted', submitted_at, json_build_object('trigger', submit_trigger) from done
  )
  select id, started_at, deadline_at, submitted_at, submit_trigger, last_seq::float8 as last_seq,
    (select count(*)::int from attempt_answers
      where attempt_id = done.id and (selected_option is not null or text <> '')) as answers_saved,
    exists (select 1 from exams where id = done.exam_id and mode = 'PROCTORING') as proctored
  from done`,
);

/** A submission, its message, and whether its exam has a live monitor to be told of it. */
export type Finalised = SubmitResult & { message: string; proctored: boolean };

/**
 * Submits an in-progress attempt through the one finalisation, as `trigger` (past the deadline and
 * its grace, as the deadline's). Undefined when it was not in progress: another got there first.
 */
export async function finaliseAttempt(
  db: AppDatabase,
  attemptId: string,
  studentUserId: string,
  trigger: Exclude<SubmitTrigger, 'DEADLINE'>,
  now: Date,
): Promise<Finalised | undefined> {
  const [done] = await finaliseStatement(db, [
    attemptId,
    studentUserId,
    now,
    cutoffAt(now),
    trigger,
  ]);
  if (!done) return undefined;
  return {
    message:
      done.submit_trigger === 'DEADLINE'
        ? ATTEMPT_MESSAGES.submittedAtDeadline
        : ATTEMPT_MESSAGES.submitted,
    attempt: {
      _id: done.id,
      status: 'SUBMITTED',
      startedAt: done.started_at.toISOString(),
      deadlineAt: done.deadline_at.toISOString(),
      submittedAt: done.submitted_at.toISOString(),
      submitTrigger: done.submit_trigger,
      lastSeq: done.last_seq,
    },
    answersSaved: done.answers_saved,
    proctored: done.proctored,
  };
}

export async function submitExam(
  db: AppDatabase,
  userId: string,
  attemptId: string,
  body: SubmitExamPayload,
  now: Date,
): Promise<Finalised> {
  if (body.answers && body.seq !== undefined) {
    await saveAnswers(db, userId, attemptId, { seq: body.seq, answers: body.answers }, now).catch(
      (error: unknown) => {
        // Answers too late to count are dropped; the submit itself goes on.
        if (!(error instanceof ApiError && error.message === ATTEMPT_MESSAGES.timeOver))
          throw error;
      },
    );
  }
  const done = await finaliseAttempt(db, attemptId, userId, 'STUDENT', now);
  if (!done) {
    const error = await refusal(db, userId, attemptId, now);
    throw error.statusCode === 404 ? error : new ApiError(409, ATTEMPT_MESSAGES.alreadySubmitted);
  }
  return done;
}
