import { randomUUID } from 'node:crypto';
import { ATTEMPT_MESSAGES, attemptDrawDataSchema, successResponse } from '@examiq/contracts';
import { validExamPayload } from '@examiq/contracts/test-support';
import { describe, expect, it } from 'vitest';
import { bankQuestionPayload } from '../../test/banks';
import { TEST_ENGINE } from '../../test/database';
import { EXAM_DAY_TEN, localDate, MINUTE, sittingSuite } from '../../test/sittings';
import { type DrawSource, drawPaper } from './drawn-paper';

describe('drawPaper', () => {
  const pool = (prefix: string, size: number, count: number) => ({
    count,
    questions: Array.from({ length: size }, (_, index) => ({
      id: `${prefix}${index}`,
      bankQuestionId: `bank-${prefix}${index}`,
    })),
  });
  const sections: DrawSource[] = [
    { id: 'listed', pools: [] },
    { id: 'drawn', pools: [pool('e', 20, 2), pool('h', 10, 1)] },
  ];

  it('draws each rule’s count from its pool, in the pool’s order, the same for the same seed', () => {
    const paper = drawPaper('seed-1', sections, new Set());
    expect(Object.keys(paper)).toEqual(['drawn']);
    const drawn = paper.drawn ?? [];
    expect(drawn).toHaveLength(3);
    expect(drawn.filter((id) => id.startsWith('e'))).toHaveLength(2);
    expect(drawn.at(-1)).toMatch(/^h/);
    const easy = drawn.slice(0, 2).map((id) => Number(id.slice(1)));
    expect(easy[0]).toBeLessThan(easy[1] ?? 0);
    expect(drawPaper('seed-1', sections, new Set())).toEqual(paper);
  });

  it('gives different seeds different papers', () => {
    const papers = new Set(
      Array.from({ length: 40 }, (_, seed) =>
        drawPaper(`seed-${seed}`, sections, new Set()).drawn?.join(),
      ),
    );
    // 1,900 papers are possible: forty draws hardly ever repeat more than a few.
    expect(papers.size).toBeGreaterThan(30);
  });

  it('prefers questions whose bank question was not seen, then takes seen ones', () => {
    const seen = new Set(
      Array.from({ length: 19 }, (_, index) => `bank-e${index}`).concat(['bank-h3']),
    );
    for (let seed = 0; seed < 10; seed += 1) {
      const drawn = drawPaper(`seed-${seed}`, sections, seen).drawn ?? [];
      expect(drawn).toContain('e19');
      expect(drawn.filter((id) => id.startsWith('e'))).toHaveLength(2);
      expect(drawn).not.toContain('h3');
    }
  });
});

const suite = sittingSuite();
const call = (...args: Parameters<typeof suite.fixture.adminCall>) =>
  suite.fixture.adminCall(...args);
const attemptDrawResponse = successResponse(attemptDrawDataSchema);

async function bankQuestions(category: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await call(
      'POST',
      'create-bank-question',
      bankQuestionPayload(suite.fixture.audience.courseId, {
        status: 'READY',
        category,
        questionText: `Which structure answers a lookup in constant time? ${randomUUID()}`,
      }),
    );
    if (response.statusCode !== 201) throw new Error(`create: ${response.body}`);
    ids.push(response.json().data._id);
  }
  return ids;
}

/**
 * A published exam open today for the first section, whose first section draws `count` MCQs from
 * `category`; `listed` bank questions make its second section (MCQs) instead of True/False.
 */
async function drawnExam(category: string, count: number, listed: string[] = []) {
  const { audience, inSection } = suite.fixture;
  const payload = validExamPayload({
    ...audience,
    sectionIds: [inSection.A],
    examStatus: 'PUBLISH',
  });
  const [first, second, ...rest] = payload.examSections;
  const sections = [
    {
      ...first,
      marks: count,
      totalQuestions: count,
      draw: [{ courseId: audience.courseId, category, count }],
    },
    listed.length > 0
      ? { ...second, questionType: 'MCQ', marks: listed.length, totalQuestions: listed.length }
      : second,
    ...rest,
  ].map((section) => ({ ...section, timeLimit: 0 }));
  const response = await call('POST', 'create-exam', {
    ...payload,
    examTitle: `Drawn ${randomUUID()}`,
    totalMarks:
      payload.totalMarks -
      (first?.marks ?? 0) -
      (second?.marks ?? 0) +
      count +
      (listed.length > 0 ? listed.length : (second?.marks ?? 0)),
    examSections: sections,
    scheduleDetails: {
      startDate: localDate(EXAM_DAY_TEN),
      endDate: localDate(EXAM_DAY_TEN),
      bufferTime: { beforeExam: 0, afterExam: 0 },
    },
    questions: [
      [],
      listed.length > 0
        ? listed.map((bankQuestionId) => ({ bankQuestionId }))
        : payload.questions[1],
      ...payload.questions.slice(2),
    ],
  });
  if (response.statusCode !== 201) throw new Error(`create-exam: ${response.body}`);
  return response.json().data.exam._id as string;
}

const idsOf = (section: { questions: { _id: string }[] } | undefined) =>
  section?.questions.map((question) => question._id) ?? [];

async function attemptDraw(attemptId: string) {
  const response = await call('GET', `get-attempt-draw/${attemptId}`);
  expect(response.statusCode).toBe(200);
  return attemptDrawResponse.parse(response.json()).data;
}

