import {
  AUDIT_MESSAGES,
  type AuditEntry,
  auditLogDataSchema,
  SECURITY_AUDIT_ACTIONS,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usedRefreshTokens } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/errors';
import {
  bearer,
  createSignedInUser,
  createTestUser,
  requestRefresh,
  type SignedInUser,
  signIn,
  uniqueEmail,
} from '../../test/users';
import { REFRESH_GRACE_SECONDS } from './sessions';

const PAIR = { max: 3, windowSeconds: 600 };
const ACCOUNT = {
  max: 5,
  windowSeconds: 900,
  slowdown: { firstDelaySeconds: 1, maxDelaySeconds: 60 },
};

let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({
    authLimits: { pair: PAIR, address: { max: 1000, windowSeconds: 600 }, account: ACCOUNT },
  });
  admin = await createSignedInUser(t.app, t.database.db, 'admin');
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Another-secret-77';

function post(
  url: string,
  payload: object | undefined,
  remoteAddress = '10.1.0.1',
  token?: string,
) {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress,
    ...(token ? { headers: bearer(token) } : {}),
  });
}

async function entries(query: string): Promise<AuditEntry[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/get-audit-log${query}`,
    headers: bearer(admin.accessToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return successResponse(auditLogDataSchema).parse(response.json()).data.entries;
}

/** The account's security events, oldest first, as action and summary. */
async function eventsOf(recordId: string): Promise<Array<[string, string, string]>> {
  const found = await entries(`?kind=security&recordType=user&recordId=${recordId}&limit=100`);
  return found.reverse().map((entry) => [entry.action, entry.summary, entry.actor.email]);
}

describe('security events in the audit log', () => {
  it('records a sign-in, a refused one, a sign-out and a first-login reset, never a password', async () => {
    const { user, email, password } = await createTestUser(t.database.db, { isFirstLogin: true });
    const lower = email.toLowerCase();

    expect((await post('/api/auth/login', { email, password: 'Wrong-guess-12' })).statusCode).toBe(
      401,
    );
    const first = await signIn(t.app, email, password);
    const reset = await post(
      '/api/auth/change-password',
      {
        email,
        currentPassword: 'Not-the-temporary-1',
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
      '10.1.0.2',
    );
    expect(reset.statusCode).toBe(401);
    const changed = await post(
      '/api/auth/change-password',
      {
        email,
        currentPassword: password,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
      '10.1.0.2',
    );
    expect(changed.statusCode).toBe(200);
    const session = changed.json().data;
    const updated = await post(
      '/api/auth/update-password',
      {
        currentPassword: 'Not-mine-at-all-3',
        newPassword: 'Third-secret-88',
        confirmPassword: 'Third-secret-88',
      },
      '10.1.0.3',
      session.tokens.accessToken,
    );
    expect(updated.statusCode).toBe(400);
    expect(
      (
        await post(
          '/api/auth/update-password',
          {
            currentPassword: NEW_PASSWORD,
            newPassword: 'Third-secret-88',
            confirmPassword: 'Third-secret-88',
          },
          '10.1.0.3',
          session.tokens.accessToken,
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/auth/logout', undefined, '10.1.0.4', session.tokens.accessToken))
        .statusCode,
    ).toBe(200);
    expect(first.sessionId).not.toBe(session.sessionId);

    expect(await eventsOf(user.id)).toEqual([
      ['account.sign-in-refused', 'Wrong password from 10.1.0.1', ''],
      ['account.sign-in', 'Signed in from 127.0.0.1', lower],
      ['account.password-reset-refused', 'Wrong temporary password from 10.1.0.2', ''],
      [
        'account.password-reset',
        'Replaced the temporary password from 10.1.0.2; every session of the account ended',
        lower,
      ],
      ['account.sign-in', 'Signed in from 10.1.0.2', lower],
      ['account.password-change-refused', 'Wrong current password from 10.1.0.3', ''],
      [
        'account.password-change',
        'Changed the password from 10.1.0.3; every other session of the account ended',
        lower,
      ],
      ['account.sign-out', 'Signed out from 10.1.0.4', lower],
    ]);

    const everything = JSON.stringify(await entries('?limit=100'));
    for (const secret of [
      password,
      NEW_PASSWORD,
      'Third-secret-88',
      'Wrong-guess-12',
      'Not-mine-at-all-3',
    ]) {
      expect(everything).not.toContain(secret);
    }
  });

  it('records a refusal for an unknown email and for a deactivated account', async () => {
    const unknown = uniqueEmail('nobody');
    expect(
      (await post('/api/auth/login', { email: unknown.toUpperCase(), password: 'Any-pass-123' }))
        .statusCode,
    ).toBe(401);
    expect(await eventsOf(unknown)).toEqual([
      ['account.sign-in-refused', 'Wrong password from 10.1.0.1 (no account has this email)', ''],
    ]);

    const { user, email, password } = await createTestUser(t.database.db, { isActive: false });
    expect((await post('/api/auth/login', { email, password })).statusCode).toBe(403);
    expect(await eventsOf(user.id)).toEqual([
      ['account.sign-in-refused', 'Account deactivated; tried from 10.1.0.1', ''],
    ]);
  });

  it('records a lock-out from one address and the account slowed down, once each', async () => {
    const { user, email } = await createTestUser(t.database.db);
    for (let attempt = 0; attempt < PAIR.max + 1; attempt += 1) {
      await post('/api/auth/login', { email, password: 'Wrong-guess-12' }, '10.2.0.1');
    }
    for (let attempt = 0; attempt < ACCOUNT.max - PAIR.max; attempt += 1) {
      await post('/api/auth/login', { email, password: 'Wrong-guess-12' }, `10.2.1.${attempt}`);
    }
    const events = await eventsOf(user.id);
    expect(events.filter(([action]) => action === 'account.sign-in-refused')).toHaveLength(
      ACCOUNT.max,
    );
    expect(events.filter(([action]) => action !== 'account.sign-in-refused')).toEqual([
      [
        'account.sign-in-locked',
        'Sign-ins from 10.2.0.1 refused for 10 minutes after 3 failed passwords',
        '',
      ],
      [
        'account.sign-in-slowed',
        'Sign-in slowed down after 5 failed passwords within 15 minutes',
        '',
      ],
    ]);
  });

  it('records a session ended because its refresh token came back', async () => {
    const { user, email, password } = await createTestUser(t.database.db);
    const session = await signIn(t.app, email, password);
    expect(
      (await requestRefresh(t.app, session.tokens.refreshToken, session.sessionId)).statusCode,
    ).toBe(200);
    await t.database.db
      .update(usedRefreshTokens)
      .set({ usedAt: sql`now() - make_interval(secs => ${REFRESH_GRACE_SECONDS + 1})` })
      .where(eq(usedRefreshTokens.sessionId, session.sessionId));
    const reused = await requestRefresh(t.app, session.tokens.refreshToken, session.sessionId);
    expect(reused.statusCode).toBe(401);
    expect((await eventsOf(user.id)).map(([action]) => action)).toEqual([
      'account.sign-in',
      'account.session-ended-by-reuse',
    ]);
  });

  it('shows security events and data changes apart', async () => {
    const created = await post(
      '/api/admin/create-batch',
      { startYear: 2041, endYear: 2045 },
      '10.3.0.1',
      admin.accessToken,
    );
    expect(created.statusCode).toBe(201);
    const security = await entries('?kind=security&limit=100');
    const data = await entries('?kind=data&limit=100');
    expect(security.length).toBeGreaterThan(0);
    expect(
      security.every((entry) =>
        (SECURITY_AUDIT_ACTIONS as readonly string[]).includes(entry.action),
      ),
    ).toBe(true);
    expect(data.map((entry) => entry.action)).toEqual(['batch.create']);
    expect((await entries('?limit=100')).length).toBe(security.length + data.length);
  });

  it('refuses a kind it does not know', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/get-audit-log?kind=logins',
      headers: bearer(admin.accessToken),
    });
    expectError(response, 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { kind: AUDIT_MESSAGES.kindInvalid },
    });
  });
});
