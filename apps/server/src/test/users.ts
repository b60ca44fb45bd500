import { randomBytes } from 'node:crypto';
import type { LoginData, Role } from '@examiq/contracts';
import type { App } from '../app';
import type { Config } from '../config';
import type { AppDatabase } from '../db/client';
import { type AccessTokenClaims, signAccessToken } from '../modules/auth/tokens';
import { createUser, type UserRow } from '../modules/users/users.service';

const TEST_PASSWORD = 'Correct-horse-9';

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

export interface TestUser {
  user: UserRow;
  email: string;
  password: string;
}

export async function createTestUser(
  db: AppDatabase,
  options: {
    role?: Role;
    email?: string;
    password?: string;
    isFirstLogin?: boolean;
    isActive?: boolean;
  } = {},
): Promise<TestUser> {
  const role = options.role ?? 'student';
  const email = options.email ?? uniqueEmail(role);
  const password = options.password ?? TEST_PASSWORD;
  const user = await createUser(db, {
    email,
    password,
    role,
    isFirstLogin: options.isFirstLogin ?? false,
    isActive: options.isActive ?? true,
  });
  return { user, email, password };
}

export function bearer(accessToken: string): { authorization: string } {
  return { authorization: `Bearer ${accessToken}` };
}

/** Signs in through the API; fails the test unless the sign-in succeeds. */
export async function signIn(app: App, email: string, password: string): Promise<LoginData> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`Sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  }
  return response.json().data;
}

/**
 * Replaces a new account's default password, as a new student or faculty member must before any
 * route but the sign-in's own answers them, and goes on in the session the reset starts.
 */
export async function signInFirstTime(
  app: App,
  email: string,
  defaultPassword: string,
): Promise<LoginData> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    payload: {
      email,
      currentPassword: defaultPassword,
      newPassword: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    },
  });
  if (response.statusCode !== 200) {
    throw new Error(`Password change of ${email} failed: ${response.statusCode} ${response.body}`);
  }
  return response.json().data;
}

/** Asks for a session's new tokens with a refresh token; the response, whatever it is. */
export function requestRefresh(app: App, refreshToken: string, sessionId: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/refresh-token',
    payload: { refreshToken, sessionId },
  });
}

export interface SignedInUser extends TestUser {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
}

export async function createSignedInUser(
  app: App,
  db: AppDatabase,
  role: Role = 'student',
): Promise<SignedInUser> {
  const account = await createTestUser(db, { role });
  const { tokens, sessionId } = await signIn(app, account.email, account.password);
  return { ...account, ...tokens, sessionId };
}

/** A correctly signed access token that expired a minute ago. */
export function mintExpiredToken(config: Config, claims: AccessTokenClaims): Promise<string> {
  return signAccessToken(config, claims, new Date(Date.now() - 60_000));
}