describe(`a drawn section's paper (${TEST_ENGINE})`, () => {
  it('draws at the start, keeps the paper for a resume, and reproduces it from the seed', async () => {
    const category = `Unit ${randomUUID().slice(0, 8)}`;
    const bankIds = await bankQuestions(category, 6);
    const examId = await drawnExam(category, 3);
    const student = await suite.fixture.student(suite.fixture.inSection.A);

    const paper = await student.client.start(examId);
    const drawn = paper.sections[0];
    expect(drawn?.totalQuestions).toBe(3);
    expect(idsOf(drawn)).toHaveLength(3);
    // The exam's own copies: never a bank question's id.
    for (const id of idsOf(drawn)) expect(bankIds).not.toContain(id);
    expect(paper.sections[1]?.totalQuestions).toBe(1);

    const again = await student.client.start(examId);
    expect(again.sections).toEqual(paper.sections);
    const read = await student.client.call('GET', `get-attempt/${paper.attempt._id}`);
    expect(read.json().data.sections).toEqual(paper.sections);

    const draw = await attemptDraw(paper.attempt._id);
    expect(draw.seed).toEqual(expect.any(String));
    expect(draw.sections).toHaveLength(1);
    const [section] = draw.sections;
    expect(section?.sectionId).toBe(drawn?._id);
    expect(section?.reproduced).toBe(true);
    expect(new Set(section?.questionIds)).toEqual(new Set(idsOf(drawn)));
    for (const id of section?.bankQuestionIds ?? []) expect(bankIds).toContain(id);
  });

  it('gives students papers of their own, each worth the same', async () => {
    const category = `Unit ${randomUUID().slice(0, 8)}`;
    await bankQuestions(category, 24);
    const examId = await drawnExam(category, 2);
    const papers: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const student = await suite.fixture.student(suite.fixture.inSection.A);
      const paper = await student.client.start(examId);
      expect(paper.sections[0]?.questions.map((question) => question.marks)).toEqual([1, 1]);
      papers.push([...idsOf(paper.sections[0])].sort().join());
    }
    // 276 papers are possible: three the same would happen once in 76,000 runs.
    expect(new Set(papers).size).toBeGreaterThan(1);
  });

  it('prefers the bank questions the student has not seen in an earlier exam of the course', async () => {
    const category = `Unit ${randomUUID().slice(0, 8)}`;
    const ids = await bankQuestions(category, 5);
    const seenIds = ids.slice(0, 4);
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    // An earlier exam of the course listing one of them, which the student sat.
    await bankQuestions(`${category} earlier`, 1);
    const listedExam = await drawnExam(`${category} earlier`, 1, seenIds);
    await student.client.start(listedExam);
    suite.clock.advance(MINUTE);
    const examId = await drawnExam(category, 1);
    const paper = await student.client.start(examId);
    const draw = await attemptDraw(paper.attempt._id);
    expect(draw.sections[0]?.bankQuestionIds).toEqual(ids.slice(4));
    expect(draw.sections[0]?.reproduced).toBe(true);
  });

  it('refuses an answer to a question of the pool not on the attempt’s paper, as an unknown one', async () => {
    const category = `Unit ${randomUUID().slice(0, 8)}`;
    await bankQuestions(category, 2);
    const examId = await drawnExam(category, 1);
    const [first, second] = [
      await suite.fixture.student(suite.fixture.inSection.A),
      await suite.fixture.student(suite.fixture.inSection.A),
    ];
    let mine = await first.client.start(examId);
    let theirs = await second.client.start(examId);
    // Until the two papers differ: a new student draws again.
    while (idsOf(theirs.sections[0])[0] === idsOf(mine.sections[0])[0]) {
      theirs = await (await suite.fixture.student(suite.fixture.inSection.A)).client.start(examId);
    }
    const otherId = idsOf(theirs.sections[0])[0];
    const refused = await first.client.save(mine.attempt._id, {
      seq: 1,
      answers: [{ questionId: otherId, selectedOptionId: '0' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      'answers.0.questionId': ATTEMPT_MESSAGES.questionNotInAttempt,
    });
    const saved = await first.client.save(mine.attempt._id, {
      seq: 2,
      answers: [{ questionId: idsOf(mine.sections[0])[0], selectedOptionId: '0' }],
    });
    expect(saved.statusCode).toBe(200);
    const submitted = await first.client.submit(mine.attempt._id);
    expect(submitted.statusCode).toBe(200);
    mine = await first.client.start(examId);
    expect(mine.answers.map((answer) => answer.questionId)).toEqual([idsOf(mine.sections[0])[0]]);
  });

  it('answers get-attempt-draw with 400, 401, 403 and 404 as the others', async () => {
    expect((await call('GET', 'get-attempt-draw/not-an-id')).statusCode).toBe(400);
    expect(
      (await call('GET', 'get-attempt-draw/0190a0a0-0000-7000-8000-000000000000')).json(),
    ).toEqual({ success: false, message: ATTEMPT_MESSAGES.attemptNotFound });
    const anonymous = await suite.t.app.inject({
      method: 'GET',
      url: '/api/admin/get-attempt-draw/0190a0a0-0000-7000-8000-000000000000',
    });
    expect(anonymous.statusCode).toBe(401);
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    const asStudent = await suite.t.app.inject({
      method: 'GET',
      url: '/api/admin/get-attempt-draw/0190a0a0-0000-7000-8000-000000000000',
      headers: { authorization: `Bearer ${student.accessToken}` },
    });
    expect(asStudent.statusCode).toBe(403);
  });
});
