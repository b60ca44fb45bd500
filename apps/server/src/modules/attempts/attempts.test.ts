import { randomUUID } from 'node:crypto';
import {
  ATTEMPT_LIMITS,
  ATTEMPT_MESSAGES,
  type AttemptView,
  myExamsDataSchema,
  saveAnswersResultSchema,
  submitResultSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attemptAnswers, attemptEvents, exams } from '../../db/schema';
import { expectError } from '../../test/errors';
import { EXAM_DAY_TEN, localDate, MINUTE, sittingSuite } from '../../test/sittings';
import { sweepDeadlines } from './deadline-sweep';

const suite = sittingSuite();
const { clock } = suite;

const myExamsResponse = successResponse(myExamsDataSchema);
const saveResponse = successResponse(saveAnswersResultSchema);
const submitResponse = successResponse(submitResultSchema);

/** The questions of a view by type, in the order the attempt shows them. */
function questionsOf(view: AttemptView) {
  const all = view.sections.flatMap((section) => section.questions);
  const byType = (type: string) => all.filter((question) => question.questionType === type);
  return {
    mcq: byType('MCQ'),
    trueFalse: byType('TRUE_FALSE')[0],
    short: byType('SHORT_ANSWER')[0],
    long: byType('LONG_ANSWER')[0],
  };
}

/** A student of section A with a started attempt of a new exam, at the clock's time. */
async function startedAttempt(
  overrides: Record<string, unknown> = {},
  timeLimits: readonly number[] = [],
) {
  clock.set(EXAM_DAY_TEN);
  const exam = await suite.fixture.exam(overrides, timeLimits);
  const student = await suite.fixture.student(suite.fixture.inSection.A);
  const view = await student.client.start(exam._id);
  return { exam, student, view, questions: questionsOf(view) };
}

async function storedAnswers(attemptId: string) {
  return suite.t.database.db
    .select()
    .from(attemptAnswers)
    .where(eq(attemptAnswers.attemptId, attemptId));
}

describe('my exams and the lobby', () => {
  it('lists the published exams of the student’s section only, with where each stands', async () => {
    clock.set(EXAM_DAY_TEN);
    const published = await suite.fixture.exam();
    const draft = await suite.fixture.exam({ examStatus: 'DRAFT' });
    const tomorrow = await suite.fixture.exam({
      scheduleDetails: {
        startDate: localDate(new Date(2030, 2, 15)),
        endDate: localDate(new Date(2030, 2, 15)),
        bufferTime: { beforeExam: 0, afterExam: 0 },
      },
    });
    const inA = await suite.fixture.student(suite.fixture.inSection.A);
    const inB = await suite.fixture.student(suite.fixture.inSection.B);

    const mine = myExamsResponse.parse((await inA.client.call('GET', 'get-my-exams')).json()).data;
    const ids = mine.exams.map((exam) => exam._id);
    expect(ids).toContain(published._id);
    expect(ids).toContain(tomorrow._id);
    expect(ids).not.toContain(draft._id);
    const today = mine.exams.find((exam) => exam._id === published._id);
    expect(today).toMatchObject({ availability: 'OPEN', attempt: null, duration: 90 });
    expect(today?.startsAt).toBe(new Date(2030, 2, 14).toISOString());
    expect(today?.endsAt).toBe(new Date(2030, 2, 15).toISOString());
    expect(mine.exams.find((exam) => exam._id === tomorrow._id)?.availability).toBe('UPCOMING');
    expect(mine.serverNow).toBe(EXAM_DAY_TEN.toISOString());

    const theirs = myExamsResponse.parse((await inB.client.call('GET', 'get-my-exams')).json());
    expect(theirs.data.exams.map((exam) => exam._id)).not.toContain(published._id);
  });

  it('opens the lobby with the sections and instructions, and never for another section', async () => {
    const exam = await suite.fixture.exam();
    const inA = await suite.fixture.student(suite.fixture.inSection.A);
    const lobby = await inA.client.call('GET', `get-exam/${exam._id}`);
    expect(lobby.statusCode).toBe(200);
    const { data } = lobby.json();
    expect(data.exam.generalInstructions).toEqual([
      'Read every question carefully.',
      'No calculators.',
    ]);
    expect(
      data.exam.sections.map((s: { name: string; totalQuestions: number }) => [
        s.name,
        s.totalQuestions,
      ]),
    ).toEqual([
      ['Multiple choice', 2],
      ['True or false', 1],
      ['Short answers', 1],
      ['Essay', 1],
    ]);

    const inB = await suite.fixture.student(suite.fixture.inSection.B);
    expectError(await inB.client.call('GET', `get-exam/${exam._id}`), 403, {
      message: ATTEMPT_MESSAGES.notYourSection,
    });
    expectError(await inB.client.call('POST', `start-exam/${exam._id}`), 403, {
      message: ATTEMPT_MESSAGES.notYourSection,
    });
  });

  it('answers 404 for a draft or an unknown exam, and 400 for a malformed id', async () => {
    const draft = await suite.fixture.exam({ examStatus: 'DRAFT' });
    const { client } = await suite.fixture.student(suite.fixture.inSection.A);
    for (const id of [draft._id, randomUUID()]) {
      expectError(await client.call('GET', `get-exam/${id}`), 404, {
        message: ATTEMPT_MESSAGES.examNotFound,
      });
      expectError(await client.call('POST', `start-exam/${id}`), 404, {
        message: ATTEMPT_MESSAGES.examNotFound,
      });
    }
    expectError(await client.call('POST', 'start-exam/not-an-id'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { examId: 'The exam id is not valid' },
    });
  });
});

