import {
  ATTEMPT_MESSAGES,
  examDetailDataSchema,
  examReportDataSchema,
  saveAnswersResultSchema,
  studentResultDataSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { validQuestions } from '@examiq/contracts/test-support';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attemptAnswers, examAttempts } from '../../db/schema';
import { expectError } from '../../test/errors';
import { attemptViewResponse, type StudentClient, sittingSuite } from '../../test/sittings';
import { createPaper, typedSection } from './test-support';

const suite = sittingSuite();
const { clock } = suite;
const NEXT_DAY = new Date(2030, 2, 15, 9, 0);

const partial = validQuestions.MULTI_SELECT(1);
const wholeOrNothing = {
  ...validQuestions.MULTI_SELECT(2),
  questionText: 'Which of these structures are linear?',
  scoring: 'ALL_OR_NOTHING' as const,
};
const current = validQuestions.NUMERICAL(1);

/** An exam of two multiple select questions (3 marks each) and one numerical one (4 marks). */
const paper = {
  totalMarks: 10,
  passingMarks: 5,
  examSections: [
    typedSection('Select all that apply', '1', 'MULTI_SELECT', 6, 2),
    typedSection('Compute', '2', 'NUMERICAL', 4),
  ],
  questions: [[partial, wholeOrNothing], [current]],
};

const detailResponse = successResponse(examDetailDataSchema);
const saveResponse = successResponse(saveAnswersResultSchema);

let examId: string;
beforeAll(async () => {
  examId = (await suite.fixture.exam({ ...paper, showAnswersAfterPublish: true }))._id;
});

describe('authoring', () => {
  const create = (questions: unknown[][]) => createPaper(suite.fixture, paper, questions);

  it('keeps every field of both types as written, key included, for the admin', async () => {
    const response = await suite.fixture.adminCall('GET', `get-exam/${examId}`);
    expect(response.statusCode, response.body).toBe(200);
    const { questions } = detailResponse.parse(response.json()).data.exam;
    expect(questions[0]).toMatchObject([
      { options: partial.options, scoring: 'PARTIAL' },
      { options: wholeOrNothing.options, scoring: 'ALL_OR_NOTHING' },
    ]);
    expect(questions[1]).toMatchObject([
      { numericAnswers: current.numericAnswers, units: current.units, unitPenalty: 0.25 },
    ]);
  });

  it('refuses a multiple select question without a correct option or with too many options', async () => {
    const noneCorrect = {
      ...partial,
      options: partial.options.map((option) => ({ ...option, isCorrect: false })),
    };
    const eleven = {
      ...wholeOrNothing,
      options: Array.from({ length: 11 }, (_, index) => ({
        text: `Option ${index}`,
        isCorrect: true,
      })),
    };
    expectError(await create([[noneCorrect, eleven], [current]]), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: {
        'questions.0.0.options': 'At least one option must be marked as correct',
        'questions.0.1.options': 'Multiple select cannot have more than 10 options',
      },
    });
    expectError(await create([[{ ...partial, scoring: 'SOME' }, wholeOrNothing], [current]]), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { 'questions.0.0.scoring': 'Please select a valid scoring rule' },
    });
  });

  it('refuses numerical keys that cannot score: no full-marks answer, a negative tolerance, a first unit not of factor 1, a unit twice', async () => {
    const broken = {
      ...current,
      numericAnswers: [{ value: 1, tolerance: -1, toleranceType: 'ABSOLUTE', fraction: 0.5 }],
      units: [
        { unit: 'mA', factor: 0.001 },
        { unit: 'mA', factor: 1 },
      ],
      unitPenalty: 2,
    };
    expectError(await create([[partial, wholeOrNothing], [broken]]), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: {
        'questions.1.0.numericAnswers': 'At least one accepted answer must earn full marks',
        'questions.1.0.numericAnswers.0.tolerance': 'Tolerance cannot be negative',
        'questions.1.0.units.0.factor': 'The first unit is the answer’s own: its factor must be 1',
        'questions.1.0.units.1.unit': 'Units must be unique',
        'questions.1.0.unitPenalty': 'Unit penalty must be between 0 and 1',
      },
    });
    expectError(
      await create([[partial, wholeOrNothing], [{ ...current, numericAnswers: [] }]]),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { 'questions.1.0.numericAnswers': 'At least one accepted answer is required' },
      },
    );
  });
});

