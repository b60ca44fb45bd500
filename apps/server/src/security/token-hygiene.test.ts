import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, usedRefreshTokens, users } from '../db/schema';
import { hashToken } from '../modules/auth/tokens';
import { createTestApp, type TestApp } from '../test/app';
import { masterDataClient } from '../test/master-data';
import { createPlacement, facultyPayload, peopleClient, studentPayload } from '../test/people';
import { findLeakedSecrets } from '../test/response-recorder';
import { bearer, createSignedInUser, signIn } from '../test/users';
import { dumpAllTables } from './support';

const logLines: string[] = [];
let t: TestApp;
const refreshTokens: string[] = [];
const defaultPasswords: string[] = [];

beforeAll(async () => {
  // The most verbose level, so anything any part of the app might log is in the capture.
  t = await createTestApp({
    config: { logLevel: 'trace' },
    logStream: { write: (line: string) => logLines.push(line) },
  });

  // Every kind of response that involves a password or a token: create, sign in, first-login
  // change, refresh, reuse of an old refresh token, me, logout.
  const admin = await createSignedInUser(t.app, t.database.db, 'admin');
  refreshTokens.push(admin.refreshToken);
  const people = peopleClient(t.app, admin.accessToken);
  const placement = await createPlacement(masterDataClient(t.app, admin.accessToken), 2024);
  const student = await people.student(studentPayload(placement));
  const faculty = await people.faculty(facultyPayload());
  defaultPasswords.push(student.defaultPassword, faculty.defaultPassword);

  const first = await signIn(t.app, student.student.email, student.defaultPassword);
  refreshTokens.push(first.tokens.refreshToken);
  const refreshed = await t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh-token',
    payload: { refreshToken: first.tokens.refreshToken, sessionId: first.sessionId },
  });
  expect(refreshed.statusCode).toBe(200);
  refreshTokens.push(refreshed.json().data.refreshToken);
  const changed = await t.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    payload: {
      email: student.student.email,
      currentPassword: student.defaultPassword,
      newPassword: 'Brand-new-pass-7',
      confirmPassword: 'Brand-new-pass-7',
    },
  });
  expect(changed.statusCode).toBe(200);

  const facultySession = await signIn(t.app, faculty.faculty.email, faculty.defaultPassword);
  refreshTokens.push(facultySession.tokens.refreshToken);
  await t.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: bearer(facultySession.tokens.accessToken),
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: bearer(facultySession.tokens.accessToken),
  });
});
afterAll(() => t.close());

describe('token hygiene', () => {
  it('never sends a password hash or a stored refresh-token hash', async () => {
    const stored = [
      ...(await t.database.db.select({ hash: sessions.refreshTokenHash }).from(sessions)),
      ...(await t.database.db
        .select({ hash: usedRefreshTokens.tokenHash })
        .from(usedRefreshTokens)),
    ].map((row) => row.hash);
    const passwordHashes = (
      await t.database.db.select({ hash: users.passwordHash }).from(users)
    ).map((row) => row.hash);
    expect(stored.length).toBeGreaterThanOrEqual(refreshTokens.length);
    expect(t.responses.length).toBeGreaterThan(10);
    expect(findLeakedSecrets(t.responses, stored)).toEqual([]);
    for (const hash of passwordHashes) {
      expect(t.responses.some((body) => body.includes(hash))).toBe(false);
    }
  });

  it('would notice a leak (the recorder that checks every suite is not blind)', () => {
    const [token] = refreshTokens as [string];
    const leaks = findLeakedSecrets([
      JSON.stringify({ refreshToken: token }),
      JSON.stringify({ data: { hash: hashToken(token) } }),
      JSON.stringify({ data: { passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$abc$def' } }),
    ]);
    expect(leaks).toHaveLength(2);
  });

  it('stores refresh tokens only hashed, and default passwords not at all', async () => {
    const everything = await dumpAllTables(t.database.db);
    for (const token of refreshTokens) {
      expect(everything).not.toContain(token);
      expect(everything).toContain(hashToken(token));
    }
    for (const password of defaultPasswords) expect(everything).not.toContain(password);
  });

  it('hashes passwords with argon2id at OWASP’s minimum cost or above', async () => {
    const rows = await t.database.db.select({ hash: users.passwordHash }).from(users);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const { hash } of rows) {
      const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hash);
      expect(match, hash.slice(0, 40)).not.toBeNull();
      const [, memory, time, parallelism] = (match ?? []).map(Number);
      expect(memory).toBeGreaterThanOrEqual(19_456);
      expect(time).toBeGreaterThanOrEqual(2);
      expect(parallelism).toBeGreaterThanOrEqual(1);
    }
  });

  it('never logs a default password, a password hash or a refresh token', () => {
    // Proves the capture works: each request leaves lines.
    expect(logLines.some((line) => line.includes('/api/admin/create-student'))).toBe(true);
    const log = logLines.join('');
    for (const password of defaultPasswords) expect(log).not.toContain(password);
    for (const token of refreshTokens) expect(log).not.toContain(token);
    expect(log).not.toContain('$argon2');
  });
});
