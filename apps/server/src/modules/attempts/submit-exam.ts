import {
  ATTEMPT_MESSAGES,
  type SubmitExamPayload,
  type SubmitResult,
  type SubmitTrigger,
} from '@examiq/contracts';
import type { AppDatabase } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import { ApiError } from '../../errors';
import { cutoffAt } from './attempt-records';
import { refusal, saveAnswers } from './save-answers';

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
      where attempt_id = done.id
        and (selected_option is not null or text <> '' or response is not null)) as answers_saved,
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
