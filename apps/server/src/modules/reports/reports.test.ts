import { randomUUID } from 'node:crypto';
import {
  examReportDataSchema,
  RESULT_MESSAGES,
  sittingsDataSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { describe, expect, it } from 'vitest';
import { expectError } from '../../test/errors';
import { EXAM_DAY_TEN, sittingSuite } from '../../test/sittings';
import { type Choice, choiceExam, sit } from './test-support';

const suite = sittingSuite();
const reportResponse = successResponse(examReportDataSchema);

async function report(examId: string) {
  const response = await suite.fixture.adminCall('GET', `get-exam-report/${examId}`);
  expect(response.statusCode, response.body).toBe(200);
  return reportResponse.parse(response.json()).data;
}

const R: Choice = 'right';
const W: Choice = 'wrong';

/**
 * Ten scripts of five one-mark questions. Totals 3, 3, 3, 2, 2, 2, 2, 1, 1, 0: the top three and
 * the bottom three (27% of ten) are apart from the middle. Question 4 is answered correctly by two
 * of the bottom three only; nobody gets question 5 right.
 */
const SCRIPTS: Choice[][] = [
  [R, R, R, W, W],
  [R, R, R, W, W],
  [R, R, R, W, W],
  [R, R, W, W, W],
  [R, R, W, W, W],
  [R, R, W, W, W],
  [R, R, W, W, W],
  [W, W, W, R, W],
  [W, W, W, R, W],
  [W, W, W, null, W],
];

describe('exam report', () => {
  it("computes the exam's figures, histogram, section averages and question statistics", async () => {
    suite.clock.set(EXAM_DAY_TEN);
    const exam = await choiceExam(suite.fixture);
    for (const script of SCRIPTS) await sit(suite.fixture, exam._id, script);
    const audience = successResponse(sittingsDataSchema).parse(
      (await suite.fixture.adminCall('GET', `get-exam-attempts/${exam._id}?limit=1`)).json(),
    ).data.pagination.totalCount;

    const data = await report(exam._id);
    expect(data.exam).toMatchObject({ _id: exam._id, examId: exam.examId, totalMarks: 5 });
    // Every student of the audience submitted: the sittings are over, nothing is left to mark.
    expect(data.resultStatus).toBe('Ready to Publish');
    expect(data.summary).toEqual({
      participants: audience,
      submitted: 10,
      absent: 0,
      average: 1.9,
      median: 2,
      highest: 3,
      lowest: 0,
      passRate: 0.7,
      answersToMark: 0,
    });
    expect(data.histogram).toHaveLength(10);
    expect(data.histogram[0]).toEqual({ from: 0, to: 0.5, count: 1 });
    expect(data.histogram[9]).toEqual({ from: 4.5, to: 5, count: 0 });
    expect(data.histogram.map((bin) => bin.count)).toEqual([1, 0, 2, 0, 4, 0, 3, 0, 0, 0]);
    expect(data.sections).toEqual([
      { sectionId: expect.any(String), name: 'Choices', maxMarks: 5, average: 1.9 },
    ]);

    const statistics = data.questions.map(({ answered, correctRate, discrimination, flag }) => ({
      answered,
      correctRate,
      discrimination,
      flag,
    }));
    expect(statistics).toEqual([
      { answered: 10, correctRate: 0.7, discrimination: 1, flag: null },
      { answered: 10, correctRate: 0.7, discrimination: 1, flag: null },
      { answered: 10, correctRate: 0.3, discrimination: 1, flag: null },
      {
        answered: 9,
        correctRate: 0.2,
        discrimination: expect.closeTo(-2 / 3, 6),
        flag: RESULT_MESSAGES.flagReversed,
      },
      { answered: 10, correctRate: 0, discrimination: 0, flag: RESULT_MESSAGES.flagNobodyCorrect },
    ]);
    expect(data.questions[0]).toMatchObject({
      sectionName: 'Choices',
      position: 1,
      questionType: 'MCQ',
      marks: 1,
      options: [
        { _id: '0', text: 'Hash table' },
        { _id: '1', text: 'Linked list' },
        { _id: '2', text: 'Binary heap' },
      ],
      correctOptionId: '0',
    });
  });

  it('leaves the discrimination index out below ten submitted attempts', async () => {
    suite.clock.set(EXAM_DAY_TEN);
    const exam = await choiceExam(suite.fixture);
    await sit(suite.fixture, exam._id, [R, W, null, null, null]);
    await sit(suite.fixture, exam._id, []);
    const data = await report(exam._id);
    expect(data.summary).toMatchObject({ submitted: 2, average: 0.5, median: 0.5, lowest: 0 });
    expect(data.questions.map((question) => question.discrimination)).toEqual(Array(5).fill(null));
    expect(data.questions.map((question) => question.correctRate)).toEqual([0.5, 0, 0, 0, 0]);
    expect(data.questions[1]?.flag).toBe(RESULT_MESSAGES.flagNobodyCorrect);
  });

  it('reports an exam nobody submitted with empty figures and no flags', async () => {
    const exam = await suite.fixture.exam();
    const data = await report(exam._id);
    expect(data.summary).toMatchObject({
      submitted: 0,
      average: null,
      median: null,
      highest: null,
      lowest: null,
      passRate: null,
    });
    expect(data.histogram.every((bin) => bin.count === 0)).toBe(true);
    expect(data.histogram.map((bin) => bin.to)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(data.sections.map((section) => section.average)).toEqual([null, null, null, null]);
    expect(data.questions).toHaveLength(5);
    expect(data.questions.map((question) => question.correctOptionId)).toEqual([
      '0',
      '0',
      '0',
      null,
      null,
    ]);
    expect(data.questions[3]?.options).toBeNull();
    expect(
      data.questions.every((question) => question.flag === null && question.correctRate === null),
    ).toBe(true);
  });

  it('answers 404 for an unknown exam and 400 for a malformed id', async () => {
    expectError(await suite.fixture.adminCall('GET', `get-exam-report/${randomUUID()}`), 404, {
      message: RESULT_MESSAGES.examNotFound,
    });
    expectError(await suite.fixture.adminCall('GET', 'get-exam-report/nope'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { examId: 'The exam id is not valid' },
    });
  });
});
