import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
import { exited } from '../test/processes';
import { freePort, type ServerProcess, startServer, waitForHealth } from '../test/server-process';
import { createSittingFixture, type SittingFixture, studentClient } from '../test/sittings';
import { bearer } from '../test/users';

/**
 * The production recipe of deploy/nginx.conf, run as written (only its ports and certificate
 * changed): nginx with TLS in front of two built server processes on one PostgreSQL and one
 * Redis. Needs nginx, `npm run build`, DATABASE_URL and REDIS_URL (`npm run test:deploy`).
 */

const RECIPE = fileURLToPath(new URL('../../../../deploy/nginx.conf', import.meta.url));
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const saveResult = successResponse(saveAnswersResultSchema);
const attemptView = successResponse(attemptViewSchema);
const sittingsResponse = successResponse(sittingsDataSchema);

interface Answer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One HTTP(S) request on a connection of its own, trusting the test's certificate. */
function send(
  url: URL,
  options: { method: string; headers: Record<string, string>; ca: string },
  body?: string,
): Promise<Answer> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(url, { ...options, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () =>
        resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body: text }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * The test helpers drive an app through `inject`; this one answers it with real requests to
 * `origin`, so the same helpers work through nginx or against one process.
 */
function overHttp(origin: string, ca: string): App {
  const inject = async (options: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: object;
  }) => {
    const body = options.payload === undefined ? undefined : JSON.stringify(options.payload);
    const answer = await send(
      new URL(options.url, origin),
      {
        method: options.method,
        headers: { ...options.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        ca,
      },
      body,
    );
    return { ...answer, json: () => JSON.parse(answer.body) };
  };
  // Nothing else of a Fastify instance means anything over HTTP.
  return { inject } as unknown as App;
}

function replaceOnce(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`deploy/nginx.conf no longer has "${from}"`);
  return text.replace(from, to);
}

describe.skipIf(process.platform !== 'linux')('nginx in front of two server processes', () => {
  let dir: string;
  let database: Database;
  let ca: string;
  let nginx: ReturnType<typeof spawn>;
  const servers: ServerProcess[] = [];
  const ports = { a: 0, b: 0, https: 0, http: 0 };
  /** Through nginx, and straight to each process. */
  let proxy: App;
  let processA: App;
  let processB: App;
  let fixture: SittingFixture;

  beforeAll(async () => {
    const { DATABASE_URL, REDIS_URL } = process.env;
    if (!DATABASE_URL || !REDIS_URL)
      throw new Error('The deployment needs DATABASE_URL and REDIS_URL');
    dir = await mkdtemp(path.join(tmpdir(), 'examiq-deploy-'));
    database = await createTestDatabase();
    for (const name of ['a', 'b', 'https', 'http'] as const) ports[name] = await freePort();

    const cert = path.join(dir, 'cert.pem');
    const key = path.join(dir, 'key.pem');
    const openssl = spawnSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ]);
    if (openssl.status !== 0) throw new Error(`openssl failed: ${openssl.stderr}`);
    ca = await readFile(cert, 'utf8');

    let site = await readFile(RECIPE, 'utf8');
    site = replaceOnce(site, 'server 127.0.0.1:3001', `server 127.0.0.1:${ports.a}`);
    site = replaceOnce(site, 'server 127.0.0.1:3002', `server 127.0.0.1:${ports.b}`);
    site = replaceOnce(site, 'listen 80;', `listen 127.0.0.1:${ports.http};`);
    site = replaceOnce(site, 'listen 443 ssl;', `listen 127.0.0.1:${ports.https} ssl;`);
    site = replaceOnce(site, '/etc/ssl/certs/examiq.pem', cert);
    site = replaceOnce(site, '/etc/ssl/private/examiq.key', key);
    await writeFile(path.join(dir, 'examiq.conf'), site);
    const tempPaths = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];
    for (const name of tempPaths) await mkdir(path.join(dir, name));
    // What Debian's /etc/nginx/nginx.conf gives a site, with every file in the test's folder.
    await writeFile(
      path.join(dir, 'nginx.conf'),
      [
        'daemon off;',
        `user ${userInfo().username};`,
        'worker_processes 1;',
        `pid ${dir}/nginx.pid;`,
        'events { worker_connections 256; }',
        'http {',
        '  access_log off;',
        ...tempPaths.map((name) => `  ${name}_temp_path ${dir}/${name};`),
        `  include ${dir}/examiq.conf;`,
        '}',
      ].join('\n'),
    );

    const env = {
      DATABASE_URL: await postgresUrlOf(database.db),
      REDIS_URL,
      JWT_SECRET: randomBytes(32).toString('hex'),
      TRUST_PROXY: '127.0.0.1',
    };
    // One after the other: the second finds the migrations done.
    for (const port of [ports.a, ports.b]) {
      const server = startServer({ dataDir: dir, port, built: true, env });
      servers.push(server);
      await waitForHealth(server, port);
    }

    nginx = spawn(
      NGINX,
      ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', `${dir}/error.log`],
      {
        stdio: 'pipe',
      },
    );
    let nginxOutput = '';
    nginx.stderr?.on('data', (chunk) => {
      nginxOutput += chunk;
    });
    proxy = overHttp(`https://127.0.0.1:${ports.https}`, ca);
    processA = overHttp(`http://127.0.0.1:${ports.a}`, ca);
    processB = overHttp(`http://127.0.0.1:${ports.b}`, ca);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const health = await proxy
        .inject({ method: 'GET', url: '/api/health' })
        .catch(() => undefined);
      if (health?.statusCode === 200) break;
      if (nginx.exitCode !== null || Date.now() > deadline) {
        const log = await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
        throw new Error(`nginx did not start:\n${nginxOutput}${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    fixture = await createSittingFixture(proxy, database.db, new Date());
  }, 120_000);

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    for (const server of servers) server.child.kill('SIGKILL');
    await Promise.all([
      ...(nginx ? [exited(nginx)] : []),
      ...servers.map((server) => server.exited),
    ]);
    await database?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('serves HTTPS with HSTS at nginx only, and sends plain HTTP there', async () => {
    const throughNginx = await proxy.inject({ method: 'GET', url: '/api/health' });
    expect(throughNginx.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const direct = await processA.inject({ method: 'GET', url: '/api/health' });
    expect(direct.statusCode).toBe(200);
    expect(direct.headers['strict-transport-security']).toBeUndefined();

    const plain = await send(new URL(`http://127.0.0.1:${ports.http}/login`), {
      method: 'GET',
      headers: {},
      ca,
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