describe('starting', () => {
  it('starts inside the window with a deadline the server owns, and no answer key', async () => {
    const { view } = await startedAttempt();
    expect(view.attempt).toMatchObject({ status: 'IN_PROGRESS', lastSeq: 0, submittedAt: null });
    expect(view.attempt.startedAt).toBe(EXAM_DAY_TEN.toISOString());
    expect(view.attempt.deadlineAt).toBe(
      new Date(EXAM_DAY_TEN.getTime() + 90 * MINUTE).toISOString(),
    );
    expect(view.remainingMs).toBe(90 * MINUTE);
    expect(view.sections.map((section) => section.questions.length)).toEqual([2, 1, 1, 1]);
    const long = questionsOf(view).long;
    expect(long).toMatchObject({
      minWordCount: expect.any(Number),
      maxWordCount: expect.any(Number),
    });
    expect(questionsOf(view).trueFalse?.options).toEqual([
      { _id: '0', text: 'True' },
      { _id: '1', text: 'False' },
    ]);
  });

  it('resumes the same attempt with its answers when started again', async () => {
    const { exam, student, view, questions } = await startedAttempt();
    const save = await student.client.save(view.attempt._id, {
      seq: 1,
      answers: [{ questionId: questions.trueFalse?._id, selectedOptionId: '1' }],
    });
    expect(save.statusCode).toBe(200);
    clock.advance(5 * MINUTE);
    const again = await student.client.start(exam._id);
    expect(again.attempt._id).toBe(view.attempt._id);
    expect(again.attempt.deadlineAt).toBe(view.attempt.deadlineAt);
    expect(again.remainingMs).toBe(85 * MINUTE);
    expect(again.answers).toEqual([
      expect.objectContaining({
        questionId: questions.trueFalse?._id,
        selectedOptionId: '1',
        text: null,
        seq: 1,
      }),
    ]);
  });

  it('refuses a start before the window and after it, and ends a late start with the window', async () => {
    clock.set(new Date(2030, 2, 13, 23, 0));
    const exam = await suite.fixture.exam();
    const { client } = await suite.fixture.student(suite.fixture.inSection.A);
    expectError(await client.call('POST', `start-exam/${exam._id}`), 409, {
      message: ATTEMPT_MESSAGES.notStarted,
    });
    clock.set(new Date(2030, 2, 15, 0, 0));
    expectError(await client.call('POST', `start-exam/${exam._id}`), 409, {
      message: ATTEMPT_MESSAGES.closed,
    });
    clock.set(new Date(2030, 2, 14, 23, 30));
    const late = await client.start(exam._id);
    expect(late.attempt.deadlineAt).toBe(new Date(2030, 2, 15).toISOString());
    expect(late.remainingMs).toBe(30 * MINUTE);
  });

  it('starts no new attempt once results are published early, and says so in the lobby', async () => {
    const { exam, student, view } = await startedAttempt();
    clock.advance(25 * MINUTE);
    await student.client.submit(view.attempt._id);
    // Published early, the window still open, as the admin may once every sitting is over.
    await suite.t.database.db
      .update(exams)
      .set({ resultsPublishedAt: clock.now() })
      .where(eq(exams.id, exam._id));

    const newcomer = await suite.fixture.student(suite.fixture.inSection.A);
    expectError(await newcomer.client.call('POST', `start-exam/${exam._id}`), 409, {
      message: ATTEMPT_MESSAGES.resultsPublished,
    });
    const listed = myExamsResponse
      .parse((await newcomer.client.call('GET', 'get-my-exams')).json())
      .data.exams.find((item) => item._id === exam._id);
    expect(listed).toMatchObject({ availability: 'CLOSED', resultsPublished: true, attempt: null });
    const lobby = await newcomer.client.call('GET', `get-exam/${exam._id}`);
    expect(lobby.json().data.exam).toMatchObject({
      availability: 'CLOSED',
      resultsPublished: true,
    });

    const mine = myExamsResponse
      .parse((await student.client.call('GET', 'get-my-exams')).json())
      .data.exams.find((item) => item._id === exam._id);
    expect(mine).toMatchObject({ availability: 'OPEN', attempt: { status: 'SUBMITTED' } });
    const resumed = await student.client.start(exam._id);
    expect(resumed.attempt.status).toBe('SUBMITTED');
  });

  it('reads a proctored exam’s window from its date and times, the lobby opening early', async () => {
    clock.set(new Date(2030, 2, 14, 8, 50));
    const exam = await suite.fixture.exam({
      examMode: 'PROCTORING',
      assignedFacultyIds: [(await suite.fixture.faculty()).userId],
      scheduleDetails: {
        examDate: '2030-03-14',
        startTime: '09:00',
        endTime: '10:00',
        bufferTime: { beforeExam: 15, afterExam: 0 },
      },
    });
    const { client } = await suite.fixture.student(suite.fixture.inSection.A);
    const listed = myExamsResponse
      .parse((await client.call('GET', 'get-my-exams')).json())
      .data.exams.find((item) => item._id === exam._id);
    expect(listed).toMatchObject({
      availability: 'OPEN',
      lobbyOpensAt: new Date(2030, 2, 14, 8, 45).toISOString(),
      startsAt: new Date(2030, 2, 14, 9, 0).toISOString(),
    });
    expectError(await client.call('POST', `start-exam/${exam._id}`), 409, {
      message: ATTEMPT_MESSAGES.notStarted,
    });
    clock.set(new Date(2030, 2, 14, 9, 0));
    const started = await client.start(exam._id);
    expect(started.attempt.deadlineAt).toBe(new Date(2030, 2, 14, 10, 0).toISOString());
  });

  it('fixes a shuffled order at the start, the same on every resume', async () => {
    clock.set(EXAM_DAY_TEN);
    const exam = await suite.fixture.exam();
    await suite.t.database.db
      .update(exams)
      .set({ shuffleQuestions: true, shuffleOptions: true })
      .where(eq(exams.id, exam._id));
    const { client } = await suite.fixture.student(suite.fixture.inSection.A);
    const first = await client.start(exam._id);
    const again = await client.start(exam._id);
    expect(again.sections).toEqual(first.sections);
    const mcq = first.sections[0]?.questions[0];
    expect(mcq?.options?.map((option) => option._id).sort()).toEqual(['0', '1', '2']);
  });
});

