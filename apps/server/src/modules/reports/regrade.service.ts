import {
  ATTEMPT_MESSAGES,
  REPORT_LIMITS,
  RESULT_MESSAGES,
  type RegradeData,
  type RegradeJob,
  type RegradePayload,
} from '@examiq/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { preparedSql } from '../../db/prepared-sql';
import { examSections, exams, questions, regradeJobs, users } from '../../db/schema';
import { ApiError, FieldErrors } from '../../errors';
import { JobInterrupted, type JobKind, type JobRunner } from '../../jobs/runner';
import { examPaper, newPaperVersion } from '../attempts/exam-paper';
import { recordAudit } from '../audit/audit';
import type { BlindCodes } from '../results/blind-codes';
import {
  examEnded,
  publishedExam,
  resultFacts,
  type SectionMarks,
  scoreAttempt,
  sectionMarks,
} from '../results/scores';

type ExamRow = typeof exams.$inferSelect;
type JobRow = typeof regradeJobs.$inferSelect;

/** Attempts re-scored per statement: a job's progress moves this many at a time. */
const REGRADE_BATCH = 500;

const questionOfExam = perDatabase((db) =>
  db
    .select({
      id: questions.id,
      sectionId: questions.sectionId,
      marks: questions.marks,
      options: questions.options,
      correctOption: questions.correctOption,
    })
    .from(questions)
    .innerJoin(examSections, eq(examSections.id, questions.sectionId))
    .where(
      and(
        eq(questions.id, sql.placeholder('questionId')),
        eq(examSections.examId, sql.placeholder('examId')),
      ),
    )
    .prepare('regrade_question_of_exam'),
);

const jobById = perDatabase((db) =>
  db
    .select({ job: regradeJobs, requestedBy: users.email })
    .from(regradeJobs)
    .leftJoin(users, eq(users.id, regradeJobs.requestedBy))
    .where(eq(regradeJobs.id, sql.placeholder('jobId')))
    .prepare('regrade_job_by_id'),
);

function jobOf(job: JobRow, requestedBy: string | null): RegradeJob {
  return {
    _id: job.id,
    questionId: job.questionId,
    previousCorrectOptionId: String(job.previousCorrectOption),
    correctOptionId: String(job.correctOption),
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
  return jobOf(row.job, row.requestedBy);
}

// --- Running a job ----------------------------------------------------------------------------

/**
 * One batch of a job: the next attempts by student (the order of the exam's unique index, so no
 * sort), their answers to the question scored against the corrected key, and the job's progress
 * set to the attempts done so far. Scoring is idempotent, so a job taken up again starts over.
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
  ), progress as (
    update regrade_jobs set processed = $8::int + (select count(*) from batch) where id = $7
  )
  select (select count(*) from batch)::int as attempts,
    (select student_user_id from batch order by student_user_id desc limit 1) as last`,
);

/** The job kind that re-scores a regrade's attempts. */
export const REGRADE_JOB = 'regrade';

interface RegradeJobInput {
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
    async run({ regradeId }, { db, stopping }) {
      const [job] = await db
        .select({
          id: regradeJobs.id,
          examId: regradeJobs.examId,
          questionId: regradeJobs.questionId,
          correctOption: regradeJobs.correctOption,
          marks: questions.marks,
        })
        .from(regradeJobs)
        .innerJoin(questions, eq(questions.id, regradeJobs.questionId))
        .where(and(eq(regradeJobs.id, regradeId), eq(regradeJobs.status, 'RUNNING')));
      // Its exam was deleted, or it ended before its process could say so.
      if (!job) return;
      let after: string | null = null;
      let processed = 0;
      for (;;) {
        if (stopping()) throw new JobInterrupted();
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
        processed += batch?.attempts ?? 0;
        after = batch?.last ?? null;
        if ((batch?.attempts ?? 0) < REGRADE_BATCH) break;
      }
      await db
        .update(regradeJobs)
        .set({ status: 'DONE', finishedAt: now() })
        .where(eq(regradeJobs.id, job.id));
    },
    async failed(tx, { regradeId }) {
      await tx
        .update(regradeJobs)
        .set({ status: 'FAILED', finishedAt: now() })
        .where(and(eq(regradeJobs.id, regradeId), eq(regradeJobs.status, 'RUNNING')));
    },
  };
}

// --- Asking for one ----------------------------------------------------------------------------

/**
 * The submitted answers to the question whose marks the corrected key changes, with their
 * students: the marks each has and the marks the new key gives.
 */
const changedAnswersStatement = preparedSql<{
  attempt_id: string;
  first_name: string;
  last_name: string;
  roll_number: string;
  marks_before: number;
  marks_after: number;
}>(
  'regrade_changed_answers',
  `select * from (
    select attempt.id as attempt_id, student.first_name, student.last_name, student.roll_number,
      coalesce(answer.awarded_marks, 0)::float8 as marks_before,
      (case when answer.selected_option = $3::int then $4::int else 0 end)::float8 as marks_after
    from exam_attempts as attempt
    inner join attempt_answers as answer
      on answer.attempt_id = attempt.id and answer.question_id = $2
    inner join students as student on student.user_id = attempt.student_user_id
    where attempt.exam_id = $1 and attempt.status = 'SUBMITTED'
  ) as answer
  where marks_before <> marks_after
  order by roll_number, attempt_id`,
);

type ChoiceQuestion = { id: string; sectionId: string; marks: number };

