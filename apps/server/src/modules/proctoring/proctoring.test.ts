import { randomUUID } from 'node:crypto';
import {
  ATTEMPT_LIMITS,
  ATTEMPT_MESSAGES,
  attemptTimelineSchema,
  messagesDataSchema,
  monitorDataSchema,
  PROCTORING_LIMITS,
  PROCTORING_MESSAGES,
  type ProctorEvent,
  type ProctoringUpdate,
  proctorAlertSchema,
  proctorMessageDataSchema,
  reportEventsResultSchema,
  submitResultSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { exams, proctorEvents } from '../../db/schema';
import { lastAuditOf } from '../../test/audit';
import { expectError } from '../../test/errors';
import { EXAM_DAY_TEN, MINUTE, type StudentClient, sittingSuite } from '../../test/sittings';
import { sweepDeadlines } from '../attempts/deadline-sweep';
import { announceSubmitted } from './monitor';
import { recordRoundTrip } from './round-trip';

const suite = sittingSuite();
const { clock } = suite;

const monitorResponse = successResponse(monitorDataSchema);
const reportResponse = successResponse(reportEventsResultSchema);
const messageResponse = successResponse(proctorMessageDataSchema);
const messagesResponse = successResponse(messagesDataSchema);
const alertResponse = successResponse(proctorAlertSchema);
const submitResponse = successResponse(submitResultSchema);
const timelineResponse = successResponse(attemptTimelineSchema);

const PASSED = { camera: true, microphone: true, fullscreen: true, connection: true };
const at = (offsetMs = 0) => new Date(clock.now().getTime() + offsetMs).toISOString();
const event = (type: ProctorEvent['type'], detail?: ProctorEvent['detail']): ProctorEvent => ({
  type,
  at: at(),
  ...(detail ? { detail } : {}),
});

type Faculty = Awaited<ReturnType<typeof suite.fixture.signedInFaculty>>;
let proctor: Faculty;
let stranger: Faculty;
let updates: { examId: string; update: ProctoringUpdate }[] = [];

beforeAll(async () => {
  [proctor, stranger] = await Promise.all([
    suite.fixture.signedInFaculty(),
    suite.fixture.signedInFaculty(),
  ]);
  suite.t.app.proctoring.subscribe((examId, update) => updates.push({ examId, update }));
});
afterEach(() => {
  updates = [];
});

/** A PROCTORING exam running today from 09:30 to 11:00, proctored by `proctor`. */
const proctoredExam = () => suite.fixture.proctoredExam([proctor.userId]);

/** A student of the exam's section who started it at 10:00 with a passed system check. */
async function sitting(examId: string, body: unknown = { systemCheck: PASSED }) {
  clock.set(EXAM_DAY_TEN);
  const student = await suite.fixture.student(suite.fixture.inSection.A);
  const response = await student.client.call('POST', `start-exam/${examId}`, body);
  expect(response.statusCode, response.body).toBe(200);
  const attemptId: string = response.json().data.attempt._id;
  return { ...student, attemptId };
}

/** The server timed the round trip of the student's socket sitting the attempt. */
const roundTrip = (studentUserId: string, attemptId: string, rttMs: number) =>
  recordRoundTrip(
    suite.t.database.db,
    suite.t.app.proctoring,
    studentUserId,
    [attemptId],
    rttMs,
    clock.now(),
  );

const report = (client: StudentClient, attemptId: string, events: unknown) =>
  client.call('POST', `report-events/${attemptId}`, { events });

async function reported(client: StudentClient, attemptId: string, events: ProctorEvent[]) {
  const response = await report(client, attemptId, events);
  expect(response.statusCode, response.body).toBe(200);
  return reportResponse.parse(response.json()).data;
}

async function monitorOf(examId: string, caller: Faculty = proctor) {
  const response = await caller.call('GET', `get-monitor/${examId}`);
  expect(response.statusCode, response.body).toBe(200);
  return monitorResponse.parse(response.json()).data;
}

describe('signals from the student’s browser', () => {
  it('turns the n-th signal of a kind into a warning, then a flag, and shows it on the monitor', async () => {
    const exam = await proctoredExam();
    const { client, attemptId, record } = await sitting(exam._id);
    await roundTrip(record.userId._id, attemptId, 80);
    updates = [];
    expect(await reported(client, attemptId, [event('TAB_HIDDEN'), event('TAB_VISIBLE')])).toEqual({
      accepted: 2,
      alerts: 1,
      remainingMs: 60 * MINUTE,
    });
    clock.advance(1_000);
    const second = await reported(client, attemptId, [
      event('TAB_HIDDEN'),
      event('TAB_VISIBLE'),
      event('TAB_HIDDEN'),
      event('HEARTBEAT'),
    ]);
    expect(second.alerts).toBe(2);

    const monitor = await monitorOf(exam._id);
    expect(monitor.exam).toEqual({
      _id: exam._id,
      title: exam.examTitle,
      startsInMs: 0,
      remainingMs: 59 * MINUTE + 59_000,
    });
    expect(monitor.totalStudents).toBe(monitor.students.length);
    expect(monitor.activeAlerts).toBe(3);
    expect(monitor.students.find((student) => student.studentId === record._id)).toMatchObject({
      attemptId,
      status: 'IN_PROGRESS',
      connection: 'excellent',
      rttMs: 80,
      lastActivityAt: clock.now().toISOString(),
      systemCheck: PASSED,
      video: true,
      audio: true,
      warnings: 3,
      flags: 1,
    });
    expect(monitor.alerts.map(({ type, message }) => ({ type, message }))).toEqual([
      { type: 'error', message: 'Switched away from the exam tab (3 times)' },
      { type: 'warning', message: 'Switched away from the exam tab (2 times)' },
      { type: 'warning', message: 'Switched away from the exam tab' },
    ]);
    expect(monitor.thresholds).toEqual({ warnAt: 1, flagAt: 3, autoSubmitAfterFlags: null });

    // The live monitor is told of each report: the student's new state, then the alerts.
    expect(updates.map(({ examId, update }) => [examId, update.kind])).toEqual([
      [exam._id, 'student'],
      [exam._id, 'alerts'],
      [exam._id, 'student'],
      [exam._id, 'alerts'],
    ]);
    expect(updates[2]?.update).toMatchObject({
      kind: 'student',
      student: { studentId: record._id, connection: 'excellent', warnings: 3, flags: 1 },
    });
  });

  it('numbers the signals of reports sent at once in turn', async () => {
    const exam = await proctoredExam();
    const { client, attemptId } = await sitting(exam._id);
    await Promise.all(
      Array.from({ length: 3 }, () => reported(client, attemptId, [event('WINDOW_BLUR')])),
    );
    const messages = (await monitorOf(exam._id)).alerts.map((alert) => alert.message);
    expect(messages.sort()).toEqual([
      'Left the exam window',
      'Left the exam window (2 times)',
      'Left the exam window (3 times)',
    ]);
  });

  it('shows a student silent for longer than the limit as disconnected, and a slow one as poor', async () => {
    const exam = await proctoredExam();
    const { client, attemptId, record } = await sitting(exam._id);
    await reported(client, attemptId, [event('HEARTBEAT')]);
    updates = [];
    await roundTrip(record.userId._id, attemptId, 900);
    // The monitors watching hear it at once.
    expect(updates).toEqual([
      {
        examId: exam._id,
        update: {
          kind: 'student',
          student: { studentId: record._id, rttMs: 900, connection: 'poor' },
        },
      },
    ]);
    const student = async () =>
      (await monitorOf(exam._id)).students.find((item) => item.studentId === record._id);
    expect((await student())?.connection).toBe('poor');
    clock.advance(PROCTORING_LIMITS.disconnectedAfterMs + 1);
    expect(await student()).toMatchObject({ connection: 'disconnected', video: false });
  });

  it('never refuses a start without a passed system check, but flags it at once', async () => {
    const exam = await proctoredExam();
    const without = await sitting(exam._id, {});
    const failing = await sitting(exam._id, { systemCheck: { ...PASSED, camera: false } });
    const alerts = (await monitorOf(exam._id)).alerts;
    expect(alerts.find((alert) => alert.attemptId === without.attemptId)).toMatchObject({
      type: 'error',
      signal: 'SYSTEM_CHECK_FAILED',
      message: 'Started without passing the system check: no check was sent',
      reviewStatus: 'PENDING',
    });
    expect(alerts.find((alert) => alert.attemptId === failing.attemptId)?.message).toBe(
      'Started without passing the system check: camera',
    );
    const passed = await sitting(exam._id);
    expect(alerts.some((alert) => alert.attemptId === passed.attemptId)).toBe(false);
  });

  it('takes a heartbeat that still carries the page’s own round trip, and keeps it without it', async () => {
    const exam = await proctoredExam();
    const { client, attemptId } = await sitting(exam._id);
    const heartbeat = { ...event('HEARTBEAT'), detail: { rttMs: 120 } };
    expect(await reported(client, attemptId, [heartbeat as ProctorEvent])).toMatchObject({
      accepted: 1,
    });
    const [kept] = await suite.t.database.db
      .select({ detail: proctorEvents.detail })
      .from(proctorEvents)
      .where(eq(proctorEvents.attemptId, attemptId));
    expect(kept?.detail ?? {}).not.toHaveProperty('rttMs');
  });

  it('keeps every raw event, append-only', async () => {
    const exam = await proctoredExam();
    const { client, attemptId } = await sitting(exam._id);
    await reported(client, attemptId, [event('NO_FACE', { heldMs: 8_000 }), event('COPY')]);
    const { db } = suite.t.database;
    await expect(
      db.update(proctorEvents).set({ type: 'PASTE' }).where(eq(proctorEvents.attemptId, attemptId)),
    ).rejects.toThrow();
    await expect(
      db.delete(proctorEvents).where(eq(proctorEvents.attemptId, attemptId)),
    ).rejects.toThrow();
    const kept = await db
      .select()
      .from(proctorEvents)
      .where(eq(proctorEvents.attemptId, attemptId));
    expect(kept.map((row) => [row.type, row.detail])).toEqual([
      ['NO_FACE', { heldMs: 8_000 }],
      ['COPY', null],
    ]);
    // Deleting the exam takes its attempts' records with it.
    await db.delete(exams).where(eq(exams.id, exam._id));
    expect(
      await db.select().from(proctorEvents).where(eq(proctorEvents.attemptId, attemptId)),
    ).toEqual([]);
  });

  it.each([
    [
      'an unknown event type',
      [{ type: 'SNEEZE', at: '2030-03-14T10:00:00Z' }],
      'events.0.type',
      'Unknown event type',
    ],
    [
      'a time that is not an instant',
      [{ type: 'COPY', at: 'yesterday' }],
      'events.0.at',
      'at must be an ISO 8601 instant',
    ],
    [
      'a detail it does not know',
      [{ type: 'COPY', at: '2030-03-14T10:00:00Z', detail: { frame: 'x' } }],
      'events.0.detail',
      undefined,
    ],
    ['no events', [], 'events', 'Report at least one event'],
    [
      'more than 100 events',
      Array.from({ length: 101 }, () => ({ type: 'COPY', at: '2030-03-14T10:00:00Z' })),
      'events',
      'A report can hold at most 100 events',
    ],
  ])('refuses %s', async (_label, events, field, message) => {
    const exam = await proctoredExam();
    const { client, attemptId } = await sitting(exam._id);
    const response = await report(client, attemptId, events);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(VALIDATION_FAILED_MESSAGE);
    expect(Object.keys(response.json().errors)).toContain(field);
    if (message) expect(response.json().errors[field]).toBe(message);
  });

  it('answers 429 to a flood of events, and takes them again a minute later', async () => {
    const exam = await proctoredExam();
    const { client, attemptId } = await sitting(exam._id);
    const hundred = Array.from({ length: 100 }, () => event('HEARTBEAT'));
    for (let call = 0; call < PROCTORING_LIMITS.eventsPerMinute / 100; call += 1) {
      await reported(client, attemptId, hundred);
    }
    expectError(await report(client, attemptId, [event('COPY')]), 429, {
      message: PROCTORING_MESSAGES.tooManyEvents,
    });
    clock.advance(MINUTE);
    expect((await reported(client, attemptId, [event('COPY')])).accepted).toBe(1);
  });

  it('answers 404 for another student’s attempt and an unknown one, 409 when not proctored or over', async () => {
    const exam = await proctoredExam();
    const { client, attemptId } = await sitting(exam._id);
    const other = await sitting(exam._id);
    expectError(await report(other.client, attemptId, [event('COPY')]), 404, {
      message: PROCTORING_MESSAGES.attemptNotFound,
    });
    expectError(await report(client, randomUUID(), [event('COPY')]), 404, {
      message: PROCTORING_MESSAGES.attemptNotFound,
    });
    expectError(await other.client.call('GET', `get-messages/${attemptId}`), 404, {
      message: PROCTORING_MESSAGES.attemptNotFound,
    });

    const auto = await suite.fixture.exam();
    const autoAttempt = await client.start(auto._id);
    expectError(await report(client, autoAttempt.attempt._id, [event('COPY')]), 409, {
      message: PROCTORING_MESSAGES.notProctored,
    });

    expect((await client.submit(attemptId)).statusCode).toBe(200);
    expectError(await report(client, attemptId, [event('COPY')]), 409, {
      message: PROCTORING_MESSAGES.attemptOver,
    });
  });

  it('submits automatically after the flags an exam opts into, recorded as the exam’s own action', async () => {
    const exam = await proctoredExam();
    await suite.t.database.db
      .update(exams)
      .set({ proctoringThresholds: { warnAt: 1, flagAt: 1, autoSubmitAfterFlags: 2 } })
      .where(eq(exams.id, exam._id));
    const { client, attemptId } = await sitting(exam._id);
    await reported(client, attemptId, [event('PASTE')]);
    expect((await client.call('GET', `get-attempt/${attemptId}`)).json().data.attempt.status).toBe(
      'IN_PROGRESS',
    );
    await reported(client, attemptId, [event('PASTE')]);
    const attempt = (await client.call('GET', `get-attempt/${attemptId}`)).json().data.attempt;
    expect(attempt).toMatchObject({ status: 'SUBMITTED', submitTrigger: 'PROCTOR' });
    const timeline = timelineResponse.parse(
      (await suite.fixture.adminCall('GET', `get-attempt-timeline/${attemptId}`)).json(),
    ).data;
    expect(timeline.actions).toMatchObject([
      { type: 'END_ATTEMPT', actorId: null, actorName: 'Automatic' },
    ]);
  });
});

describe('the monitor', () => {
  it('is for the exam’s assigned faculty (403 to others) and any admin; 404 for an unknown exam', async () => {
    const exam = await proctoredExam();
    expectError(await stranger.call('GET', `get-monitor/${exam._id}`), 403, {
      message: PROCTORING_MESSAGES.notAssigned,
    });
    expectError(await proctor.call('GET', `get-monitor/${randomUUID()}`), 404, {
      message: PROCTORING_MESSAGES.examNotFound,
    });
    expectError(await proctor.call('GET', 'get-monitor/not-an-id'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { examId: 'The exam id is not valid' },
    });
    const admin = await suite.fixture.adminCall('GET', `get-monitor/${exam._id}`);
    expect(admin.statusCode, admin.body).toBe(200);
    expect(monitorResponse.parse(admin.json()).data.exam.title).toBe(exam.examTitle);
    expectError(await suite.fixture.adminCall('GET', `get-monitor/${randomUUID()}`), 404, {
      message: PROCTORING_MESSAGES.examNotFound,
    });
    const auto = await suite.fixture.exam();
    expectError(await suite.fixture.adminCall('GET', `get-monitor/${auto._id}`), 409, {
      message: PROCTORING_MESSAGES.notProctored,
    });
  });
});

describe('submissions on the monitor', () => {
  it('shows a student’s own submit and a deadline’s as they are stored, and nothing of an exam without proctoring', async () => {
    const exam = await proctoredExam();
    const early = await sitting(exam._id);
    const late = await sitting(exam._id);
    updates = [];

    expect((await early.client.submit(early.attemptId)).statusCode).toBe(200);
    expect(updates).toEqual([
      {
        examId: exam._id,
        update: {
          kind: 'student',
          student: expect.objectContaining({
            studentId: early.record._id,
            attemptId: early.attemptId,
            status: 'SUBMITTED',
            connection: 'disconnected',
            remainingMs: 0,
          }),
        },
      },
    ]);

    updates = [];
    clock.advance(61 * MINUTE);
    const onProctoredSubmitted = (attemptIds: string[]) =>
      announceSubmitted(suite.t.database.db, suite.t.app.proctoring, attemptIds, clock.now());
    // Other tests' attempts are due too: only this exam's are looked at.
    await sweepDeadlines(suite.t.database.db, clock.now(), { onProctoredSubmitted });
    expect(updates.filter((update) => update.examId === exam._id)).toEqual([
      {
        examId: exam._id,
        update: expect.objectContaining({
          kind: 'student',
          student: expect.objectContaining({
            attemptId: late.attemptId,
            status: 'SUBMITTED_BY_DEADLINE',
          }),
        }),
      },
    ]);

    updates = [];
    clock.set(EXAM_DAY_TEN);
    const auto = await suite.fixture.exam();
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    const started = await student.client.start(auto._id);
    expect((await student.client.submit(started.attempt._id)).statusCode).toBe(200);
    expect(updates).toEqual([]);
  });
});

describe('an admin on the monitor', () => {
  it('acts on any proctored exam as its faculty do, each action recorded with who did it', async () => {
    const exam = await proctoredExam();
    const { client, attemptId, record } = await sitting(exam._id);
    const { admin, adminCall } = suite.fixture;
    const message = await adminCall('POST', 'send-message', { examId: exam._id, text: 'Hello' });
    expect(message.statusCode, message.body).toBe(200);
    expect(messageResponse.parse(message.json()).data.senderName).toBe('Administrator');
    clock.advance(1_000);
    expect(
      (await adminCall('POST', 'warn-student', { attemptId, text: 'Eyes up' })).statusCode,
    ).toBe(200);
    clock.advance(1_000);
    const granted = await adminCall('POST', 'grant-extra-time', {
      examId: exam._id,
      studentId: record._id,
      minutes: 5,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    clock.advance(1_000);
    const ended = await adminCall('POST', 'end-attempt', { attemptId, reason: 'Left the room' });
    expect(ended.statusCode, ended.body).toBe(200);
    expectError(await client.call('POST', `send-message/${attemptId}`, { text: 'Hi' }), 409, {
      message: PROCTORING_MESSAGES.alreadySubmitted,
    });
    const timeline = timelineResponse.parse(
      (await adminCall('GET', `get-attempt-timeline/${attemptId}`)).json(),
    ).data;
    expect(timeline.actions.map(({ type, actorId }) => [type, actorId])).toEqual([
      ['WARN', admin.user.id],
      ['EXTRA_TIME', admin.user.id],
      ['END_ATTEMPT', admin.user.id],
    ]);
    expectError(
      await adminCall('POST', 'warn-student', { attemptId: randomUUID(), text: 'x' }),
      404,
      {
        message: PROCTORING_MESSAGES.attemptNotFound,
      },
    );
  });
});

describe('chat', () => {
  it('carries a proctor’s message to one student or to all, and the student’s answer back', async () => {
    const exam = await proctoredExam();
    const first = await sitting(exam._id);
    const second = await sitting(exam._id);
    const toFirst = await proctor.call('POST', 'send-message', {
      examId: exam._id,
      studentId: first.record._id,
      text: 'Please face the camera.',
    });
    expect(toFirst.statusCode, toFirst.body).toBe(200);
    expect(messageResponse.parse(toFirst.json()).data).toMatchObject({
      studentId: first.record._id,
      kind: 'CHAT',
      from: 'PROCTOR',
      senderName: proctor.name,
      text: 'Please face the camera.',
    });
    expect(updates.at(-1)?.update).toMatchObject({
      kind: 'message',
      recipientUserId: expect.any(String),
    });
    const toAll = await proctor.call('POST', 'send-message', {
      examId: exam._id,
      text: 'Twenty minutes left.',
    });
    expect(messageResponse.parse(toAll.json()).data.studentId).toBeNull();

    const answer = await first.client.call('POST', `send-message/${first.attemptId}`, {
      text: 'My camera is fine now.',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(messageResponse.parse(answer.json()).data).toMatchObject({
      from: 'STUDENT',
      studentId: first.record._id,
    });
    // Announced to the proctors and the writer alone, never to the other students.
    expect(updates.at(-1)?.update).toMatchObject({
      kind: 'message',
      recipientUserId: first.record.userId._id,
    });

    const read = async (who: typeof first) =>
      messagesResponse
        .parse((await who.client.call('GET', `get-messages/${who.attemptId}`)).json())
        .data.messages.map((message) => message.text);
    expect(await read(first)).toEqual([
      'Please face the camera.',
      'Twenty minutes left.',
      'My camera is fine now.',
    ]);
    expect(await read(second)).toEqual(['Twenty minutes left.']);
    expect((await monitorOf(exam._id)).messages.map((message) => message.text)).toEqual([
      'Please face the camera.',
      'Twenty minutes left.',
      'My camera is fine now.',
    ]);
  });

  it('checks the message, its student and who sends it', async () => {
    const exam = await proctoredExam();
    const { client, attemptId, record } = await sitting(exam._id);
    const send = (body: unknown, caller: Faculty = proctor) =>
      caller.call('POST', 'send-message', body);
    expectError(await send({ examId: exam._id, text: '  ' }), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { text: 'Message is required' },
    });
    expectError(await send({ examId: exam._id, text: 'x'.repeat(1_001) }), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { text: 'Message cannot exceed 1000 characters' },
    });
    expectError(await send({ examId: 'nope', studentId: 'nope', text: 'Hi' }), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { examId: 'The exam id is not valid', studentId: 'The student id is not valid' },
    });
    expectError(await send({ examId: exam._id, studentId: randomUUID(), text: 'Hi' }), 404, {
      message: PROCTORING_MESSAGES.studentNotFound,
    });
    const elsewhere = await suite.fixture.student(suite.fixture.inSection.B);
    expectError(
      await send({ examId: exam._id, studentId: elsewhere.record._id, text: 'Hi' }),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { studentId: PROCTORING_MESSAGES.studentNotInAudience },
      },
    );
    expectError(await send({ examId: randomUUID(), text: 'Hi' }), 404, {
      message: PROCTORING_MESSAGES.examNotFound,
    });
    expectError(
      await send({ examId: exam._id, studentId: record._id, text: 'Hi' }, stranger),
      403,
      {
        message: PROCTORING_MESSAGES.notAssigned,
      },
    );
    expectError(await client.call('POST', `send-message/${attemptId}`, { text: '' }), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { text: 'Message is required' },
    });
    expectError(await client.call('POST', `send-message/${randomUUID()}`, { text: 'Hi' }), 404, {
      message: PROCTORING_MESSAGES.attemptNotFound,
    });
    await client.submit(attemptId);
    expectError(await client.call('POST', `send-message/${attemptId}`, { text: 'Hi' }), 409, {
      message: PROCTORING_MESSAGES.alreadySubmitted,
    });
  });
});

