import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACCESS_REVOKED_REASONS, REALTIME_CLOSE_CODES } from '@examiq/contracts';
import { validExamPayload } from '@examiq/contracts/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { createTestDatabase, postgresUrlOf } from '../../test/database';
import { type LiveSocket, signedInSocket } from '../../test/live-socket';
import { overHttp } from '../../test/over-http';
import { facultyPayload, peopleClient } from '../../test/people';
import {
  freePort,
  type ServerProcess,
  startServer,
  waitForHealth,
} from '../../test/server-process';
import { createSittingFixture, localDate, type SittingFixture } from '../../test/sittings';
import { bearer, signInFirstTime } from '../../test/users';

const { DATABASE_URL, REDIS_URL } = process.env;

/** Today's exam window from an hour ago to an hour ahead, kept within the day. */
function windowAroundNow() {
  const minutes = (offset: number) => {
    const now = new Date();
    const total = Math.min(Math.max(now.getHours() * 60 + now.getMinutes() + offset, 0), 1439);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
  };
  return { startTime: minutes(-60), endTime: minutes(60) };
}

/**
 * Two server processes on one PostgreSQL, their live channels joined through Redis: a student's
 * socket on one and a proctor's on the other reach each other. Needs DATABASE_URL and REDIS_URL.
 */