describe('shuffled options', () => {
  it('gives each student the options of a multiple select question in an order of their own, kept on resume', async () => {
    const shuffledExam = await suite.fixture.exam({ ...paper, shuffleOptions: true });
    const { client } = await suite.fixture.student(suite.fixture.audience.sectionIds[0] as string);
    const view = await client.start(shuffledExam._id);
    const question = view.sections[0]?.questions[0];
    const [attempt] = await suite.t.database.db
      .select({ layout: examAttempts.layout })
      .from(examAttempts)
      .where(eq(examAttempts.id, view.attempt._id));
    const order = attempt?.layout?.optionOrder[question?._id as string];
    expect([...(order ?? [])].sort()).toEqual([0, 1, 2, 3]);
    expect(question?.options?.map((option) => Number(option._id))).toEqual(order);
    expect((await client.start(shuffledExam._id)).sections).toEqual(view.sections);
  });
});

describe('sitting', () => {
  let client: StudentClient;
  let attemptId: string;
  let ids: { partial: string; wholeOrNothing: string; current: string };
  let seq = 0;

  beforeAll(async () => {
    const student = await suite.fixture.student(suite.fixture.audience.sectionIds[0] as string);
    client = student.client;
    const response = await client.call('POST', `start-exam/${examId}`);
    expect(response.statusCode, response.body).toBe(200);
    const view = attemptViewResponse.parse(response.json()).data;
    attemptId = view.attempt._id;
    const [choices, compute] = view.sections;
    ids = {
      partial: choices?.questions[0]?._id as string,
      wholeOrNothing: choices?.questions[1]?._id as string,
      current: compute?.questions[0]?._id as string,
    };
  });

  const storedMarks = async (questionId: string) => {
    const [row] = await suite.t.database.db
      .select({ marks: attemptAnswers.awardedMarks, response: attemptAnswers.response })
      .from(attemptAnswers)
      .where(
        and(eq(attemptAnswers.attemptId, attemptId), eq(attemptAnswers.questionId, questionId)),
      );
    return row;
  };
  const save = async (answer: Record<string, unknown>) => {
    seq += 1;
    const response = await client.save(attemptId, { seq, answers: [answer] });
    expect(response.statusCode, response.body).toBe(200);
    return saveResponse.parse(response.json()).data;
  };

  it('shows the options and units but never a key', async () => {
    const response = await client.call('GET', `get-attempt/${attemptId}`);
    expect(response.statusCode).toBe(200);
    const [choices, compute] = attemptViewResponse.parse(response.json()).data.sections;
    expect(choices?.questions[0]).toEqual({
      _id: ids.partial,
      questionText: partial.questionText,
      questionType: 'MULTI_SELECT',
      marks: 3,
      options: partial.options.map((option, index) => ({ _id: String(index), text: option.text })),
    });
    expect(compute?.questions[0]).toEqual({
      _id: ids.current,
      questionText: current.questionText,
      questionType: 'NUMERICAL',
      marks: 4,
      units: ['A', 'mA'],
    });
    for (const leak of ['isCorrect', 'numericAnswers', 'tolerance', 'correctOptions', '0.012']) {
      expect(response.body).not.toContain(leak);
    }
  });

  it.each([
    { chosen: ['0', '2'], marks: 3 },
    { chosen: ['0'], marks: 1.5 },
    { chosen: ['0', '1', '2'], marks: 1.5 },
    { chosen: ['0', '1'], marks: 0 },
    { chosen: ['1', '3'], marks: 0 },
    { chosen: [], marks: 0 },
  ])(
    'scores a partial-credit choice of $chosen as $marks, never below 0',
    async ({ chosen, marks }) => {
      await save({ questionId: ids.partial, selectedOptionIds: chosen });
      expect(await storedMarks(ids.partial)).toEqual({
        marks,
        response: chosen.length > 0 ? { selectedOptionIds: chosen } : null,
      });
    },
  );

  it.each([
    { chosen: ['2', '0'], marks: 3 },
    { chosen: ['0'], marks: 0 },
    { chosen: ['0', '2', '3'], marks: 0 },
  ])('scores an all-or-nothing choice of $chosen as $marks', async ({ chosen, marks }) => {
    await save({ questionId: ids.wholeOrNothing, selectedOptionIds: chosen });
    expect((await storedMarks(ids.wholeOrNothing))?.marks).toBe(marks);
  });

  it.each([
    { number: '0,012', unit: 'A', marks: 4 },
    { number: '12', unit: 'mA', marks: 4 },
    { number: '0.01224', unit: 'A', marks: 4 },
    { number: '0.01176', unit: 'A', marks: 4 },
    { number: '0.01225', unit: 'A', marks: 0 },
    { number: '1.2e-2', unit: null, marks: 3 },
    { number: 0.012, unit: 'A', marks: 4 },
    { number: '12', unit: null, marks: 1.5 },
    { number: '12', unit: 'kA', marks: 1.5 },
    { number: '12000', unit: 'mA', marks: 2 },
    { number: '120', unit: 'mA', marks: 0 },
    { number: '-0.012', unit: 'A', marks: 0 },
  ])('scores $number $unit as $marks', async ({ number, unit, marks }) => {
    await save({ questionId: ids.current, number, unit });
    expect(await storedMarks(ids.current)).toEqual({
      marks,
      response: { number: String(number), unit },
    });
  });

  it('clears a numerical answer sent empty, scoring 0', async () => {
    await save({ questionId: ids.current, number: '', unit: null });
    expect(await storedMarks(ids.current)).toEqual({ marks: 0, response: null });
  });

  it('refuses an answer of the wrong kind, an option not of the question and a number that is not one', async () => {
    const refused = (answer: Record<string, unknown>, errors: Record<string, string>) =>
      client
        .save(attemptId, { seq: seq + 100, answers: [answer] })
        .then((response) =>
          expectError(response, 400, { message: VALIDATION_FAILED_MESSAGE, errors }),
        );
    await refused(
      { questionId: ids.partial, selectedOptionId: '0' },
      { 'answers.0.selectedOptionId': ATTEMPT_MESSAGES.answerKindMismatch },
    );
    await refused(
      { questionId: ids.partial, selectedOptionIds: ['0', '7'] },
      { 'answers.0.selectedOptionIds': ATTEMPT_MESSAGES.optionNotOfQuestion },
    );
    await refused(
      { questionId: ids.current, selectedOptionIds: ['0'] },
      { 'answers.0.selectedOptionIds': ATTEMPT_MESSAGES.answerKindMismatch },
    );
    await refused(
      { questionId: ids.current, number: '1,000.5' },
      { 'answers.0.number': ATTEMPT_MESSAGES.notANumber },
    );
    await refused(
      { questionId: ids.current, number: '12', selectedOptionIds: ['0'] },
      { 'answers.0.number': ATTEMPT_MESSAGES.oneKindOfAnswer },
    );
    await refused(
      { questionId: ids.current, unit: 'mA' },
      { 'answers.0.unit': 'A unit needs a number' },
    );
    await refused(
      { questionId: ids.partial, selectedOptionIds: ['0', '0'] },
      { 'answers.0.selectedOptionIds': 'An option can be chosen only once' },
    );
  });

  it('tells a tab its choice was overtaken by another save of the same seq', async () => {
    const first = await save({ questionId: ids.partial, selectedOptionIds: ['0', '2'] });
    expect(first.conflict).toBe(false);
    const retry = await client.save(attemptId, {
      seq,
      answers: [{ questionId: ids.partial, selectedOptionIds: ['0', '2'] }],
    });
    expect(saveResponse.parse(retry.json()).data.conflict).toBe(false);
    const other = await client.save(attemptId, {
      seq,
      answers: [{ questionId: ids.partial, selectedOptionIds: ['1'] }],
    });
    expect(saveResponse.parse(other.json()).data.conflict).toBe(true);
    expect(await storedMarks(ids.partial)).toEqual({
      marks: 3,
      response: { selectedOptionIds: ['0', '2'] },
    });
  });

  it('gives the saved answers back, and once published, each score with the key', async () => {
    await save({ questionId: ids.current, number: '12', unit: 'mA' });
    await save({ questionId: ids.wholeOrNothing, selectedOptionIds: ['2', '0'] });
    const view = attemptViewResponse.parse(
      (await client.call('GET', `get-attempt/${attemptId}`)).json(),
    ).data;
    expect(view.answers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ questionId: ids.partial, selectedOptionIds: ['0', '2'] }),
        expect.objectContaining({ questionId: ids.current, number: '12', unit: 'mA' }),
      ]),
    );
    expect((await client.submit(attemptId)).statusCode).toBe(200);
    const other = (await suite.fixture.student(suite.fixture.audience.sectionIds[0] as string))
      .client;
    const otherAttempt = (await other.start(examId)).attempt._id;
    const otherSave = await other.save(otherAttempt, {
      seq: 1,
      answers: [
        { questionId: ids.partial, selectedOptionIds: ['0', '1'] },
        { questionId: ids.current, number: '12.0' },
      ],
    });
    expect(otherSave.statusCode, otherSave.body).toBe(200);
    expect((await other.submit(otherAttempt)).statusCode).toBe(200);
    clock.set(NEXT_DAY);
    const published = await suite.fixture.adminCall('POST', `publish-results/${examId}`);
    expect(published.statusCode, published.body).toBe(200);

    const response = await client.call('GET', `get-result/${examId}`);
    expect(response.statusCode, response.body).toBe(200);
    const result = successResponse(studentResultDataSchema).parse(response.json()).data;
    expect(result.total).toBe(10);
    const [choices, compute] = result.sections;
    expect(choices?.questions).toMatchObject([
      { awardedMarks: 3, selectedOptionIds: ['0', '2'], correctOptionIds: ['0', '2'] },
      { awardedMarks: 3, selectedOptionIds: ['2', '0'], correctOptionIds: ['0', '2'] },
    ]);
    expect(compute?.questions).toMatchObject([
      {
        awardedMarks: 4,
        number: '12',
        unit: 'mA',
        acceptedAnswers: ['0.012 ± 2% A', '12 A (50%)'],
      },
    ]);
  });

  it('shows in the report how often each option was chosen and the values given most often', async () => {
    const response = await suite.fixture.adminCall('GET', `get-exam-report/${examId}`);
    expect(response.statusCode, response.body).toBe(200);
    const { questions } = successResponse(examReportDataSchema).parse(response.json()).data;
    expect(questions).toMatchObject([
      {
        optionChoices: [2, 1, 1, 0],
        correctOptionIds: ['0', '2'],
        numericAnswers: null,
        commonValues: null,
      },
      { optionChoices: [1, 0, 1, 0], correctOptionIds: ['0', '2'], commonValues: null },
      {
        optionChoices: null,
        correctOptionIds: null,
        numericAnswers: current.numericAnswers,
        answerUnit: 'A',
        commonValues: [
          { value: '12', count: 1, awardedMarks: 1.5 },
          { value: '12 mA', count: 1, awardedMarks: 4 },
        ],
      },
    ]);
  });

  it('exports each answer as a reader reads it: the chosen options’ texts, the number with its unit', async () => {
    const response = await suite.fixture.adminCall('GET', `export-exam-answers/${examId}`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.body
      .slice(1)
      .split('\r\n')
      .map((line) => line.split(',').slice(4));
    expect(rows).toEqual(
      expect.arrayContaining([
        ['Q1', 'Multiple Select', 'A. Merge sort; C. Insertion sort', '3', '3'],
        ['Q2', 'Multiple Select', 'C. Insertion sort; A. Merge sort', '3', '3'],
        ['Q3', 'Numerical', '12 mA', '4', '4'],
        ['Q1', 'Multiple Select', 'A. Merge sort; B. Quicksort', '0', '3'],
        ['Q3', 'Numerical', '12.0', '1.5', '4'],
      ]),
    );
  });
});
