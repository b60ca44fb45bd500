import { randomBytes } from 'node:crypto';
import { ATTEMPT_LIMITS } from '@examiq/contracts';
import { validQuestions } from '@examiq/contracts/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/errors';
import { multipartBody } from '../../test/people-import';
import { EXAM_DAY_TEN, sittingSuite } from '../../test/sittings';
import { bearer, createTestUser } from '../../test/users';
import { sweepDeadlines } from '../attempts/deadline-sweep';
import { typedSection } from '../attempts/test-support';
import { METRICS_MESSAGES } from './metrics.routes';

// The operator's opt-in: without a token, this machine reads the metrics.
const suite = sittingSuite({ config: { metricsLoopback: true } });
const { clock } = suite;

/** A machine elsewhere on the network (TEST-NET-3), never this one. */
const ELSEWHERE = '203.0.113.9';
const TOKEN = 'scrape-token-7d1f0c2e9a';

async function scrape(app = suite.t.app): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/metrics' });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The value of one series (`name` or `name{labels}`) in Prometheus text. */
function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  if (!line) throw new Error(`No ${series} in the metrics:\n${text}`);
  return Number(line.slice(series.length + 1));
}

describe('GET /api/metrics without METRICS_TOKEN, METRICS_LOOPBACK=true', () => {
  it('answers this machine in Prometheus text format, with every family an operator watches', async () => {
    const response = await suite.t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const family of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'examiq_http_request_duration_seconds',
      'examiq_db_pool_connections',
      'examiq_db_query_duration_seconds',
      'examiq_sign_ins_total',
      'examiq_attempts_in_progress',
      'examiq_answer_saves_total',
      'examiq_answer_save_duration_seconds',
      'examiq_deadline_sweeps_total',
      'examiq_deadline_swept_attempts_total',
      'examiq_deadline_sweep_lag_seconds',
      'examiq_regrade_queue',
      'examiq_answer_file_storage',
    ]) {
      expect(response.body).toContain(`# TYPE ${family} `);
    }
    expect(seriesValue(response.body, 'examiq_db_pool_connections{state="total"}')).toBeGreaterThan(
      0,
    );
    expect(seriesValue(response.body, 'examiq_db_query_duration_seconds_count')).toBeGreaterThan(0);
    expect(seriesValue(response.body, 'examiq_regrade_queue{unit="jobs"}')).toBe(0);
  });

  it('answers HEAD from this machine without a body', async () => {
    const response = await suite.t.app.inject({ method: 'HEAD', url: '/api/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });

  it('refuses any other machine with 403, GET and HEAD', async () => {
    const response = await suite.t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      remoteAddress: ELSEWHERE,
    });
    expectError(response, 403, { message: METRICS_MESSAGES.loopbackOnly });
    const head = await suite.t.app.inject({
      method: 'HEAD',
      url: '/api/metrics',
      remoteAddress: ELSEWHERE,
    });
    expect(head.statusCode).toBe(403);
  });

  it('counts a save through the API, the attempt in progress, and the sweep that submits it late', async () => {
    clock.set(EXAM_DAY_TEN);
    const before = await scrape();
    const exam = await suite.fixture.exam();
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    const view = await student.client.start(exam._id);
    const question = view.sections
      .flatMap((section) => section.questions)
      .find(({ questionType }) => questionType === 'SHORT_ANSWER');
    const saved = await student.client.save(view.attempt._id, {
      seq: 1,
      answers: [{ questionId: question?._id, text: 'An answer' }],
    });
    expect(saved.statusCode).toBe(200);

    const during = await scrape();
    const grew = (series: string) => seriesValue(during, series) - seriesValue(before, series);
    expect(grew('examiq_answer_saves_total')).toBe(1);
    expect(grew('examiq_answer_save_duration_seconds_count')).toBe(1);
    expect(grew('examiq_attempts_in_progress')).toBe(1);

    // Three seconds past its due time: the deadline and the grace for saves in flight.
    const dueAt = new Date(view.attempt.deadlineAt).getTime() + ATTEMPT_LIMITS.saveGraceMs;
    clock.set(new Date(dueAt + 3_000));
    expect(
      await sweepDeadlines(suite.t.database.db, clock.now(), { metrics: suite.t.app.metrics }),
    ).toBe(1);

    const after = await scrape();
    expect(seriesValue(after, 'examiq_attempts_in_progress')).toBe(
      seriesValue(before, 'examiq_attempts_in_progress'),
    );
    expect(seriesValue(after, 'examiq_deadline_sweeps_total')).toBe(1);
    expect(seriesValue(after, 'examiq_deadline_swept_attempts_total')).toBe(1);
    expect(seriesValue(after, 'examiq_deadline_sweep_lag_seconds_sum')).toBeCloseTo(3);
    expect(seriesValue(after, 'examiq_deadline_sweep_lag_seconds_bucket{le="2.5"}')).toBe(0);
    expect(seriesValue(after, 'examiq_deadline_sweep_lag_seconds_bucket{le="5"}')).toBe(1);
  });

  it('counts the files students upload and the disk their stored bytes take', async () => {
    const before = await scrape();
    const exam = await suite.fixture.exam({
      totalMarks: 5,
      passingMarks: 2,
      examSections: [typedSection('Working', '1', 'FILE_UPLOAD', 5)],
      questions: [[validQuestions.FILE_UPLOAD(1)]],
    });
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    const view = await student.client.start(exam._id);
    const questionId = view.sections[0]?.questions[0]?._id as string;
    // 200 kB of working that does not compress: the database stores it as it is.
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(200_000)]);
    const { payload, headers } = await multipartBody(
      { bytes, name: 'working.pdf' },
      { questionId },
    );
    const uploaded = await suite.t.app.inject({
      method: 'POST',
      url: `/api/student/upload-answer-file/${view.attempt._id}`,
      headers: { ...bearer(student.accessToken), ...headers },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const after = await scrape();
    const series = (text: string, unit: string) =>
      seriesValue(text, `examiq_answer_file_storage{unit="${unit}"}`);
    expect(series(after, 'files') - series(before, 'files')).toBe(1);
    expect(series(after, 'bytes') - series(before, 'bytes')).toBeGreaterThanOrEqual(bytes.length);
  });

  it('labels requests by route pattern and status, never by the URL with its ids', async () => {
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    const missing = '00000000-0000-4000-8000-00000000abcd';
    await student.client.call('GET', `get-attempt/${missing}`);
    const text = await scrape();
    expect(text).not.toContain(missing);
    expect(
      seriesValue(
        text,
        'examiq_http_request_duration_seconds_count{method="GET",route="/api/student/get-attempt/:attemptId",status="404"}',
      ),
    ).toBe(1);
  });

  it('counts sign-ins by outcome', async () => {
    const before = await scrape();
    const { email, password } = await createTestUser(suite.t.database.db, { role: 'admin' });
    const signIn = (withPassword: string) =>
      suite.t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: withPassword },
      });
    expect((await signIn(`${password}-wrong`)).statusCode).toBe(401);
    expect((await signIn(password)).statusCode).toBe(200);
    const after = await scrape();
    const grew = (outcome: string) =>
      seriesValue(after, `examiq_sign_ins_total{outcome="${outcome}"}`) -
      seriesValue(before, `examiq_sign_ins_total{outcome="${outcome}"}`);
    expect(grew('wrong_password')).toBe(1);
    expect(grew('success')).toBe(1);
    expect(grew('limited')).toBe(0);
  });
});

