import { randomUUID } from 'node:crypto';
import {
  ATTEMPT_LIMITS,
  ATTEMPT_MESSAGES,
  examResultsDataSchema,
  publishResultsDataSchema,
  RESULT_MESSAGES,
  resultStatusesDataSchema,
  studentResultDataSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { validExamPayload, validQuestions } from '@examiq/contracts/test-support';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attemptAnswers } from '../../db/schema';
import { expectError } from '../../test/errors';
import { EXAM_DAY_TEN, MINUTE, type StudentClient, sittingSuite } from '../../test/sittings';
import { sweepDeadlines } from '../attempts/deadline-sweep';

const suite = sittingSuite();
const { clock } = suite;

const resultsResponse = successResponse(examResultsDataSchema);
const publishResponse = successResponse(publishResultsDataSchema);
const statusesResponse = successResponse(resultStatusesDataSchema);
const studentResultResponse = successResponse(studentResultDataSchema);

/** The day after the exam day: every exam of these tests has closed its window. */
const NEXT_DAY = new Date(2030, 2, 15, 9, 0);

/**
 * An exam of 11 marks (4 to pass): three MCQs of 1 mark, a TRUE_FALSE of 1, a short answer of 2
 * and an essay of 5, the first option correct everywhere. Its essay section may be optional.
 */
async function scoredExam(overrides: Record<string, unknown> = {}, optionalEssay = false) {
  clock.set(EXAM_DAY_TEN);
  const base = validExamPayload({
    ...suite.fixture.audience,
    sectionIds: [suite.fixture.inSection.A],
  });
  const examSections = base.examSections.map((section, index) => ({
    ...section,
    // Untimed: a timed section's questions show only once it is opened.
    timeLimit: 0,
    ...(index === 0 && { totalQuestions: 3, marks: 3 }),
    ...(index === 3 && { isOptional: optionalEssay }),
  }));
  const questions = base.questions.map((list, index) =>
    index === 0 ? [1, 2, 3].map((order) => validQuestions.MCQ(order)) : list,
  );
  const exam = await suite.fixture.exam({ totalMarks: 11, examSections, questions, ...overrides });
  return { exam, questionIds: await questionIdsOf(exam._id) };
}

/** The exam's questions by kind, as a student starting it is shown them (stored order). */
async function questionIdsOf(examId: string) {
  const probe = await suite.fixture.student(suite.fixture.inSection.A);
  const view = await probe.client.start(examId);
  const [mcq, trueFalse, short, essay] = view.sections.map((section) =>
    section.questions.map((question) => question._id),
  ) as [string[], string[], string[], string[]];
  // The probe's attempt is submitted empty, like a student who handed in a blank paper.
  await probe.client.submit(view.attempt._id);
  return {
    mcq,
    trueFalse: trueFalse[0] as string,
    short: short[0] as string,
    essay: essay[0] as string,
  };
}

type QuestionIds = Awaited<ReturnType<typeof questionIdsOf>>;

/** A student of section A who saves `answers` in one go and, unless told not to, submits. */
async function sitting(
  examId: string,
  answers: { questionId: string; selectedOptionId?: string; text?: string }[],
  { submit = true } = {},
) {
  const student = await suite.fixture.student(suite.fixture.inSection.A);
  const view = await student.client.start(examId);
  const saved = await student.client.save(view.attempt._id, { seq: 1, answers });
  expect(saved.statusCode).toBe(200);
  if (submit) expect((await student.client.submit(view.attempt._id)).statusCode).toBe(200);
  return { ...student, attemptId: view.attempt._id };
}

/** The answers of the scoring scenario: right, wrong, blank, right, to mark, empty. */
const mixedAnswers = (ids: QuestionIds) => [
  { questionId: ids.mcq[0] as string, selectedOptionId: '0' },
  { questionId: ids.mcq[1] as string, selectedOptionId: '2' },
  { questionId: ids.trueFalse, selectedOptionId: '0' },
  { questionId: ids.short, text: 'A binary tree kept in sorted order' },
  { questionId: ids.essay, text: '' },
];

/** An evaluator's marks, written where the grading screen writes them. */
async function mark(attemptId: string, questionId: string, marks: number, comment?: string) {
  await suite.t.database.db
    .update(attemptAnswers)
    .set({
      awardedMarks: marks,
      comment: comment ?? null,
      markedBy: suite.fixture.admin.user.id,
      markedAt: clock.now(),
    })
    .where(and(eq(attemptAnswers.attemptId, attemptId), eq(attemptAnswers.questionId, questionId)));
}

