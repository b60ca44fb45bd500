import { BANK_MESSAGES, VALIDATION_FAILED_MESSAGE } from '@examiq/contracts';
import { validExamPayload, validQuestions } from '@examiq/contracts/test-support';
import { describe, expect, it } from 'vitest';
import { bankQuestionPayload } from '../../test/banks';
import { TEST_ENGINE } from '../../test/database';
import { EXAM_DAY_TEN, localDate, sittingSuite } from '../../test/sittings';

const suite = sittingSuite();
const unknownId = '0190a0a0-0000-7000-8000-000000000000';
const call = (...args: Parameters<typeof suite.fixture.adminCall>) =>
  suite.fixture.adminCall(...args);

/** A bank question of the exam's course, Ready unless told otherwise, written by the admin. */
async function bankQuestion(fields: Record<string, unknown> = {}) {
  const response = await call(
    'POST',
    'create-bank-question',
    bankQuestionPayload(suite.fixture.audience.courseId, { status: 'READY', ...fields }),
  );
  if (response.statusCode !== 201) throw new Error(`create: ${response.body}`);
  return response.json().data._id as string;
}

/**
 * A published exam for the fixture's first section, open today and untimed, whose first MCQ is
 * `{ bankQuestionId }`; `startDate` moves its (one-day) window.
 */
function examPayload(bankQuestionId: string, startDate = localDate(EXAM_DAY_TEN)) {
  const { audience, inSection } = suite.fixture;
  const payload = validExamPayload({
    ...audience,
    sectionIds: [inSection.A],
    examStatus: 'PUBLISH',
  });
  const [mcqs = [], ...rest] = payload.questions;
  return {
    ...payload,
    examTitle: `Circuits ${startDate}`,
    examSections: payload.examSections.map((section) => ({ ...section, timeLimit: 0 })),
    scheduleDetails: {
      startDate,
      endDate: startDate,
      bufferTime: { beforeExam: 0, afterExam: 0 },
    },
    questions: [[{ bankQuestionId }, ...mcqs.slice(1)], ...rest],
  };
}

async function createdExam(payload: unknown) {
  const response = await call('POST', 'create-exam', payload);
  if (response.statusCode !== 201) throw new Error(`create-exam: ${response.body}`);
  return response.json().data.exam._id as string;
}

const firstQuestionOf = async (examId: string) =>
  (await call('GET', `get-exam/${examId}`)).json().data.exam.questions[0][0];

const bankQuestionRead = async (id: string) =>
  (await call('GET', `get-bank-question/${id}`)).json().data;

const listed = async (query: string) =>
  (
    await call('GET', `get-bank-questions?courseId=${suite.fixture.audience.courseId}&${query}`)
  ).json().data.questions as { _id: string; usedIn: number }[];

