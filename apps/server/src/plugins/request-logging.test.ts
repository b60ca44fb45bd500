import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { bearer, createTestUser, signIn } from '../test/users';

let t: TestApp;
let webDistDir: string;
const lines: string[] = [];

beforeAll(async () => {
  webDistDir = await mkdtemp(path.join(tmpdir(), 'examiq-logged-web-'));
  await mkdir(path.join(webDistDir, 'assets'));
  await writeFile(path.join(webDistDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(webDistDir, 'assets', 'index-3f2a1b.js'), 'console.log(1);');
  t = await createTestApp({
    config: { webDistDir, logLevel: 'info' },
    logStream: { write: (line: string) => lines.push(line) },
  });
});
afterAll(async () => {
  await t.close();
  await rm(webDistDir, { recursive: true, force: true });
});

function loggedUrls(): string[] {
  return lines.flatMap((line) => {
    const entry = JSON.parse(line) as { req?: { url?: string } };
    return entry.req?.url ? [entry.req.url] : [];
  });
}

describe('the request log at the default level', () => {
  it('has the API calls and none of the web app’s files and pages', async () => {
    lines.length = 0;
    for (const url of ['/assets/index-3f2a1b.js', '/admin/student', '/assets/gone.js']) {
      await t.app.inject({ method: 'GET', url });
    }
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-call' });

    expect(loggedUrls()).toEqual(['/api/health', '/api/no-such-call']);
  });
});

interface RequestLine {
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
  userId?: string;
}

describe('the line of an API call', () => {
  it('is one per call, with its path, status, duration and user, and no secret or search', async () => {
    const { user, email, password } = await createTestUser(t.database.db, { role: 'admin' });
    lines.length = 0;
    const { tokens } = await signIn(t.app, email, password);
    const searched = 'Ravindranath Searched';
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/get-all-student?search=${encodeURIComponent(searched)}`,
      headers: bearer(tokens.accessToken),
    });
    expect(list.statusCode).toBe(200);

    const entries = lines.map((line) => JSON.parse(line) as RequestLine);
    expect(entries.map(({ msg, req, res, userId }) => ({ msg, req, res, userId }))).toEqual([
      {
        msg: 'request completed',
        req: expect.objectContaining({ method: 'POST', url: '/api/auth/login' }),
        res: { statusCode: 200 },
        userId: undefined,
      },
      {
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/admin/get-all-student' }),
        res: { statusCode: 200 },
        userId: user.id,
      },
    ]);
    for (const entry of entries) expect(entry.responseTime).toBeGreaterThan(0);
    const log = lines.join('\n');
    for (const secret of [password, tokens.accessToken, tokens.refreshToken, 'Ravindranath']) {
      expect(log).not.toContain(secret);
    }
  });
});
