import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  attemptViewSchema,
  saveAnswersResultSchema,
  sittingsDataSchema,
  successResponse,
} from '@examiq/contracts';
import { validExamPayload } from '@examiq/contracts/test-support';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import type { Database } from '../db/client';
import { sessions } from '../db/schema';
import { createTestDatabase, postgresUrlOf } from '../test/database';
import { examsClient } from '../test/exams';
import { signedInSocket } from '../test/live-socket';
import { overHttp } from '../test/over-http';
import { freePort, type ServerProcess, startServer, waitForHealth } from '../test/server-process';
import {
  createSittingFixture,
  localDate,
  type SittingFixture,
  studentClient,
} from '../test/sittings';
import { bearer } from '../test/users';
import { type Nginx, send, startNginx } from './nginx';

/**
 * The production recipe of deploy/nginx.conf, run as written (only its ports and certificate
 * changed): nginx with TLS in front of two built server processes on one PostgreSQL and one
 * Redis. Needs nginx, `npm run build`, DATABASE_URL and REDIS_URL (`npm run test:deploy`).
 */

const saveResult = successResponse(saveAnswersResultSchema);
const attemptView = successResponse(attemptViewSchema);
const sittingsResponse = successResponse(sittingsDataSchema);

describe.skipIf(process.platform !== 'linux')('nginx in front of two server processes', () => {
  let dir: string;
  let database: Database;
  let nginx: Nginx;
  const servers: ServerProcess[] = [];
  /** Through nginx, and straight to each process. */
  let proxy: App;
  let processA: App;
  let processB: App;
  let origins: string[];
  let fixture: SittingFixture;

  beforeAll(async () => {
    const { DATABASE_URL, REDIS_URL } = process.env;
    if (!DATABASE_URL || !REDIS_URL)
      throw new Error('The deployment needs DATABASE_URL and REDIS_URL');
    dir = await mkdtemp(path.join(tmpdir(), 'examiq-deploy-'));
    database = await createTestDatabase();
    const ports = [await freePort(), await freePort()];

    const env = {
      DATABASE_URL: await postgresUrlOf(database.db),
      REDIS_URL,
      JWT_SECRET: randomBytes(32).toString('hex'),
      TRUST_PROXY: '127.0.0.1',
    };
    // One after the other: the second finds the migrations done.
    for (const port of ports) {
      const server = startServer({ dataDir: dir, port, built: true, env });
      servers.push(server);
      await waitForHealth(server, port);
    }

    nginx = await startNginx(ports);
    proxy = overHttp(nginx.origin, nginx.ca);
    origins = ports.map((port) => `http://127.0.0.1:${port}`);
    processA = overHttp(origins[0] as string, nginx.ca);
    processB = overHttp(origins[1] as string, nginx.ca);
    fixture = await createSittingFixture(proxy, database.db, new Date());
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    await Promise.all([nginx?.stop(), ...servers.map((server) => server.exited)]);
    await database?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('serves HTTPS with HSTS at nginx only, and sends plain HTTP there', async () => {
    const throughNginx = await proxy.inject({ method: 'GET', url: '/api/health' });
    expect(throughNginx.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const direct = await processA.inject({ method: 'GET', url: '/api/health' });
    expect(direct.statusCode).toBe(200);
    expect(direct.headers['strict-transport-security']).toBeUndefined();

    const plain = await send(new URL('/login', nginx.plainOrigin), {
      method: 'GET',
      headers: {},
      ca: nginx.ca,
    });
    expect(plain.statusCode).toBe(301);
    expect(plain.headers.location).toBe('https://127.0.0.1/login');
  });

  it('signs in through nginx, and the session holds on either process', async () => {
    const login = await proxy.inject({
      method: 'POST',
      url: '/api/auth/login',
      // A client's own claim of an address must not become the address its session records.
      headers: { 'x-forwarded-for': '203.0.113.9' },
      payload: { email: fixture.admin.email, password: fixture.admin.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const { accessToken } = login.json().data.tokens;
    const [session] = await database.db
      .select({ ip: sessions.ip })
      .from(sessions)
      .where(eq(sessions.id, login.json().data.sessionId));
    expect(session?.ip).toBe('127.0.0.1');
    for (const app of [processA, processB]) {
      const exams = await examsClient(app, accessToken).get('get-all-exam');
      expect(exams.statusCode, exams.body).toBe(200);
    }
  });

  it('shows a record created on one process through the other', async () => {
    const exam = await examsClient(processA, fixture.admin.accessToken).exam(
      validExamPayload({ ...fixture.audience, sectionIds: [fixture.inSection.A] }),
    );
    const page = await examsClient(processB, fixture.admin.accessToken).examPage('limit=100');
    expect(page.exams.map((listed) => listed._id)).toContain(exam._id);
  });

  it('carries the live socket through nginx: a proctor behind it hears a student on either process', async () => {
    // Only a proctored exam has a monitor; this one is open all day, whenever the test runs.
    const exam = await fixture.exam({
      examMode: 'PROCTORING',
      assignedFacultyIds: [(await fixture.faculty()).userId],
      scheduleDetails: {
        examDate: localDate(new Date()),
        startTime: '00:00',
        endTime: '23:59',
        bufferTime: { beforeExam: 0, afterExam: 0 },
      },
    });
    const student = await fixture.student(fixture.inSection.A);
    await studentClient(processA, student.accessToken).start(exam._id);
    const proctor = await signedInSocket(nginx.origin, fixture.admin.accessToken, nginx.ca);
    proctor.send({ type: 'subscribe', examId: exam._id });
    await proctor.next('subscribed');
    for (const origin of origins) {
      const sitting = await signedInSocket(origin, student.accessToken);
      const offer = { kind: 'offer' as const, sdp: `v=0 from ${origin}\r\n` };
      sitting.send({ type: 'signal', examId: exam._id, to: fixture.admin.user.id, signal: offer });
      expect((await proctor.next('signal')).signal).toEqual(offer);
      sitting.socket.close();
    }
    proctor.socket.close();
  });

  it("shows a student's save on one process in the sittings read from the other", async () => {
    const exam = await fixture.exam();
    const student = await fixture.student(fixture.inSection.A);
    const onA = studentClient(processA, student.accessToken);
    const view = await onA.start(exam._id);
    const trueFalse = view.sections[1]?.questions[0]?._id;
    const saved = await onA.save(view.attempt._id, {
      seq: 1,
      answers: [{ questionId: trueFalse, selectedOptionId: '0' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const fromB = await processB.inject({
      method: 'GET',
      url: `/api/admin/get-exam-attempts/${exam._id}?limit=100`,
      headers: bearer(fixture.admin.accessToken),
    });
    expect(fromB.statusCode, fromB.body).toBe(200);
    const row = sittingsResponse
      .parse(fromB.json())
      .data.attempts.find((sitting) => sitting.student._id === student.record._id);
    expect(row).toMatchObject({ status: 'IN_PROGRESS', answersSaved: 1 });
  });

  it('loses no acknowledged save when a process is killed: its clients go on through the other', async () => {
    const exam = await fixture.exam();
    const student = await fixture.student(fixture.inSection.A);
    const client = studentClient(proxy, student.accessToken);
    const view = await client.start(exam._id);
    const essay = view.sections[3]?.questions[0]?._id;

    /** As the web app does: the same save again until it is acknowledged. */
    async function saveDraft(seq: number) {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const answer = await client
          .save(view.attempt._id, { seq, answers: [{ questionId: essay, text: `draft ${seq}` }] })
          .catch(() => undefined);
        if (answer?.statusCode === 200) return saveResult.parse(answer.json()).data;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`save ${seq} was never acknowledged`);
    }

    const acknowledged: number[] = [];
    for (let seq = 1; seq <= 30; seq += 1) {
      const pending = saveDraft(seq);
      if (seq === 10) servers[0]?.child.kill('SIGKILL');
      acknowledged.push((await pending).ackSeq);
    }
    await servers[0]?.exited;
    expect(acknowledged).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));

    const resumed = await client.call('GET', `get-attempt/${view.attempt._id}`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    const answers = attemptView.parse(resumed.json()).data.answers;
    expect(answers.find((answer) => answer.questionId === essay)?.text).toBe('draft 30');
  });
});
