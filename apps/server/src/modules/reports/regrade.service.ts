import {
  ATTEMPT_MESSAGES,
  acceptedAnswerText,
  acceptedBlankTexts,
  blankCountMessage,
  blankNumbers,
  type NumericAnswer,
  REPORT_LIMITS,
  RESULT_MESSAGES,
  type RegradeData,
  type RegradeJob,
  type RegradeRequest,
} from '@examiq/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { preparedSql } from '../../db/prepared-sql';
import { itemsOf, matchingPartsOf, unitsOf } from '../../db/question-columns';
import {
  type AnswerKey,
  type AnswerResponse,
  examSections,
  exams,
  questions,
  regradeJobs,
  users,
} from '../../db/schema';
import { ApiError, FieldErrors } from '../../errors';
import { JobInterrupted, type JobKind, type JobRunner } from '../../jobs/runner';
import { examPaper, keyOf, newPaperVersion, type QuestionKey } from '../attempts/exam-paper';
import { responseMarks } from '../attempts/scoring';
import { recordAudit } from '../audit/audit';
import { refreshBankStatistics } from '../banks/bank-statistics';
import { queueLtiScores } from '../lti/score-sends';
import type { BlindCodes } from '../results/blind-codes';
import {
  drawnPapers,
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
      questionType: questions.questionType,
      questionText: questions.questionText,
      marks: questions.marks,
      options: questions.options,
      correctOption: questions.correctOption,
      settings: questions.settings,
      answerKey: questions.answerKey,
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

type QuestionRow = Awaited<ReturnType<ReturnType<typeof questionOfExam>['execute']>>[number];

const optionLetter = (position: number) => String.fromCharCode(65 + position);

/**
 * A key as the admin reads it, in the regrade's message and the audit log: `option B`, `options A
 * and C`, `the accepted answers 0.012 ± 2% A`.
 */
function keyText(
  correctOption: number | null,
  key: AnswerKey | null,
  settings: QuestionRow['settings'],
): string {
  if (correctOption !== null) return `option ${optionLetter(correctOption)}`;
  if (key && 'correctOptions' in key) {
    const letters = key.correctOptions.map(optionLetter);
    return letters.length === 1
      ? `option ${letters[0]}`
      : `options ${letters.slice(0, -1).join(', ')} and ${letters.at(-1)}`;
  }
  if (key && 'blanks' in key) {
    const blanks = key.blanks.map(
      (blank, index) => `${index + 1}: ${acceptedBlankTexts(blank).join(', ')}`,
    );
    return `the accepted blanks ${blanks.join('; ')}`;
  }
  if (key && 'pairs' in key) {
    const { prompts, matches } = matchingPartsOf(settings);
    const textOf = new Map([...prompts, ...matches].map((part) => [part.id, part.text]));
    const pairs = key.pairs.map(
      ({ prompt, match }) => `${textOf.get(prompt)} → ${textOf.get(match)}`,
    );
    return `the pairs ${pairs.join('; ')}`;
  }
  if (key && 'order' in key) {
    const textOf = new Map(itemsOf(settings).map((item) => [item.id, item.text]));
    return `the order ${key.order.map((id) => textOf.get(id)).join(', ')}`;
  }
  const unit = unitsOf(settings).units[0]?.unit;
  const answers = key && 'numericAnswers' in key ? key.numericAnswers : [];
  return `the accepted answers ${answers.map((answer) => acceptedAnswerText(answer, unit)).join('; ')}`;
}

function jobOf(
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

// --- Asking for one ----------------------------------------------------------------------------

/**
 * The submitted answers to the question whose marks the corrected key changes, with their
 * students: the marks each has and, for a single-choice key ($3), the marks the new key gives.
 * Every answer comes for another key, with its response to score here.
 */
const changedAnswersStatement = preparedSql<{
  attempt_id: string;
  first_name: string;
  last_name: string;
  roll_number: string;
  response: AnswerResponse | null;
  marks_before: number;
  marks_after: number | null;
}>(
  'regrade_changed_answers',
  `select * from (
    select attempt.id as attempt_id, student.first_name, student.last_name, student.roll_number,
      answer.response, coalesce(answer.awarded_marks, 0)::float8 as marks_before,
      (case when answer.selected_option = $3::int then $4::int else 0 end)::float8 as marks_after
    from exam_attempts as attempt
    inner join attempt_answers as answer
      on answer.attempt_id = attempt.id and answer.question_id = $2
        and answer.override_reason is null
    inner join students as student on student.user_id = attempt.student_user_id
    where attempt.exam_id = $1 and attempt.status = 'SUBMITTED'
  ) as answer
  where $3::int is null or marks_before <> marks_after
  order by roll_number, attempt_id`,
);

/** A corrected key: a single-choice question's option, or another type's whole key. */
type CorrectedKey = { correctOption: number } | { key: QuestionKey; stored: AnswerKey };

/**
 * Each answer's marks in a section with internal choice, with one answer's marks changed: which
 * of equal marks is that answer's makes no difference to the best K.
 */
function oneMarkChanged(marks: number[], before: number, after: number): number[] {
  const index = marks.indexOf(before);
  return marks.map((each, position) => (position === index ? after : each));
}

/** Whose results the corrected key changes, total or pass/fail, before and after. */
async function regradeChanges(
  db: AppDatabase,
  codes: BlindCodes,
  exam: ExamRow,
  question: QuestionRow,
  corrected: CorrectedKey,
): Promise<Omit<RegradeData, 'job'>> {
  const rows = await changedAnswersStatement(db, [
    exam.id,
    question.id,
    'correctOption' in corrected ? corrected.correctOption : null,
    question.marks,
  ]);
  const answers = rows.flatMap((row) => {
    const marksAfter =
      'key' in corrected
        ? responseMarks(corrected.key, question.marks, row.response)
        : (row.marks_after as number);
    return marksAfter === row.marks_before ? [] : [{ ...row, marks_after: marksAfter }];
  });
  const paper = await examPaper(db, exam.id, exam.paperVersion);
  const attemptIds = answers.map((answer) => answer.attempt_id);
  const [marks, layouts] = await Promise.all([
    sectionMarks(db, paper, exam.id, attemptIds),
    drawnPapers(db, paper, exam.id, attemptIds),
  ]);
  const changes = answers.flatMap((answer) => {
    const sections = marks.get(answer.attempt_id);
    const layout = layouts.get(answer.attempt_id) ?? null;
    const before = scoreAttempt(exam, paper, sections, layout);
    const withCorrection = new Map(sections);
    const section = withCorrection.get(question.sectionId) as SectionMarks;
    withCorrection.set(question.sectionId, {
      ...section,
      marks: section.marks - answer.marks_before + answer.marks_after,
      answerMarks:
        section.answerMarks &&
        oneMarkChanged(section.answerMarks, answer.marks_before, answer.marks_after),
    });
    const after = scoreAttempt(exam, paper, withCorrection, layout);
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

/** Numbers compared as the database keeps them: the same key, however its fields were ordered. */
const sameAnswers = (a: NumericAnswer[], b: NumericAnswer[]) =>
  a.length === b.length &&
  a.every(
    (answer, index) =>
      answer.value === b[index]?.value &&
      answer.tolerance === b[index]?.tolerance &&
      answer.toleranceType === b[index]?.toleranceType &&
      answer.fraction === b[index]?.fraction,
  );

/** A value as JSON with every object's keys in order: `jsonb` keeps them in an order of its own. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, part: unknown) =>
    part !== null && typeof part === 'object' && !Array.isArray(part)
      ? Object.fromEntries(Object.entries(part).sort(([a], [b]) => (a < b ? -1 : 1)))
      : part,
  );
}

/** A corrected key of blanks, pairs or an order, refused where it is the key in force. */
function changedKey(question: QuestionRow, stored: AnswerKey, field: string): CorrectedKey {
  if (canonicalJson(stored) === canonicalJson(question.answerKey)) {
    throw new FieldErrors({ [field]: RESULT_MESSAGES.regradeSameKey });
  }
  return { key: keyOf({ ...question, answerKey: stored }) as QuestionKey, stored };
}

/**
 * The corrected key the payload gives, in the field of the question's type, checked against the
 * question: its options exist, and it differs from the key in force.
 */
function correctedKeyOf(question: QuestionRow, payload: RegradeRequest): CorrectedKey {
  const optionCount = question.options?.length ?? 0;
  switch (question.questionType) {
    case 'MCQ':
    case 'TRUE_FALSE': {
      if (payload.correctOptionId === undefined) {
        throw new FieldErrors({ correctOptionId: RESULT_MESSAGES.regradeKeyMissing });
      }
      const correctOption = Number(payload.correctOptionId);
      if (correctOption >= optionCount) {
        throw new FieldErrors({ correctOptionId: ATTEMPT_MESSAGES.optionNotOfQuestion });
      }
      if (correctOption === question.correctOption) {
        throw new FieldErrors({ correctOptionId: RESULT_MESSAGES.regradeSameOption });
      }
      return { correctOption };
    }
    case 'MULTI_SELECT': {
      if (payload.correctOptionIds === undefined) {
        throw new FieldErrors({ correctOptionIds: RESULT_MESSAGES.regradeKeyMissing });
      }
      const correctOptions = payload.correctOptionIds.map(Number).sort((a, b) => a - b);
      if (correctOptions.some((option) => option >= optionCount)) {
        throw new FieldErrors({ correctOptionIds: ATTEMPT_MESSAGES.optionNotOfQuestion });
      }
      const stored = { correctOptions };
      const key = keyOf({ ...question, answerKey: stored });
      const current = keyOf(question);
      if (
        current?.questionType === 'MULTI_SELECT' &&
        current.correctOptions.size === correctOptions.length &&
        correctOptions.every((option) => current.correctOptions.has(option))
      ) {
        throw new FieldErrors({ correctOptionIds: RESULT_MESSAGES.regradeSameOptions });
      }
      return { key: key as QuestionKey, stored };
    }
    case 'NUMERICAL': {
      if (payload.numericAnswers === undefined) {
        throw new FieldErrors({ numericAnswers: RESULT_MESSAGES.regradeKeyMissing });
      }
      const stored = { numericAnswers: payload.numericAnswers };
      const current = keyOf(question);
      if (
        current?.questionType === 'NUMERICAL' &&
        sameAnswers(current.numericAnswers, payload.numericAnswers)
      ) {
        throw new FieldErrors({ numericAnswers: RESULT_MESSAGES.regradeSameAnswers });
      }
      return { key: keyOf({ ...question, answerKey: stored }) as QuestionKey, stored };
    }
    case 'FILL_IN_BLANKS': {
      if (payload.blanks === undefined) {
        throw new FieldErrors({ blanks: RESULT_MESSAGES.regradeKeyMissing });
      }
      const count = blankNumbers(question.questionText).length;
      if (payload.blanks.length !== count) {
        throw new FieldErrors({ blanks: blankCountMessage(count) });
      }
      return changedKey(question, { blanks: payload.blanks }, 'blanks');
    }
    case 'MATCHING': {
      if (payload.correctMatches === undefined) {
        throw new FieldErrors({ correctMatches: RESULT_MESSAGES.regradeKeyMissing });
      }
      const { prompts, matches } = matchingPartsOf(question.settings);
      const matchIds = new Set(matches.map((match) => match.id));
      const chosen = payload.correctMatches;
      if (
        Object.keys(chosen).length !== prompts.length ||
        prompts.some(({ id }) => !matchIds.has(chosen[id] ?? ''))
      ) {
        throw new FieldErrors({ correctMatches: RESULT_MESSAGES.regradeEveryPrompt });
      }
      const pairs = prompts.map(({ id }) => ({ prompt: id, match: chosen[id] as string }));
      return changedKey(question, { pairs }, 'correctMatches');
    }
    case 'ORDERING': {
      if (payload.correctOrder === undefined) {
        throw new FieldErrors({ correctOrder: RESULT_MESSAGES.regradeKeyMissing });
      }
      const items = new Set(itemsOf(question.settings).map((item) => item.id));
      const order = payload.correctOrder;
      if (
        order.length !== items.size ||
        new Set(order).size !== order.length ||
        order.some((id) => !items.has(id))
      ) {
        throw new FieldErrors({ correctOrder: ATTEMPT_MESSAGES.orderNotOfQuestion });
      }
      return changedKey(question, { order }, 'correctOrder');
    }
    default:
      throw new FieldErrors({ questionId: RESULT_MESSAGES.regradeChoiceOnly });
  }
}

/** How the audit log records a correction: a single-choice key by its options' texts. */
function recordedCorrection(question: QuestionRow, corrected: CorrectedKey) {
  if ('correctOption' in corrected) {
    const from = question.options?.[question.correctOption as number];
    const to = question.options?.[corrected.correctOption];
    return { summary: `from "${from}" to "${to}"`, change: { correctOption: { from, to } } };
  }
  const from = keyText(null, question.answerKey, question.settings);
  const to = keyText(null, corrected.stored, question.settings);
  return { summary: `from ${from} to ${to}`, change: { answerKey: { from, to } } };
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
  payload: RegradeRequest,
  requestedBy: string,
  now: () => Date,
  jobs: JobRunner,
): Promise<RegradeData> {
  const exam = await publishedExam(db, examId);
  const [question] = await questionOfExam(db).execute({
    questionId: payload.questionId,
    examId: exam.id,
  });
  if (!question) throw new ApiError(404, RESULT_MESSAGES.questionNotFound);
  const corrected = correctedKeyOf(question, payload);
  const facts = (await resultFacts(db, [exam.id])).get(exam.id);
  if (!facts || !examEnded(exam, facts, now())) {
    throw new ApiError(409, RESULT_MESSAGES.regradeWhileSitting);
  }
  if ((await runningJobOf(db, exam.id)).length > 0) {
    throw new ApiError(409, RESULT_MESSAGES.regradeRunning);
  }
  const changes = await regradeChanges(db, codes, exam, question, corrected);
  if (payload.dryRun) return { ...changes, job: null };

  const keys =
    'correctOption' in corrected
      ? {
          previousCorrectOption: question.correctOption,
          correctOption: corrected.correctOption,
          previousAnswerKey: null,
          answerKey: null,
        }
      : {
          previousCorrectOption: null,
          correctOption: null,
          previousAnswerKey: question.answerKey,
          answerKey: corrected.stored,
        };
  const recorded = recordedCorrection(question, corrected);
  const job = await db.transaction(async (tx) => {
    // Two admins applying at once: the second waits here, then finds the first one's job.
    await tx.select({ id: exams.id }).from(exams).where(eq(exams.id, exam.id)).for('update');
    if ((await runningJobOf(tx, exam.id)).length > 0) {
      throw new ApiError(409, RESULT_MESSAGES.regradeRunning);
    }
    await tx
      .update(questions)
      .set(
        'correctOption' in corrected
          ? { correctOption: corrected.correctOption }
          : { answerKey: corrected.stored },
      )
      .where(eq(questions.id, question.id));
    await tx.update(exams).set({ paperVersion: newPaperVersion }).where(eq(exams.id, exam.id));
    const [created] = await tx
      .insert(regradeJobs)
      .values({
        examId: exam.id,
        questionId: question.id,
        ...keys,
        total: facts.submitted,
        requestedBy,
        createdAt: now(),
      })
      .returning();
    await recordAudit(
      tx,
      requestedBy,
      {
        action: 'exam.regrade-question',
        recordType: 'exam',
        recordId: exam.id,
        recordLabel: exam.title,
        summary: `Corrected a question's answer key ${recorded.summary}: ${facts.submitted} submitted attempts are marked again`,
        changes: { questionId: question.id, ...recorded.change },
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
