import {
  ATTEMPT_MESSAGES,
  examDetailDataSchema,
  examPreviewDataSchema,
  examReportDataSchema,
  RESULT_MESSAGES,
  regradeDataSchema,
  saveAnswersResultSchema,
  studentResultDataSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { validQuestions } from '@examiq/contracts/test-support';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attemptAnswers } from '../../db/schema';
import { expectError } from '../../test/errors';
import { attemptViewResponse, type StudentClient, sittingSuite } from '../../test/sittings';
import { finishedRegrade } from '../reports/test-support';
import { createPaper, typedSection } from './test-support';

const suite = sittingSuite();
const { clock } = suite;
const NEXT_DAY = new Date(2030, 2, 15, 9, 0);

const blanks = validQuestions.FILL_IN_BLANKS(1);
const units = validQuestions.MATCHING(1);
const stages = validQuestions.ORDERING(1);
const wholeOrder = {
  ...validQuestions.ORDERING(2),
  questionText: 'Put the layers of the OSI model in order, from the bottom.',
  items: ['Physical', 'Data link', 'Network'],
  scoring: 'ALL_OR_NOTHING' as const,
};

/** One fill-in-the-blanks (2 marks), one matching (3) and two ordering questions (3 each). */
const paper = {
  totalMarks: 11,
  passingMarks: 5,
  examSections: [
    typedSection('Blanks', '1', 'FILL_IN_BLANKS', 2),
    typedSection('Match', '2', 'MATCHING', 3),
    typedSection('Order', '3', 'ORDERING', 6, 2),
  ],
  questions: [[blanks], [units], [stages, wholeOrder]],
};

const detailResponse = successResponse(examDetailDataSchema);
const saveResponse = successResponse(saveAnswersResultSchema);

let examId: string;
beforeAll(async () => {
  examId = (await suite.fixture.exam({ ...paper, showAnswersAfterPublish: true }))._id;
});

describe('authoring', () => {
  const create = (questions: unknown[][]) => createPaper(suite.fixture, paper, questions);

  it('keeps every field of the three types as written, key included, for the admin', async () => {
    const response = await suite.fixture.adminCall('GET', `get-exam/${examId}`);
    expect(response.statusCode, response.body).toBe(200);
    const { questions } = detailResponse.parse(response.json()).data.exam;
    expect(questions[0]).toMatchObject([
      { questionText: blanks.questionText, blanks: blanks.blanks },
    ]);
    expect(questions[1]).toMatchObject([{ pairs: units.pairs, distractors: units.distractors }]);
    expect(questions[2]).toMatchObject([
      { items: stages.items, scoring: 'PARTIAL' },
      { items: wholeOrder.items, scoring: 'ALL_OR_NOTHING' },
    ]);
  });

  it('refuses blanks that do not fit the text, a numeric blank of words, a repeated pair or item, and too few parts', async () => {
    expectError(
      await create([
        [{ ...blanks, blanks: blanks.blanks.slice(0, 1) }],
        [{ ...units, pairs: units.pairs.slice(0, 1) }],
        [stages, { ...wholeOrder, items: ['Physical', 'physical', 'Network'] }],
      ]),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: {
          'questions.0.0.blanks': 'The text marks 2 blanks: give the accepted answers of each',
          'questions.1.0.pairs': 'Matching must have at least 2 pairs',
          'questions.2.1.items.1': 'Each item must differ from the others',
        },
      },
    );
    expectError(
      await create([
        [
          {
            ...blanks,
            questionText: 'The unit of resistance is the [[2]], carrying [[1]] mA at 3.3 V.',
          },
        ],
        [{ ...units, distractors: ['Ampere'] }],
        [{ ...stages, items: ['Lexing'] }, wholeOrder],
      ]),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: {
          'questions.0.0.questionText':
            'Number the blanks [[1]], [[2]] … in the order they appear, each once',
          'questions.1.0.distractors.0': 'Each match and distractor must differ from the others',
          'questions.2.0.items': 'Ordering must have at least 2 items',
        },
      },
    );
    expectError(
      await create([
        [
          {
            ...blanks,
            blanks: [blanks.blanks[0], { accepted: ['three point three'], tolerance: 0.1 }],
          },
        ],
        [units],
        [stages, wholeOrder],
      ]),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: {
          'questions.0.0.blanks.1.accepted.0': 'A blank with a tolerance accepts numbers only',
        },
      },
    );
  });
});

