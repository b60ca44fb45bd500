import { onTestFinished } from 'vitest';
import { ApiError, type ApiRequest, apiClient } from '@/lib/api-client';
import { type SessionUser, saveSession } from '@/lib/session';

/**
 * Tests talk to the real API client; only its transport is replaced by a function that answers
 * like the server would.
 */
export type FakeRoute = (
  request: ApiRequest,
) => { status: number; data: unknown } | Promise<{ status: number; data: unknown }>;

export function fakeServer(route: FakeRoute): ApiRequest[] {
  const requests: ApiRequest[] = [];
  // Per test, not per file: the test files of a worker share this module.
  const originalTransport = apiClient.transport;
  onTestFinished(() => {
    apiClient.transport = originalTransport;
  });
  apiClient.transport = async (sent) => {
    // The body as the server receives it: JSON drops undefined fields; a form goes as it is.
    const request =
      sent.data === undefined || sent.data instanceof FormData
        ? sent
        : { ...sent, data: JSON.parse(JSON.stringify(sent.data)) };
    requests.push(request);
    const response = await route(request);
    if (response.status >= 400) throw new ApiError(response);
    return response;
  };
  return requests;
}

export function bearerOf(request: ApiRequest): string | undefined {
  return request.headers.get('Authorization') ?? undefined;
}

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    _id: 'user-1',
    email: 'admin@example.com',
    role: 'admin',
    isActive: true,
    isEmailVerified: true,
    isFirstLogin: false,
    lastLogin: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A signed-in session as a previous sign-in would have stored it. */
export function storeSession(user: SessionUser = makeUser(), accessToken = 'access-1'): void {
  saveSession({ tokens: { accessToken, refreshToken: 'refresh-1' }, sessionId: 'session-1', user });
}
