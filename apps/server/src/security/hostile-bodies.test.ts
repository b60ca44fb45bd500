import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../app';
import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from '../plugins/json-body';
import { createTestApp, type TestApp } from '../test/app';
import { bearer, createSignedInUser } from '../test/users';
import { errorBodyProblem } from './support';

/** Nesting to the given depth, as text (JSON.stringify itself would overflow the stack). */
const nested = (depth: number) => `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;

/** Just under the body limit of the signed-in routes: the most an attacker can send anywhere. */
const HOSTILE_BODY = Buffer.from(nested(Math.floor((BODY_LIMIT - 64) / 8)));

/** Routes anyone can reach without signing in, and paths no route has. */
const PUBLIC_TARGETS = [
  '/api/auth/login',
  '/api/auth/refresh-token',
  '/api/auth/change-password',
  '/api/auth/logout',
  '/api/no-such-path',
  '/api/admin/no-such-path',
  '/no-such-page',
];
const ATTACKERS = 12;
/**
 * Between one attacker's requests. A server that parses such bodies stalls hundreds of
 * milliseconds for each anyway; without a pause the attackers would flood the loopback with bytes
 * any server has to read, and measure that instead.
 */
const ATTACKER_PAUSE_MS = 100;
const SAMPLES = 60;
/** Long enough for seconds-long stalls to show, short enough that a stalled server still finishes. */
const SAMPLING_DEADLINE_MS = 8_000;

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t?.close());

/**
 * The attackers, on a thread of their own: an attacker is another machine, so the cost of sending
 * must not fall on the server's event loop. Each sends hostile POSTs one after another, on a new
 * connection each, until told to stop; then the statuses seen are posted back.
 */
const ATTACK_LOOP = `
const http = require('node:http');
const { workerData, parentPort } = require('node:worker_threads');
const { origin, paths, body, attackers, pauseMs } = workerData;
let attacking = true;
parentPort.once('message', () => { attacking = false; });
const statuses = new Set();
const attack = (path) => new Promise((resolve) => {
  const request = http.request(origin + path, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': body.length },
  });
  request.on('response', (response) => {
    response.resume();
    response.on('end', () => resolve(response.statusCode));
  });
  // A server that answers before reading the whole body may close the connection under it.
  request.on('error', () => resolve(0));
  request.end(body);
});
const pause = () => new Promise((resolve) => setTimeout(resolve, pauseMs));
const loops = Array.from({ length: attackers }, async (_, index) => {
  for (let round = index; attacking; round += 1) {
    statuses.add(await attack(paths[round % paths.length]));
    await pause();
  }
});
parentPort.postMessage('started');
Promise.all(loops).then(() => parentPort.postMessage([...statuses]));
`;

function startAttackers() {
  const worker = new Worker(ATTACK_LOOP, {
    eval: true,
    workerData: {
      origin,
      paths: PUBLIC_TARGETS,
      body: HOSTILE_BODY,
      attackers: ATTACKERS,
      pauseMs: ATTACKER_PAUSE_MS,
    },
  });
  const started = new Promise((resolve) => worker.once('message', resolve));
  return {
    started,
    /** Stops the attackers; the statuses the server answered them with. */
    async stop(): Promise<number[]> {
      const statuses = new Promise<number[]>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const seen = await statuses;
      await worker.terminate();
      return seen;
    },
  };
}

/** The 99th percentile of a bystander's GET /api/health latencies, in milliseconds. */
async function bystanderP99(): Promise<number> {
  const latencies: number[] = [];
  const started = performance.now();
  while (latencies.length < SAMPLES && performance.now() - started < SAMPLING_DEADLINE_MS) {
    const sent = performance.now();
    const response = await fetch(`${origin}/api/health`);
    await response.arrayBuffer();
    latencies.push(performance.now() - sent);
  }
  latencies.sort((a, b) => a - b);
  return latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.99) - 1)] ?? 0;
}

describe('hostile bodies', () => {
  it("a burst of deeply nested 4 MB bodies to public and unknown paths leaves a bystander's latency near its usual", async () => {
    await bystanderP99(); // warm-up: connections, JIT
    const quiet = await bystanderP99();

    const attackers = startAttackers();
    await attackers.started;
    const underBurst = await bystanderP99();
    const statuses = await attackers.stop();

    console.info(
      `bystander p99: ${quiet.toFixed(1)} ms quiet, ${underBurst.toFixed(1)} ms under a burst of ${ATTACKERS} attackers sending ${(HOSTILE_BODY.length / 2 ** 20).toFixed(1)} MiB nested bodies`,
    );
    expect(statuses.every((status) => status < 500)).toBe(true);
    // Generous: a loaded machine varies, but an unbounded parse costs seconds per burst.
    expect(underBurst).toBeLessThan(Math.max(5 * quiet, 300));
  }, 60_000);

  it.each(PUBLIC_TARGETS)('refuses a large body to %s without parsing it', async (path) => {
    const response = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json' },
      payload: HOSTILE_BODY,
    });
    // Too large for a public route, a path no route has, or no session to send it in.
    expect([401, 404, 413]).toContain(response.statusCode);
    if (path.startsWith('/api')) expect(errorBodyProblem(response.body)).toBeNull();
  });

  it('answers an unknown path 404 without parsing its body, even when it is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/no-such-path',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Not found' });
  });

  it(`refuses nesting deeper than ${MAX_JSON_DEPTH} on every route with a 400, and takes it up to that depth`, async () => {
    const admin = await createSignedInUser(t.app, t.database.db, 'admin');
    const send = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/create-batch',
        headers: { ...bearer(admin.accessToken), 'content-type': 'application/json' },
        payload,
      });
    const tooDeep = await send(`{"name":${nested(MAX_JSON_DEPTH)}}`);
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toEqual({ success: false, message: TOO_DEEP_MESSAGE });
    // Brackets inside strings are text, not nesting.
    const deepText = await send(JSON.stringify({ name: '['.repeat(10_000) }));
    expect(deepText.statusCode).toBe(400);
    expect(deepText.json().errors).toBeDefined();
    const deepest = await send(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`);
    expect(deepest.statusCode).toBe(400);
    expect(deepest.json().message).not.toMatch(/nested/);
  });
});
