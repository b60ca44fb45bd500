import { randomUUID } from 'node:crypto';
import {
  ATTEMPT_LIMITS,
  ATTEMPT_MESSAGES,
  grantExtraTimeDataSchema,
  saveAnswersResultSchema,
  sittingsDataSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { describe, expect, it } from 'vitest';
import { expectError } from '../../test/errors';
import { EXAM_DAY_TEN, MINUTE, sittingSuite } from '../../test/sittings';
import { sweepDeadlines } from './deadline-sweep';

const suite = sittingSuite();
const { clock } = suite;

const sittingsResponse = successResponse(sittingsDataSchema);
const grantResponse = successResponse(grantExtraTimeDataSchema);

async function sittings(examId: string, query = '') {
  const response = await suite.fixture.adminCall('GET', `get-exam-attempts/${examId}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return sittingsResponse.parse(response.json()).data;
}

const grant = (examId: string, studentId: string, minutes: unknown) =>
  suite.fixture.adminCall('POST', 'grant-extra-time', { examId, studentId, minutes });

describe('sittings', () => {
  it('lists every targeted student with where their sitting stands', async () => {
    clock.set(EXAM_DAY_TEN);
    const exam = await suite.fixture.exam();
    const idle = await suite.fixture.student(suite.fixture.inSection.A);
    const sitting = await suite.fixture.student(suite.fixture.inSection.A);
    const done = await suite.fixture.student(suite.fixture.inSection.A);
    const late = await suite.fixture.student(suite.fixture.inSection.A);
    const elsewhere = await suite.fixture.student(suite.fixture.inSection.B);

    const started = await sitting.client.start(exam._id);
    const trueFalse = started.sections[1]?.questions[0]?._id;
    await sitting.client.save(started.attempt._id, {
      seq: 1,
      answers: [{ questionId: trueFalse, selectedOptionId: '0' }],
    });
    const submitted = await done.client.start(exam._id);
    await done.client.submit(submitted.attempt._id);
    const swept = await late.client.start(exam._id);

    const page = await sittings(exam._id, 'limit=100');
    const statusOf = (id: string) => page.attempts.find((row) => row.student._id === id);
    expect(page.exam).toMatchObject({ _id: exam._id, examTitle: exam.examTitle, duration: 90 });
    expect(statusOf(idle.record._id)).toMatchObject({
      status: 'NOT_STARTED',
      attemptId: null,
      answersSaved: 0,
      extraMinutes: 0,
    });
    expect(statusOf(sitting.record._id)).toMatchObject({
      status: 'IN_PROGRESS',
      attemptId: started.attempt._id,
      answersSaved: 1,
      startedAt: EXAM_DAY_TEN.toISOString(),
      lastSeenAt: EXAM_DAY_TEN.toISOString(),
    });
    expect(statusOf(done.record._id)?.status).toBe('SUBMITTED');
    expect(statusOf(elsewhere.record._id)).toBeUndefined();

    clock.set(new Date(new Date(swept.attempt.deadlineAt).getTime() + ATTEMPT_LIMITS.saveGraceMs));
    await sweepDeadlines(suite.t.database.db, clock.now());
    const after = await sittings(exam._id, 'limit=100');
    expect(after.attempts.find((row) => row.student._id === late.record._id)?.status).toBe(
      'SUBMITTED_BY_DEADLINE',
    );
  });

  it('pages and searches by name, roll number or student ID', async () => {
    const exam = await suite.fixture.exam();
    const first = await suite.fixture.student(suite.fixture.inSection.A);
    const all = await sittings(exam._id, 'limit=2');
    expect(all.attempts).toHaveLength(2);
    expect(all.pagination).toMatchObject({ currentPage: 1, hasNextPage: true });
    expect(all.pagination.totalCount).toBeGreaterThan(2);

    const { rollNumber, studentId } = first.record;
    for (const search of [rollNumber.toLowerCase(), studentId, rollNumber.slice(2, 8)]) {
      const found = await sittings(exam._id, `search=${encodeURIComponent(search)}`);
      expect(found.attempts.map((row) => row.student._id)).toContain(first.record._id);
    }
    const named = await sittings(exam._id, 'search=asha%20pat');
    expect(named.attempts.length).toBe(named.pagination.totalCount);
    expect(named.attempts.length).toBeGreaterThan(0);
    const none = await sittings(exam._id, `search=${encodeURIComponent('100%_')}`);
    expect(none).toMatchObject({ attempts: [], pagination: { totalCount: 0, totalPages: 0 } });
  });

  it('answers 404 for an unknown exam and 400 for bad paging or search', async () => {
    expectError(await suite.fixture.adminCall('GET', `get-exam-attempts/${randomUUID()}`), 404, {
      message: ATTEMPT_MESSAGES.examNotFound,
    });
    expectError(await suite.fixture.adminCall('GET', 'get-exam-attempts/x'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { examId: 'The exam id is not valid' },
    });
    const exam = await suite.fixture.exam();
    expectError(
      await suite.fixture.adminCall(
        'GET',
        `get-exam-attempts/${exam._id}?limit=0&search=${'x'.repeat(101)}`,
      ),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: {
          limit: 'Limit must be a whole number from 1 to 100',
          search: 'Search cannot exceed 100 characters',
        },
      },
    );
  });
});

describe('extra time', () => {
  it('lengthens a sitting in progress, which the student learns at the next save', async () => {
    clock.set(EXAM_DAY_TEN);
    const exam = await suite.fixture.exam();
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    const view = await student.client.start(exam._id);
    clock.advance(30 * MINUTE);

    const response = await grant(exam._id, student.record._id, 20);
    expect(response.statusCode).toBe(200);
    const body = grantResponse.parse(response.json());
    expect(body.message).toBe(ATTEMPT_MESSAGES.extraTimeGranted);
    const newDeadline = new Date(EXAM_DAY_TEN.getTime() + 110 * MINUTE).toISOString();
    expect(body.data).toEqual({
      allowance: { examId: exam._id, studentId: student.record._id, extraMinutes: 20 },
      attempt: expect.objectContaining({ _id: view.attempt._id, deadlineAt: newDeadline }),
    });

    const heartbeat = await student.client.save(view.attempt._id, { seq: 1, answers: [] });
    expect(saveAnswersResultSchema.parse(heartbeat.json().data)).toMatchObject({
      deadlineAt: newDeadline,
      remainingMs: 80 * MINUTE,
    });

    // A second grant sets the total rather than adding to it.
    await grant(exam._id, student.record._id, 5);
    const again = await student.client.save(view.attempt._id, { seq: 2, answers: [] });
    expect(again.json().data.remainingMs).toBe(65 * MINUTE);

    // The sweep waits for the new deadline.
    clock.set(new Date(EXAM_DAY_TEN.getTime() + 91 * MINUTE));
    await sweepDeadlines(suite.t.database.db, clock.now());
    const still = await student.client.save(view.attempt._id, { seq: 3, answers: [] });
    expect(still.json().data.status).toBe('IN_PROGRESS');
  });

  it('counts extra time granted before the start', async () => {
    clock.set(EXAM_DAY_TEN);
    const exam = await suite.fixture.exam();
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    const granted = grantResponse.parse((await grant(exam._id, student.record._id, 15)).json());
    expect(granted.data.attempt).toBeNull();
    const view = await student.client.start(exam._id);
    expect(view.remainingMs).toBe(105 * MINUTE);
  });

  it('adds extra time granted before a late start to the window’s end', async () => {
    clock.set(EXAM_DAY_TEN);
    const exam = await suite.fixture.exam();
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    await grant(exam._id, student.record._id, 17);
    // Half an hour before the window ends: start plus the 90 minutes would pass it.
    clock.set(new Date(2030, 2, 14, 23, 30));
    const view = await student.client.start(exam._id);
    expect(view.attempt.deadlineAt).toBe(new Date(2030, 2, 15, 0, 17).toISOString());
    expect(view.remainingMs).toBe(47 * MINUTE);
  });

  it('lengthens a timed section’s own clock by the extra time', async () => {
    clock.set(EXAM_DAY_TEN);
    const exam = await suite.fixture.exam({}, [0, 0, 0, 30]);
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    const view = await student.client.start(exam._id);
    const essay = view.sections[3];
    const opened = await student.client.call('POST', `open-section/${view.attempt._id}`, {
      sectionId: essay?._id,
    });
    const essayQuestion = opened.json().data.questions[0]._id;
    await grant(exam._id, student.record._id, 12);

    // Past the section's own 30 minutes, within its 30 plus the 12 granted.
    clock.set(new Date(EXAM_DAY_TEN.getTime() + 37 * MINUTE));
    const within = await student.client.save(view.attempt._id, {
      seq: 3,
      answers: [{ questionId: essayQuestion, text: 'Written in the extra time' }],
    });
    expect(saveAnswersResultSchema.parse(within.json().data).closedSectionIds).toEqual([]);

    clock.set(new Date(EXAM_DAY_TEN.getTime() + 42 * MINUTE + ATTEMPT_LIMITS.saveGraceMs + 1));
    const after = await student.client.save(view.attempt._id, {
      seq: 5,
      answers: [{ questionId: essayQuestion, text: 'Written after it' }],
    });
    expect(saveAnswersResultSchema.parse(after.json().data).closedSectionIds).toEqual([essay?._id]);
    const reread = (await student.client.call('GET', `get-attempt/${view.attempt._id}`)).json();
    expect(reread.data.answers).toEqual([
      expect.objectContaining({
        questionId: essayQuestion,
        text: 'Written in the extra time',
        seq: 3,
      }),
    ]);
    expect(reread.data.sections[3].deadlineAt).toBe(
      new Date(EXAM_DAY_TEN.getTime() + 42 * MINUTE).toISOString(),
    );
  });

  it('refuses extra time once the deadline and its grace have passed, before the sweep ran', async () => {
    clock.set(EXAM_DAY_TEN);
    const exam = await suite.fixture.exam();
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    const view = await student.client.start(exam._id);
    const over = new Date(view.attempt.deadlineAt).getTime() + ATTEMPT_LIMITS.saveGraceMs;

    // The last instant of the grace still counts as in time.
    clock.set(new Date(over));
    const inTime = await grant(exam._id, student.record._id, 7);
    expect(grantResponse.parse(inTime.json()).data.attempt?.deadlineAt).toBe(
      new Date(EXAM_DAY_TEN.getTime() + 97 * MINUTE).toISOString(),
    );

    clock.set(new Date(over + 7 * MINUTE + 1));
    expectError(await grant(exam._id, student.record._id, 45), 409, {
      message: ATTEMPT_MESSAGES.timeAlreadyOver,
    });
    const [row] = (await sittings(exam._id, `search=${student.record.studentId}`)).attempts;
    expect(row).toMatchObject({
      status: 'IN_PROGRESS',
      extraMinutes: 7,
      deadlineAt: new Date(EXAM_DAY_TEN.getTime() + 97 * MINUTE).toISOString(),
    });
    expectError(await student.client.save(view.attempt._id, { seq: 4, answers: [] }), 409, {
      message: ATTEMPT_MESSAGES.timeOver,
    });
    await sweepDeadlines(suite.t.database.db, clock.now());
    const swept = await sittings(exam._id, `search=${student.record.studentId}`);
    expect(swept.attempts[0]?.status).toBe('SUBMITTED_BY_DEADLINE');
  });

  it('refuses a submitted sitting, a student outside the audience and unknown records', async () => {
    clock.set(EXAM_DAY_TEN);
    const exam = await suite.fixture.exam();
    const done = await suite.fixture.student(suite.fixture.inSection.A);
    await done.client.submit((await done.client.start(exam._id)).attempt._id);
    expectError(await grant(exam._id, done.record._id, 10), 409, {
      message: ATTEMPT_MESSAGES.attemptSubmittedNoExtraTime,
    });
    const elsewhere = await suite.fixture.student(suite.fixture.inSection.B);
    expectError(await grant(exam._id, elsewhere.record._id, 10), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { studentId: ATTEMPT_MESSAGES.studentNotInAudience },
    });
    expectError(await grant(randomUUID(), done.record._id, 10), 404, {
      message: ATTEMPT_MESSAGES.examNotFound,
    });
    expectError(await grant(exam._id, randomUUID(), 10), 404, {
      message: ATTEMPT_MESSAGES.studentNotFound,
    });
  });

  it.each([
    [{ minutes: 0 }, { minutes: 'Extra time must be at least 1 minute' }],
    [{ minutes: 601 }, { minutes: 'Extra time cannot exceed 600 minutes' }],
    [{ minutes: 2.5 }, { minutes: 'Extra time must be a whole number' }],
    [{ minutes: undefined }, { minutes: 'Extra time is required' }],
    [
      { examId: 'x', studentId: 'y' },
      { examId: 'The exam id is not valid', studentId: 'The student id is not valid' },
    ],
  ])('refuses %j with the field’s message', async (change, errors) => {
    const payload = { examId: randomUUID(), studentId: randomUUID(), minutes: 10, ...change };
    expectError(await suite.fixture.adminCall('POST', 'grant-extra-time', payload), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors,
    });
  });
});