/** Whose results the corrected key changes, total or pass/fail, before and after. */
async function regradeChanges(
  db: AppDatabase,
  codes: BlindCodes,
  exam: ExamRow,
  question: ChoiceQuestion,
  correctOption: number,
): Promise<Omit<RegradeData, 'job'>> {
  const answers = await changedAnswersStatement(db, [
    exam.id,
    question.id,
    correctOption,
    question.marks,
  ]);
  const [paper, marks] = await Promise.all([
    examPaper(db, exam.id, exam.paperVersion),
    sectionMarks(
      db,
      exam.id,
      answers.map((answer) => answer.attempt_id),
    ),
  ]);
  const changes = answers.flatMap((answer) => {
    const sections = marks.get(answer.attempt_id);
    const before = scoreAttempt(exam, paper, sections);
    const corrected = new Map(sections);
    const section = corrected.get(question.sectionId) as SectionMarks;
    corrected.set(question.sectionId, {
      ...section,
      marks: section.marks - answer.marks_before + answer.marks_after,
    });
    const after = scoreAttempt(exam, paper, corrected);
    if (before.total === after.total && before.passed === after.passed) return [];
    return [
      {
        attemptCode: codes.attemptCode(answer.attempt_id),
        studentName: `${answer.first_name} ${answer.last_name}`,
        rollNumber: answer.roll_number,
        totalBefore: before.total,
        totalAfter: after.total,
        passedBefore: before.passed,
        passedAfter: after.passed,
      },
    ];
  });
  return {
    changes: changes.slice(0, REPORT_LIMITS.regradeChangesListed),
    attemptsAffected: changes.length,
    passChanges: changes.filter((change) => change.passedBefore !== change.passedAfter).length,
  };
}

const runningJobOf = (db: Pick<AppDatabase, 'select'>, examId: string) =>
  db
    .select({ id: regradeJobs.id })
    .from(regradeJobs)
    .where(and(eq(regradeJobs.examId, examId), eq(regradeJobs.status, 'RUNNING')))
    .limit(1);

/**
 * Corrects a choice question's answer key, once every sitting of the exam is over. A dry run
 * only reports whose results change; otherwise the key is corrected and a job re-scores every
 * submitted answer to the question in the background.
 */
export async function regradeQuestion(
  db: AppDatabase,
  codes: BlindCodes,
  examId: string,
  { questionId, correctOptionId, dryRun = false }: RegradePayload,
  requestedBy: string,
  now: () => Date,
  jobs: JobRunner,
): Promise<RegradeData> {
  const exam = await publishedExam(db, examId);
  const [question] = await questionOfExam(db).execute({ questionId, examId: exam.id });
  if (!question) throw new ApiError(404, RESULT_MESSAGES.questionNotFound);
  if (question.options === null || question.correctOption === null) {
    throw new FieldErrors({ questionId: RESULT_MESSAGES.regradeChoiceOnly });
  }
  const correctOption = Number(correctOptionId);
  if (correctOption >= question.options.length) {
    throw new FieldErrors({ correctOptionId: ATTEMPT_MESSAGES.optionNotOfQuestion });
  }
  if (correctOption === question.correctOption) {
    throw new FieldErrors({ correctOptionId: RESULT_MESSAGES.regradeSameOption });
  }
  const facts = (await resultFacts(db, [exam.id])).get(exam.id);
  if (!facts || !examEnded(exam, facts, now())) {
    throw new ApiError(409, RESULT_MESSAGES.regradeWhileSitting);
  }
  if ((await runningJobOf(db, exam.id)).length > 0) {
    throw new ApiError(409, RESULT_MESSAGES.regradeRunning);
  }
  const changes = await regradeChanges(db, codes, exam, question, correctOption);
  if (dryRun) return { ...changes, job: null };

  const previousCorrectOption = question.correctOption;
  const job = await db.transaction(async (tx) => {
    // Two admins applying at once: the second waits here, then finds the first one's job.
    await tx.select({ id: exams.id }).from(exams).where(eq(exams.id, exam.id)).for('update');
    if ((await runningJobOf(tx, exam.id)).length > 0) {
      throw new ApiError(409, RESULT_MESSAGES.regradeRunning);
    }
    await tx.update(questions).set({ correctOption }).where(eq(questions.id, question.id));
    await tx.update(exams).set({ paperVersion: newPaperVersion }).where(eq(exams.id, exam.id));
    const [created] = await tx
      .insert(regradeJobs)
      .values({
        examId: exam.id,
        questionId: question.id,
        previousCorrectOption,
        correctOption,
        total: facts.submitted,
        requestedBy,
        createdAt: now(),
      })
      .returning();
    const from = question.options?.[previousCorrectOption];
    const to = question.options?.[correctOption];
    await recordAudit(
      tx,
      requestedBy,
      {
        action: 'exam.regrade-question',
        recordType: 'exam',
        recordId: exam.id,
        recordLabel: exam.title,
        summary: `Corrected a question's answer key from "${from}" to "${to}": ${facts.submitted} submitted attempts are marked again`,
        changes: { questionId: question.id, correctOption: { from, to } },
      },
      now(),
    );
    const input: RegradeJobInput = { regradeId: (created as JobRow).id };
    await jobs.add(tx, REGRADE_JOB, input);
    return created as JobRow;
  });
  jobs.wake();
  return { ...changes, job: await getRegradeJob(db, job.id) };
}
