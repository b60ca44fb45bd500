import { randomUUID } from 'node:crypto';
import {
  ATTEMPT_MESSAGES,
  examReportDataSchema,
  RESULT_MESSAGES,
  type RegradeJob,
  regradeDataSchema,
  regradeJobSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, questions, regradeJobs } from '../../db/schema';
import { expectError } from '../../test/errors';
import { EXAM_DAY_TEN, MINUTE, sittingSuite } from '../../test/sittings';
import { blindCodes } from '../results/blind-codes';
import { REGRADE_JOB } from './regrade.service';
import { choiceExam, sit } from './test-support';

const suite = sittingSuite();
const DAY_AFTER = new Date(EXAM_DAY_TEN.getTime() + 24 * 60 * MINUTE);

const regradeResponse = successResponse(regradeDataSchema);
const jobResponse = successResponse(regradeJobSchema);

const regrade = (examId: string, body: unknown) =>
  suite.fixture.adminCall('POST', `regrade-question/${examId}`, body);

async function report(examId: string) {
  const response = await suite.fixture.adminCall('GET', `get-exam-report/${examId}`);
  return successResponse(examReportDataSchema).parse(response.json()).data;
}

/** Polls the job as the browser does, until it has ended. */
async function finished(jobId: string): Promise<RegradeJob> {
  for (let poll = 0; poll < 200; poll++) {
    const response = await suite.fixture.adminCall('GET', `get-regrade-job/${jobId}`);
    expect(response.statusCode, response.body).toBe(200);
    const job = jobResponse.parse(response.json()).data;
    if (job.status !== 'RUNNING') return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('The regrade did not end');
}

/**
 * Five scripts of an exam whose fourth question's key (option 0) should have been option 1, and
 * the exam over (the next day). Totals before: 3, 1, 3, 1, 0; after: 4, 2 (now passing), 2, 1, 0.
 */
async function examWithWrongKey() {
  suite.clock.set(EXAM_DAY_TEN);
  const exam = await choiceExam(suite.fixture);
  const scripts = [
    await sit(suite.fixture, exam._id, ['right', 'right', 'right', 'wrong', null]),
    await sit(suite.fixture, exam._id, ['right', null, null, 'wrong', null]),
    await sit(suite.fixture, exam._id, ['right', 'right', null, 'right', null]),
    await sit(suite.fixture, exam._id, ['right', null, null, null, null]),
    await sit(suite.fixture, exam._id, []),
  ];
  suite.clock.set(DAY_AFTER);
  const questionId = scripts[0]?.questionIds[3] as string;
  return { exam, scripts, questionId };
}

describe('regrade of a question', () => {
  it('previews exactly the results that change and writes nothing', async () => {
    const { exam, scripts, questionId } = await examWithWrongKey();
    const before = await report(exam._id);

    const response = await regrade(exam._id, { questionId, correctOptionId: '1', dryRun: true });
    expect(response.statusCode, response.body).toBe(200);
    const data = regradeResponse.parse(response.json()).data;
    const change = (index: number) => {
      const { record, attemptId } = scripts[index] as (typeof scripts)[number];
      return {
        attemptCode: blindCodes(suite.t.config.jwtSecret).attemptCode(attemptId),
        studentName: `${record.personalInfo.firstName} ${record.personalInfo.lastName}`,
        rollNumber: record.rollNumber,
      };
    };
    expect(data).toEqual({
      changes: expect.arrayContaining([
        { ...change(0), totalBefore: 3, totalAfter: 4, passedBefore: true, passedAfter: true },
        { ...change(1), totalBefore: 1, totalAfter: 2, passedBefore: false, passedAfter: true },
        { ...change(2), totalBefore: 3, totalAfter: 2, passedBefore: true, passedAfter: true },
      ]),
      attemptsAffected: 3,
      passChanges: 1,
      job: null,
    });
    expect(data.changes).toHaveLength(3);
    expect(data.changes.map((row) => row.rollNumber)).toEqual(
      data.changes.map((row) => row.rollNumber).sort(),
    );

    expect(await report(exam._id)).toEqual(before);
    const [question] = await suite.t.database.db
      .select({ correctOption: questions.correctOption })
      .from(questions)
      .where(eq(questions.id, questionId));
    expect(question?.correctOption).toBe(0);
  });

  it('applies the corrected key to every attempt in a job that records who asked', async () => {
    const { exam, questionId } = await examWithWrongKey();

    const response = await regrade(exam._id, { questionId, correctOptionId: '1' });
    expect(response.statusCode, response.body).toBe(202);
    const data = regradeResponse.parse(response.json()).data;
    expect(response.json().message).toBe(RESULT_MESSAGES.regradeStarted);
    expect(data).toMatchObject({ attemptsAffected: 3, passChanges: 1 });
    expect(data.job).toMatchObject({
      questionId,
      previousCorrectOptionId: '0',
      correctOptionId: '1',
      total: 5,
      requestedBy: suite.fixture.admin.email,
      createdAt: DAY_AFTER.toISOString(),
    });

    const job = await finished(data.job?._id as string);
    expect(job).toMatchObject({
      status: 'DONE',
      processed: 5,
      total: 5,
      finishedAt: DAY_AFTER.toISOString(),
    });
    const after = await report(exam._id);
    expect(after.summary).toMatchObject({ average: 1.8, highest: 4, lowest: 0, passRate: 0.6 });
    expect(after.questions[3]).toMatchObject({ correctRate: 0.4, correctOptionId: '1' });

    expectError(await regrade(exam._id, { questionId, correctOptionId: '1' }), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { correctOptionId: RESULT_MESSAGES.regradeSameOption },
    });
    const back = await regrade(exam._id, { questionId, correctOptionId: '0', dryRun: true });
    expect(regradeResponse.parse(back.json()).data.attemptsAffected).toBe(3);
  });

  it('takes up a job a stopped server left running', async () => {
    const { exam, questionId } = await examWithWrongKey();
    const { db } = suite.t.database;
    await db.update(questions).set({ correctOption: 1 }).where(eq(questions.id, questionId));
    const [left] = await db
      .insert(regradeJobs)
      .values({
        examId: exam._id,
        questionId,
        previousCorrectOption: 0,
        correctOption: 1,
        total: 5,
        processed: 2,
        createdAt: EXAM_DAY_TEN,
      })
      .returning();

    // Its process died: the lease it held has run out.
    await db.insert(jobs).values({
      kind: REGRADE_JOB,
      payload: { regradeId: left?.id },
      status: 'RUNNING',
      attempts: 1,
      lockedUntil: new Date(Date.now() - 1000),
    });
    suite.t.app.jobs.wake();
    expect(await finished(left?.id as string)).toMatchObject({ status: 'DONE', processed: 5 });
    expect((await report(exam._id)).summary).toMatchObject({ average: 1.8, passRate: 0.6 });
  });

  it('refuses while the exam is being sat or a regrade of it is running', async () => {
    suite.clock.set(EXAM_DAY_TEN);
    const exam = await choiceExam(suite.fixture);
    await sit(suite.fixture, exam._id, ['right']);
    const writing = await suite.fixture.student(suite.fixture.inSection.A);
    const view = await writing.client.start(exam._id);
    const questionId = view.sections[0]?.questions[0]?._id as string;
    const body = { questionId, correctOptionId: '1', dryRun: true };

    expectError(await regrade(exam._id, body), 409, {
      message: RESULT_MESSAGES.regradeWhileSitting,
    });
    // The window has closed, but a sitting not swept yet is still open.
    suite.clock.set(DAY_AFTER);
    expectError(await regrade(exam._id, body), 409, {
      message: RESULT_MESSAGES.regradeWhileSitting,
    });

    await writing.client.submit(view.attempt._id);
    await suite.t.database.db.insert(regradeJobs).values({
      examId: exam._id,
      questionId: view.sections[0]?.questions[1]?._id as string,
      previousCorrectOption: 0,
      correctOption: 1,
      total: 2,
      createdAt: DAY_AFTER,
    });
    expectError(await regrade(exam._id, body), 409, { message: RESULT_MESSAGES.regradeRunning });
    expectError(await regrade(exam._id, { ...body, dryRun: false }), 409, {
      message: RESULT_MESSAGES.regradeRunning,
    });
  });

  it('refuses a written question, an option the question lacks, and malformed fields', async () => {
    suite.clock.set(EXAM_DAY_TEN);
    const exam = await suite.fixture.exam();
    const view = await (await suite.fixture.student(suite.fixture.inSection.A)).client.start(
      exam._id,
    );
    const [mcq, trueFalse, short] = view.sections.map((section) => section.questions[0]?._id);
    suite.clock.set(DAY_AFTER);

    expectError(await regrade(exam._id, { questionId: short, correctOptionId: '1' }), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { questionId: RESULT_MESSAGES.regradeChoiceOnly },
    });
    expectError(await regrade(exam._id, { questionId: trueFalse, correctOptionId: '2' }), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { correctOptionId: ATTEMPT_MESSAGES.optionNotOfQuestion },
    });
    expectError(await regrade(exam._id, { questionId: mcq, correctOptionId: '0' }), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { correctOptionId: RESULT_MESSAGES.regradeSameOption },
    });
    expectError(
      await regrade(exam._id, { questionId: 'q', correctOptionId: '17', dryRun: 'yes' }),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: {
          questionId: 'The question id is not valid',
          correctOptionId: 'The option id is not valid',
          dryRun: 'dryRun must be true or false',
        },
      },
    );
  });

  it('answers 404 for an unknown exam, a question of another exam and an unknown job', async () => {
    const exam = await suite.fixture.exam();
    const other = await suite.fixture.exam();
    const [question] = await suite.t.database.db.select({ id: questions.id }).from(questions);
    expectError(
      await regrade(randomUUID(), { questionId: randomUUID(), correctOptionId: '1' }),
      404,
      { message: RESULT_MESSAGES.examNotFound },
    );
    expectError(await regrade(exam._id, { questionId: randomUUID(), correctOptionId: '1' }), 404, {
      message: RESULT_MESSAGES.questionNotFound,
    });
    expect(question).toBeDefined();
    expectError(await regrade(other._id, { questionId: question?.id, correctOptionId: '1' }), 404, {
      message: RESULT_MESSAGES.questionNotFound,
    });
    expectError(await suite.fixture.adminCall('GET', `get-regrade-job/${randomUUID()}`), 404, {
      message: RESULT_MESSAGES.jobNotFound,
    });
    expectError(await suite.fixture.adminCall('GET', 'get-regrade-job/nope'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { jobId: 'The regrade id is not valid' },
    });
  });
});
