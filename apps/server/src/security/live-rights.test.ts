import { setTimeout as sleep } from 'node:timers/promises';
import {
  ACCESS_REVOKED_REASONS,
  type LoginData,
  REALTIME_CLOSE_CODES,
  REALTIME_MESSAGES,
} from '@examiq/contracts';
import { validExamPayload } from '@examiq/contracts/test-support';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { examFaculty, usedRefreshTokens } from '../db/schema';
import { SESSIONS_PER_ACCOUNT } from '../modules/auth/sign-in';
import { arrives, type LiveSocket, signedInSocket } from '../test/live-socket';
import { peopleClient, studentPayload } from '../test/people';
import { EXAM_DAY_TEN, localDate, MINUTE, sittingSuite } from '../test/sittings';
import {
  bearer,
  createSignedInUser,
  createTestUser,
  requestRefresh,
  signIn,
  signInFirstTime,
} from '../test/users';

/**
 * The rights behind each room of the live channel, read again when they change: a socket that
 * lost one leaves the room at once, is told why, and neither hears nor reaches anything of it
 * after. The default 30-second check stays in place, so what happens within a second here is the
 * change's own announcement.
 */
const suite = sittingSuite();
let baseUrl = '';
/** Well within the 30-second periodic check: the change's announcement did it. */
const AT_ONCE_MS = 2_000;

beforeAll(async () => {
  baseUrl = await suite.t.app.listen({ port: 0, host: '127.0.0.1' });
});