async function resultsOf(examId: string, query = '') {
  const response = await suite.fixture.adminCall('GET', `get-exam-results/${examId}${query}`);
  expect(response.statusCode).toBe(200);
  return resultsResponse.parse(response.json()).data;
}

const resultOf = async (examId: string, attemptId: string) =>
  (await resultsOf(examId)).results.find((result) => result.attemptId === attemptId);

const publish = (examId: string) => suite.fixture.adminCall('POST', `publish-results/${examId}`);

describe('scoring', () => {
  it('scores choices as saved, waits for written answers, and passes against the passing marks', async () => {
    const { exam, questionIds } = await scoredExam();
    const { attemptId, record } = await sitting(exam._id, mixedAnswers(questionIds));

    const before = await resultsOf(exam._id);
    expect(before.resultStatus).toBe('Evaluating');
    const result = before.results.find((row) => row.attemptId === attemptId);
    expect(result).toMatchObject({
      student: { _id: record._id, rollNumber: record.rollNumber },
      total: 2,
      toMark: 1,
      passed: false,
    });
    expect(result?.attemptCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(result?.sections.map(({ name, marks, maxMarks }) => [name, marks, maxMarks])).toEqual([
      ['Multiple choice', 1, 3],
      ['True or false', 1, 1],
      ['Short answers', 0, 2],
      ['Essay', 0, 5],
    ]);
    expect(before.summary).toMatchObject({ submitted: 2, answersToMark: 1 });

    await mark(attemptId, questionIds.short, 1.5);
    expect(await resultOf(exam._id, attemptId)).toMatchObject({
      total: 3.5,
      toMark: 0,
      passed: false,
    });
    await mark(attemptId, questionIds.short, 2);
    expect(await resultOf(exam._id, attemptId)).toMatchObject({ total: 4, passed: true });
  });

  it('counts an optional section only when the student answered it', async () => {
    const { exam, questionIds } = await scoredExam({}, true);
    const right = [
      { questionId: questionIds.mcq[0] as string, selectedOptionId: '0' },
      { questionId: questionIds.trueFalse, selectedOptionId: '0' },
    ];
    const answered = await sitting(exam._id, [
      ...right,
      { questionId: questionIds.essay, text: 'Both divide and conquer.' },
    ]);
    const skipped = await sitting(exam._id, [
      ...right,
      { questionId: questionIds.essay, text: '' },
    ]);
    await mark(answered.attemptId, questionIds.essay, 3);

    const essayOf = async (attemptId: string) =>
      (await resultOf(exam._id, attemptId))?.sections.find((section) => section.name === 'Essay');
    expect(await essayOf(answered.attemptId)).toMatchObject({
      marks: 3,
      isOptional: true,
      counted: true,
    });
    expect((await resultOf(exam._id, answered.attemptId))?.total).toBe(5);
    expect(await essayOf(skipped.attemptId)).toMatchObject({ marks: 0, counted: false });
    expect((await resultOf(exam._id, skipped.attemptId))?.total).toBe(2);
  });

  it('scores a correct choice answer its question’s marks, whatever they are', async () => {
    // Choice questions worth more than 1 mark: MCQs of 3 and a TRUE_FALSE of 2.
    const base = validExamPayload({
      ...suite.fixture.audience,
      sectionIds: [suite.fixture.inSection.A],
    });
    const examSections = base.examSections.map((section, index) => ({
      ...section,
      timeLimit: 0,
      ...(index === 0 && { marks: 6 }),
      ...(index === 1 && { marks: 2 }),
    }));
    const questions = base.questions.map((list, index) => {
      if (index === 0) return [1, 2].map((order) => ({ ...validQuestions.MCQ(order), marks: 3 }));
      if (index === 1) return [{ ...validQuestions.TRUE_FALSE(1), marks: 2 }];
      return list;
    });
    const { exam, questionIds } = await scoredExam({ totalMarks: 15, examSections, questions });
    const { attemptId } = await sitting(exam._id, mixedAnswers(questionIds));

    const result = await resultOf(exam._id, attemptId);
    expect(result?.sections.map((section) => [section.marks, section.maxMarks])).toEqual([
      [3, 6],
      [2, 2],
      [0, 2],
      [0, 5],
    ]);
    expect(result?.total).toBe(5);
  });

  it("caps the total at the exam's total marks when an answered optional section goes beyond", async () => {
    // Required sections make 6 marks and the optional essay 5 more, against a total of 8.
    const { exam, questionIds } = await scoredExam({ totalMarks: 8 }, true);
    const { attemptId } = await sitting(exam._id, [
      ...questionIds.mcq.map((questionId) => ({ questionId, selectedOptionId: '0' })),
      { questionId: questionIds.trueFalse, selectedOptionId: '0' },
      { questionId: questionIds.short, text: 'A sorted binary tree.' },
      { questionId: questionIds.essay, text: 'Both divide and conquer.' },
    ]);
    await mark(attemptId, questionIds.short, 2);
    await mark(attemptId, questionIds.essay, 5);

    const result = await resultOf(exam._id, attemptId);
    expect(result?.sections.map((section) => section.marks)).toEqual([3, 1, 2, 5]);
    expect(result?.sections.every((section) => section.counted)).toBe(true);
    expect(result).toMatchObject({ total: 8, passed: true });
  });

  it('scores a paper the deadline submitted as a submitted one', async () => {
    const { exam, questionIds } = await scoredExam();
    const left = await sitting(exam._id, mixedAnswers(questionIds), { submit: false });
    clock.set(new Date(EXAM_DAY_TEN.getTime() + 90 * MINUTE + ATTEMPT_LIMITS.saveGraceMs + 1));
    expect(await sweepDeadlines(suite.t.database.db, clock.now())).toBeGreaterThanOrEqual(1);

    const result = await resultOf(exam._id, left.attemptId);
    expect(result).toMatchObject({ total: 2, toMark: 1, passed: false });
    expect(result?.submittedAt).not.toBeNull();
  });

  it('sums up every submitted attempt whichever page is read', async () => {
    const { exam, questionIds } = await scoredExam();
    const first = await sitting(exam._id, mixedAnswers(questionIds));
    const second = await sitting(exam._id, [
      ...mixedAnswers(questionIds).slice(0, 3),
      { questionId: questionIds.mcq[2] as string, selectedOptionId: '0' },
    ]);
    await mark(first.attemptId, questionIds.short, 2);

    const page = await resultsOf(exam._id, '?page=1&limit=1');
    expect(page.results).toHaveLength(1);
    expect(page.pagination).toMatchObject({ totalCount: 3, totalPages: 3, hasNextPage: true });
    // The probe's blank paper (0), the first (4, passed) and the second (3).
    expect(page.summary).toMatchObject({
      submitted: 3,
      average: 2.33,
      median: 3,
      highest: 4,
      lowest: 0,
      passRate: 1 / 3,
      answersToMark: 0,
    });

    const found = await resultsOf(exam._id, `?search=${second.record.rollNumber}`);
    expect(found.results.map((row) => row.attemptId)).toEqual([second.attemptId]);
    expect(found.summary.submitted).toBe(3);
    const rolls = (await resultsOf(exam._id)).results.map((row) => row.student.rollNumber);
    expect(rolls).toEqual([...rolls].sort());
  });

  it('answers 404 for an unknown or draft exam and 400 for a malformed id or query', async () => {
    const draft = await suite.fixture.exam({ examStatus: 'DRAFT' });
    for (const id of [randomUUID(), draft._id]) {
      expectError(await suite.fixture.adminCall('GET', `get-exam-results/${id}`), 404, {
        message: RESULT_MESSAGES.examNotFound,
      });
    }
    expectError(await suite.fixture.adminCall('GET', 'get-exam-results/nope'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { examId: 'The exam id is not valid' },
    });
    expectError(
      await suite.fixture.adminCall(
        'GET',
        `get-exam-results/${draft._id}?search=${'x'.repeat(101)}`,
      ),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { search: 'Search cannot exceed 100 characters' },
      },
    );
  });
});