describe('preview', () => {
  it('shows the admin the paper as a student sees it, the items out of the right order and no key', async () => {
    const response = await suite.fixture.adminCall('GET', `get-exam-preview/${examId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toMatch(/accepted|caseSensitive|tolerance|pairs|distractors|scoring/);
    const [fill, match, order] = successResponse(examPreviewDataSchema).parse(response.json()).data
      .sections;
    expect(fill?.questions[0]?.blankCount).toBe(2);
    expect(match?.questions[0]?.matches?.map((offered) => offered.text)).toEqual([
      'ampere',
      'ohm',
      'volt',
      'watt',
    ]);
    expect([...(order?.questions[0]?.items?.map((item) => item.text) ?? [])].sort()).toEqual(
      [...stages.items].sort(),
    );
  });
});

describe('sitting', () => {
  let client: StudentClient;
  let attemptId: string;
  let ids: { blanks: string; units: string; stages: string; wholeOrder: string };
  /** The ids a student answers by, by text. */
  const idOf = new Map<string, string>();
  let seq = 0;

  beforeAll(async () => {
    const student = await suite.fixture.student(suite.fixture.audience.sectionIds[0] as string);
    client = student.client;
    const response = await client.call('POST', `start-exam/${examId}`);
    expect(response.statusCode, response.body).toBe(200);
    const view = attemptViewResponse.parse(response.json()).data;
    attemptId = view.attempt._id;
    const [fill, match, order] = view.sections;
    ids = {
      blanks: fill?.questions[0]?._id as string,
      units: match?.questions[0]?._id as string,
      stages: order?.questions[0]?._id as string,
      wholeOrder: order?.questions[1]?._id as string,
    };
    for (const question of view.sections.flatMap((shown) => shown.questions)) {
      for (const part of [question.prompts, question.matches, question.items].flat()) {
        if (part) idOf.set(part.text, part._id);
      }
    }
  });

  const ofTexts = (texts: string[]) => texts.map((text) => idOf.get(text) as string);
  const pairs = (chosen: Partial<Record<string, string>>) =>
    Object.fromEntries(
      Object.entries(chosen).map(([prompt, match]) => [
        idOf.get(prompt),
        idOf.get(match as string),
      ]),
    );
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

  it('shows the blanks, prompts, matches and items by ids that do not give the key away', async () => {
    const response = await client.call('GET', `get-attempt/${attemptId}`);
    expect(response.statusCode).toBe(200);
    const [fill, match, order] = attemptViewResponse.parse(response.json()).data.sections;
    expect(fill?.questions[0]).toEqual({
      _id: ids.blanks,
      questionText: blanks.questionText,
      questionType: 'FILL_IN_BLANKS',
      marks: 2,
      blankCount: 2,
    });
    const shownMatch = match?.questions[0];
    expect(shownMatch?.prompts?.map((prompt) => prompt.text)).toEqual([
      'Current',
      'Voltage',
      'Resistance',
    ]);
    // Not in the pairs' order: the matches are offered alphabetically.
    expect(shownMatch?.matches?.map((offered) => offered.text)).toEqual([
      'ampere',
      'ohm',
      'volt',
      'watt',
    ]);
    for (const question of order?.questions ?? []) {
      const texts = question.items?.map((item) => item.text);
      const right = question._id === ids.stages ? stages.items : wholeOrder.items;
      expect([...(texts ?? [])].sort()).toEqual([...right].sort());
      expect(texts).not.toEqual(right);
    }
    for (const leak of [
      'accepted',
      'caseSensitive',
      'tolerance',
      'pairs',
      'distractors',
      'scoring',
    ]) {
      expect(response.body).not.toContain(leak);
    }
    const partIds = [...idOf.values()];
    expect(new Set(partIds).size).toBe(partIds.length);
    for (const id of partIds) expect(id).toMatch(/^[\w-]{8}$/);
  });

  it.each([
    { entries: ['Ohm', '3.3'], marks: 2 },
    { entries: ['  OHM ', '3,35'], marks: 2 },
    { entries: ['Ω', '3.41'], marks: 1 },
    { entries: ['volt', '3.2'], marks: 1 },
    { entries: ['', 'three'], marks: 0 },
  ])('scores the blanks $entries as $marks', async ({ entries, marks }) => {
    await save({ questionId: ids.blanks, blanks: entries });
    expect(await storedMarks(ids.blanks)).toEqual({ marks, response: { blanks: entries } });
  });

  it('clears blanks sent empty, scoring 0', async () => {
    await save({ questionId: ids.blanks, blanks: ['', ' '] });
    expect(await storedMarks(ids.blanks)).toEqual({ marks: 0, response: null });
  });

  it.each([
    { chosen: { Current: 'ampere', Voltage: 'volt', Resistance: 'ohm' }, marks: 3 },
    { chosen: { Current: 'ampere', Voltage: 'ohm', Resistance: 'volt' }, marks: 1 },
    { chosen: { Current: 'watt', Voltage: 'volt' }, marks: 1 },
    { chosen: { Current: 'ampere', Voltage: 'ampere', Resistance: 'ampere' }, marks: 1 },
  ])('scores the pairs $chosen as $marks', async ({ chosen, marks }) => {
    await save({ questionId: ids.units, matches: pairs(chosen) });
    expect(await storedMarks(ids.units)).toEqual({ marks, response: { matches: pairs(chosen) } });
  });

  it.each([
    { order: ['Lexing', 'Parsing', 'Type checking', 'Code generation'], marks: 3 },
    { order: ['Parsing', 'Lexing', 'Type checking', 'Code generation'], marks: 2 },
    { order: ['Code generation', 'Lexing', 'Parsing', 'Type checking'], marks: 2 },
    { order: ['Lexing', 'Type checking', 'Parsing', 'Code generation'], marks: 2 },
    { order: ['Parsing', 'Lexing', 'Code generation', 'Type checking'], marks: 1 },
    { order: ['Code generation', 'Type checking', 'Parsing', 'Lexing'], marks: 0 },
  ])('scores a partial-credit order $order as $marks', async ({ order, marks }) => {
    await save({ questionId: ids.stages, order: ofTexts(order) });
    expect(await storedMarks(ids.stages)).toEqual({
      marks,
      response: { order: ofTexts(order) },
    });
  });

  it.each([
    { order: ['Physical', 'Data link', 'Network'], marks: 3 },
    { order: ['Physical', 'Network', 'Data link'], marks: 0 },
  ])('scores an all-or-nothing order $order as $marks', async ({ order, marks }) => {
    await save({ questionId: ids.wholeOrder, order: ofTexts(order) });
    expect((await storedMarks(ids.wholeOrder))?.marks).toBe(marks);
  });

  it('refuses a blank too many, a pair or item not of the question, an order missing an item, and an answer of another kind', async () => {
    const refused = (answer: Record<string, unknown>, errors: Record<string, string>) =>
      client
        .save(attemptId, { seq: seq + 100, answers: [answer] })
        .then((response) =>
          expectError(response, 400, { message: VALIDATION_FAILED_MESSAGE, errors }),
        );
    await refused(
      { questionId: ids.blanks, blanks: ['ohm', '3.3', 'more'] },
      { 'answers.0.blanks': ATTEMPT_MESSAGES.blanksOfQuestion },
    );
    await refused(
      { questionId: ids.units, matches: { [idOf.get('Current') as string]: 'AAAAAAAA' } },
      { 'answers.0.matches': ATTEMPT_MESSAGES.pairNotOfQuestion },
    );
    await refused(
      { questionId: ids.units, matches: { [idOf.get('ohm') as string]: idOf.get('ohm') } },
      { 'answers.0.matches': ATTEMPT_MESSAGES.pairNotOfQuestion },
    );
    await refused(
      { questionId: ids.stages, order: ofTexts(['Lexing', 'Parsing', 'Type checking']) },
      { 'answers.0.order': ATTEMPT_MESSAGES.orderNotOfQuestion },
    );
    await refused(
      { questionId: ids.stages, order: ofTexts(['Physical', 'Data link', 'Network', 'Lexing']) },
      { 'answers.0.order': ATTEMPT_MESSAGES.orderNotOfQuestion },
    );
    await refused(
      { questionId: ids.stages, order: ['not an id!'] },
      { 'answers.0.order.0': 'The id is not valid' },
    );
    await refused(
      { questionId: ids.blanks, order: ofTexts(stages.items) },
      { 'answers.0.order': ATTEMPT_MESSAGES.answerKindMismatch },
    );
    await refused(
      { questionId: ids.units, text: 'ampere' },
      { 'answers.0.text': ATTEMPT_MESSAGES.answerKindMismatch },
    );
  });

  it('gives the saved answers back, and once published, each score with the key', async () => {
    await save({ questionId: ids.blanks, blanks: ['ohm', '3.3'] });
    await save({
      questionId: ids.units,
      matches: pairs({ Current: 'ampere', Voltage: 'ohm', Resistance: 'volt' }),
    });
    await save({
      questionId: ids.stages,
      order: ofTexts(['Parsing', 'Lexing', 'Type checking', 'Code generation']),
    });
    const view = attemptViewResponse.parse(
      (await client.call('GET', `get-attempt/${attemptId}`)).json(),
    ).data;
    expect(view.answers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ questionId: ids.blanks, blanks: ['ohm', '3.3'] }),
        expect.objectContaining({
          questionId: ids.stages,
          order: ofTexts(['Parsing', 'Lexing', 'Type checking', 'Code generation']),
        }),
      ]),
    );
    expect((await client.submit(attemptId)).statusCode).toBe(200);
    clock.set(NEXT_DAY);
    const published = await suite.fixture.adminCall('POST', `publish-results/${examId}`);
    expect(published.statusCode, published.body).toBe(200);

    const response = await client.call('GET', `get-result/${examId}`);
    expect(response.statusCode, response.body).toBe(200);
    const result = successResponse(studentResultDataSchema).parse(response.json()).data;
    expect(result.total).toBe(2 + 1 + 2 + 0);
    const [fill, match, order] = result.sections;
    expect(fill?.questions).toMatchObject([
      { awardedMarks: 2, blanks: ['ohm', '3.3'], acceptedBlanks: [['ohm', 'Ω'], ['3.3 ± 0.1']] },
    ]);
    expect(match?.questions[0]).toMatchObject({
      awardedMarks: 1,
      correctMatches: pairs({ Current: 'ampere', Voltage: 'volt', Resistance: 'ohm' }),
    });
    expect(match?.questions[0]?.matchChoices?.map((choice) => choice.text)).toEqual([
      'ampere',
      'ohm',
      'volt',
      'watt',
    ]);
    expect(order?.questions[0]).toMatchObject({
      awardedMarks: 2,
      correctOrder: ofTexts(stages.items),
    });
    expect(order?.questions[1]).toMatchObject({
      awardedMarks: 0,
      correctOrder: ofTexts(wholeOrder.items),
    });
  });

  it('shows in the report how often each blank, pair and place was right', async () => {
    const response = await suite.fixture.adminCall('GET', `get-exam-report/${examId}`);
    expect(response.statusCode, response.body).toBe(200);
    const { questions } = successResponse(examReportDataSchema).parse(response.json()).data;
    expect(questions.map((question) => question.partsRight)).toEqual([
      [
        { label: 'Blank 1', right: 1 },
        { label: 'Blank 2', right: 1 },
      ],
      [
        { label: 'Current', right: 1 },
        { label: 'Voltage', right: 0 },
        { label: 'Resistance', right: 0 },
      ],
      [
        { label: 'Lexing', right: 0 },
        { label: 'Parsing', right: 0 },
        { label: 'Type checking', right: 1 },
        { label: 'Code generation', right: 1 },
      ],
      [
        { label: 'Physical', right: 1 },
        { label: 'Data link', right: 0 },
        { label: 'Network', right: 0 },
      ],
    ]);
  });

  it('exports each answer as a reader reads it: the blanks, each prompt with its match, the order', async () => {
    const response = await suite.fixture.adminCall('GET', `export-exam-answers/${examId}`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.body
      .slice(1)
      .split('\r\n')
      .map((line) => line.split(',').slice(4));
    expect(rows).toEqual(
      expect.arrayContaining([
        ['Q1', 'Fill in the Blanks', 'ohm | 3.3', '2', '2'],
        ['Q2', 'Matching', 'Current → ampere; Voltage → ohm; Resistance → volt', '1', '3'],
        ['Q3', 'Ordering', 'Parsing → Lexing → Type checking → Code generation', '2', '3'],
      ]),
    );
  });

  const regrade = (body: Record<string, unknown>) =>
    suite.fixture.adminCall('POST', `regrade-question/${examId}`, body);
  const regradeResponse = successResponse(regradeDataSchema);

  it('corrects a key of blanks, pairs or an order: a dry run says whose results change, the job re-scores them', async () => {
    const corrections = [
      {
        body: {
          questionId: ids.blanks,
          blanks: [blanks.blanks[0], { accepted: ['3.3'], caseSensitive: false, tolerance: 0 }],
        },
        marks: 2,
        correctKey: 'the accepted blanks 1: ohm, Ω; 2: 3.3',
      },
      {
        body: {
          questionId: ids.units,
          correctMatches: pairs({ Current: 'ampere', Voltage: 'ohm', Resistance: 'volt' }),
        },
        marks: 3,
        correctKey: 'the pairs Current → ampere; Voltage → ohm; Resistance → volt',
      },
      {
        body: {
          questionId: ids.stages,
          correctOrder: ofTexts(['Parsing', 'Lexing', 'Type checking', 'Code generation']),
        },
        marks: 3,
        correctKey: 'the order Parsing, Lexing, Type checking, Code generation',
      },
    ];
    for (const { body, marks, correctKey } of corrections) {
      const preview = await regrade({ ...body, dryRun: true });
      expect(preview.statusCode, preview.body).toBe(200);
      expect(regradeResponse.parse(preview.json()).data.attemptsAffected).toBe(
        body.questionId === ids.blanks ? 0 : 1,
      );
      const applied = await regrade(body);
      expect(applied.statusCode, applied.body).toBe(202);
      const job = await finishedRegrade(
        suite.fixture,
        regradeResponse.parse(applied.json()).data.job?._id as string,
      );
      expect(job).toMatchObject({ status: 'DONE', correctKey });
      expect((await storedMarks(body.questionId))?.marks).toBe(marks);
      expectError(await regrade(body), 400, {
        message: VALIDATION_FAILED_MESSAGE,
        errors: {
          [Object.keys(body)[1] as string]: RESULT_MESSAGES.regradeSameKey,
        },
      });
    }
  });

  it('refuses a correction of another shape than the question’s', async () => {
    const refused = (body: Record<string, unknown>, errors: Record<string, string>) =>
      regrade(body).then((response) =>
        expectError(response, 400, { message: VALIDATION_FAILED_MESSAGE, errors }),
      );
    await refused(
      { questionId: ids.blanks, blanks: [blanks.blanks[0]] },
      { blanks: 'The text marks 2 blanks: give the accepted answers of each' },
    );
    await refused(
      { questionId: ids.units, correctMatches: pairs({ Current: 'ampere' }) },
      { correctMatches: RESULT_MESSAGES.regradeEveryPrompt },
    );
    await refused(
      {
        questionId: ids.units,
        correctMatches: pairs({ Current: 'ampere', Voltage: 'Voltage', Resistance: 'ohm' }),
      },
      { correctMatches: RESULT_MESSAGES.regradeEveryPrompt },
    );
    await refused(
      {
        questionId: ids.stages,
        correctOrder: ofTexts(['Lexing', 'Lexing', 'Parsing', 'Type checking']),
      },
      { correctOrder: ATTEMPT_MESSAGES.orderNotOfQuestion },
    );
    await refused(
      { questionId: ids.wholeOrder, correctMatches: pairs({ Current: 'ampere' }) },
      { correctOrder: RESULT_MESSAGES.regradeKeyMissing },
    );
  });
});