describe('saving', () => {
  it('stores an answer of each type and acknowledges the seq with the time left', async () => {
    const { student, view, questions } = await startedAttempt();
    clock.advance(MINUTE);
    const response = await student.client.save(view.attempt._id, {
      seq: 3,
      answers: [
        { questionId: questions.mcq[0]?._id, selectedOptionId: '2', markedForReview: true },
        { questionId: questions.trueFalse?._id, selectedOptionId: '0' },
        { questionId: questions.short?._id, text: 'A tree whose left keys are smaller.' },
        { questionId: questions.long?._id, text: 'Essay '.repeat(400) },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(saveResponse.parse(response.json()).data).toEqual({
      ackSeq: 3,
      remainingMs: 89 * MINUTE,
      status: 'IN_PROGRESS',
      deadlineAt: view.attempt.deadlineAt,
      conflict: false,
      closedSectionIds: [],
    });
    const stored = await storedAnswers(view.attempt._id);
    expect(stored).toHaveLength(4);
    expect(stored.find((row) => row.questionId === questions.mcq[0]?._id)).toMatchObject({
      selectedOption: 2,
      markedForReview: true,
      seq: 3,
    });
  });

  it('ignores an answer older than the one stored, and tells the older tab', async () => {
    const { student, view, questions } = await startedAttempt();
    const questionId = questions.short?._id;
    const newer = await student.client.save(view.attempt._id, {
      seq: 10,
      answers: [{ questionId, text: 'From the newer tab' }],
    });
    expect(saveResponse.parse(newer.json()).data.conflict).toBe(false);
    const older = await student.client.save(view.attempt._id, {
      seq: 7,
      answers: [{ questionId, text: 'From the older tab' }],
    });
    expect(older.statusCode).toBe(200);
    expect(saveResponse.parse(older.json()).data).toMatchObject({ ackSeq: 7, conflict: true });
    const retried = await student.client.save(view.attempt._id, {
      seq: 10,
      answers: [{ questionId, text: 'From the newer tab' }],
    });
    expect(saveResponse.parse(retried.json()).data.conflict).toBe(false);
    const [stored] = await storedAnswers(view.attempt._id);
    expect(stored).toMatchObject({ text: 'From the newer tab', seq: 10 });
  });

  it('tells the second of two tabs saving the same seq that its answer lost, and keeps the first', async () => {
    const { student, view, questions } = await startedAttempt();
    const questionId = questions.short?._id;
    const save = (seq: number, text: string, others: object[] = []) =>
      student.client.save(view.attempt._id, { seq, answers: [{ questionId, text }, ...others] });
    await save(1, 'First draft');
    clock.advance(MINUTE);
    const tabA = await save(2, 'Tab A: a tree with ordered keys');
    expect(saveResponse.parse(tabA.json()).data).toMatchObject({ ackSeq: 2, conflict: false });
    const tabASavedAt = clock.now().toISOString();

    clock.advance(MINUTE);
    const tabB = await save(2, 'Tab B: a sorted binary tree');
    expect(tabB.statusCode).toBe(200);
    expect(saveResponse.parse(tabB.json()).data).toMatchObject({ ackSeq: 2, conflict: true });

    // Tab A's retry of the very same save is harmless: acknowledged, nothing rewritten.
    clock.advance(MINUTE);
    const retry = await save(2, 'Tab A: a tree with ordered keys');
    expect(saveResponse.parse(retry.json()).data).toMatchObject({ ackSeq: 2, conflict: false });

    const reread = (await student.client.call('GET', `get-attempt/${view.attempt._id}`)).json();
    expect(reread.data.answers).toEqual([
      expect.objectContaining({
        questionId,
        text: 'Tab A: a tree with ordered keys',
        seq: 2,
        savedAt: tabASavedAt,
      }),
    ]);

    // The same seq for a question nobody else answered at it loses nothing.
    const other = await student.client.save(view.attempt._id, {
      seq: 2,
      answers: [
        { questionId, text: 'Tab A: a tree with ordered keys' },
        { questionId: questions.trueFalse?._id, selectedOptionId: '1' },
      ],
    });
    expect(saveResponse.parse(other.json()).data.conflict).toBe(false);
    expect(await storedAnswers(view.attempt._id)).toHaveLength(2);
  });

  it('clears an answer when neither an option nor a text is sent', async () => {
    const { student, view, questions } = await startedAttempt();
    const questionId = questions.trueFalse?._id;
    await student.client.save(view.attempt._id, {
      seq: 1,
      answers: [{ questionId, selectedOptionId: '0' }],
    });
    await student.client.save(view.attempt._id, {
      seq: 2,
      answers: [{ questionId, selectedOptionId: null, markedForReview: true }],
    });
    const [stored] = await storedAnswers(view.attempt._id);
    expect(stored).toMatchObject({ selectedOption: null, text: null, markedForReview: true });
  });

  it.each([
    [
      'a question of another exam',
      () => ({ questionId: randomUUID(), selectedOptionId: '0' }),
      'answers.0.questionId',
      ATTEMPT_MESSAGES.questionNotInAttempt,
    ],
    [
      'an option the question does not have',
      (q: ReturnType<typeof questionsOf>) => ({
        questionId: q.trueFalse?._id,
        selectedOptionId: '3',
      }),
      'answers.0.selectedOptionId',
      ATTEMPT_MESSAGES.optionNotOfQuestion,
    ],
    [
      'a text to a choice question',
      (q: ReturnType<typeof questionsOf>) => ({ questionId: q.mcq[0]?._id, text: 'Hash table' }),
      'answers.0.text',
      ATTEMPT_MESSAGES.answerKindMismatch,
    ],
    [
      'an option to a written question',
      (q: ReturnType<typeof questionsOf>) => ({
        questionId: q.short?._id,
        selectedOptionId: '0',
      }),
      'answers.0.selectedOptionId',
      ATTEMPT_MESSAGES.answerKindMismatch,
    ],
  ])('refuses %s with 400 and stores nothing', async (_label, answer, field, message) => {
    const { student, view, questions } = await startedAttempt();
    const response = await student.client.save(view.attempt._id, {
      seq: 1,
      answers: [answer(questions)],
    });
    expectError(response, 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { [field]: message },
    });
    expect(await storedAnswers(view.attempt._id)).toEqual([]);
  });

  it.each([
    ['a seq below 1', { seq: 0, answers: [] }, 'seq', 'seq must be a whole number of at least 1'],
    ['no seq', { answers: [] }, 'seq', 'seq must be a whole number of at least 1'],
    [
      'a text over the limit',
      { seq: 1, answers: [{ questionId: randomUUID(), text: 'x'.repeat(20_001) }] },
      'answers.0.text',
      'An answer cannot exceed 20,000 characters',
    ],
    [
      'a malformed question id',
      { seq: 1, answers: [{ questionId: 'q1', text: 'x' }] },
      'answers.0.questionId',
      'The question id is not valid',
    ],
    [
      'a malformed option id',
      { seq: 1, answers: [{ questionId: randomUUID(), selectedOptionId: 'a' }] },
      'answers.0.selectedOptionId',
      'The option id is not valid',
    ],
    [
      'a question twice',
      {
        seq: 1,
        answers: [
          { questionId: '7b0c8f7e-0c39-4a86-9d83-1c1ad0b1f0a1', text: 'a' },
          { questionId: '7b0c8f7e-0c39-4a86-9d83-1c1ad0b1f0a1', text: 'b' },
        ],
      },
      'answers.1.questionId',
      ATTEMPT_MESSAGES.duplicateQuestion,
    ],
  ])('refuses %s with the field’s message', async (_label, body, field, message) => {
    const { student, view } = await startedAttempt();
    expectError(await student.client.save(view.attempt._id, body), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { [field]: message },
    });
  });

  it('answers 404 for another student’s attempt and an unknown one, 400 for a malformed id', async () => {
    const { view } = await startedAttempt();
    const other = await suite.fixture.student(suite.fixture.inSection.A);
    for (const id of [view.attempt._id, randomUUID()]) {
      expectError(await other.client.save(id, { seq: 1, answers: [] }), 404, {
        message: ATTEMPT_MESSAGES.attemptNotFound,
      });
      expectError(await other.client.call('GET', `get-attempt/${id}`), 404, {
        message: ATTEMPT_MESSAGES.attemptNotFound,
      });
      expectError(await other.client.submit(id), 404, {
        message: ATTEMPT_MESSAGES.attemptNotFound,
      });
    }
    expectError(await other.client.save('nope', { seq: 1, answers: [] }), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { attemptId: 'The attempt id is not valid' },
    });
  });

  it('accepts a save in flight at the deadline and refuses one after its grace', async () => {
    const { student, view, questions } = await startedAttempt();
    const deadline = new Date(view.attempt.deadlineAt).getTime();
    clock.set(new Date(deadline + ATTEMPT_LIMITS.saveGraceMs));
    const inFlight = await student.client.save(view.attempt._id, {
      seq: 1,
      answers: [{ questionId: questions.short?._id, text: 'Just in time' }],
    });
    expect(saveResponse.parse(inFlight.json()).data.remainingMs).toBe(0);
    clock.advance(1);
    expectError(
      await student.client.save(view.attempt._id, {
        seq: 2,
        answers: [{ questionId: questions.short?._id, text: 'Too late' }],
      }),
      409,
      { message: ATTEMPT_MESSAGES.timeOver },
    );
    const [stored] = await storedAnswers(view.attempt._id);
    expect(stored?.text).toBe('Just in time');
  });

  it('closes a timed section on its own clock, from when it was first opened', async () => {
    const { student, view, questions } = await startedAttempt({}, [0, 0, 0, 30]);
    const essay = view.sections[3];
    expect(essay).toMatchObject({ deadlineAt: null, totalQuestions: 1, questions: [] });
    const opened = await student.client.call('POST', `open-section/${view.attempt._id}`, {
      sectionId: essay?._id,
    });
    expect(opened.json().data).toEqual({
      sectionId: essay?._id,
      deadlineAt: new Date(EXAM_DAY_TEN.getTime() + 30 * MINUTE).toISOString(),
      remainingMs: 30 * MINUTE,
      questions: [expect.objectContaining({ questionType: 'LONG_ANSWER', marks: 5 })],
    });
    const long = opened.json().data.questions[0];
    clock.advance(10 * MINUTE);
    const reopened = await student.client.call('POST', `open-section/${view.attempt._id}`, {
      sectionId: essay?._id,
    });
    expect(reopened.json().data.remainingMs).toBe(20 * MINUTE);

    clock.advance(21 * MINUTE);
    const response = await student.client.save(view.attempt._id, {
      seq: 1,
      answers: [
        { questionId: long._id, text: 'After the section closed' },
        { questionId: questions.short?._id, text: 'Still open here' },
      ],
    });
    expect(saveResponse.parse(response.json()).data.closedSectionIds).toEqual([essay?._id]);
    const stored = await storedAnswers(view.attempt._id);
    expect(stored.map((row) => row.text)).toEqual(['Still open here']);
    expect((await student.client.start(view.exam._id)).sections[3]?.deadlineAt).toBe(
      opened.json().data.deadlineAt,
    );
  });

  it('starts a timed first section’s clock at the start, which shows its questions', async () => {
    const { student, view } = await startedAttempt({}, [1, 0, 0, 45]);
    const [choice, , , essay] = view.sections;
    expect(choice).toMatchObject({
      deadlineAt: new Date(EXAM_DAY_TEN.getTime() + MINUTE).toISOString(),
      totalQuestions: 2,
    });
    expect(choice?.questions).toHaveLength(2);
    // 75 seconds into its one minute, grace and all, with no open-section ever called.
    clock.advance(75_000 + 1);
    const late = await student.client.save(view.attempt._id, {
      seq: 2,
      answers: [{ questionId: choice?.questions[0]?._id, selectedOptionId: '0' }],
    });
    expect(saveResponse.parse(late.json()).data.closedSectionIds).toEqual([choice?._id]);
    expect(await storedAnswers(view.attempt._id)).toEqual([]);

    // Reads show a timed section's questions only once its clock runs; the essay's never ran.
    const reads = [
      (await student.client.call('GET', `get-attempt/${view.attempt._id}`)).json().data,
      await student.client.start(view.exam._id),
    ];
    for (const read of reads) {
      expect(read.sections[3]).toMatchObject({ _id: essay?._id, deadlineAt: null, questions: [] });
      expect(read.sections[0].questions).toHaveLength(2);
    }
  });

  it('refuses an answer to a timed section never opened, whose questions were never shown', async () => {
    const exam = await suite.fixture.exam({}, [0, 0, 0, 45]);
    const opener = await suite.fixture.student(suite.fixture.inSection.A);
    const other = await suite.fixture.student(suite.fixture.inSection.A);
    clock.set(EXAM_DAY_TEN);
    const openerView = await opener.client.start(exam._id);
    const view = await other.client.start(exam._id);
    // The id leaks from a classmate who opened the essay.
    const essayId = (
      await opener.client.call('POST', `open-section/${openerView.attempt._id}`, {
        sectionId: openerView.sections[3]?._id,
      })
    ).json().data.questions[0]._id;

    const refused = await other.client.save(view.attempt._id, {
      seq: 6,
      answers: [
        { questionId: view.sections[1]?.questions[0]?._id, selectedOptionId: '1' },
        { questionId: essayId, text: 'Answered without opening the essay' },
      ],
    });
    expectError(refused, 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { 'answers.1.questionId': ATTEMPT_MESSAGES.sectionNotOpened },
    });
    expect(await storedAnswers(view.attempt._id)).toEqual([]);
    const reread = (await other.client.call('GET', `get-attempt/${view.attempt._id}`)).json().data;
    expect(reread.attempt.lastSeq).toBe(0);
    expect(reread.sections[3].deadlineAt).toBeNull();
  });

  it('refuses a malformed section id and an open section of a submitted attempt', async () => {
    const { student, view } = await startedAttempt();
    expectError(
      await student.client.call('POST', `open-section/${view.attempt._id}`, { sectionId: 'x' }),
      400,
      { message: VALIDATION_FAILED_MESSAGE, errors: { sectionId: 'The section id is not valid' } },
    );
    await student.client.submit(view.attempt._id);
    expectError(
      await student.client.call('POST', `open-section/${view.attempt._id}`, {
        sectionId: view.sections[3]?._id,
      }),
      409,
      { message: ATTEMPT_MESSAGES.alreadySubmitted },
    );
  });

  it('refuses to open a section of another exam', async () => {
    const { student, view } = await startedAttempt();
    expectError(
      await student.client.call('POST', `open-section/${view.attempt._id}`, {
        sectionId: randomUUID(),
      }),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { sectionId: ATTEMPT_MESSAGES.sectionNotInAttempt },
      },
    );
  });
});