describe.skipIf(!DATABASE_URL || !REDIS_URL)('the live channel across two server processes', () => {
  let dir: string;
  let database: Database;
  const servers: ServerProcess[] = [];
  const origins: string[] = [];
  const sockets: LiveSocket[] = [];
  let fixture: SittingFixture;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'examiq-live-'));
    database = await createTestDatabase();
    const env = {
      DATABASE_URL: await postgresUrlOf(database.db),
      REDIS_URL,
      JWT_SECRET: randomBytes(32).toString('hex'),
    };
    // One after the other: the second finds the migrations done.
    for (const port of [await freePort(), await freePort()]) {
      const server = startServer({ dataDir: dir, port, env });
      servers.push(server);
      await waitForHealth(server, port);
      origins.push(`http://127.0.0.1:${port}`);
    }
    fixture = await createSittingFixture(overHttp(origins[0] as string), database.db, new Date());
  }, 120_000);

  afterAll(async () => {
    for (const live of sockets) live.socket.terminate();
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    await database?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('carries chat (through the REST calls) and camera signalling both ways between a student on one process and a proctor on the other', async () => {
    const [originA, originB] = origins as [string, string];
    const processA: App = overHttp(originA);
    const payload = facultyPayload();
    const { faculty, defaultPassword } = await peopleClient(
      processA,
      fixture.admin.accessToken,
    ).faculty(payload);
    const proctor = await signInFirstTime(processA, payload.email, defaultPassword);
    const exam = await fixture.exam({
      examMode: 'PROCTORING',
      assignedFacultyIds: [faculty.userId._id],
      scheduleDetails: {
        examDate: localDate(new Date()),
        ...windowAroundNow(),
        bufferTime: { beforeExam: 0, afterExam: 0 },
      },
    });
    const student = await fixture.student(fixture.inSection.A);
    const { attempt } = await student.client.start(exam._id);

    const onA = await signedInSocket(originA, student.accessToken);
    const onB = await signedInSocket(originB, proctor.tokens.accessToken);
    sockets.push(onA, onB);
    onB.send({ type: 'subscribe', examId: exam._id });
    await onB.next('subscribed');

    const processB = overHttp(originB);
    const toStudent = await processB.inject({
      method: 'POST',
      url: '/api/faculty/send-message',
      headers: bearer(proctor.tokens.accessToken),
      payload: { examId: exam._id, studentId: student.record._id, text: 'Can you hear me?' },
    });
    expect(toStudent.statusCode, toStudent.body).toBe(200);
    expect((await onA.nextUpdate('message')).message.text).toBe('Can you hear me?');
    // The monitor shows the proctor's own message too.
    expect((await onB.nextUpdate('message')).message.text).toBe('Can you hear me?');
    const toProctor = await processA.inject({
      method: 'POST',
      url: `/api/student/send-message/${attempt._id}`,
      headers: bearer(student.accessToken),
      payload: { text: 'Yes, loud and clear' },
    });
    expect(toProctor.statusCode, toProctor.body).toBe(200);
    expect((await onB.nextUpdate('message')).message.text).toBe('Yes, loud and clear');

    const offer = { kind: 'offer' as const, sdp: 'v=0\r\n' };
    onA.send({ type: 'signal', examId: exam._id, to: faculty.userId._id, signal: offer });
    expect(await onB.next('signal')).toMatchObject({
      from: student.record.userId._id,
      fromRole: 'student',
      signal: offer,
    });
    const answer = { kind: 'answer' as const, sdp: 'v=0\r\n' };
    onB.send({ type: 'signal', examId: exam._id, to: student.record.userId._id, signal: answer });
    expect(await onA.next('signal')).toMatchObject({
      from: faculty.userId._id,
      fromRole: 'faculty',
      signal: answer,
    });
  });

  it('takes the monitor from a proctor on one process as soon as the other removes it from the exam, and closes its socket when the other deactivates the account', async () => {
    const [originA, originB] = origins as [string, string];
    const processA: App = overHttp(originA);
    const people = peopleClient(processA, fixture.admin.accessToken);
    const proctors = [];
    for (let i = 0; i < 2; i++) {
      const payload = facultyPayload();
      const { faculty, defaultPassword } = await people.faculty(payload);
      const { tokens } = await signInFirstTime(processA, payload.email, defaultPassword);
      proctors.push({ userId: faculty.userId._id, accessToken: tokens.accessToken });
    }
    const [removed, kept] = proctors as [(typeof proctors)[0], (typeof proctors)[0]];
    // Tomorrow's exam: its proctors can still be changed.
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const payload = {
      ...validExamPayload({
        ...fixture.audience,
        sectionIds: [fixture.inSection.A],
        examStatus: 'PUBLISH',
      }),
      examMode: 'PROCTORING',
      assignedFacultyIds: [removed.userId, kept.userId],
      scheduleDetails: {
        examDate: localDate(tomorrow),
        startTime: '09:00',
        endTime: '10:00',
        bufferTime: { beforeExam: 0, afterExam: 0 },
      },
    };
    const exam = await fixture.exam(payload);
    const removedOnB = await signedInSocket(originB, removed.accessToken);
    const keptOnB = await signedInSocket(originB, kept.accessToken);
    sockets.push(removedOnB, keptOnB);
    for (const live of [removedOnB, keptOnB]) {
      live.send({ type: 'subscribe', examId: exam._id });
      await live.next('subscribed');
    }

    const update = await processA.inject({
      method: 'PUT',
      url: `/api/admin/update-exam/${exam._id}`,
      headers: bearer(fixture.admin.accessToken),
      payload: { ...payload, assignedFacultyIds: [kept.userId] },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(await removedOnB.next('access-revoked', 2_000)).toEqual({
      type: 'access-revoked',
      examId: exam._id,
      reason: 'not-assigned',
      message: ACCESS_REVOKED_REASONS['not-assigned'],
    });

    const deactivated = await processA.inject({
      method: 'POST',
      url: '/api/admin/set-account-status',
      headers: bearer(fixture.admin.accessToken),
      payload: { userId: kept.userId, isActive: false },
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    // Well within the 30-second periodic check: process A's announcement reached process B.
    const closed = await Promise.race([
      keptOnB.closed,
      new Promise((resolve) => setTimeout(resolve, 2_000, 'still open')),
    ]);
    expect(closed).toBe(REALTIME_CLOSE_CODES.unauthorized);
  });

  it('refuses on one process, well within the sessions kept in memory, a session signed out on the other', async () => {
    const [originA, originB] = origins as [string, string];
    const processA: App = overHttp(originA);
    const processB: App = overHttp(originB);
    const payload = facultyPayload();
    const { defaultPassword } = await peopleClient(processA, fixture.admin.accessToken).faculty(
      payload,
    );
    const { tokens } = await signInFirstTime(processA, payload.email, defaultPassword);
    const me = () =>
      processB.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(tokens.accessToken) });
    // Process B now keeps the session as live.
    expect((await me()).statusCode).toBe(200);

    const loggedOut = await processA.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(tokens.accessToken),
    });
    expect(loggedOut.statusCode, loggedOut.body).toBe(200);
    const refusedBy = Date.now() + 2_000;
    let status = (await me()).statusCode;
    while (status === 200 && Date.now() < refusedBy) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await me()).statusCode;
    }
    expect(status).toBe(401);
  });
});
