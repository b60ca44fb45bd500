import { setTimeout as sleep } from 'node:timers/promises';
import { REALTIME_CLOSE_CODES, REALTIME_LIMITS, REALTIME_MESSAGES } from '@examiq/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { arrives, openLiveSocket, signedInSocket } from '../../test/live-socket';
import { facultyPayload, peopleClient } from '../../test/people';
import { sittingSuite } from '../../test/sittings';
import { bearer, createTestUser, signIn, signInFirstTime } from '../../test/users';
import { room } from './rooms';

const suite = sittingSuite();
let baseUrl = '';

/** A faculty member created by the admin, signed in. */
async function facultyMember() {
  const people = peopleClient(suite.t.app, suite.fixture.admin.accessToken);
  const payload = facultyPayload();
  const { faculty, defaultPassword } = await people.faculty(payload);
  const { tokens } = await signInFirstTime(suite.t.app, payload.email, defaultPassword);
  return { userId: faculty.userId._id, accessToken: tokens.accessToken };
}

let proctor: Awaited<ReturnType<typeof facultyMember>>;
let otherFaculty: Awaited<ReturnType<typeof facultyMember>>;
let examId = '';
let otherExamId = '';
let student: Awaited<ReturnType<typeof suite.fixture.student>>;
let attemptId = '';

beforeAll(async () => {
  baseUrl = await suite.t.app.listen({ port: 0, host: '127.0.0.1' });
  proctor = await facultyMember();
  otherFaculty = await facultyMember();
  examId = (await suite.fixture.proctoredExam([proctor.userId]))._id;
  otherExamId = (await suite.fixture.proctoredExam([otherFaculty.userId]))._id;
  student = await suite.fixture.student(suite.fixture.inSection.A);
  attemptId = (await student.client.start(examId)).attempt._id;
});

describe('GET /api/ws', () => {
  it('is in the OpenAPI document, and answers a plain HTTP request 426 with the error contract', async () => {
    const docs = await suite.t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.json().paths['/api/ws'].get.tags).toEqual(['realtime']);
    const response = await suite.t.app.inject({ method: 'GET', url: '/api/ws' });
    expect(response.statusCode).toBe(426);
    expect(response.json()).toEqual({
      success: false,
      message: REALTIME_MESSAGES.upgradeRequired,
    });
  });
});

describe('authentication', () => {
  it('signs a socket in with the access token of its first message', async () => {
    const live = await openLiveSocket(baseUrl);
    live.send({ type: 'auth', token: student.accessToken });
    const ready = await live.next('ready');
    expect(ready).toMatchObject({
      role: 'student',
      attempts: [{ attemptId, examId }],
      iceServers: [],
    });
    live.socket.close();
  });

  it('refuses any other message before the auth, and keeps the socket open', async () => {
    const live = await openLiveSocket(baseUrl);
    live.send({ type: 'subscribe', examId });
    expect(await live.next('error')).toMatchObject({
      code: 'not-authenticated',
      message: REALTIME_MESSAGES.authFirst,
    });
    live.send({ type: 'auth', token: proctor.accessToken });
    await live.next('ready');
    live.socket.close();
  });

  it('closes the socket (4001) for a token that is not valid', async () => {
    const live = await openLiveSocket(baseUrl);
    live.send({ type: 'auth', token: 'not.a-jwt' });
    expect(await live.next('error')).toMatchObject({ message: REALTIME_MESSAGES.invalidToken });
    expect(await live.closed).toBe(REALTIME_CLOSE_CODES.unauthorized);
  });

  it('closes the socket (4001) for the token of a session that was signed out', async () => {
    const user = await createTestUser(suite.t.database.db, { role: 'faculty' });
    const { tokens } = await signIn(suite.t.app, user.email, user.password);
    const logout = await suite.t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(tokens.accessToken),
    });
    expect(logout.statusCode).toBe(200);
    const live = await openLiveSocket(baseUrl);
    live.send({ type: 'auth', token: tokens.accessToken });
    expect(await live.closed).toBe(REALTIME_CLOSE_CODES.unauthorized);
  });

  it('closes the socket (4003) while the account must change its password', async () => {
    const user = await createTestUser(suite.t.database.db, { role: 'admin', isFirstLogin: true });
    const { tokens } = await signIn(suite.t.app, user.email, user.password);
    const live = await openLiveSocket(baseUrl);
    live.send({ type: 'auth', token: tokens.accessToken });
    expect(await live.next('error')).toMatchObject({
      code: 'forbidden',
      message: REALTIME_MESSAGES.passwordChangeRequired,
    });
    expect(await live.closed).toBe(REALTIME_CLOSE_CODES.forbidden);
  });

  it(
    'closes a socket that sends no auth in time (4001)',
    async () => {
      const live = await openLiveSocket(baseUrl);
      expect(await live.closed).toBe(REALTIME_CLOSE_CODES.unauthorized);
      expect(live.received).toContainEqual(
        expect.objectContaining({ message: REALTIME_MESSAGES.authTimeout }),
      );
    },
    REALTIME_LIMITS.authTimeoutMs + 5_000,
  );
});

