import {
  type AnswerInput,
  ATTEMPT_MESSAGES,
  type SaveAnswersPayload,
  type SaveAnswersResult,
} from '@examiq/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import { answerFiles } from '../../db/schema';
import { ApiError, FieldErrors } from '../../errors';
import { fileIdsOf } from './answer-files';
import { type AnswerRow, answerRows } from './answer-rows';
import {
  attemptById,
  cutoffAt,
  notFound,
  ownerOf,
  remainingMs,
  sectionDeadline,
} from './attempt-records';
import { currentPaper, type ExamPaper, examPaper, newestPaper } from './exam-paper';

/**
 * Each file an answer lists must have been uploaded in this attempt to the answer's question: one
 * read, and only for a save that lists files. Rows keep the order of the save's answers.
 */
async function checkFiles(db: AppDatabase, attemptId: string, rows: readonly AnswerRow[]) {
  const listed = rows.flatMap((row, index) =>
    fileIdsOf(row.response).map((fileId) => ({ fileId, index, questionId: row.question_id })),
  );
  if (listed.length === 0) return;
  const uploaded = await db
    .select({ id: answerFiles.id, questionId: answerFiles.questionId })
    .from(answerFiles)
    .where(
      and(
        eq(answerFiles.attemptId, attemptId),
        inArray(answerFiles.id, [...new Set(listed.map((entry) => entry.fileId))]),
      ),
    );
  const questionOf = new Map(uploaded.map((file) => [file.id, file.questionId]));
  const errors = Object.fromEntries(
    listed
      .filter((entry) => questionOf.get(entry.fileId) !== entry.questionId)
      .map((entry) => [`answers.${entry.index}.fileIds`, ATTEMPT_MESSAGES.fileNotOfQuestion]),
  );
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
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
      and not exists (
        select from json_to_recordset($6::json) as answer(question_id text, drawn_section_id text)
        where answer.drawn_section_id is not null
          and not coalesce((attempt.layout -> 'drawn' -> answer.drawn_section_id) ? answer.question_id,
            false))
    returning attempt.id, attempt.deadline_at, attempt.base_deadline_at, attempt.section_deadlines,
      previous.last_seq::float8 as previous_seq
  ), incoming as (
    select attempt.id as attempt_id, answer.*
    from attempt cross join json_to_recordset($6::json) as answer(
      question_id uuid, section_id text, selected_option int, text text, response jsonb,
      marked_for_review boolean, awarded_marks numeric)
    where answer.section_id is null
      or (attempt.section_deadlines ->> answer.section_id)::timestamptz
        + (attempt.deadline_at - attempt.base_deadline_at) >= $5
  ), saved as (
    insert into attempt_answers as stored
      (attempt_id, question_id, selected_option, text, response, marked_for_review, seq, saved_at,
        awarded_marks)
    select attempt_id, question_id, selected_option, text, response, marked_for_review, $3, $4,
      awarded_marks
    from incoming
    on conflict (attempt_id, question_id) do update set
      selected_option = excluded.selected_option, text = excluded.text,
      response = excluded.response, marked_for_review = excluded.marked_for_review, seq = excluded.seq,
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
          or stored.response is distinct from incoming.response
          or stored.marked_for_review is distinct from incoming.marked_for_review)
    ) as overtaken
  from previous left join attempt on true`,
);

/**
 * Why an attempt refused a write: unknown, someone else's, an answer to a drawn question not on
 * its paper (as unknown as a question of another exam), submitted, out of time, or (for a save
 * still in time) an answer to a timed section not opened yet.
 */
export async function refusal(
  db: AppDatabase,
  userId: string,
  attemptId: string,
  now: Date,
  rows: readonly AnswerRow[] = [],
): Promise<ApiError> {
  const [attempt] = await attemptById(db).execute({ attemptId });
  if (!attempt || attempt.studentUserId !== userId)
    return notFound(ATTEMPT_MESSAGES.attemptNotFound);
  const offPaper = rows.flatMap((row, index) =>
    row.drawn_section_id &&
    !attempt.layout?.drawn?.[row.drawn_section_id]?.includes(row.question_id)
      ? [[`answers.${index}.questionId`, ATTEMPT_MESSAGES.questionNotInAttempt]]
      : [],
  );
  if (offPaper.length > 0) return new FieldErrors(Object.fromEntries(offPaper));
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
  if (checked) await checkFiles(db, attemptId, checked.rows);
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
