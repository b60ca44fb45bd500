import { randomUUID } from 'node:crypto';
import {
  BANK_MESSAGES,
  DRAW_MESSAGES,
  drawRuleSchema,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { validExamPayload, validQuestions } from '@examiq/contracts/test-support';
import { describe, expect, it } from 'vitest';
import { bankQuestionPayload } from '../../test/banks';
import { TEST_ENGINE } from '../../test/database';
import { EXAM_DAY_TEN, localDate, sittingSuite } from '../../test/sittings';

const suite = sittingSuite();
const unknownId = '0190a0a0-0000-7000-8000-000000000000';
const call = (...args: Parameters<typeof suite.fixture.adminCall>) =>
  suite.fixture.adminCall(...args);
const courseId = () => suite.fixture.audience.courseId;

/** A category no other test of the file writes to, so each test counts its own questions. */
const freshCategory = () => `Unit ${randomUUID().slice(0, 8)}`;

/** A Ready MCQ of the exam's course worth 1 mark, in `category`, unless told otherwise. */
async function bankQuestion(category: string, fields: Record<string, unknown> = {}) {
  const response = await call(
    'POST',
    'create-bank-question',
    bankQuestionPayload(courseId(), {
      status: 'READY',
      category,
      questionText: `Which structure answers a lookup in constant time? ${randomUUID()}`,
      ...fields,
    }),
  );
  if (response.statusCode !== 201) throw new Error(`create: ${response.body}`);
  return response.json().data._id as string;
}

/**
 * A published exam whose first section (MCQ, 1 mark a question) draws by `rules`, the others as
 * the wizard lists them.
 */
function drawnExamPayload(rules: Record<string, unknown>[], title = 'Circuits drawn') {
  const { audience, inSection } = suite.fixture;
  const payload = validExamPayload({
    ...audience,
    sectionIds: [inSection.A],
    examStatus: 'PUBLISH',
  });
  const drawn = rules.reduce((sum, rule) => sum + Number(rule.count), 0);
  const [first, ...rest] = payload.examSections;
  return {
    ...payload,
    examTitle: title,
    totalMarks: payload.totalMarks - (first?.marks ?? 0) + drawn,
    examSections: [{ ...first, marks: drawn, totalQuestions: drawn, draw: rules }, ...rest].map(
      (section) => ({ ...section, timeLimit: 0 }),
    ),
    scheduleDetails: {
      startDate: localDate(EXAM_DAY_TEN),
      endDate: localDate(EXAM_DAY_TEN),
      bufferTime: { beforeExam: 0, afterExam: 0 },
    },
    questions: [[], ...payload.questions.slice(1)],
  };
}

const rule = (category: string, fields: Record<string, unknown> = {}) => ({
  courseId: courseId(),
  category,
  count: 1,
  ...fields,
});

const preview = (rules: Record<string, unknown>[], section: Record<string, unknown> = {}) =>
  call('POST', 'preview-draw', {
    questionType: 'MCQ',
    marks: rules.reduce((sum, each) => sum + Number(each.count), 0),
    totalQuestions: rules.reduce((sum, each) => sum + Number(each.count), 0),
    draw: rules,
    ...section,
  });

const availableOf = async (rules: Record<string, unknown>[], section = {}) => {
  const response = await preview(rules, section);
  if (response.statusCode !== 200) throw new Error(`preview-draw: ${response.body}`);
  return response.json().data as {
    rules: { available: number; message: string | null }[];
    distinctPapers: number;
  };
};

describe(`drawn sections at the exam's save (${TEST_ENGINE})`, () => {
  it('stores the rules and their pools, and reads back the rules with no listed question', async () => {
    const category = freshCategory();
    for (const difficulty of ['EASY', 'EASY', 'HARD']) await bankQuestion(category, { difficulty });
    const rules = [rule(category, { difficulty: 'EASY' }), rule(category, { difficulty: 'HARD' })];
    const created = await call('POST', 'create-exam', drawnExamPayload(rules));
    expect(created.statusCode).toBe(201);
    const examId = created.json().data.exam._id;

    const read = (await call('GET', `get-exam/${examId}`)).json().data.exam;
    expect(read.examSections[0].draw).toEqual(rules.map((each) => drawRuleSchema.parse(each)));
    expect(read.examSections[0].totalQuestions).toBe(2);
    expect(read.examSections[1]).not.toHaveProperty('draw');
    expect(read.questions[0]).toEqual([]);
    expect(read.questions[1]).toHaveLength(1);

    // Saved again once open (its schedule's end only), it keeps its rules and pools; the preview
    // of the exam draws from them.
    const saved = await call('PUT', `update-exam/${examId}`, drawnExamPayload(rules));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.exam.examSections[0].draw).toEqual(read.examSections[0].draw);
    const shown = (await call('GET', `get-exam-preview/${examId}`)).json().data.sections[0];
    expect(shown.totalQuestions).toBe(2);
    expect(shown.questions.map((question: { marks: number }) => question.marks)).toEqual([1, 1]);
  });

  it('stores internal choice, and marks per question count the questions that count', async () => {
    const category = freshCategory();
    for (let i = 0; i < 3; i += 1) await bankQuestion(category, { marks: 2 });
    const payload = drawnExamPayload([rule(category, { count: 3 })]);
    const [first, ...rest] = payload.examSections;
    const created = await call('POST', 'create-exam', {
      ...payload,
      // Answer any 2 of 3 questions worth 2 marks each: the section carries 4 marks.
      totalMarks: payload.totalMarks - 3 + 4,
      examSections: [{ ...first, marks: 4, answerAny: 2 }, ...rest],
    });
    expect(created.statusCode).toBe(201);
    const read = (await call('GET', `get-exam/${created.json().data.exam._id}`)).json().data.exam;
    expect(read.examSections[0]).toMatchObject({ answerAny: 2, totalQuestions: 3, marks: 4 });
  });

  it('refuses a rule its pool cannot fill with the exact message, and writes nothing', async () => {
    const category = freshCategory();
    for (const difficulty of ['HARD', 'HARD', 'EASY']) await bankQuestion(category, { difficulty });
    const title = `Refused ${randomUUID()}`;
    const rules = [rule(category, { difficulty: 'HARD', count: 3 })];
    const response = await call('POST', 'create-exam', drawnExamPayload(rules, title));
    expect(response.statusCode).toBe(400);
    const message = `${category.split('/').at(-1)} has only 2 Hard questions; this rule needs 3`;
    expect(DRAW_MESSAGES.cannotFill(drawRuleSchema.parse(rules[0]), 2)).toBe(message);
    expect(response.json()).toEqual({
      success: false,
      message: VALIDATION_FAILED_MESSAGE,
      errors: { 'examSections.0.draw.0': message },
    });
    const listed = await call('GET', `get-all-exam?search=${encodeURIComponent(title)}`);
    expect(listed.json().data.exams).toEqual([]);
  });

  it('refuses a rule of an unknown course at its course', async () => {
    const response = await call(
      'POST',
      'create-exam',
      drawnExamPayload([{ ...rule(freshCategory()), courseId: unknownId }]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      'examSections.0.draw.0.courseId': BANK_MESSAGES.courseNotFound,
    });
  });

  it('gives a question two rules match to the first rule only', async () => {
    const category = freshCategory();
    for (const difficulty of ['EASY', 'EASY', 'HARD']) await bankQuestion(category, { difficulty });
    const rules = [rule(category, { count: 2 }), rule(category, { difficulty: 'EASY' })];
    const data = await availableOf(rules);
    expect(data.rules).toEqual([
      { available: 3, message: null },
      { available: 0, message: DRAW_MESSAGES.cannotFill(drawRuleSchema.parse(rules[1]), 0) },
    ]);
    expect(data.distinctPapers).toBe(0);
    const refused = await call('POST', 'create-exam', drawnExamPayload(rules));
    expect(refused.json().errors).toEqual({ 'examSections.0.draw.1': data.rules[1]?.message });
  });

  it('leaves a listed bank question out of every pool, so no paper holds it twice', async () => {
    const category = freshCategory();
    const listedId = await bankQuestion(category);
    await bankQuestion(category);
    const payload = drawnExamPayload([rule(category, { count: 2 })]);
    const [, trueFalse, ...rest] = payload.examSections;
    const refused = await call('POST', 'create-exam', {
      ...payload,
      totalMarks: payload.totalMarks + 1,
      // A second MCQ section listing one of the pool's questions.
      examSections: [
        payload.examSections[0],
        { ...trueFalse, name: 'Listed choice', questionType: 'MCQ', marks: 2, totalQuestions: 1 },
        ...rest,
      ],
      questions: [[], [{ bankQuestionId: listedId }], ...payload.questions.slice(2)],
    });
    expect(refused.json().errors).toEqual({
      'examSections.0.draw.0': DRAW_MESSAGES.cannotFill(
        drawRuleSchema.parse(rule(category, { count: 2 })),
        1,
      ),
    });
  });

  it('copies the rules into a duplicate, which draws from its pools again', async () => {
    const category = freshCategory();
    await bankQuestion(category);
    const rules = [rule(category)];
    const examId = (await call('POST', 'create-exam', drawnExamPayload(rules))).json().data.exam
      ._id;
    const copy = await call('POST', `duplicate-exam/${examId}`);
    expect(copy.statusCode).toBe(201);
    const read = (await call('GET', `get-exam/${copy.json().data.exam._id}`)).json().data.exam;
    expect(read.examSections[0].draw).toEqual([drawRuleSchema.parse(rules[0])]);
    expect(read.questions[0]).toEqual([]);
  });
});