describe('messages', () => {
  it('answers what is not JSON, or not a known message, with an error and goes on', async () => {
    const live = await signedInSocket(baseUrl, student.accessToken);
    live.send('{not json');
    expect(await live.next('error')).toMatchObject({
      code: 'invalid-message',
      message: REALTIME_MESSAGES.invalidJson,
    });
    live.send(JSON.stringify({ type: 'subscribe', examId: 'not-an-id' }));
    expect(await live.next('error')).toMatchObject({
      code: 'invalid-message',
      errors: { examId: expect.any(String) },
    });
    live.send(JSON.stringify({ type: 'shout', text: 'hello' }));
    expect(await live.next('error')).toMatchObject({ code: 'invalid-message' });
    live.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await live.next('error')).toMatchObject({ code: 'invalid-message' });
    live.send({ type: 'ping', id: 'still-here' });
    expect(await live.next('pong')).toMatchObject({ id: 'still-here' });
    live.socket.close();
  });

  it('closes the socket (1009) on a frame over the size limit', async () => {
    const live = await signedInSocket(baseUrl, student.accessToken);
    live.send({ type: 'ping', id: 'x'.repeat(REALTIME_LIMITS.maxFrameBytes) });
    expect(await live.closed).toBe(1009);
  });

  it('refuses messages over the rate limit with one error, and answers the others', async () => {
    const live = await signedInSocket(baseUrl, student.accessToken);
    // The auth counted as one message of the window.
    const sent = REALTIME_LIMITS.messagesPerWindow + 20;
    for (let i = 0; i < sent; i++) live.send({ type: 'ping', id: String(i) });
    expect(await live.next('error')).toMatchObject({
      code: 'rate-limited',
      message: REALTIME_MESSAGES.rateLimited,
    });
    await sleep(300);
    const pongs = live.received.filter((message) => message.type === 'pong');
    expect(pongs).toHaveLength(REALTIME_LIMITS.messagesPerWindow - 1);
    expect(live.received.filter((message) => message.type === 'error')).toHaveLength(1);
    live.socket.close();
  });
});

