import { randomUUID } from 'node:crypto';
import {
  ATTEMPT_MESSAGES,
  examReportDataSchema,
  RESULT_MESSAGES,
  regradeDataSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { validQuestions } from '@examiq/contracts/test-support';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attemptAnswers, jobs, questions, regradeJobs } from '../../db/schema';
import { expectError } from '../../test/errors';
import { EXAM_DAY_TEN, MINUTE, sittingSuite } from '../../test/sittings';
import { blindCodes } from '../results/blind-codes';
import { REGRADE_JOB } from './regrade-job';
import { choiceExam, finishedRegrade, sit } from './test-support';

const suite = sittingSuite();
const DAY_AFTER = new Date(EXAM_DAY_TEN.getTime() + 24 * 60 * MINUTE);

const regradeResponse = successResponse(regradeDataSchema);

const regrade = (examId: string, body: unknown) =>
  suite.fixture.adminCall('POST', `regrade-question/${examId}`, body);

async function report(examId: string) {
  const response = await suite.fixture.adminCall('GET', `get-exam-report/${examId}`);
  return successResponse(examReportDataSchema).parse(response.json()).data;
}

const finished = (jobId: string) => finishedRegrade(suite.fixture, jobId);

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

  it('leaves a score a marker changed, for a reason, as the marker set it', async () => {
    const { exam, scripts, questionId } = await examWithWrongKey();
    const marker = await suite.fixture.signedInFaculty();
    const evaluators = await suite.fixture.adminCall('PUT', `set-exam-evaluators/${exam._id}`, {
      evaluatorIds: [marker.userId],
    });
    expect(evaluators.statusCode, evaluators.body).toBe(200);
    // The first script chose option 1, wrong by the old key: its marker has given it 0.5 already.
    const first = scripts[0]?.attemptId as string;
    const changed = await marker.call('POST', 'grade-answer', {
      answerId: blindCodes(suite.t.config.jwtSecret).markingId(marker.userId, first, questionId),
      marks: 0.5,
      reason: 'Half: option 1 is right under one reading of the question',
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const preview = await regrade(exam._id, { questionId, correctOptionId: '1', dryRun: true });
    expect(regradeResponse.parse(preview.json()).data).toMatchObject({ attemptsAffected: 2 });
    const response = await regrade(exam._id, { questionId, correctOptionId: '1' });
    expect(response.statusCode, response.body).toBe(202);
    await finished(regradeResponse.parse(response.json()).data.job?._id as string);

    const marks = await suite.t.database.db
      .select({ attemptId: attemptAnswers.attemptId, marks: attemptAnswers.awardedMarks })
      .from(attemptAnswers)
      .where(eq(attemptAnswers.questionId, questionId));
    expect(new Map(marks.map((row) => [row.attemptId, row.marks]))).toEqual(
      new Map([
        [first, 0.5],
        [scripts[1]?.attemptId, 1],
        [scripts[2]?.attemptId, 0],
      ]),
    );
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

/**
 * An exam of a multiple select question (3 marks, key A and C, partial credit) and a numerical one
 * (4 marks, 0.012 A ± 2%, 12 A for half; mA at 0.001), sat by two students, the exam over.
 */
async function scoredTypesExam() {
  suite.clock.set(EXAM_DAY_TEN);
  const section = (name: string, questionType: string, marks: number) => ({
    name,
    order: name,
    marks,
    questionType,
    totalQuestions: 1,
    timeLimit: 0,
    isOptional: false,
    instructions: [],
  });
  const exam = await suite.fixture.exam({
    totalMarks: 7,
    passingMarks: 3,
    examSections: [section('Select', 'MULTI_SELECT', 3), section('Compute', 'NUMERICAL', 4)],
    questions: [[validQuestions.MULTI_SELECT()], [validQuestions.NUMERICAL()]],
  });
  const sitWith = async (chosen: string[], number: string, unit: string | null) => {
    const { client } = await suite.fixture.student(suite.fixture.inSection.A);
    const view = await client.start(exam._id);
    const [select, compute] = view.sections.map((part) => part.questions[0]?._id as string);
    const saved = await client.save(view.attempt._id, {
      seq: 1,
      answers: [
        { questionId: select, selectedOptionIds: chosen },
        { questionId: compute, number, unit },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await client.submit(view.attempt._id)).statusCode).toBe(200);
    return { select: select as string, compute: compute as string };
  };
  // Totals before: 3 + 4 = 7 and 1.5 + 1.5 = 3.
  const ids = await sitWith(['0', '2'], '12', 'mA');
  await sitWith(['0', '1', '2'], '12', null);
  suite.clock.set(DAY_AFTER);
  return { exam, ...ids };
}

describe('regrade of a multiple select or numerical question', () => {
  it('asks for the key in the field of the question’s type, and a key that differs', async () => {
    const { exam, select, compute } = await scoredTypesExam();
    const refused = async (body: object, errors: Record<string, string>) =>
      expectError(await regrade(exam._id, { dryRun: true, ...body }), 400, {
        message: VALIDATION_FAILED_MESSAGE,
        errors,
      });
    await refused(
      { questionId: select, correctOptionId: '1' },
      { correctOptionIds: RESULT_MESSAGES.regradeKeyMissing },
    );
    await refused(
      { questionId: select, correctOptionIds: ['2', '0'] },
      { correctOptionIds: RESULT_MESSAGES.regradeSameOptions },
    );
    await refused(
      { questionId: select, correctOptionIds: ['0', '7'] },
      { correctOptionIds: ATTEMPT_MESSAGES.optionNotOfQuestion },
    );
    await refused(
      { questionId: select, correctOptionIds: [] },
      {
        correctOptionIds: 'At least one option must be marked as correct',
      },
    );
    await refused({ questionId: compute }, { numericAnswers: RESULT_MESSAGES.regradeKeyMissing });
    await refused(
      { questionId: compute, numericAnswers: validQuestions.NUMERICAL().numericAnswers },
      { numericAnswers: RESULT_MESSAGES.regradeSameAnswers },
    );
    await refused(
      { questionId: compute, numericAnswers: [{ value: 1, fraction: 0.5 }] },
      { numericAnswers: 'At least one accepted answer must earn full marks' },
    );
  });

  it('previews and applies a corrected multiple select key, re-scoring by the question’s rule', async () => {
    const { exam, select } = await scoredTypesExam();
    const preview = await regrade(exam._id, {
      questionId: select,
      correctOptionIds: ['1'],
      dryRun: true,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    // A and C chosen against the key B: 0; A, B and C: 3 × (1 − 2) → 0 as well.
    const previewed = regradeResponse.parse(preview.json()).data;
    expect(previewed).toMatchObject({ attemptsAffected: 2, passChanges: 1, job: null });
    expect(previewed.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ totalBefore: 7, totalAfter: 4, passedAfter: true }),
        expect.objectContaining({ totalBefore: 3, totalAfter: 1.5, passedAfter: false }),
      ]),
    );

    const applied = await regrade(exam._id, { questionId: select, correctOptionIds: ['1'] });
    expect(applied.statusCode, applied.body).toBe(202);
    const { job } = regradeResponse.parse(applied.json()).data;
    expect(job).toMatchObject({
      previousCorrectOptionId: null,
      correctOptionId: null,
      correctKey: 'option B',
    });
    expect(await finished(job?._id as string)).toMatchObject({ status: 'DONE', processed: 2 });
    const { questions: figures } = await report(exam._id);
    expect(figures[0]).toMatchObject({ correctOptionIds: ['1'], correctRate: 0 });
  });

  it('applies corrected accepted answers to every number given, with its unit', async () => {
    const { exam, compute } = await scoredTypesExam();
    const numericAnswers = [{ value: 12, tolerance: 0, toleranceType: 'ABSOLUTE', fraction: 1 }];
    const applied = await regrade(exam._id, { questionId: compute, numericAnswers });
    expect(applied.statusCode, applied.body).toBe(202);
    const { job, attemptsAffected } = regradeResponse.parse(applied.json()).data;
    expect(attemptsAffected).toBe(2);
    expect(job?.correctKey).toBe('the accepted answers 12 A');
    expect(await finished(job?._id as string)).toMatchObject({ status: 'DONE' });
    // 12 mA is 0.012 A, now wrong; 12 without a unit is 12 A, right but for the unit penalty.
    const { questions: figures } = await report(exam._id);
    expect(figures[1]?.commonValues).toEqual([
      { value: '12', count: 1, awardedMarks: 3 },
      { value: '12 mA', count: 1, awardedMarks: 0 },
    ]);
  });
});
