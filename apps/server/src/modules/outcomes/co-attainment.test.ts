import {
  ATTAINMENT_MESSAGES,
  courseAttainmentDataSchema,
  examAttainmentDataSchema,
  RESULT_MESSAGES,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { describe, expect, it } from 'vitest';
import { bankExam, drawnFor } from '../../test/bank-sittings';
import { TEST_ENGINE } from '../../test/database';
import { expectError } from '../../test/errors';
import { EXAM_DAY_TEN, localDate, MINUTE, sittingSuite } from '../../test/sittings';

const suite = sittingSuite();
const DAY_AFTER = new Date(EXAM_DAY_TEN.getTime() + 24 * 60 * MINUTE);
const unknownId = '0190a0a0-0000-7000-8000-000000000000';
const call = (...args: Parameters<typeof suite.fixture.adminCall>) =>
  suite.fixture.adminCall(...args);

const OUTCOMES = [
  { code: 'CO1', targetPercent: 60 },
  { code: 'CO2', targetPercent: 50 },
  { code: 'CO3', targetPercent: 60 },
];

/**
 * Three one-mark MCQs: question 1 toward CO1 (Remember, Easy), question 2 toward CO1 and CO2
 * (Apply, Medium), question 3 toward CO2 (Analyse, Hard); CO3 has none. Five students sit it
 * (the fourth answers nothing): CO1 marks 2, 1, 0, 0, 2 of 2 and CO2 marks 1, 1, 0, 0, 2 of 2.
 */
async function satExam() {
  suite.clock.set(EXAM_DAY_TEN);
  const exam = await bankExam(suite.fixture, OUTCOMES, [
    { courseOutcomes: ['CO1'], bloomLevel: 'REMEMBER', difficulty: 'EASY' },
    { courseOutcomes: ['CO1', 'CO2'], bloomLevel: 'APPLY', difficulty: 'MEDIUM' },
    { courseOutcomes: ['CO2'], bloomLevel: 'ANALYSE', difficulty: 'HARD' },
  ]);
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

async function attainment(examId: string) {
  const response = await call('GET', `get-co-attainment/${examId}`);
  expect(response.statusCode, response.body).toBe(200);
  return successResponse(examAttainmentDataSchema).parse(response.json()).data;
}

const setLevels = async (levels: unknown) =>
  call('POST', `set-course-outcomes/${suite.fixture.audience.courseId}`, {
    outcomes: OUTCOMES.map((outcome) => ({
      ...outcome,
      description: `${outcome.code} of circuits`,
    })),
    levels,
  });

const figures = ({
  code,
  marksAvailable,
  averageMarks,
  studentsReaching,
  studentsTotal,
}: {
  code: string;
  marksAvailable: number;
  averageMarks: number | null;
  studentsReaching: number;
  studentsTotal: number;
}) => ({ code, marksAvailable, averageMarks, studentsReaching, studentsTotal });

describe(`course outcome attainment of an exam (${TEST_ENGINE})`, () => {
  it('counts each student who sat, the one who answered nothing too, against each target', async () => {
    const { examId } = await satExam();
    const data = await attainment(examId);
    expect(data.exam).toMatchObject({ _id: examId, courseId: suite.fixture.audience.courseId });
    expect(data.levels).toEqual({ level1: 40, level2: 60, level3: 70 });
    expect(data.outcomes).toEqual([
      // CO1: 60% of 2 marks is 1.2: students 1 and 5 reach it, 2 of 5 = 40%, level 1.
      expect.objectContaining({
        code: 'CO1',
        targetPercent: 60,
        marksAvailable: 2,
        averageMarks: 1,
        studentsReaching: 2,
        studentsTotal: 5,
        attainmentPercent: 40,
        level: 1,
      }),
      // CO2: 50% of 2 marks is 1: students 1, 2 and 5 reach it, 60%, level 2.
      expect.objectContaining({
        code: 'CO2',
        marksAvailable: 2,
        averageMarks: 0.8,
        studentsReaching: 3,
        studentsTotal: 5,
        attainmentPercent: 60,
        level: 2,
      }),
      // No question carries CO3: nobody is measured and it has no level.
      expect.objectContaining({
        code: 'CO3',
        marksAvailable: 0,
        averageMarks: null,
        studentsReaching: 0,
        studentsTotal: 0,
        attainmentPercent: null,
        level: null,
      }),
    ]);
    const third = Math.round(1000 / 3) / 1000;
    expect(data.bloomLevels).toEqual([
      { key: 'REMEMBER', marks: 1, share: third },
      { key: 'UNDERSTAND', marks: 0, share: 0 },
      { key: 'APPLY', marks: 1, share: third },
      { key: 'ANALYSE', marks: 1, share: third },
      { key: 'EVALUATE', marks: 0, share: 0 },
      { key: 'CREATE', marks: 0, share: 0 },
    ]);
    expect(data.difficulties).toEqual([
      { key: 'EASY', marks: 1, share: third },
      { key: 'MEDIUM', marks: 1, share: third },
      { key: 'HARD', marks: 1, share: third },
    ]);
  });

  it('gives the levels by the course’s bands, and refuses bands out of order', async () => {
    const { examId } = await satExam();
    expect((await setLevels({ level1: 30, level2: 40, level3: 50 })).statusCode).toBe(200);
    const levels = (await attainment(examId)).outcomes.map((outcome) => outcome.level);
    expect(levels).toEqual([2, 3, null]);
    const outcomes = await call('GET', `get-course-outcomes/${suite.fixture.audience.courseId}`);
    expect(outcomes.json().data.levels).toEqual({ level1: 30, level2: 40, level3: 50 });

    expectError(await setLevels({ level1: 50, level2: 40, level3: 70 }), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { levels: ATTAINMENT_MESSAGES.levelsOrder },
    });
    expectError(await setLevels({ level1: 0, level2: 40, level3: 70 }), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { 'levels.level1': 'Level 1 must be a whole number from 1 to 100' },
    });
    expect((await setLevels({ level1: 40, level2: 60, level3: 70 })).statusCode).toBe(200);
  });

  it('measures each student on their own paper when a question is drawn', async () => {
    const { examId, scripts } = await satExam();
    const ids = scripts.map((script) => script.attemptId);
    await drawnFor(
      suite.t.database.db,
      scripts[0]?.questionIds[2] as string,
      ids.slice(0, 2),
      ids.slice(2),
    );

    const [, co2] = (await attainment(examId)).outcomes;
    // Question 3 was drawn for students 1 and 2 only: CO2 marks 1 of 2, 1 of 2, 0 of 1, 0 of 1,
    // 1 of 1, so students 1, 2 and 5 reach 50%, and a paper held 1.4 marks on average.
    expect(co2 && figures(co2)).toEqual({
      code: 'CO2',
      marksAvailable: 1.4,
      averageMarks: 0.6,
      studentsReaching: 3,
      studentsTotal: 5,
    });
  });

  it('counts only the answers that count under internal choice, as the result does', async () => {
    suite.clock.set(EXAM_DAY_TEN);
    const exam = await bankExam(
      suite.fixture,
      OUTCOMES,
      [
        { courseOutcomes: ['CO1'] },
        { courseOutcomes: ['CO1', 'CO2'] },
        { courseOutcomes: ['CO2'] },
      ],
      { answerAny: 2 },
    );
    // Answer any 2 of 3. The first student's best two are questions 1 and 3 (question 2 was
    // wrong); the second answered question 2 alone, so question 1 fills the second place with 0.
    await exam.sit(['right', 'wrong', 'right']);
    await exam.sit([null, 'right']);
    suite.clock.set(DAY_AFTER);

    const [co1, co2] = (await attainment(exam.examId)).outcomes;
    // CO1: 1 of 1 and 1 of 2; CO2: 1 of 1 and 1 of 1.
    expect(co1 && figures(co1)).toEqual({
      code: 'CO1',
      marksAvailable: 1.5,
      averageMarks: 1,
      studentsReaching: 1,
      studentsTotal: 2,
    });
    expect(co2 && figures(co2)).toEqual({
      code: 'CO2',
      marksAvailable: 1,
      averageMarks: 1,
      studentsReaching: 2,
      studentsTotal: 2,
    });
  });

  it('exports the report as a workbook and as CSV', async () => {
    const { examId } = await satExam();
    const xlsx = await call('GET', `export-co-attainment/${examId}?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const csv = await call('GET', `export-co-attainment/${examId}?format=csv`);
    expect(csv.statusCode).toBe(200);
    // The file starts with a byte order mark, so a spreadsheet reads it as UTF-8.
    const lines = csv.body.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(lines[0]).toBe(
      'Outcome,Description,Target %,Marks available,Average marks,Students reaching,Students,Attainment %,Level',
    );
    expect(lines[1]).toBe('CO1,CO1 of circuits,60,2,1,2,5,40,1');
    expect(csv.body).toContain('Apply,1,33.3');
  });

  it('answers 404 for an unknown exam or a draft, and 400 for an id that is none', async () => {
    const draft = await suite.fixture.exam({ examStatus: 'DRAFT' });
    for (const id of [unknownId, draft._id]) {
      for (const path of ['get-co-attainment', 'export-co-attainment']) {
        expectError(await call('GET', `${path}/${id}`), 404, {
          message: RESULT_MESSAGES.examNotFound,
        });
      }
    }
    expectError(await call('GET', 'get-co-attainment/not-an-id'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { examId: 'The exam id is not valid' },
    });
    expectError(await call('GET', `export-co-attainment/${unknownId}?format=pdf`), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { format: 'The format must be csv or xlsx' },
    });
  });
});

describe(`course outcome attainment of a course over a term (${TEST_ENGINE})`, () => {
  const course = () => suite.fixture.audience.courseId;
  const courseAttainment = async (query = '') => {
    const response = await call('GET', `get-course-co-attainment/${course()}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return successResponse(courseAttainmentDataSchema).parse(response.json()).data;
  };

  it('counts the exams whose results are published, in the range, for a section', async () => {
    const { examId } = await satExam();
    const day = localDate(EXAM_DAY_TEN);
    const before = await courseAttainment(`?from=${day}&to=${day}`);
    expect(before.exams.map((exam) => exam._id)).not.toContain(examId);

    expect((await call('POST', `publish-results/${examId}`)).statusCode).toBe(200);
    const published = await courseAttainment(`?from=${day}&to=${day}`);
    expect(published.exams).toContainEqual(expect.objectContaining({ _id: examId, day }));
    // Every exam of this file's course that is published sat the same five answers' pattern, so
    // the shares stay those of one exam however many are counted.
    const [co1, co2] = published.outcomes;
    expect(co1).toMatchObject({ code: 'CO1', attainmentPercent: 40, level: 1 });
    expect(co2).toMatchObject({ code: 'CO2', attainmentPercent: 60, level: 2 });

    const otherSection = await courseAttainment(`?sectionId=${suite.fixture.inSection.B}`);
    expect(otherSection.outcomes.map((outcome) => outcome.studentsTotal)).toEqual([0, 0, 0]);
    const later = await courseAttainment('?from=2031-01-01');
    expect(later.exams).toEqual([]);

    const file = await call('GET', `export-course-co-attainment/${course()}?format=csv&to=${day}`);
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('CO1,CO1 of circuits,60,2,');
  });

  it('refuses a range out of order, a date or section that is none, and unknown records', async () => {
    for (const [query, errors] of [
      ['?from=2030-05-01&to=2030-04-01', { to: ATTAINMENT_MESSAGES.rangeOrder }],
      ['?from=yesterday', { from: `From: ${ATTAINMENT_MESSAGES.dateInvalid}` }],
      ['?sectionId=A', { sectionId: ATTAINMENT_MESSAGES.sectionInvalid }],
    ] as const) {
      expectError(await call('GET', `get-course-co-attainment/${course()}${query}`), 400, {
        message: VALIDATION_FAILED_MESSAGE,
        errors,
      });
    }
    expectError(await call('GET', `get-course-co-attainment/${unknownId}`), 404, {
      message: 'Course not found',
    });
    expectError(
      await call('GET', `get-course-co-attainment/${course()}?sectionId=${unknownId}`),
      404,
      { message: 'Section not found' },
    );
    expectError(await call('GET', `export-course-co-attainment/${unknownId}?format=xlsx`), 404, {
      message: 'Course not found',
    });
  });
});
