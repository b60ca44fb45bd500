import {
  type AnswerInput,
  ATTEMPT_MESSAGES,
  type SaveAnswersPayload,
  type SaveAnswersResult,
} from '@examiq/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
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
import { writeSave } from './save-batches';

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
    writeSave(db, {
      attemptId,
      userId,
      seq,
      savedAt: now,
      cutoff,
      rows: checked?.rows ?? [],
      paperVersion: checked?.paper.version ?? null,
    });
  let checked = answers.length > 0 ? await checkedAnswers(db, owner.examId, answers) : null;
  if (checked) await checkFiles(db, attemptId, checked.rows);
  let saved = await save(checked);
  while (checked && saved && saved.paper_version !== checked.paper.version) {
    // Another process edited the exam since this one read its paper: nothing was written.
    const paper = await examPaper(db, owner.examId, saved.paper_version);
    checked = { paper, rows: answerRows(paper, answers, 'answers') };
    saved = await save(checked);
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