describe('monitor rooms', () => {
  it("lets the exam's proctor and an admin watch it, and gives them what is published to it", async () => {
    const watching = await signedInSocket(baseUrl, proctor.accessToken);
    const admin = await signedInSocket(baseUrl, suite.fixture.admin.accessToken);
    const notWatching = await signedInSocket(baseUrl, otherFaculty.accessToken);
    for (const live of [watching, admin]) {
      live.send({ type: 'subscribe', examId });
      expect(await live.next('subscribed')).toEqual({ type: 'subscribed', examId });
    }
    suite.t.app.publishLive({
      room: room.monitor(examId),
      message: {
        type: 'proctoring',
        examId,
        update: {
          kind: 'student',
          student: { studentId: student.record.userId._id, connection: 'good' },
        },
      },
    });
    for (const live of [watching, admin]) {
      expect(await live.nextUpdate('student')).toMatchObject({ student: { connection: 'good' } });
    }
    expect(await arrives(notWatching, 'proctoring')).toBe(false);
    for (const live of [watching, admin, notWatching]) live.socket.close();
  });

  it('refuses a faculty member not assigned to the exam, a student, and an unknown exam', async () => {
    const other = await signedInSocket(baseUrl, otherFaculty.accessToken);
    other.send({ type: 'subscribe', examId });
    expect(await other.next('error')).toMatchObject({
      code: 'forbidden',
      message: REALTIME_MESSAGES.notAssigned,
    });
    other.send({ type: 'subscribe', examId: crypto.randomUUID() });
    expect(await other.next('error')).toMatchObject({ code: 'not-found' });
    const sitting = await signedInSocket(baseUrl, student.accessToken);
    sitting.send({ type: 'subscribe', examId });
    expect(await sitting.next('error')).toMatchObject({
      code: 'forbidden',
      message: REALTIME_MESSAGES.proctorsOnly,
    });
    other.socket.close();
    sitting.socket.close();
  });

  it('refuses to watch an exam that is not proctored, even for an admin', async () => {
    const autoExamId = (await suite.fixture.exam())._id;
    const admin = await signedInSocket(baseUrl, suite.fixture.admin.accessToken);
    admin.send({ type: 'subscribe', examId: autoExamId });
    expect(await admin.next('error')).toMatchObject({
      code: 'forbidden',
      message: REALTIME_MESSAGES.notProctored,
    });
    admin.socket.close();
  });

  it('joins a student only to its own attempt in progress', async () => {
    const other = await suite.fixture.student(suite.fixture.inSection.A);
    const live = await signedInSocket(baseUrl, other.accessToken);
    live.send({ type: 'join-attempt', attemptId });
    expect(await live.next('error')).toMatchObject({ code: 'not-found' });
    const own = (await other.client.start(examId)).attempt._id;
    live.send({ type: 'join-attempt', attemptId: own });
    expect(await live.next('joined')).toEqual({ type: 'joined', attemptId: own, examId });
    live.socket.close();
  });
});