describe('submitting', () => {
  it('submits once with a final save, then answers read-only', async () => {
    const { student, view, questions } = await startedAttempt();
    await student.client.save(view.attempt._id, {
      seq: 1,
      answers: [{ questionId: questions.trueFalse?._id, selectedOptionId: '0' }],
    });
    clock.advance(20 * MINUTE);
    const response = await student.client.submit(view.attempt._id, {
      seq: 2,
      answers: [{ questionId: questions.short?._id, text: 'A last answer' }],
    });
    expect(response.statusCode).toBe(200);
    const body = submitResponse.parse(response.json());
    expect(body.message).toBe(ATTEMPT_MESSAGES.submitted);
    expect(body.data).toMatchObject({
      answersSaved: 2,
      attempt: {
        status: 'SUBMITTED',
        submitTrigger: 'STUDENT',
        submittedAt: clock.now().toISOString(),
      },
    });

    expectError(await student.client.submit(view.attempt._id), 409, {
      message: ATTEMPT_MESSAGES.alreadySubmitted,
    });
    expectError(await student.client.save(view.attempt._id, { seq: 3, answers: [] }), 409, {
      message: ATTEMPT_MESSAGES.alreadySubmitted,
    });
    const reread = await student.client.call('GET', `get-attempt/${view.attempt._id}`);
    expect(reread.json().data).toMatchObject({
      attempt: { status: 'SUBMITTED' },
      remainingMs: 0,
    });
    expect(reread.json().data.answers).toHaveLength(2);
  });

  it('refuses a final save without its seq, or with a bad answer, and submits nothing', async () => {
    const { student, view, questions } = await startedAttempt();
    expectError(
      await student.client.submit(view.attempt._id, {
        answers: [{ questionId: questions.short?._id, text: 'No seq' }],
      }),
      400,
      { message: VALIDATION_FAILED_MESSAGE, errors: { seq: 'seq is required with answers' } },
    );
    expectError(
      await student.client.submit(view.attempt._id, {
        seq: 1,
        answers: [{ questionId: questions.trueFalse?._id, selectedOptionId: '2' }],
      }),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { 'answers.0.selectedOptionId': ATTEMPT_MESSAGES.optionNotOfQuestion },
      },
    );
    const reread = await student.client.call('GET', `get-attempt/${view.attempt._id}`);
    expect(reread.json().data.attempt.status).toBe('IN_PROGRESS');
  });

  it('submits at the deadline what was saved, when the student is gone', async () => {
    const { student, view, questions } = await startedAttempt();
    await student.client.save(view.attempt._id, {
      seq: 1,
      answers: [{ questionId: questions.short?._id, text: 'Saved before the laptop closed' }],
    });
    clock.set(new Date(new Date(view.attempt.deadlineAt).getTime() + 5_000));
    const statusNow = async () =>
      (await student.client.call('GET', `get-attempt/${view.attempt._id}`)).json().data;
    await sweepDeadlines(suite.t.database.db, clock.now());
    expect((await statusNow()).attempt.status).toBe('IN_PROGRESS');
    clock.advance(ATTEMPT_LIMITS.saveGraceMs);
    expect(await sweepDeadlines(suite.t.database.db, clock.now())).toBeGreaterThanOrEqual(1);
    const reread = { data: await statusNow() };
    expect(reread.data.attempt).toMatchObject({ status: 'SUBMITTED', submitTrigger: 'DEADLINE' });
    expect(reread.data.answers.map((answer: { text: string }) => answer.text)).toEqual([
      'Saved before the laptop closed',
    ]);
    expectError(await student.client.submit(view.attempt._id), 409, {
      message: ATTEMPT_MESSAGES.alreadySubmitted,
    });
  });

  it('records a submit at the very last instant of the grace as the student’s, with its answers', async () => {
    const { student, view, questions } = await startedAttempt();
    clock.set(new Date(new Date(view.attempt.deadlineAt).getTime() + ATTEMPT_LIMITS.saveGraceMs));
    const response = await student.client.submit(view.attempt._id, {
      seq: 4,
      answers: [{ questionId: questions.short?._id, text: 'Sent as the grace ran out' }],
    });
    const body = submitResponse.parse(response.json());
    expect(body.message).toBe(ATTEMPT_MESSAGES.submitted);
    expect(body.data).toMatchObject({
      answersSaved: 1,
      attempt: { submitTrigger: 'STUDENT', submittedAt: clock.now().toISOString(), lastSeq: 4 },
    });
  });

  it('records a submit that comes after the deadline as the deadline’s, dropping late answers', async () => {
    const { student, view, questions } = await startedAttempt();
    clock.set(
      new Date(new Date(view.attempt.deadlineAt).getTime() + ATTEMPT_LIMITS.saveGraceMs + 1),
    );
    const response = await student.client.submit(view.attempt._id, {
      seq: 1,
      answers: [{ questionId: questions.short?._id, text: 'Written after the end' }],
    });
    expect(response.statusCode).toBe(200);
    const body = submitResponse.parse(response.json());
    expect(body.message).toBe(ATTEMPT_MESSAGES.submittedAtDeadline);
    expect(body.data).toMatchObject({ answersSaved: 0, attempt: { submitTrigger: 'DEADLINE' } });
  });

  it('lets exactly one of a submit and the sweep racing it finalise the attempt', async () => {
    for (let round = 0; round < 5; round++) {
      const { student, view } = await startedAttempt();
      clock.set(new Date(new Date(view.attempt.deadlineAt).getTime() + ATTEMPT_LIMITS.saveGraceMs));
      const [submit] = await Promise.all([
        student.client.submit(view.attempt._id),
        sweepDeadlines(suite.t.database.db, new Date(clock.now().getTime() + 1)),
      ]);
      expect([200, 409]).toContain(submit.statusCode);
      const events = await suite.t.database.db
        .select()
        .from(attemptEvents)
        .where(eq(attemptEvents.attemptId, view.attempt._id));
      expect(events.filter((event) => event.type === 'submitted')).toHaveLength(1);
    }
  });
});

