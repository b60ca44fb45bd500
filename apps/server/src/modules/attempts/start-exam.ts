import { randomInt } from 'node:crypto';
import { ATTEMPT_LIMITS, ATTEMPT_MESSAGES, type AttemptView } from '@examiq/contracts';
import type { AppDatabase } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import type { AttemptLayoutColumn } from '../../db/schema';
import { batchedStatement } from '../../db/statement-batches';
import { ApiError } from '../../errors';
import { scheduleDetailsOf } from '../exams/exam-header';
import type { MediaLinks, SignedLinks } from '../media/media-links';
import {
  type AttemptRow,
  type ExamRow,
  rememberOwner,
  savedAnswers,
  visibleExam,
} from './attempt-records';
import { drawPaper, newDrawSeed, seenBankQuestions } from './drawn-paper';
import {
  type ExamPaper,
  examPaper,
  hasDrawnSections,
  type PaperQuestion,
  type QuestionKey,
  questionsOfAttempt,
} from './exam-paper';
import { sittingWindow } from './exam-window';
import { attemptView } from './student-view';

function shuffled<Item>(items: readonly Item[]): Item[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [result[i], result[j]] = [result[j] as Item, result[i] as Item];
  }
  return result;
}

/**
 * An ordering question's items in a shuffled order that is never already the right one (the
 * paper's positions of its items).
 */
function shuffledItems(question: PaperQuestion, key: QuestionKey | undefined): number[] {
  const items = question.items ?? [];
  const right = key?.questionType === 'ORDERING' ? key.order.join() : '';
  const positions = items.map((_item, index) => index);
  for (;;) {
    const order = shuffled(positions);
    if (items.length < 2 || order.map((index) => items[index]?.id).join() !== right) return order;
  }
}

/**
 * The questions drawn for this attempt and the orders it shows, fixed at its start; null when the
 * exam draws nothing, shuffles nothing and has no ordering question, whose items are always
 * shuffled.
 */
function layoutFor(
  exam: ExamRow,
  paper: ExamPaper,
  draw: Pick<AttemptLayoutColumn, 'drawn' | 'seed'>,
): AttemptLayoutColumn | null {
  const layout: AttemptLayoutColumn = { questionOrder: {}, optionOrder: {}, ...draw };
  let holds = draw.seed !== undefined;
  for (const section of paper.sections) {
    const onPaper = questionsOfAttempt(paper, layout, section);
    if (exam.shuffleQuestions) {
      layout.questionOrder[section.id] = shuffled(onPaper.map((question) => question.id));
      holds = true;
    }
    for (const question of onPaper) {
      if (question.items) {
        layout.optionOrder[question.id] = shuffledItems(question, paper.keyById.get(question.id));
        holds = true;
      } else if (exam.shuffleOptions) {
        // True/False keeps its order: a shuffled 'False, True' reads as a trick.
        const choices =
          question.questionType === 'TRUE_FALSE' ? null : (question.options ?? question.matches);
        if (choices) {
          layout.optionOrder[question.id] = shuffled(choices.map((_choice, i) => i));
          holds = true;
        }
      }
    }
  }
  return holds ? layout : null;
}

/**
 * The questions of the exam's drawn sections for a new attempt, and the seed they were drawn with;
 * nothing, and no read, for an exam whose sections are all listed.
 */
async function drawFor(
  db: AppDatabase,
  paper: ExamPaper,
  studentUserId: string,
  examId: string,
  startedAt: Date,
): Promise<Pick<AttemptLayoutColumn, 'drawn' | 'seed'>> {
  if (!hasDrawnSections(paper)) return {};
  const seed = newDrawSeed();
  const seen = await seenBankQuestions(db, paper, { studentUserId, examId, startedAt });
  return { seed, drawn: drawPaper(seed, paper.sections, seen) };
}

interface NewAttempt {
  examId: string;
  studentUserId: string;
  startedAt: Date;
  baseDeadlineAt: Date;
  deadlineAt: Date;
  dueAt: Date;
  layout: AttemptLayoutColumn | null;
  sectionDeadlines: Record<string, string>;
}

/**
 * The attempts of a batch of starts (`i` is a start's place in it), each with its 'started' event.
 * One attempt per student and exam: a start whose row exists already gets no id back, and resumes
 * the existing attempt.
 */
const insertAttempts = preparedSql<{ i: number; id: string }>(
  'start_attempts',
  `
  with start as (
    select * from json_to_recordset($1::json) as start(i int, exam_id uuid, student_user_id uuid,
      started_at timestamptz, base_deadline_at timestamptz, deadline_at timestamptz,
      due_at timestamptz, layout jsonb, section_deadlines jsonb)
  ), attempt as (
    insert into exam_attempts
      (exam_id, student_user_id, started_at, base_deadline_at, deadline_at, due_at, layout,
        section_deadlines)
    select exam_id, student_user_id, started_at, base_deadline_at, deadline_at, due_at, layout,
      section_deadlines
    from start
    on conflict (exam_id, student_user_id) do nothing
    returning id, exam_id, student_user_id, started_at
  ), event as (
    insert into attempt_events (attempt_id, type, at) select id, 'started', started_at from attempt
  )
  select start.i, attempt.id
  from start inner join attempt using (exam_id, student_user_id)`,
);

/** Inserts a new attempt with the starts arriving at the same moment; undefined if it exists. */
const insertAttempt = batchedStatement<NewAttempt, string>({
  run: async (db, attempts) => {
    const rows = await insertAttempts(db, [
      Buffer.from(
        JSON.stringify(
          attempts.map((attempt, i) => ({
            i,
            exam_id: attempt.examId,
            student_user_id: attempt.studentUserId,
            started_at: attempt.startedAt,
            base_deadline_at: attempt.baseDeadlineAt,
            deadline_at: attempt.deadlineAt,
            due_at: attempt.dueAt,
            layout: attempt.layout,
            section_deadlines: attempt.sectionDeadlines,
          })),
        ),
      ),
    ]);
    return new Map(rows.map(({ i, id }) => [i, id]));
  },
  keyOf: (attempt) => `${attempt.examId} ${attempt.studentUserId}`,
  most: 64,
});

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
  links: { media: MediaLinks; answerFiles: SignedLinks },
): Promise<AttemptView> {
  const { exam, attempt, extraMinutes } = await visibleExam(db, userId, examId);
  if (attempt) {
    rememberOwner(db, attempt.id, attempt);
    const [answers] = await Promise.all([
      savedAnswers(db).execute({ attemptId: attempt.id }),
      recordEvent(db, [attempt.id, 'resumed', now, null]),
    ]);
    return attemptView(db, exam, attempt, now, answers, links);
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
  const layout = layoutFor(exam, paper, await drawFor(db, paper, userId, exam.id, now));
  // The start shows the first section's questions, so a timed first section's clock starts here.
  const first = paper.sections[0];
  const sectionDeadlines: Record<string, string> =
    first && first.timeLimit > 0
      ? { [first.id]: new Date(now.getTime() + first.timeLimit * 60_000).toISOString() }
      : {};
  const insertedId = await insertAttempt(db, {
    examId: exam.id,
    studentUserId: userId,
    startedAt: now,
    baseDeadlineAt,
    deadlineAt,
    dueAt: new Date(deadlineAt.getTime() + ATTEMPT_LIMITS.saveGraceMs),
    layout,
    sectionDeadlines,
  });
  if (!insertedId) return startExam(db, userId, examId, now, links);
  rememberOwner(db, insertedId, { examId: exam.id, studentUserId: userId });
  const created: AttemptRow = {
    id: insertedId,
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
  return attemptView(db, exam, created, now, [], links);
}