describe(`POST /api/admin/preview-draw (${TEST_ENGINE})`, () => {
  it('counts each rule’s pool by its category, filters and marks, and the distinct papers', async () => {
    const category = freshCategory();
    const unit = (name: string) => `${category}/${name}`;
    await suite.fixture.adminCall('POST', `set-course-outcomes/${courseId()}`, {
      outcomes: [{ code: 'CO1', description: 'Apply Kirchhoff’s laws', targetPercent: 60 }],
    });
    await bankQuestion(category, { difficulty: 'EASY', tags: ['Loops', 'KCL'] });
    await bankQuestion(category, {
      difficulty: 'EASY',
      bloomLevel: 'APPLY',
      courseOutcomes: ['CO1'],
      tags: ['loops'],
    });
    await bankQuestion(unit('Kirchhoff'), { difficulty: 'EASY' });
    await bankQuestion(category, { difficulty: 'HARD' });
    // Never in an MCQ pool worth 1 a question: a Draft, another type, other marks.
    await bankQuestion(category, { difficulty: 'EASY', status: 'DRAFT' });
    await bankQuestion(category, { ...validQuestions.TRUE_FALSE(), difficulty: 'EASY' });
    await bankQuestion(category, { difficulty: 'EASY', marks: 2 });

    const counts = async (fields: Record<string, unknown>) =>
      (await availableOf([rule(category, fields)])).rules[0]?.available;
    expect(await counts({ difficulty: 'EASY' })).toBe(3);
    expect(await counts({ difficulty: 'EASY', includeSubcategories: false })).toBe(2);
    expect(await counts({ tags: ['LOOPS'] })).toBe(2);
    expect(await counts({ tags: ['loops', 'kcl'] })).toBe(1);
    expect(await counts({ bloomLevel: 'APPLY' })).toBe(1);
    expect(await counts({ courseOutcome: 'CO1' })).toBe(1);
    expect(await counts({})).toBe(4);
    // Two questions worth 2 marks each: the 2-mark question only.
    expect(
      (await availableOf([rule(category, { count: 1 })], { marks: 2 })).rules[0]?.available,
    ).toBe(1);

    const data = await availableOf([
      rule(category, { difficulty: 'EASY', count: 2 }),
      rule(category, { difficulty: 'HARD' }),
    ]);
    expect(data).toEqual({
      rules: [
        { available: 3, message: null },
        { available: 1, message: null },
      ],
      distinctPapers: 3,
    });
  });

  it('refuses a body against each rule of the contract', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const response = await call('POST', 'preview-draw', body);
      expect(response.statusCode).toBe(400);
      return response.json().errors;
    };
    const valid = { questionType: 'MCQ', marks: 1, totalQuestions: 1, draw: [rule('Unit 1')] };
    expect(await refused({ ...valid, draw: [] })).toEqual({
      draw: 'At least one draw rule is required',
    });
    expect(await refused({ ...valid, questionType: 'ESSAY' })).toEqual({
      questionType: 'Please select a valid question type',
    });
    expect(await refused({ ...valid, draw: [{ ...rule('Unit 1'), courseId: 'x' }] })).toEqual({
      'draw.0.courseId': 'Please select a valid course',
    });
    expect(await refused({ ...valid, draw: Array.from({ length: 11 }, () => rule('U')) })).toEqual({
      draw: DRAW_MESSAGES.rules,
    });
  });

  it('answers 401 without a token, 403 to a student and to faculty outside the course, 404 to an unknown course', async () => {
    const body = { questionType: 'MCQ', marks: 1, totalQuestions: 1, draw: [rule('Unit 1')] };
    const anonymous = await suite.t.app.inject({
      method: 'POST',
      url: '/api/admin/preview-draw',
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    const asStudent = await suite.t.app.inject({
      method: 'POST',
      url: '/api/admin/preview-draw',
      headers: { authorization: `Bearer ${student.accessToken}` },
      payload: body,
    });
    expect(asStudent.statusCode).toBe(403);

    const faculty = await suite.fixture.signedInFaculty();
    expect((await faculty.call('POST', 'preview-draw', body)).statusCode).toBe(403);
    const granted = await call('POST', `set-bank-access/${courseId()}`, {
      authors: [faculty.userId],
      reviewers: [],
      requireReview: false,
    });
    expect(granted.statusCode).toBe(200);
    const asAuthor = await faculty.call('POST', 'preview-draw', body);
    expect(asAuthor.statusCode).toBe(200);

    const unknown = await call('POST', 'preview-draw', {
      ...body,
      draw: [{ ...rule('Unit 1'), courseId: unknownId }],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(BANK_MESSAGES.courseNotFound);
  });
});