describe('GET /api/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { metricsToken: TOKEN } });
  });
  afterAll(() => t.close());

  it('answers the bearer of the token from anywhere', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      remoteAddress: ELSEWHERE,
      headers: bearer(TOKEN),
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('# TYPE examiq_answer_saves_total counter');
  });

  it.each([
    ['a wrong token', bearer(`${TOKEN}x`)],
    ['no token, even from this machine', {}],
    ['the token in another scheme', { authorization: `Basic ${TOKEN}` }],
  ])('refuses %s with 401', async (_case, headers) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/metrics', headers });
    expectError(response, 401, { message: METRICS_MESSAGES.tokenRequired });
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });
});

describe('GET /api/metrics without METRICS_TOKEN or METRICS_LOOPBACK', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses even this machine: a reverse proxy on it would make every visitor local', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await t.app.inject({ method, url: '/api/metrics' });
      expect(response.statusCode).toBe(403);
      if (method === 'GET') expectError(response, 403, { message: METRICS_MESSAGES.closed });
    }
  });
});

describe('GET /api/metrics behind a proxy (TRUST_PROXY) without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: 'loopback' } });
  });
  afterAll(() => t.close());

  it('refuses even this machine: the proxy forwards every visitor from it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expectError(response, 403, { message: METRICS_MESSAGES.closed });
  });
});
