import {
  type BankQuestionStatistics,
  bankQuestionDataSchema,
  bankQuestionListDataSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { describe, expect, it } from 'vitest';
import { bankExam, drawnFor } from '../../test/bank-sittings';
import { bankQuestionPayload } from '../../test/banks';
import { TEST_ENGINE } from '../../test/database';
import { expectError } from '../../test/errors';
import { EXAM_DAY_TEN, MINUTE, sittingSuite } from '../../test/sittings';
import { finishedRegrade } from '../reports/test-support';

const suite = sittingSuite();
const DAY_AFTER = new Date(EXAM_DAY_TEN.getTime() + 24 * 60 * MINUTE);
const call = (...args: Parameters<typeof suite.fixture.adminCall>) =>
  suite.fixture.adminCall(...args);

const listResponse = successResponse(bankQuestionListDataSchema);

async function list(query = '') {
  const response = await call(
    'GET',
    `get-bank-questions?courseId=${suite.fixture.audience.courseId}&limit=100${query}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return listResponse.parse(response.json()).data.questions;
}

async function statisticsOf(ids: string[]) {
  const byId = new Map((await list()).map((question) => [question._id, question.statistics]));
  return ids.map((id) => byId.get(id));
}

/**
 * Three one-mark MCQs sat by five students (option 0 the key): totals 2, 2, 0, 0 (nothing
 * answered) and 3. Question 1 is scored by students 1, 2 and 5, question 2 by 1 and 5, question 3
 * by 2 and 5. The exam is over: the clock is on the next day.
 */
async function satExam() {
  suite.clock.set(EXAM_DAY_TEN);
  const exam = await bankExam(
    suite.fixture,
    [{ code: 'CO1', targetPercent: 60 }],
    [{ courseOutcomes: ['CO1'] }, { courseOutcomes: ['CO1'] }, { courseOutcomes: [] }],
  );
  const scripts = [
    await exam.sit(['right', 'right', 'wrong']),
    await exam.sit(['right', 'wrong', 'right']),
    await exam.sit(['wrong', 'wrong', 'wrong']),
    await exam.sit([]),
    await exam.sit(['right', 'right', 'right']),
  ];
  suite.clock.set(DAY_AFTER);
  return { ...exam, scripts };
}

const publish = async (examId: string) => {
  const response = await call('POST', `publish-results/${examId}`);
  expect(response.statusCode, response.body).toBe(200);
};

const figures = (statistics: BankQuestionStatistics | null | undefined) =>
  statistics && {
    timesUsed: statistics.timesUsed,
    exams: statistics.exams,
    facility: statistics.facility,
    discrimination: statistics.discrimination,
    optionShares: statistics.optionShares,
  };

describe(`a bank question's statistics (${TEST_ENGINE})`, () => {
  it('are computed by hand from the sittings when the results are published, not when read', async () => {
    const { examId, bankIds } = await satExam();
    expect(await statisticsOf(bankIds)).toEqual([null, null, null]);

    await publish(examId);
    const [first, second, third] = await statisticsOf(bankIds);
    // Question 1: scores 1, 1, 0, 0, 1 (facility 3/5) against the rest of each script 1, 1, 0, 0,
    // 2: deviations .4 .4 -.6 -.6 .4 and .2 .2 -.8 -.8 1.2, so r = 1.6 / √(1.2 × 2.8).
    expect(figures(first)).toEqual({
      timesUsed: 5,
      exams: 1,
      facility: 0.6,
      discrimination: expect.closeTo(1.6 / Math.sqrt(1.2 * 2.8), 6),
      // Options 0 and 1 chosen by three and one of the five; one answered nothing.
      optionShares: [0.6, 0.2, 0],
    });
    // Question 2: scores 1, 0, 0, 0, 1 against rests 1, 2, 0, 0, 2: r = 1 / √(1.2 × 4).
    expect(figures(second)).toEqual({
      timesUsed: 5,
      exams: 1,
      facility: 0.4,
      discrimination: expect.closeTo(1 / Math.sqrt(1.2 * 4), 6),
      optionShares: [0.4, 0.4, 0],
    });
    expect(figures(third)).toMatchObject({ facility: 0.4, optionShares: [0.4, 0.4, 0] });
    expect(first?.version).toBe(1);
  });

  it('follow a regrade of the published results', async () => {
    const { examId, bankIds, scripts } = await satExam();
    await publish(examId);
    const response = await call('POST', `regrade-question/${examId}`, {
      questionId: scripts[0]?.questionIds[0],
      correctOptionId: '1',
    });
    expect(response.statusCode, response.body).toBe(202);
    await finishedRegrade(suite.fixture, response.json().data.job._id);

    const [first] = await statisticsOf(bankIds);
    // Only the third student chose option 1: scores 0, 0, 1, 0, 0 against rests 1, 1, 0, 0, 2,
    // deviations -.2 -.2 .8 -.2 -.2 and .2 .2 -.8 -.8 1.2: r = -0.8 / √(0.8 × 2.8).
    expect(figures(first)).toEqual({
      timesUsed: 5,
      exams: 1,
      facility: 0.2,
      discrimination: expect.closeTo(-0.8 / Math.sqrt(0.8 * 2.8), 6),
      optionShares: [0.6, 0.2, 0],
    });
  });

  it('of a drawn question count only the attempts it was drawn for', async () => {
    const { examId, bankIds, scripts } = await satExam();
    const ids = scripts.map((script) => script.attemptId);
    await drawnFor(
      suite.t.database.db,
      scripts[0]?.questionIds[2] as string,
      ids.slice(0, 2),
      ids.slice(2),
    );

    await publish(examId);
    const [, , third] = await statisticsOf(bankIds);
    // Drawn for the first two students only, who chose option 1 and option 0.
    expect(figures(third)).toMatchObject({
      timesUsed: 2,
      facility: 0.5,
      optionShares: [0.5, 0.5, 0],
    });
  });

  it('are kept per version, the question page listing each', async () => {
    const { examId, bankIds } = await satExam();
    await publish(examId);
    const id = bankIds[0] as string;
    const edited = await call(
      'PUT',
      `update-bank-question/${id}`,
      bankQuestionPayload(suite.fixture.audience.courseId, {
        questionText: 'Which structure gives O(1) average lookup, edited?',
      }),
    );
    expect(edited.json().data.version, edited.body).toBe(2);

    const page = successResponse(bankQuestionDataSchema).parse(
      (await call('GET', `get-bank-question/${id}`)).json(),
    ).data;
    expect(page.statistics).toBeNull();
    expect(page.versionStatistics.map(figures)).toEqual([
      expect.objectContaining({ timesUsed: 5, facility: 0.6 }),
    ]);
    expect(page.versionStatistics[0]?.version).toBe(1);
  });

  it('filter and sort the bank: too easy, too hard, poor discrimination, most used', async () => {
    const { examId, bankIds } = await satExam();
    await publish(examId);
    const [first, second, third] = bankIds as [string, string, string];
    const ids = async (query: string) =>
      (await list(query)).map((question) => question._id).filter((id) => bankIds.includes(id));

    expect(await ids('&facilityAbove=0.5')).toEqual([first]);
    expect((await ids('&facilityBelow=0.5')).sort()).toEqual([second, third].sort());
    expect((await ids('&discriminationBelow=0.5')).sort()).toEqual([second, third].sort());
    expect(await ids('&facilityAbove=0.9')).toEqual([]);

    const byFacility = await list('&sort=facility&order=asc');
    const place = (id: string) => byFacility.findIndex((question) => question._id === id);
    expect(place(first)).toBeGreaterThan(place(second));
    // A question never sat has no facility, and comes after every one that has.
    const unsat = byFacility.findIndex((question) => question.statistics === null);
    expect(unsat === -1 || unsat > place(first)).toBe(true);
    const byUse = await list('&sort=timesUsed&order=desc');
    expect(byUse[0]?.statistics?.timesUsed).toBeGreaterThanOrEqual(5);
  });

  it('refuses bounds out of range and an unknown sort', async () => {
    const course = suite.fixture.audience.courseId;
    for (const [query, field, message] of [
      ['facilityAbove=1.5', 'facilityAbove', 'Facility above must be a number from 0 to 1'],
      ['facilityBelow=-0.1', 'facilityBelow', 'Facility below must be a number from 0 to 1'],
      ['facilityBelow=easy', 'facilityBelow', 'Facility below must be a number from 0 to 1'],
      [
        'discriminationBelow=-2',
        'discriminationBelow',
        'Discrimination below must be a number from -1 to 1',
      ],
      ['sort=hardest', 'sort', 'Sort must be one of newest, facility, discrimination, timesUsed'],
      ['order=up', 'order', 'Order must be asc or desc'],
    ] as const) {
      expectError(await call('GET', `get-bank-questions?courseId=${course}&${query}`), 400, {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { [field]: message },
      });
    }
  });
});
