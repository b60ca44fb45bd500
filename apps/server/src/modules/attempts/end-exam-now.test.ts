import { randomUUID } from 'node:crypto';
import {
  endExamNowDataSchema,
  examDetailDataSchema,
  type ProctoringUpdate,
  sittingsDataSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { examAttempts } from '../../db/schema';
import { lastAuditOf } from '../../test/audit';
import { expectError } from '../../test/errors';
import { EXAM_DAY_TEN, localDate, MINUTE, sittingSuite } from '../../test/sittings';

const suite = sittingSuite();
const { clock } = suite;

const endedResponse = successResponse(endExamNowDataSchema).strict();
const endNow = (examId: string) => suite.fixture.adminCall('POST', `end-exam-now/${examId}`);
const publish = (examId: string) => suite.fixture.adminCall('POST', `publish-results/${examId}`);

async function detailOf(examId: string) {
  const response = await suite.fixture.adminCall('GET', `get-exam/${examId}`);
  expect(response.statusCode, response.body).toBe(200);
  return successResponse(examDetailDataSchema).parse(response.json()).data.exam;
}

async function sittingsOf(examId: string) {
  const response = await suite.fixture.adminCall('GET', `get-exam-attempts/${examId}?limit=100`);
  expect(response.statusCode, response.body).toBe(200);
  return successResponse(sittingsDataSchema).parse(response.json()).data.attempts;
}

async function attemptRow(attemptId: string) {
  const [row] = await suite.t.database.db
    .select()
    .from(examAttempts)
    .where(eq(examAttempts.id, attemptId));
  return row;
}

/** An AUTO exam of today from 09:00 to 17:00: the clock's 10:00 is inside it. */
const todayNineToFive = () => ({
  startDate: localDate(EXAM_DAY_TEN),
  endDate: localDate(EXAM_DAY_TEN),
  startTime: '09:00',
  endTime: '17:00',
  bufferTime: { beforeExam: 0, afterExam: 0 },
});

let updates: { examId: string; update: ProctoringUpdate }[] = [];
beforeAll(() => {
  suite.t.app.proctoring.subscribe((examId, update) => updates.push({ examId, update }));
});
afterEach(() => {
  updates = [];
  clock.set(EXAM_DAY_TEN);
});

describe('ending an exam now', () => {
  it("submits every sitting in progress with what was saved, as the admin's, and results can be published at once", async () => {
    const { fixture } = suite;
    clock.set(EXAM_DAY_TEN);
    const exam = await fixture.exam({ scheduleDetails: todayNineToFive() });
    const [saver, idle, finished, absent] = await Promise.all([
      fixture.student(fixture.inSection.A),
      fixture.student(fixture.inSection.A),
      fixture.student(fixture.inSection.A),
      fixture.student(fixture.inSection.A),
    ]);
    const saving = await saver.client.start(exam._id);
    const trueFalse = saving.sections[1]?.questions[0]?._id;
    const saved = await saver.client.save(saving.attempt._id, {
      seq: 1,
      answers: [{ questionId: trueFalse, selectedOptionId: '0' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const idling = await idle.client.start(exam._id);
    const done = await finished.client.start(exam._id);
    await finished.client.submit(done.attempt._id);

    // The registrar's complaint: with a student absent, the exam runs until its window closes.
    expectError(await publish(exam._id), 409, {
      message: 'The exam has not ended yet: results can be published once every sitting is over',
    });
    expect(await detailOf(exam._id)).toMatchObject({ inProgressCount: 2, canEndNow: true });

    clock.set(new Date(EXAM_DAY_TEN.getTime() + 5 * MINUTE + 30_000));
    const response = await endNow(exam._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(endedResponse.parse(response.json())).toEqual({
      success: true,
      message: 'Exam ended: 2 attempts were submitted',
      data: { submitted: 2, scheduleDetails: { ...todayNineToFive(), endTime: '10:05' } },
    });

    for (const attemptId of [saving.attempt._id, idling.attempt._id]) {
      expect(await attemptRow(attemptId)).toMatchObject({
        status: 'SUBMITTED',
        submitTrigger: 'ADMIN',
        submittedAt: clock.now(),
      });
    }
    expect((await attemptRow(done.attempt._id))?.submitTrigger).toBe('STUDENT');
    const rows = await sittingsOf(exam._id);
    expect(rows.find((row) => row.student._id === saver.record._id)).toMatchObject({
      status: 'SUBMITTED',
      answersSaved: 1,
    });
    expect(await detailOf(exam._id)).toMatchObject({
      inProgressCount: 0,
      canEndNow: false,
      scheduleDetails: { endTime: '10:05' },
    });
    expect(await lastAuditOf(suite.t.database.db, exam._id)).toMatchObject({
      action: 'exam.end-now',
      actorUserId: fixture.admin.user.id,
      summary: `Ended exam ${exam.examId} now, with 2 still sitting it`,
    });

    expectError(await absent.client.call('POST', `start-exam/${exam._id}`), 409, {
      message: 'This exam is closed',
    });
    expectError(
      await saver.client.save(saving.attempt._id, {
        seq: 2,
        answers: [{ questionId: trueFalse, selectedOptionId: '1' }],
      }),
      409,
      { message: 'This exam has already been submitted' },
    );
    // Nobody sits an AUTO exam under a monitor.
    expect(updates).toEqual([]);

    const published = await publish(exam._id);
    expect(published.statusCode, published.body).toBe(200);
    expectError(await endNow(exam._id), 409, { message: 'This exam has already ended' });
  });

  it('tells the monitor and each proctored student of the submission', async () => {
    const { fixture } = suite;
    clock.set(EXAM_DAY_TEN);
    const proctor = await fixture.faculty();
    const exam = await fixture.proctoredExam([proctor.userId]);
    const student = await fixture.student(fixture.inSection.A);
    const started = await student.client.call('POST', `start-exam/${exam._id}`, {
      systemCheck: { camera: true, microphone: true, fullscreen: true, connection: true },
    });
    expect(started.statusCode, started.body).toBe(200);
    const attemptId: string = started.json().data.attempt._id;
    updates = [];

    clock.set(new Date(EXAM_DAY_TEN.getTime() + 10 * MINUTE));
    const response = await endNow(exam._id);
    expect(endedResponse.parse(response.json()).data).toMatchObject({
      submitted: 1,
      scheduleDetails: { examDate: localDate(EXAM_DAY_TEN), startTime: '09:30', endTime: '10:10' },
    });
    expect(updates).toEqual([
      {
        examId: exam._id,
        update: {
          kind: 'attempt-ended',
          attemptId,
          reason: 'The admin ended the exam: your saved answers were submitted',
          recipientUserId: expect.any(String),
        },
      },
      {
        examId: exam._id,
        update: expect.objectContaining({
          kind: 'student',
          student: expect.objectContaining({ attemptId, status: 'SUBMITTED' }),
        }),
      },
    ]);
  });

  it('submits the sittings extra time keeps past the window, leaving the window as it was', async () => {
    const { fixture } = suite;
    clock.set(EXAM_DAY_TEN);
    const schedule = { ...todayNineToFive(), endTime: '10:30' };
    const exam = await fixture.exam({ scheduleDetails: schedule });
    const student = await fixture.student(fixture.inSection.A);
    const granted = await fixture.adminCall('POST', 'grant-extra-time', {
      examId: exam._id,
      studentId: student.record._id,
      minutes: 30,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    await student.client.start(exam._id);

    clock.set(new Date(EXAM_DAY_TEN.getTime() + 45 * MINUTE));
    expect(await detailOf(exam._id)).toMatchObject({ inProgressCount: 1, canEndNow: true });
    const response = await endNow(exam._id);
    expect(endedResponse.parse(response.json()).data).toEqual({
      submitted: 1,
      scheduleDetails: schedule,
    });
    expectError(await endNow(exam._id), 409, { message: 'This exam has already ended' });
  });

  it('refuses an exam that is not running (409), with what to know', async () => {
    const { fixture } = suite;
    clock.set(EXAM_DAY_TEN);
    const draft = await fixture.exam({ examStatus: 'DRAFT', scheduleDetails: todayNineToFive() });
    expectError(await endNow(draft._id), 409, {
      message: 'This exam is a draft: nobody is sitting it',
    });
    const later = await fixture.exam({
      scheduleDetails: { ...todayNineToFive(), startTime: '11:00' },
    });
    expectError(await endNow(later._id), 409, {
      message: 'This exam has not started yet: it can be ended once it is running',
    });
    expect(await detailOf(later._id)).toMatchObject({ canEndNow: false });
    const over = await fixture.exam({
      scheduleDetails: { ...todayNineToFive(), endTime: '09:30' },
    });
    expectError(await endNow(over._id), 409, { message: 'This exam has already ended' });
    const justOpened = await fixture.exam({
      scheduleDetails: { ...todayNineToFive(), startTime: '10:00' },
    });
    clock.set(new Date(EXAM_DAY_TEN.getTime() + 20_000));
    expectError(await endNow(justOpened._id), 409, {
      message: 'This exam started less than a minute ago: it can be ended from the next minute',
    });
  });

  it('answers 404 for an unknown exam and 400 for an id that is not one', async () => {
    expectError(await endNow(randomUUID()), 404, { message: 'Exam not found' });
    expectError(await endNow('12'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { examId: 'The exam id is not valid' },
    });
  });
});