describe('proctor actions', () => {
  it('warns a student: shown with their messages, recorded with who did it and audited', async () => {
    const exam = await proctoredExam();
    const { client, attemptId } = await sitting(exam._id);
    const response = await proctor.call('POST', 'warn-student', {
      attemptId,
      text: 'Keep your eyes on your screen.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(PROCTORING_MESSAGES.warned);
    expect(messageResponse.parse(response.json()).data).toMatchObject({ kind: 'WARNING' });
    const messages = messagesResponse.parse(
      (await client.call('GET', `get-messages/${attemptId}`)).json(),
    ).data.messages;
    expect(messages).toMatchObject([{ kind: 'WARNING', text: 'Keep your eyes on your screen.' }]);
    expect(await lastAuditOf(suite.t.database.db, exam._id)).toMatchObject({
      actorUserId: proctor.userId,
      action: 'exam.warn-student',
    });
    const timeline = timelineResponse.parse(
      (await suite.fixture.adminCall('GET', `get-attempt-timeline/${attemptId}`)).json(),
    ).data;
    expect(timeline.actions).toMatchObject([
      { type: 'WARN', actorId: proctor.userId, actorName: proctor.name },
    ]);
  });

  it('checks a warning: its text, its attempt, who gives it, and an attempt over', async () => {
    const exam = await proctoredExam();
    const { client, attemptId } = await sitting(exam._id);
    expectError(await proctor.call('POST', 'warn-student', { attemptId: 'x', text: '' }), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { attemptId: 'The attempt id is not valid', text: 'Message is required' },
    });
    expectError(
      await proctor.call('POST', 'warn-student', { attemptId: randomUUID(), text: 'Eyes' }),
      404,
      { message: PROCTORING_MESSAGES.attemptNotFound },
    );
    expectError(await stranger.call('POST', 'warn-student', { attemptId, text: 'Eyes' }), 403, {
      message: PROCTORING_MESSAGES.notAssigned,
    });
    await client.submit(attemptId);
    expectError(await proctor.call('POST', 'warn-student', { attemptId, text: 'Eyes' }), 409, {
      message: PROCTORING_MESSAGES.alreadySubmitted,
    });
  });

  it('grants extra time through the sittings’ grant: the deadline moves, the action is recorded', async () => {
    const exam = await proctoredExam();
    const { attemptId, record } = await sitting(exam._id);
    const grant = (body: unknown, caller: Faculty = proctor) =>
      caller.call('POST', 'grant-extra-time', body);
    const response = await grant({ examId: exam._id, studentId: record._id, minutes: 10 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.attempt.deadlineAt).toBe(
      new Date(2030, 2, 14, 11, 10).toISOString(),
    );
    expect(updates.at(-1)?.update).toMatchObject({ kind: 'deadline', attemptId });
    expectError(await grant({ examId: exam._id, studentId: record._id, minutes: 0 }), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { minutes: 'Extra time must be at least 1 minute' },
    });
    expectError(await grant({ examId: exam._id, studentId: randomUUID(), minutes: 5 }), 404, {
      message: ATTEMPT_MESSAGES.studentNotFound,
    });
    expectError(await grant({ examId: randomUUID(), studentId: record._id, minutes: 5 }), 404, {
      message: PROCTORING_MESSAGES.examNotFound,
    });
    expectError(
      await grant({ examId: exam._id, studentId: record._id, minutes: 5 }, stranger),
      403,
      { message: PROCTORING_MESSAGES.notAssigned },
    );
    const timeline = timelineResponse.parse(
      (await suite.fixture.adminCall('GET', `get-attempt-timeline/${attemptId}`)).json(),
    ).data;
    expect(timeline.actions).toMatchObject([{ type: 'EXTRA_TIME', detail: { minutes: 10 } }]);
  });

  it('refuses extra time from the monitor once the student’s time is over, swept or not', async () => {
    const exam = await proctoredExam();
    const { attemptId, record } = await sitting(exam._id);
    clock.set(new Date(new Date(2030, 2, 14, 11, 0).getTime() + ATTEMPT_LIMITS.saveGraceMs + 1));
    expectError(
      await proctor.call('POST', 'grant-extra-time', {
        examId: exam._id,
        studentId: record._id,
        minutes: 12,
      }),
      409,
      { message: ATTEMPT_MESSAGES.timeAlreadyOver },
    );
    expect(updates).toEqual([]);
    await sweepDeadlines(suite.t.database.db, clock.now());
    const timeline = timelineResponse.parse(
      (await suite.fixture.adminCall('GET', `get-attempt-timeline/${attemptId}`)).json(),
    ).data;
    expect(timeline.actions).toEqual([]);
  });

  it('announces extra time granted from the admin’s sittings page to the monitor and the student', async () => {
    const exam = await proctoredExam();
    const { attemptId, record } = await sitting(exam._id);
    const response = await suite.fixture.adminCall('POST', 'grant-extra-time', {
      examId: exam._id,
      studentId: record._id,
      minutes: 5,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(updates.at(-1)).toMatchObject({
      examId: exam._id,
      update: {
        kind: 'deadline',
        attemptId,
        deadlineAt: new Date(2030, 2, 14, 11, 5).toISOString(),
        recipientUserId: record.userId._id,
      },
    });

    updates = [];
    const autoExam = await suite.fixture.exam();
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    await student.client.start(autoExam._id);
    const auto = await suite.fixture.adminCall('POST', 'grant-extra-time', {
      examId: autoExam._id,
      studentId: student.record._id,
      minutes: 5,
    });
    expect(auto.statusCode, auto.body).toBe(200);
    expect(updates).toEqual([]);
  });

  it('ends an attempt with a reason through the one finalisation: submitted once, by the proctor', async () => {
    const exam = await proctoredExam();
    const { client, attemptId } = await sitting(exam._id);
    const end = (body: unknown, caller: Faculty = proctor) =>
      caller.call('POST', 'end-attempt', body);
    expectError(await end({ attemptId, reason: ' ' }), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { reason: 'Reason is required' },
    });
    expectError(await end({ attemptId, reason: 'x'.repeat(501) }), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { reason: 'Reason cannot exceed 500 characters' },
    });
    expectError(await end({ attemptId: randomUUID(), reason: 'Phone on desk' }), 404, {
      message: PROCTORING_MESSAGES.attemptNotFound,
    });
    expectError(await end({ attemptId, reason: 'Phone on desk' }, stranger), 403, {
      message: PROCTORING_MESSAGES.notAssigned,
    });

    const response = await end({ attemptId, reason: 'Phone on desk' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(PROCTORING_MESSAGES.attemptEnded);
    expect(submitResponse.parse(response.json()).data.attempt).toMatchObject({
      _id: attemptId,
      status: 'SUBMITTED',
      submitTrigger: 'PROCTOR',
    });
    expectError(await client.submit(attemptId), 409, {
      message: ATTEMPT_MESSAGES.alreadySubmitted,
    });
    expectError(await end({ attemptId, reason: 'Again' }), 409, {
      message: PROCTORING_MESSAGES.alreadySubmitted,
    });
    const messages = messagesResponse.parse(
      (await client.call('GET', `get-messages/${attemptId}`)).json(),
    ).data.messages;
    expect(messages.at(-1)?.text).toBe(`${PROCTORING_MESSAGES.endedByProctor}: Phone on desk`);
    expect(await lastAuditOf(suite.t.database.db, exam._id)).toMatchObject({
      action: 'exam.end-attempt',
      actorUserId: proctor.userId,
    });
  });

  it('dismisses or confirms an alert: its review status changes and the action is recorded', async () => {
    const exam = await proctoredExam();
    const { client, attemptId } = await sitting(exam._id);
    await reported(client, attemptId, [event('MULTIPLE_FACES', { faces: 2, heldMs: 8_000 })]);
    const [alert] = (await monitorOf(exam._id)).alerts;
    const review = (body: unknown, caller: Faculty = proctor) =>
      caller.call('POST', 'review-alert', body);
    const response = await review({ alertId: alert?._id, status: 'DISMISSED' });
    expect(response.statusCode, response.body).toBe(200);
    expect(alertResponse.parse(response.json()).data).toMatchObject({
      reviewStatus: 'DISMISSED',
      reviewedBy: proctor.userId,
      reviewedAt: clock.now().toISOString(),
    });
    expect((await monitorOf(exam._id)).activeAlerts).toBe(0);
    expect(
      alertResponse.parse((await review({ alertId: alert?._id, status: 'CONFIRMED' })).json()).data
        .reviewStatus,
    ).toBe('CONFIRMED');
    expectError(await review({ alertId: alert?._id, status: 'PENDING' }), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { status: 'status must be DISMISSED or CONFIRMED' },
    });
    expectError(await review({ alertId: 'x', status: 'CONFIRMED' }), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { alertId: 'The alert id is not valid' },
    });
    expectError(await review({ alertId: randomUUID(), status: 'CONFIRMED' }), 404, {
      message: PROCTORING_MESSAGES.alertNotFound,
    });
    expectError(await review({ alertId: alert?._id, status: 'CONFIRMED' }, stranger), 403, {
      message: PROCTORING_MESSAGES.notAssigned,
    });
    const timeline = timelineResponse.parse(
      (await suite.fixture.adminCall('GET', `get-attempt-timeline/${attemptId}`)).json(),
    ).data;
    expect(timeline.actions.map((action) => action.type)).toEqual([
      'DISMISS_ALERT',
      'CONFIRM_ALERT',
    ]);
  });
});

describe('review after the exam', () => {
  it('shows the admin each result’s flags by review status', async () => {
    const exam = await proctoredExam();
    const { attemptId } = await sitting(exam._id, {});
    const clean = await sitting(exam._id);
    const [flag] = (await monitorOf(exam._id)).alerts;
    await proctor.call('POST', 'review-alert', { alertId: flag?._id, status: 'CONFIRMED' });
    for (const id of [attemptId, clean.attemptId]) {
      await proctor.call('POST', 'end-attempt', { attemptId: id, reason: 'The exam is over' });
    }
    const response = await suite.fixture.adminCall('GET', `get-exam-results/${exam._id}`);
    expect(response.statusCode, response.body).toBe(200);
    const results: { attemptId: string; flags: unknown }[] = response.json().data.results;
    expect(results.find((result) => result.attemptId === attemptId)?.flags).toEqual({
      pending: 0,
      dismissed: 0,
      confirmed: 1,
    });
    expect(results.find((result) => result.attemptId === clean.attemptId)?.flags).toEqual({
      pending: 0,
      dismissed: 0,
      confirmed: 0,
    });
  });
});

describe('the attempt’s timeline', () => {
  it('lists the events, alerts and actions in time order', async () => {
    const exam = await proctoredExam();
    const { client, attemptId, record } = await sitting(exam._id);
    await reported(client, attemptId, [
      { type: 'FULLSCREEN_EXIT', at: at(-2_000) },
      { type: 'FULLSCREEN_ENTER', at: at(-1_000) },
    ]);
    clock.advance(5_000);
    await proctor.call('POST', 'warn-student', { attemptId, text: 'Stay in fullscreen.' });
    const response = await suite.fixture.adminCall('GET', `get-attempt-timeline/${attemptId}`);
    expect(response.statusCode, response.body).toBe(200);
    const timeline = timelineResponse.parse(response.json()).data;
    expect(timeline.attempt).toEqual({
      _id: attemptId,
      examId: exam._id,
      studentId: record._id,
      status: 'IN_PROGRESS',
      systemCheck: PASSED,
      examTitle: exam.examTitle,
      studentName: `${record.personalInfo.firstName} ${record.personalInfo.lastName}`,
      rollNumber: record.rollNumber,
      startedAt: EXAM_DAY_TEN.toISOString(),
      submittedAt: null,
      submitTrigger: null,
    });
    expect(timeline.events.map((item) => [item.type, item.at])).toEqual([
      ['FULLSCREEN_EXIT', new Date(EXAM_DAY_TEN.getTime() - 2_000).toISOString()],
      ['FULLSCREEN_ENTER', new Date(EXAM_DAY_TEN.getTime() - 1_000).toISOString()],
    ]);
    expect(timeline.events[0]?.receivedAt).toBe(EXAM_DAY_TEN.toISOString());
    expect(timeline.alerts).toMatchObject([{ signal: 'FULLSCREEN_EXIT', type: 'warning' }]);
    expect(timeline.actions).toMatchObject([
      { type: 'WARN', detail: { text: 'Stay in fullscreen.' } },
    ]);

    expectError(await suite.fixture.adminCall('GET', `get-attempt-timeline/${randomUUID()}`), 404, {
      message: PROCTORING_MESSAGES.attemptNotFound,
    });
    expectError(await suite.fixture.adminCall('GET', 'get-attempt-timeline/x'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { attemptId: 'The attempt id is not valid' },
    });
  });
});