describe('publishing', () => {
  it('is refused while sittings run and while answers wait, then publishes once', async () => {
    const { exam, questionIds } = await scoredExam();
    const { attemptId } = await sitting(exam._id, mixedAnswers(questionIds));
    expectError(await publish(exam._id), 409, { message: RESULT_MESSAGES.examNotEnded });

    clock.set(NEXT_DAY);
    expectError(await publish(exam._id), 409, { message: RESULT_MESSAGES.answersToMark(1) });
    expect((await resultsOf(exam._id)).resultStatus).toBe('Evaluating');

    await mark(attemptId, questionIds.short, 2);
    expect((await resultsOf(exam._id)).resultStatus).toBe('Ready to Publish');
    const published = await publish(exam._id);
    expect(published.statusCode).toBe(200);
    const body = publishResponse.parse(published.json());
    expect(body.message).toBe(RESULT_MESSAGES.published);
    expect(body.data).toEqual({
      resultStatus: 'Published',
      resultsPublishedAt: NEXT_DAY.toISOString(),
    });
    const after = await resultsOf(exam._id);
    expect(after.resultStatus).toBe('Published');
    expect(after.exam.resultsPublishedAt).toBe(NEXT_DAY.toISOString());
    expectError(await publish(exam._id), 409, { message: RESULT_MESSAGES.alreadyPublished });
  });

  it('lets only one of two publishes at the same time succeed', async () => {
    const { exam } = await scoredExam();
    clock.set(NEXT_DAY);
    const answers = await Promise.all([publish(exam._id), publish(exam._id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('names how many answers are left to mark', async () => {
    const { exam, questionIds } = await scoredExam();
    for (let i = 0; i < 2; i++) await sitting(exam._id, mixedAnswers(questionIds));
    clock.set(NEXT_DAY);
    expectError(await publish(exam._id), 409, { message: RESULT_MESSAGES.answersToMark(2) });
  });

  it('answers 404 for an unknown or draft exam and 400 for a malformed id', async () => {
    const draft = await suite.fixture.exam({ examStatus: 'DRAFT' });
    for (const id of [randomUUID(), draft._id]) {
      expectError(await publish(id), 404, { message: RESULT_MESSAGES.examNotFound });
    }
    expectError(await publish('nope'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { examId: 'The exam id is not valid' },
    });
  });
});

describe('result statuses', () => {
  it('lists completed exams with where their results stand, filtered by status', async () => {
    const evaluating = await scoredExam();
    await sitting(evaluating.exam._id, mixedAnswers(evaluating.questionIds));
    const ready = await scoredExam();
    const published = await scoredExam();
    const tomorrow = await suite.fixture.exam({
      scheduleDetails: {
        startDate: '2030-03-15',
        endDate: '2030-03-15',
        bufferTime: { beforeExam: 0, afterExam: 0 },
      },
    });
    clock.set(NEXT_DAY);
    expect((await publish(published.exam._id)).statusCode).toBe(200);

    const list = async (query = 'limit=100') => {
      const response = await suite.fixture.adminCall('GET', `get-result-statuses?${query}`);
      expect(response.statusCode).toBe(200);
      return statusesResponse.parse(response.json()).data;
    };
    const all = await list();
    const statusOf = (id: string) => all.exams.find((exam) => exam._id === id);
    expect(statusOf(evaluating.exam._id)).toMatchObject({
      resultStatus: 'Evaluating',
      submitted: 2,
      answersToMark: 1,
    });
    expect(statusOf(ready.exam._id)).toMatchObject({
      resultStatus: 'Ready to Publish',
      submitted: 1,
      answersToMark: 0,
    });
    expect(statusOf(published.exam._id)?.resultStatus).toBe('Published');
    expect(statusOf(tomorrow._id)).toBeUndefined();

    const readyOnly = await list('limit=100&status=Ready%20to%20Publish');
    expect(readyOnly.exams.every((exam) => exam.resultStatus === 'Ready to Publish')).toBe(true);
    expect(readyOnly.exams.map((exam) => exam._id)).toContain(ready.exam._id);
    expect(readyOnly.pagination.totalCount).toBe(readyOnly.exams.length);
    expect(readyOnly.pagination.totalCount).toBeLessThan(all.pagination.totalCount);

    const firstPage = await list('limit=1');
    expect(firstPage.exams).toHaveLength(1);
    expect(firstPage.pagination.totalCount).toBe(all.exams.length);
    const pastTheLast = await list(`limit=1&page=${all.exams.length + 1}`);
    expect(pastTheLast.exams).toHaveLength(0);
    expect(pastTheLast.pagination.totalCount).toBe(all.exams.length);

    expectError(await suite.fixture.adminCall('GET', 'get-result-statuses?status=Done'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { status: 'The status is not valid' },
    });
  });
});

describe("a student's result", () => {
  const getResult = (client: StudentClient, examId: string) =>
    client.call('GET', `get-result/${examId}`);

  it('is hidden until published, then shows the scores, each answer and the key', async () => {
    const { exam, questionIds } = await scoredExam();
    const sat = await sitting(exam._id, mixedAnswers(questionIds));
    expectError(await getResult(sat.client, exam._id), 404, {
      message: RESULT_MESSAGES.notPublished,
    });
    await mark(sat.attemptId, questionIds.short, 1.5, 'Say what keeps it sorted.');
    clock.set(NEXT_DAY);
    expect((await publish(exam._id)).statusCode).toBe(200);

    const response = await getResult(sat.client, exam._id);
    expect(response.statusCode).toBe(200);
    const { data } = studentResultResponse.parse(response.json());
    expect(data).toMatchObject({
      total: 3.5,
      passed: false,
      exam: { showAnswersAfterPublish: true },
    });
    const [choices, trueFalse, short, essay] = data.sections;
    expect(choices?.questions.map((question) => question.awardedMarks)).toEqual([1, 0, 0]);
    expect(choices?.questions[1]).toMatchObject({
      selectedOptionId: '2',
      correctOptionId: '0',
      explanation: 'Explained in the lecture notes of week three.',
      options: [
        { _id: '0', text: 'Hash table' },
        { _id: '1', text: 'Linked list' },
        { _id: '2', text: 'Binary heap' },
      ],
    });
    expect(choices?.questions[2]).toMatchObject({ selectedOptionId: null, awardedMarks: 0 });
    expect(trueFalse?.questions[0]).toMatchObject({ selectedOptionId: '0', awardedMarks: 1 });
    expect(short?.questions[0]).toMatchObject({
      text: 'A binary tree kept in sorted order',
      awardedMarks: 1.5,
      comment: 'Say what keeps it sorted.',
      modelAnswer: 'A binary tree whose in-order traversal is sorted.',
    });
    expect(essay?.questions[0]).toMatchObject({ text: '', awardedMarks: 0, correctOptionId: null });
    expect(essay?.questions[0]?.modelAnswer).toMatch(/^Both are divide and conquer/);
  });

  it('leaves the key out when the exam does not show answers after publishing', async () => {
    const { exam, questionIds } = await scoredExam({ showAnswersAfterPublish: false });
    expect(exam.showAnswersAfterPublish).toBe(false);
    const sat = await sitting(exam._id, mixedAnswers(questionIds));
    await mark(sat.attemptId, questionIds.short, 2);
    clock.set(NEXT_DAY);
    expect((await publish(exam._id)).statusCode).toBe(200);

    const response = await getResult(sat.client, exam._id);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('Explained in the lecture notes');
    expect(response.body).not.toContain('in-order traversal');
    const { data } = studentResultResponse.parse(response.json());
    expect(data.total).toBe(4);
    for (const question of data.sections.flatMap((section) => section.questions)) {
      expect(question).not.toHaveProperty('correctOptionId');
      expect(question).not.toHaveProperty('modelAnswer');
      expect(question).not.toHaveProperty('explanation');
    }
  });

  it('answers 404 without a submitted attempt, for a draft or unknown exam, 403 for another section', async () => {
    const { exam } = await scoredExam();
    const absent = await suite.fixture.student(suite.fixture.inSection.A);
    const elsewhere = await suite.fixture.student(suite.fixture.inSection.B);
    const draft = await suite.fixture.exam({ examStatus: 'DRAFT' });
    clock.set(NEXT_DAY);
    expect((await publish(exam._id)).statusCode).toBe(200);

    expectError(await getResult(absent.client, exam._id), 404, {
      message: RESULT_MESSAGES.noResult,
    });
    for (const id of [draft._id, randomUUID()]) {
      expectError(await getResult(absent.client, id), 404, {
        message: ATTEMPT_MESSAGES.examNotFound,
      });
    }
    expectError(await getResult(elsewhere.client, exam._id), 403, {
      message: ATTEMPT_MESSAGES.notYourSection,
    });
    expectError(await getResult(absent.client, 'nope'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { examId: 'The exam id is not valid' },
    });
  });
});

describe('the exam setting', () => {
  it('shows answers after publishing unless told otherwise, and takes only true or false', async () => {
    const { exam } = await scoredExam();
    expect(exam.showAnswersAfterPublish).toBe(true);
    expect((await resultsOf(exam._id)).exam.showAnswersAfterPublish).toBe(true);
    const refused = await suite.fixture.adminCall('POST', 'create-exam', {
      ...validExamPayload({ ...suite.fixture.audience, sectionIds: [suite.fixture.inSection.A] }),
      showAnswersAfterPublish: 'yes',
    });
    expectError(refused, 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { showAnswersAfterPublish: 'Show answers after publishing must be true or false' },
    });
  });
});
