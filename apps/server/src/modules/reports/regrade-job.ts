import { RESULT_MESSAGES, type RegradeJob } from '@examiq/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { preparedSql } from '../../db/prepared-sql';
import { type AnswerResponse, exams, questions, regradeJobs, users } from '../../db/schema';
import { ApiError } from '../../errors';
import { JobInterrupted, type JobKind } from '../../jobs/runner';
import { keyOf } from '../attempts/exam-paper';
import { responseMarks } from '../attempts/scoring';
import { refreshBankStatistics } from '../banks/bank-statistics';
import { queueLtiScores } from '../lti/score-sends';
import { keyText, type QuestionRow } from './corrected-key';

export type JobRow = typeof regradeJobs.$inferSelect;

/** Attempts re-scored per statement: a job's progress moves this many at a time. */
const REGRADE_BATCH = 500;

const jobById = perDatabase((db) =>
  db
    .select({
      job: regradeJobs,
      requestedBy: users.email,
      settings: questions.settings,
    })
    .from(regradeJobs)
    .innerJoin(questions, eq(questions.id, regradeJobs.questionId))
    .leftJoin(users, eq(users.id, regradeJobs.requestedBy))
    .where(eq(regradeJobs.id, sql.placeholder('jobId')))
    .prepare('regrade_job_by_id'),
);

