import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

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