const asAdmin = (method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
  suite.t.app.inject({
    method,
    url: `/api/admin/${path}`,
    headers: bearer(suite.fixture.admin.accessToken),
    ...(payload ? { payload } : {}),
  });

/** A proctored exam of section A, by its proctors, running 10:30-11:30 on the exam day. */
function laterExamPayload(facultyUserIds: string[]) {
  const { audience, inSection } = suite.fixture;
  return {
    ...validExamPayload({ ...audience, sectionIds: [inSection.A], examStatus: 'PUBLISH' }),
    examMode: 'PROCTORING',
    assignedFacultyIds: facultyUserIds,
    scheduleDetails: {
      examDate: localDate(EXAM_DAY_TEN),
      startTime: '10:30',
      endTime: '11:30',
      bufferTime: { beforeExam: 0, afterExam: 0 },
    },
  };
}

async function watching(accessToken: string, examId: string) {
  const live = await signedInSocket(baseUrl, accessToken);
  live.send({ type: 'subscribe', examId });
  await live.next('subscribed');
  return live;
}

/** The close code, if the server closed the socket within the wait. */
function closedWithin(live: LiveSocket, ms: number) {
  return Promise.race([live.closed, sleep(ms).then(() => 'still open')]);
}

const still = `data:image/jpeg;base64,${Buffer.from('a still').toString('base64')}`;
const offer = { kind: 'offer' as const, sdp: 'v=0\r\n' };

describe('a proctor removed from an exam', () => {
  it('leaves its monitor at once with a message, then hears nothing of the exam and its signals reach no one', async () => {
    const removed = await suite.fixture.signedInFaculty();
    const kept = await suite.fixture.signedInFaculty();
    const payload = laterExamPayload([removed.userId, kept.userId]);
    const examId = (await suite.fixture.exam(payload))._id;
    const removedLive = await watching(removed.accessToken, examId);
    const keptLive = await watching(kept.accessToken, examId);

    const update = await asAdmin('PUT', `update-exam/${examId}`, {
      ...payload,
      assignedFacultyIds: [kept.userId],
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(await removedLive.next('access-revoked', AT_ONCE_MS)).toEqual({
      type: 'access-revoked',
      examId,
      reason: 'not-assigned',
      message: 'You are no longer a proctor of this exam',
    });
    expect((await removed.call('GET', `get-monitor/${examId}`)).statusCode).toBe(403);
    expect(await arrives(keptLive, 'access-revoked')).toBe(false);
    removedLive.send({ type: 'subscribe', examId });
    expect(await removedLive.next('error')).toMatchObject({
      code: 'forbidden',
      message: REALTIME_MESSAGES.notAssigned,
    });

    // The exam opens and a student sits it: the proctor kept hears all of it, the removed one none.
    suite.clock.set(new Date(EXAM_DAY_TEN.getTime() + 45 * MINUTE));
    try {
      const student = await suite.fixture.student(suite.fixture.inSection.A);
      const { attempt } = await student.client.start(examId);
      const sitting = await signedInSocket(baseUrl, student.accessToken);
      const report = await student.client.call('POST', `report-events/${attempt._id}`, {
        events: [{ type: 'TAB_HIDDEN', at: suite.clock.now().toISOString() }],
      });
      expect(report.statusCode, report.body).toBe(200);
      const chat = await student.client.call('POST', `send-message/${attempt._id}`, {
        text: 'Is anyone there?',
      });
      expect(chat.statusCode, chat.body).toBe(200);
      sitting.send({ type: 'snapshot', attemptId: attempt._id, image: still });
      for (const kind of ['alerts', 'student', 'message'] as const) await keptLive.nextUpdate(kind);
      await keptLive.next('snapshot');
      for (const what of ['proctoring', 'snapshot'] as const) {
        expect(await arrives(removedLive, what, 100), what).toBe(false);
      }

      removedLive.send({ type: 'signal', examId, to: student.record.userId._id, signal: offer });
      expect(await removedLive.next('error')).toMatchObject({
        code: 'forbidden',
        message: REALTIME_MESSAGES.notInExam,
      });
      expect(await arrives(sitting, 'signal')).toBe(false);
      keptLive.send({ type: 'signal', examId, to: student.record.userId._id, signal: offer });
      expect(await sitting.next('signal')).toMatchObject({ from: kept.userId });
      for (const live of [removedLive, keptLive, sitting]) live.socket.close();
    } finally {
      suite.clock.set(EXAM_DAY_TEN);
    }
  });

  it('is refused before its next signal is relayed, even when the removal was not announced', async () => {
    const proctor = await suite.fixture.signedInFaculty();
    const examId = (await suite.fixture.proctoredExam([proctor.userId]))._id;
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    await student.client.start(examId);
    const sitting = await signedInSocket(baseUrl, student.accessToken);
    const live = await watching(proctor.accessToken, examId);

    // Stored behind the application's back: only the check before the relay can see it.
    await suite.t.database.db
      .delete(examFaculty)
      .where(and(eq(examFaculty.examId, examId), eq(examFaculty.facultyUserId, proctor.userId)));
    live.send({ type: 'signal', examId, to: student.record.userId._id, signal: offer });
    expect(await live.next('access-revoked')).toMatchObject({ examId, reason: 'not-assigned' });
    expect(await live.next('error')).toMatchObject({ code: 'forbidden' });
    expect(await arrives(sitting, 'signal')).toBe(false);
    for (const socket of [live, sitting]) socket.socket.close();
  });

  it('whose exam is deleted leaves its monitor at once', async () => {
    const proctor = await suite.fixture.signedInFaculty();
    const examId = (await suite.fixture.exam(laterExamPayload([proctor.userId])))._id;
    const live = await watching(proctor.accessToken, examId);
    expect((await asAdmin('DELETE', `delete-exam/${examId}`)).statusCode).toBe(200);
    expect(await live.next('access-revoked', AT_ONCE_MS)).toEqual({
      type: 'access-revoked',
      examId,
      reason: 'exam-not-found',
      message: ACCESS_REVOKED_REASONS['exam-not-found'],
    });
    live.socket.close();
  });
});

describe('an account that loses its session', () => {
  it('has its sockets closed at once when it is deactivated: a proctor and a student', async () => {
    const proctor = await suite.fixture.signedInFaculty();
    const examId = (await suite.fixture.proctoredExam([proctor.userId]))._id;
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    await student.client.start(examId);
    const proctorLive = await watching(proctor.accessToken, examId);
    const sitting = await signedInSocket(baseUrl, student.accessToken);

    for (const [userId, live] of [
      [proctor.userId, proctorLive],
      [student.record.userId._id, sitting],
    ] as const) {
      const deactivated = await asAdmin('POST', 'set-account-status', { userId, isActive: false });
      expect(deactivated.statusCode, deactivated.body).toBe(200);
      expect(await closedWithin(live, AT_ONCE_MS)).toBe(REALTIME_CLOSE_CODES.unauthorized);
      expect(live.received).toContainEqual({
        type: 'error',
        code: 'not-authenticated',
        message: REALTIME_MESSAGES.sessionEnded,
      });
    }
  });

  it('has the socket of a signed-out session closed at once', async () => {
    const proctor = await suite.fixture.signedInFaculty();
    const live = await signedInSocket(baseUrl, proctor.accessToken);
    const logout = await suite.t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(proctor.accessToken),
    });
    expect(logout.statusCode).toBe(200);
    expect(await closedWithin(live, AT_ONCE_MS)).toBe(REALTIME_CLOSE_CODES.unauthorized);
  });

  it('has the socket of a session ended by a reused refresh token closed at once', async () => {
    const user = await createSignedInUser(suite.t.app, suite.t.database.db, 'faculty');
    const live = await signedInSocket(baseUrl, user.accessToken);
    const rotated = await requestRefresh(suite.t.app, user.refreshToken, user.sessionId);
    expect(rotated.statusCode).toBe(200);
    // Past the grace in which a second tab may still present the same token.
    await suite.t.database.db
      .update(usedRefreshTokens)
      .set({ usedAt: new Date(Date.now() - 60 * MINUTE) })
      .where(eq(usedRefreshTokens.sessionId, user.sessionId));
    const reused = await requestRefresh(suite.t.app, user.refreshToken, user.sessionId);
    expect(reused.statusCode).toBe(401);
    expect(await closedWithin(live, AT_ONCE_MS)).toBe(REALTIME_CLOSE_CODES.unauthorized);
  });
  it(`has the socket of a session ended by the ${SESSIONS_PER_ACCOUNT + 1}st sign-in closed at once, and no other`, async () => {
    const account = await createTestUser(suite.t.database.db, { role: 'faculty' });
    const signIns = [await signIn(suite.t.app, account.email, account.password)];
    const [oldest] = signIns as [LoginData];
    const oldestLive = await signedInSocket(baseUrl, oldest.tokens.accessToken);
    while (signIns.length < SESSIONS_PER_ACCOUNT) {
      signIns.push(await signIn(suite.t.app, account.email, account.password));
    }
    const newestLive = await signedInSocket(
      baseUrl,
      (signIns.at(-1) as LoginData).tokens.accessToken,
    );
    expect(await closedWithin(oldestLive, 200)).toBe('still open');

    await signIn(suite.t.app, account.email, account.password);
    expect(await closedWithin(oldestLive, AT_ONCE_MS)).toBe(REALTIME_CLOSE_CODES.unauthorized);
    expect(await closedWithin(newestLive, 200)).toBe('still open');
    newestLive.socket.close();
  });
});

describe('a student whose sitting ends', () => {
  /** A student of section A sitting the exam, with its socket and the proctor watching. */
  async function sittingWithProctor() {
    const proctor = await suite.fixture.signedInFaculty();
    const examId = (await suite.fixture.proctoredExam([proctor.userId]))._id;
    const people = peopleClient(suite.t.app, suite.fixture.admin.accessToken);
    const { audience, inSection } = suite.fixture;
    const payload = studentPayload({
      batch: '2024-2028',
      course: audience.courseId,
      branch: audience.branchId,
      section: inSection.A,
    });
    const { student, defaultPassword } = await people.student(payload);
    const { tokens } = await signInFirstTime(suite.t.app, payload.email, defaultPassword);
    const started = await suite.t.app.inject({
      method: 'POST',
      url: `/api/student/start-exam/${examId}`,
      headers: bearer(tokens.accessToken),
    });
    expect(started.statusCode, started.body).toBe(200);
    const attemptId: string = started.json().data.attempt._id;
    const live = await signedInSocket(baseUrl, tokens.accessToken);
    const proctorLive = await watching(proctor.accessToken, examId);
    return { proctor, proctorLive, examId, student, payload, tokens, attemptId, live };
  }

  it('leaves its attempt at once when it submits, and neither hears the chat to all nor sends stills or signals', async () => {
    const { proctor, proctorLive, examId, tokens, attemptId, live } = await sittingWithProctor();
    const submitted = await suite.t.app.inject({
      method: 'POST',
      url: `/api/student/submit-exam/${attemptId}`,
      headers: bearer(tokens.accessToken),
      payload: {},
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(await live.next('access-revoked', AT_ONCE_MS)).toEqual({
      type: 'access-revoked',
      examId,
      attemptId,
      reason: 'attempt-not-in-progress',
      message: ACCESS_REVOKED_REASONS['attempt-not-in-progress'],
    });

    const toAll = await proctor.call('POST', 'send-message', { examId, text: 'Pens down' });
    expect(toAll.statusCode, toAll.body).toBe(200);
    expect(await arrives(live, { update: 'message' })).toBe(false);
    live.send({ type: 'snapshot', attemptId, image: still });
    expect(await live.next('error')).toMatchObject({
      code: 'forbidden',
      message: REALTIME_MESSAGES.notYourAttempt,
    });
    live.send({ type: 'signal', examId, to: proctor.userId, signal: offer });
    expect(await live.next('error')).toMatchObject({ code: 'forbidden' });
    expect(await arrives(proctorLive, 'snapshot')).toBe(false);
    expect(await arrives(proctorLive, 'signal')).toBe(false);
    for (const socket of [live, proctorLive]) socket.socket.close();
  });

  it("leaves its attempt at once when it is moved out of the exam's audience", async () => {
    const { proctor, proctorLive, examId, student, payload, attemptId, live } =
      await sittingWithProctor();
    const moved = await asAdmin('PUT', `update-student/${student._id}`, {
      ...payload,
      academicInfo: { ...payload.academicInfo, section: suite.fixture.inSection.B },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await live.next('access-revoked', AT_ONCE_MS)).toEqual({
      type: 'access-revoked',
      examId,
      attemptId,
      reason: 'not-in-audience',
      message: 'You are no longer a student of this exam',
    });
    const toAll = await proctor.call('POST', 'send-message', { examId, text: 'Ten minutes left' });
    expect(toAll.statusCode, toAll.body).toBe(200);
    expect(await arrives(live, { update: 'message' })).toBe(false);
    live.send({ type: 'signal', examId, to: proctor.userId, signal: offer });
    expect(await live.next('error')).toMatchObject({ code: 'forbidden' });
    expect(await arrives(proctorLive, 'signal')).toBe(false);
    for (const socket of [live, proctorLive]) socket.socket.close();
  });
});
