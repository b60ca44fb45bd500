import {
  type AxiosAdapter,
  AxiosError,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { afterEach } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { type SessionUser, saveSession } from '@/lib/session';

/**
 * Tests talk to the real API client; only its transport is replaced by a function that answers
 * like the server would (axios adapters are the supported seam for this).
 */
export type FakeRoute = (
  request: InternalAxiosRequestConfig,
) => { status: number; data: unknown } | Promise<{ status: number; data: unknown }>;

const originalAdapter = apiClient.defaults.adapter;

afterEach(() => {
  apiClient.defaults.adapter = originalAdapter;
});

export function fakeServer(route: FakeRoute): InternalAxiosRequestConfig[] {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const { status, data } = await route(config);
    const response: AxiosResponse = {
      data,
      status,
      statusText: String(status),
      headers: {},
      config,
    };
    if (status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${status}`,
        AxiosError.ERR_BAD_REQUEST,
        config,
        null,
        response,
      );
    }
    return response;
  };
  apiClient.defaults.adapter = adapter;
  return requests;
}

export function bearerOf(request: InternalAxiosRequestConfig): string | undefined {
  const header = request.headers.get('Authorization');
  return typeof header === 'string' ? header : undefined;
}

export function jsonBody(request: InternalAxiosRequestConfig): unknown {
  return typeof request.data === 'string' ? JSON.parse(request.data) : request.data;
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
