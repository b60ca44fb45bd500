import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
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
const SAMPLES = 60;
/** Enough for the unfixed server's seconds-long stalls to show, short enough to finish anyway. */
const SAMPLING_DEADLINE_MS = 8_000;

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t?.close());

/** A hostile POST on a connection of its own; resolves when the server has answered. */
function attack(path: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(`${origin}${path}`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': HOSTILE_BODY.length },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    // A server that answers before reading the whole body may close the connection under it.
    request.on('error', () => resolve(0));
    request.end(HOSTILE_BODY);
  });
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

    let attacking = true;
    const statuses = new Set<number>();
    const attackers = Array.from({ length: ATTACKERS }, async (_, index) => {
      let round = index;
      while (attacking) {
        statuses.add(await attack(PUBLIC_TARGETS[round % PUBLIC_TARGETS.length] ?? ''));
        round += 1;
      }
    });
    const underBurst = await bystanderP99();
    attacking = false;
    await Promise.all(attackers);

    console.info(
      `bystander p99: ${quiet.toFixed(1)} ms quiet, ${underBurst.toFixed(1)} ms under a burst of ${ATTACKERS} concurrent ${(HOSTILE_BODY.length / 2 ** 20).toFixed(1)} MiB nested bodies`,
    );
    expect([...statuses].every((status) => status < 500)).toBe(true);
    // Generous: a loaded machine varies, but an unbounded parse costs seconds per burst.
    expect(underBurst).toBeLessThan(Math.max(5 * quiet, 250));
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