describe(`an exam's questions from a bank (${TEST_ENGINE})`, () => {
  it('copies a Ready bank question as it stands, with its origin and version', async () => {
    const id = await bankQuestion();
    const examId = await createdExam(examPayload(id));
    const { id: questionId, ...copy } = await firstQuestionOf(examId);
    expect(questionId).toEqual(expect.any(String));
    // The bank question's fields are the wizard's MCQ (`bankQuestionPayload`).
    expect(copy).toEqual({ ...validQuestions.MCQ(), bankQuestionId: id, bankVersion: 1 });
  });

  it('copies one into a draft saved again, and a copy sent back written is the exam’s own', async () => {
    const id = await bankQuestion();
    const written = examPayload(id);
    const mcq = validQuestions.MCQ();
    const draft = {
      ...written,
      examStatus: 'DRAFT',
      questions: [[mcq, mcq], ...written.questions.slice(1)],
    };
    const examId = await createdExam(draft);
    const saved = await call('PUT', `update-exam/${examId}`, {
      ...examPayload(id),
      examStatus: 'DRAFT',
    });
    expect(saved.statusCode).toBe(200);
    expect(await firstQuestionOf(examId)).toMatchObject({ bankQuestionId: id, bankVersion: 1 });
    expect((await call('PUT', `update-exam/${examId}`, draft)).statusCode).toBe(200);
    expect(await firstQuestionOf(examId)).not.toHaveProperty('bankQuestionId');
  });

  it('refuses a missing, a Draft and another type’s bank question at its place', async () => {
    const draft = await bankQuestion({ status: 'DRAFT' });
    const trueFalse = await bankQuestion(validQuestions.TRUE_FALSE());
    const field = 'questions.0.0.bankQuestionId';
    for (const [id, message] of [
      [unknownId, BANK_MESSAGES.questionNotFound],
      [draft, BANK_MESSAGES.notReadyForExam],
      [trueFalse, BANK_MESSAGES.otherTypeThanSection('True/False')],
      ['not-an-id', 'Please select a valid bank question'],
    ] as const) {
      const response = await call('POST', 'create-exam', examPayload(id));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message: VALIDATION_FAILED_MESSAGE,
        errors: { [field]: message },
      });
    }
  });

  it('keeps the exam’s copy when the bank question is edited, which makes version 2', async () => {
    const id = await bankQuestion();
    const examId = await createdExam(examPayload(id));
    const before = await firstQuestionOf(examId);
    const edited = bankQuestionPayload(suite.fixture.audience.courseId, {
      questionText: 'Which structure answers a lookup in constant time on average?',
    });
    const update = await call('PUT', `update-bank-question/${id}`, edited);
    expect(update.json().data).toMatchObject({ version: 2, revision: 2 });
    // Version 2 is in no exam yet: correcting it again keeps it.
    const again = await call('PUT', `update-bank-question/${id}`, {
      ...edited,
      explanation: 'A hash table finds a key by its hash, whatever the table’s size.',
    });
    expect(again.json().data).toMatchObject({ version: 2, revision: 3 });

    expect(await firstQuestionOf(examId)).toEqual(before);
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    const paper = await student.client.start(examId);
    const texts = paper.sections[0]?.questions.map((question) => question.questionText);
    expect(texts).toContain(before.questionText);
    expect(texts).not.toContain(edited.questionText);

    const later = await createdExam(examPayload(id, '2030-03-15'));
    expect((await firstQuestionOf(later)).bankVersion).toBe(2);
    expect((await bankQuestionRead(id)).usedBy).toEqual([
      { examId: later, title: 'Circuits 2030-03-15', version: 2 },
      { examId, title: `Circuits ${localDate(EXAM_DAY_TEN)}`, version: 1 },
    ]);
  });

  it('lists how many exams use each question, and filters the unused and the recently used', async () => {
    const unused = await bankQuestion();
    const recent = await bankQuestion();
    const old = await bankQuestion();
    await createdExam(examPayload(recent));
    await createdExam(examPayload(old, '2021-01-11'));
    const usedIn = new Map((await listed('limit=100')).map((item) => [item._id, item.usedIn]));
    expect([usedIn.get(unused), usedIn.get(recent), usedIn.get(old)]).toEqual([0, 1, 1]);

    const ids = async (query: string) => (await listed(`limit=100&${query}`)).map((q) => q._id);
    expect(await ids('neverUsed=true')).toContain(unused);
    expect(await ids('neverUsed=true')).not.toContain(recent);
    // The window's day, not the exam's creation: the old exam was created today too.
    const lastYear = await ids('usedInLastMonths=12');
    expect(lastYear).toContain(recent);
    expect(lastYear).not.toContain(old);
    expect(lastYear).not.toContain(unused);
    expect(await ids('usedInLastMonths=120')).toContain(old);
    const refused = await call(
      'GET',
      `get-bank-questions?courseId=${suite.fixture.audience.courseId}&usedInLastMonths=0`,
    );
    expect(refused.json().errors).toEqual({ usedInLastMonths: BANK_MESSAGES.usedInLastMonths });
  });
});
