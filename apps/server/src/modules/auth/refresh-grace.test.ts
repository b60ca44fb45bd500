import { AUTH_MESSAGES, refreshDataSchema, successResponse } from '@examiq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { TEST_ENGINE } from '../../test/database';
import { bearer, createSignedInUser, requestRefresh } from '../../test/users';
import { REFRESH_GRACE_SECONDS } from './sessions';
import { verifyAccessToken } from './tokens';

const refreshed = successResponse(refreshDataSchema);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function me(accessToken: string) {
  return (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(accessToken) }))
    .statusCode;
}

async function sessionRow(id: string) {
  const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, id));
  return row;
}

describe(`refreshes with the same token within ${REFRESH_GRACE_SECONDS} s (two tabs) on ${TEST_ENGINE}`, () => {
  it('answer every one of them with the same new refresh token and keep the session', async () => {
    const user = await createSignedInUser(t.app, t.database.db);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => requestRefresh(t.app, user.refreshToken, user.sessionId)),
    );

    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    const pairs = responses.map((response) => refreshed.parse(response.json()).data);
    const newToken = pairs[0]?.refreshToken;
    expect(newToken).not.toBe(user.refreshToken);
    expect(new Set(pairs.map((pair) => pair.refreshToken))).toEqual(new Set([newToken]));
    for (const pair of pairs) {
      expect(await verifyAccessToken(t.config, pair.accessToken)).toMatchObject({
        userId: user.user.id,
        sessionId: user.sessionId,
      });
      expect(await me(pair.accessToken)).toBe(200);
    }
    expect((await sessionRow(user.sessionId))?.revokedAt).toBeNull();

    // The shared new token goes on rotating as usual.
    expect((await requestRefresh(t.app, newToken ?? '', user.sessionId)).statusCode).toBe(200);
  });

  it('answer a late second tab the same pair, one after the other', async () => {
    const user = await createSignedInUser(t.app, t.database.db);
    const first = refreshed.parse(
      (await requestRefresh(t.app, user.refreshToken, user.sessionId)).json(),
    ).data;
    const second = await requestRefresh(t.app, user.refreshToken, user.sessionId);
    expect(second.statusCode).toBe(200);
    expect(refreshed.parse(second.json()).data.refreshToken).toBe(first.refreshToken);
  });

  it('still end a session signed out in between', async () => {
    const user = await createSignedInUser(t.app, t.database.db);
    expect((await requestRefresh(t.app, user.refreshToken, user.sessionId)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(user.accessToken),
    });
    const again = await requestRefresh(t.app, user.refreshToken, user.sessionId);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(AUTH_MESSAGES.invalidRefreshToken);
  });
});