export function jobOf(
  job: JobRow,
  requestedBy: string | null,
  settings: QuestionRow['settings'],
): RegradeJob {
  return {
    _id: job.id,
    questionId: job.questionId,
    previousCorrectOptionId:
      job.previousCorrectOption === null ? null : String(job.previousCorrectOption),
    correctOptionId: job.correctOption === null ? null : String(job.correctOption),
    correctKey: keyText(job.correctOption, job.answerKey, settings),
    status: job.status,
    total: job.total,
    processed: job.processed,
    requestedBy,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

export async function getRegradeJob(db: AppDatabase, jobId: string): Promise<RegradeJob> {
  const [row] = await jobById(db).execute({ jobId });
  if (!row) throw new ApiError(404, RESULT_MESSAGES.jobNotFound);
  return jobOf(row.job, row.requestedBy, row.settings);
}

// --- Running a job ----------------------------------------------------------------------------

/**
 * One batch of a job: the next attempts by student (the order of the exam's unique index, so no
 * sort), their answers to the question scored against the corrected key, and the job's progress
 * set to the attempts done so far. Scoring is idempotent, so a job taken up again starts over.
 * An answer whose score a marker changed, for a reason, keeps it: a person decided that answer.
 */
const regradeBatchStatement = preparedSql<{ attempts: number; last: string | null }>(
  'regrade_batch',
  `
  with batch as (
    select id, student_user_id from exam_attempts
    where exam_id = $1 and status = 'SUBMITTED' and ($2::uuid is null or student_user_id > $2)
    order by student_user_id limit $3
  ), scored as (
    update attempt_answers as answer
    set awarded_marks = case when answer.selected_option = $5::int then $6::numeric else 0 end
    from batch where answer.attempt_id = batch.id and answer.question_id = $4
      and answer.override_reason is null
  ), progress as (
    update regrade_jobs set processed = $8::int + (select count(*) from batch) where id = $7
  )
  select (select count(*) from batch)::int as attempts,
    (select student_user_id from batch order by student_user_id desc limit 1) as last`,
);

/**
 * One batch of a job whose key is scored here rather than in SQL (multiple select, numerical): the
 * next attempts by student and their answers to the question.
 */
const scriptsBatchStatement = preparedSql<{
  attempt_id: string;
  student_user_id: string;
  response: AnswerResponse | null;
}>(
  'regrade_scripts_batch',
  `select attempt.id as attempt_id, attempt.student_user_id, answer.response
  from exam_attempts as attempt
  left join attempt_answers as answer on answer.attempt_id = attempt.id and answer.question_id = $4
  where attempt.exam_id = $1 and attempt.status = 'SUBMITTED'
    and ($2::uuid is null or attempt.student_user_id > $2)
  order by attempt.student_user_id limit $3`,
);

/** The batch's answers scored against the corrected key, and the job's progress, at once. */
const scoredBatchStatement = preparedSql(
  'regrade_scored_batch',
  `with scored as (
    update attempt_answers as answer set awarded_marks = scored.marks
    from unnest($2::uuid[], $3::numeric[]) as scored(attempt_id, marks)
    where answer.attempt_id = scored.attempt_id and answer.question_id = $1
      and answer.override_reason is null
  )
  update regrade_jobs set processed = $5 where id = $4`,
);

/** The job kind that re-scores a regrade's attempts. */
export const REGRADE_JOB = 'regrade';

export interface RegradeJobInput {
  regradeId: string;
}

/**
 * Re-scores batch after batch. Scoring is idempotent, so an attempt stopped with its process, or
 * failed by a passing fault, simply starts over.
 */
export function regradeJob(now: () => Date): JobKind<RegradeJobInput> {
  return {
    name: REGRADE_JOB,
    attempts: 3,
    concurrency: 4,
    async run({ regradeId }, { db, stopping, jobs }) {
      const [job] = await db
        .select({
          id: regradeJobs.id,
          examId: regradeJobs.examId,
          questionId: regradeJobs.questionId,
          correctOption: regradeJobs.correctOption,
          answerKey: regradeJobs.answerKey,
          questionType: questions.questionType,
          settings: questions.settings,
          marks: questions.marks,
        })
        .from(regradeJobs)
        .innerJoin(questions, eq(questions.id, regradeJobs.questionId))
        .where(and(eq(regradeJobs.id, regradeId), eq(regradeJobs.status, 'RUNNING')));
      // Its exam was deleted, or it ended before its process could say so.
      if (!job) return;
      const key = keyOf(job);
      let after: string | null = null;
      let processed = 0;
      for (;;) {
        if (stopping()) throw new JobInterrupted();
        let attempts: number;
        if (key) {
          const scripts = await scriptsBatchStatement(db, [
            job.examId,
            after,
            REGRADE_BATCH,
            job.questionId,
          ]);
          const answered = scripts.filter((script) => script.response !== null);
          attempts = scripts.length;
          processed += attempts;
          await scoredBatchStatement(db, [
            job.questionId,
            answered.map((script) => script.attempt_id),
            answered.map((script) => responseMarks(key, job.marks, script.response)),
            job.id,
            processed,
          ]);
          after = scripts.at(-1)?.student_user_id ?? null;
        } else {
          const [batch] = await regradeBatchStatement(db, [
            job.examId,
            after,
            REGRADE_BATCH,
            job.questionId,
            job.correctOption,
            job.marks,
            job.id,
            processed,
          ]);
          attempts = batch?.attempts ?? 0;
          processed += attempts;
          after = batch?.last ?? null;
        }
        if (attempts < REGRADE_BATCH) break;
      }
      // Published results are what the bank's statistics were computed from: they follow before
      // the job reads as done.
      const [exam] = await db
        .select({ resultsPublishedAt: exams.resultsPublishedAt })
        .from(exams)
        .where(eq(exams.id, job.examId));
      if (exam?.resultsPublishedAt) await refreshBankStatistics(db, job.examId, now());
      await db.transaction(async (tx) => {
        await tx
          .update(regradeJobs)
          .set({ status: 'DONE', finishedAt: now() })
          .where(eq(regradeJobs.id, job.id));
        // Published scores may have changed: the LMS learns them (nothing before publishing).
        await queueLtiScores(tx, jobs, job.examId);
      });
      jobs.wake();
    },
    async failed(tx, { regradeId }) {
      await tx
        .update(regradeJobs)
        .set({ status: 'FAILED', finishedAt: now() })
        .where(and(eq(regradeJobs.id, regradeId), eq(regradeJobs.status, 'RUNNING')));
    },
  };
}