describe('the deadline sweep', () => {
  it('submits each due attempt once when several processes sweep at the same moment', async () => {
    const due: string[] = [];
    for (let i = 0; i < 6; i++) due.push((await startedAttempt()).view.attempt._id);
    const deadline = new Date(EXAM_DAY_TEN.getTime() + 90 * MINUTE + ATTEMPT_LIMITS.saveGraceMs);
    await Promise.all([
      sweepDeadlines(suite.t.database.db, deadline),
      sweepDeadlines(suite.t.database.db, deadline),
      sweepDeadlines(suite.t.database.db, deadline),
    ]);
    for (const attemptId of due) {
      const events = await suite.t.database.db
        .select()
        .from(attemptEvents)
        .where(eq(attemptEvents.attemptId, attemptId));
      expect(events.map((event) => event.type)).toEqual(['started', 'submitted']);
    }
  });
});

describe('what a student receives', () => {
  it('never carries an answer key, in any response of this suite', () => {
    const keyFields = [
      'isCorrect',
      'correctOption',
      'sampleAnswer',
      'modelAnswer',
      'keywords',
      'explanation',
    ];
    const questionBodies = suite.t.responses.filter((body) => body.includes('"questionText"'));
    expect(questionBodies.length).toBeGreaterThan(10);
    for (const body of suite.t.responses) {
      for (const field of keyFields) expect(body).not.toContain(`"${field}"`);
      // The texts of the key, as test-support writes them.
      expect(body).not.toContain('lecture notes of week three');
      expect(body).not.toContain('in-order traversal is sorted');
      expect(body).not.toContain('merge sort is stable');
    }
  });
});