describe('camera signalling', () => {
  const offer = { kind: 'offer' as const, sdp: 'v=0\r\n' };

  it("relays a student's signal only to the proctors watching its exam", async () => {
    const sitting = await signedInSocket(baseUrl, student.accessToken);
    const watching = await signedInSocket(baseUrl, proctor.accessToken);
    watching.send({ type: 'subscribe', examId });
    await watching.next('subscribed');
    const elsewhere = await signedInSocket(baseUrl, otherFaculty.accessToken);
    elsewhere.send({ type: 'subscribe', examId: otherExamId });
    await elsewhere.next('subscribed');

    sitting.send({ type: 'signal', examId, to: proctor.userId, signal: offer });
    expect(await watching.next('signal')).toEqual({
      type: 'signal',
      examId,
      from: student.record.userId._id,
      fromRole: 'student',
      signal: offer,
    });
    sitting.send({ type: 'signal', examId, to: otherFaculty.userId, signal: offer });
    expect(await arrives(elsewhere, 'signal')).toBe(false);

    const answer = { kind: 'answer' as const, sdp: 'v=0\r\n' };
    watching.send({ type: 'signal', examId, to: student.record.userId._id, signal: answer });
    expect(await sitting.next('signal')).toMatchObject({ from: proctor.userId, signal: answer });
    for (const live of [sitting, watching, elsewhere]) live.socket.close();
  });

  it('carries the monitor page a signal is for both ways, and refuses a malformed one', async () => {
    const sitting = await signedInSocket(baseUrl, student.accessToken);
    const watching = await signedInSocket(baseUrl, proctor.accessToken);
    watching.send({ type: 'subscribe', examId });
    await watching.next('subscribed');

    watching.send({
      type: 'signal',
      examId,
      to: student.record.userId._id,
      peer: 'monitor-1',
      signal: offer,
    });
    expect(await sitting.next('signal')).toMatchObject({ peer: 'monitor-1', signal: offer });
    const answer = { kind: 'answer' as const, sdp: 'v=0\r\n' };
    sitting.send({ type: 'signal', examId, to: proctor.userId, peer: 'monitor-1', signal: answer });
    expect(await watching.next('signal')).toMatchObject({ peer: 'monitor-1', signal: answer });

    sitting.send({
      type: 'signal',
      examId,
      to: proctor.userId,
      peer: 'not a peer',
      signal: answer,
    });
    expect(await sitting.next('error')).toMatchObject({
      code: 'invalid-message',
      errors: { peer: 'A peer id has letters, digits, - and _ only' },
    });
    for (const live of [sitting, watching]) live.socket.close();
  });

  it('refuses a signal from someone neither watching nor sitting the exam', async () => {
    const elsewhere = await signedInSocket(baseUrl, otherFaculty.accessToken);
    elsewhere.send({
      type: 'signal',
      examId,
      to: student.record.userId._id,
      signal: { kind: 'ice', candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host' } },
    });
    expect(await elsewhere.next('error')).toMatchObject({
      code: 'forbidden',
      message: REALTIME_MESSAGES.notInExam,
    });
    elsewhere.socket.close();
  });
});

describe('camera snapshots', () => {
  const image = `data:image/jpeg;base64,${Buffer.from('a still').toString('base64')}`;

  it("brings a student's snapshot to the proctors watching its exam, with the student's account", async () => {
    const sitting = await signedInSocket(baseUrl, student.accessToken);
    const watching = await signedInSocket(baseUrl, proctor.accessToken);
    watching.send({ type: 'subscribe', examId });
    await watching.next('subscribed');
    const elsewhere = await signedInSocket(baseUrl, otherFaculty.accessToken);
    elsewhere.send({ type: 'subscribe', examId: otherExamId });
    await elsewhere.next('subscribed');

    sitting.send({ type: 'snapshot', attemptId, image });
    expect(await watching.next('snapshot')).toMatchObject({
      examId,
      userId: student.record.userId._id,
      image,
    });
    expect(await arrives(elsewhere, 'snapshot')).toBe(false);
    for (const live of [sitting, watching, elsewhere]) live.socket.close();
  });

  it('refuses a snapshot of an attempt the socket does not sit, and one that is not a JPEG', async () => {
    const other = await suite.fixture.student(suite.fixture.inSection.A);
    const stranger = await signedInSocket(baseUrl, other.accessToken);
    stranger.send({ type: 'snapshot', attemptId, image });
    expect(await stranger.next('error')).toMatchObject({
      code: 'forbidden',
      message: REALTIME_MESSAGES.notYourAttempt,
    });
    const watching = await signedInSocket(baseUrl, proctor.accessToken);
    watching.send({ type: 'snapshot', attemptId, image });
    expect(await watching.next('error')).toMatchObject({ code: 'forbidden' });

    const sitting = await signedInSocket(baseUrl, student.accessToken);
    sitting.send({ type: 'snapshot', attemptId, image: 'data:image/png;base64,AAAA' });
    expect(await sitting.next('error')).toMatchObject({
      code: 'invalid-message',
      errors: { image: 'A snapshot is a JPEG data URL' },
    });
    for (const live of [stranger, watching, sitting]) live.socket.close();
  });
});

describe('proctoring changes, live', () => {
  /** Calls a faculty route as the exam's proctor. */
  const asProctor = (path: string, payload: object) =>
    suite.t.app.inject({
      method: 'POST',
      url: `/api/faculty/${path}`,
      headers: bearer(proctor.accessToken),
      payload,
    });

  it("brings a student's reported signals to the monitor as an alert and a row update, and the alert's review", async () => {
    const watching = await signedInSocket(baseUrl, proctor.accessToken);
    watching.send({ type: 'subscribe', examId });
    await watching.next('subscribed');
    const started = Date.now();
    const report = await student.client.call('POST', `report-events/${attemptId}`, {
      events: [{ type: 'TAB_HIDDEN', at: suite.clock.now().toISOString() }],
    });
    expect(report.statusCode, report.body).toBe(200);
    expect((await watching.nextUpdate('student')).student.studentId).toBe(student.record._id);
    const {
      alerts: [alert],
    } = await watching.nextUpdate('alerts');
    expect(alert).toMatchObject({ signal: 'TAB_HIDDEN', studentId: student.record._id });
    expect(Date.now() - started).toBeLessThan(2_000);

    const reviewed = await asProctor('review-alert', { alertId: alert?._id, status: 'DISMISSED' });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect((await watching.nextUpdate('alert-reviewed')).alert).toMatchObject({
      _id: alert?._id,
      reviewStatus: 'DISMISSED',
    });
    watching.socket.close();
  });

  it('carries chat both ways: to the one student written to, and its answer to the proctors only', async () => {
    const watching = await signedInSocket(baseUrl, proctor.accessToken);
    watching.send({ type: 'subscribe', examId });
    await watching.next('subscribed');
    const sitting = await signedInSocket(baseUrl, student.accessToken);
    const classmate = await suite.fixture.student(suite.fixture.inSection.A);
    await classmate.client.start(examId);
    const otherSitting = await signedInSocket(baseUrl, classmate.accessToken);

    const sent = await asProctor('send-message', {
      examId,
      studentId: student.record._id,
      text: 'Please face the camera',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await sitting.nextUpdate('message')).message).toMatchObject({
      text: 'Please face the camera',
      from: 'PROCTOR',
    });
    expect((await watching.nextUpdate('message')).message.text).toBe('Please face the camera');

    const answer = await student.client.call('POST', `send-message/${attemptId}`, {
      text: 'Sorry, the light moved',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await watching.nextUpdate('message')).message).toMatchObject({
      text: 'Sorry, the light moved',
      from: 'STUDENT',
    });
    expect(await arrives(otherSitting, { update: 'message' })).toBe(false);

    const toAll = await asProctor('send-message', { examId, text: 'Ten minutes left' });
    expect(toAll.statusCode, toAll.body).toBe(200);
    for (const live of [sitting, otherSitting]) {
      expect((await live.nextUpdate('message')).message.text).toBe('Ten minutes left');
    }
    for (const live of [watching, sitting, otherSitting]) live.socket.close();
  });

  it('shows the student a warning, extra time, and the end of its attempt', async () => {
    const other = await suite.fixture.student(suite.fixture.inSection.A);
    const otherAttempt = (await other.client.start(examId)).attempt._id;
    const sitting = await signedInSocket(baseUrl, other.accessToken);

    const warned = await asProctor('warn-student', {
      attemptId: otherAttempt,
      text: 'Stay in the exam tab',
    });
    expect(warned.statusCode, warned.body).toBe(200);
    expect((await sitting.nextUpdate('message')).message).toMatchObject({
      kind: 'WARNING',
      text: 'Stay in the exam tab',
    });

    const granted = await asProctor('grant-extra-time', {
      examId,
      studentId: other.record._id,
      minutes: 10,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(await sitting.nextUpdate('deadline')).toMatchObject({
      attemptId: otherAttempt,
      remainingMs: expect.any(Number),
    });

    const ended = await asProctor('end-attempt', {
      attemptId: otherAttempt,
      reason: 'A phone on the desk',
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await sitting.next('proctoring')).toEqual({
      type: 'proctoring',
      examId,
      update: {
        kind: 'attempt-ended',
        attemptId: otherAttempt,
        reason: 'A phone on the desk',
        recipientUserId: other.record.userId._id,
      },
    });
    sitting.socket.close();
  });
});

describe('a socket whose session ends', () => {
  it('lives on past its token while its session lives, and is closed (4001) once the account is removed', async () => {
    const t = await createTestApp({
      liveSessionRecheckMs: 100,
      // A token shorter-lived than the socket: the socket holds its session, not the token.
      config: { accessTokenTtlSeconds: 2 },
    });
    try {
      const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const user = await createTestUser(t.database.db, { role: 'faculty' });
      const { tokens } = await signIn(t.app, user.email, user.password);
      const live = await signedInSocket(origin, tokens.accessToken);
      await sleep(3_000);
      live.send({ type: 'ping', id: 'after-the-token' });
      expect(await live.next('pong')).toMatchObject({ id: 'after-the-token' });

      const other = await signIn(t.app, user.email, user.password);
      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: bearer(other.tokens.accessToken),
      });
      expect(logout.statusCode).toBe(200);
      // Signing out another session of the account leaves this one.
      await sleep(300);
      expect(live.socket.readyState).toBe(live.socket.OPEN);
      await t.database.db.delete(users).where(eq(users.id, user.user.id));
      expect(await live.closed).toBe(REALTIME_CLOSE_CODES.unauthorized);
    } finally {
      await t.close();
    }
  });
});
