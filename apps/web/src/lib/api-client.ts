import { errorResponseSchema, refreshDataSchema, successResponse } from '@examiq/contracts';
import axios, { type AxiosError, type InternalAxiosRequestConfig, isAxiosError } from 'axios';
import { z } from 'zod';
import { navigateTo } from './navigation';
import { clearSession, getAccessToken, getRefreshToken, getSessionId, saveTokens } from './session';

/** The one HTTP client of the app (spec section 7): same-origin API, JSON, no time-out. */
export const apiClient = axios.create({
  baseURL: '/api',
  headers: { 'Content-Type': 'application/json' },
});

/**
 * These calls prove identity with a password or a refresh token: their 401 means the credential
 * was wrong, not that the access token expired, so refreshing would not help.
 */
const CREDENTIAL_PATHS = ['/auth/login', '/auth/refresh-token', '/auth/change-password'];

type RetriableConfig = InternalAxiosRequestConfig & { _retried?: boolean };

apiClient.interceptors.request.use((config) => {
  const token = getAccessToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

/** The refresh in flight; requests failing meanwhile wait for it instead of starting another. */
let refreshInFlight: Promise<string> | null = null;

function refreshAccessToken(): Promise<string> {
  refreshInFlight ??= performRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function performRefresh(): Promise<string> {
  try {
    const refreshToken = getRefreshToken();
    const sessionId = getSessionId();
    if (!refreshToken || !sessionId) throw new Error('No refresh token available');
    const response = await apiClient.post('/auth/refresh-token', { refreshToken, sessionId });
    const tokens = parseResponse(successResponse(refreshDataSchema), response.data).data;
    saveTokens(tokens);
    return tokens.accessToken;
  } catch (error) {
    console.error('Token refresh failed:', error);
    clearSession();
    navigateTo('/login');
    throw error;
  }
}

function bearerOf(config: InternalAxiosRequestConfig): string | null {
  const header = config.headers.get('Authorization');
  return typeof header === 'string' && header.startsWith('Bearer ')
    ? header.slice('Bearer '.length)
    : null;
}

apiClient.interceptors.response.use(undefined, async (error: AxiosError) => {
  const config = error.config as RetriableConfig | undefined;
  const carriedToken = config ? bearerOf(config) : null;
  if (
    error.response?.status !== 401 ||
    !config ||
    config._retried ||
    !carriedToken ||
    CREDENTIAL_PATHS.includes(config.url ?? '')
  ) {
    throw error;
  }
  config._retried = true;
  const current = getAccessToken();
  // Another request already refreshed while this one was on the wire: replay with its token.
  if (current && current !== carriedToken) return apiClient(config);
  await refreshAccessToken();
  return apiClient(config);
});

const messageSchema = z.object({ message: z.string().min(1) });

/** The message of the server's error answer (`{success:false,message}`), if it sent one. */
export function getServerMessage(error: unknown): string | undefined {
  if (!isAxiosError(error)) return undefined;
  const body = messageSchema.safeParse(error.response?.data);
  return body.success ? body.data.message : undefined;
}

/** The server's message (`{success:false,message}`), else the error's own, else the fallback. */
export function getErrorMessage(error: unknown, fallback: string): string {
  const serverMessage = getServerMessage(error);
  if (serverMessage) return serverMessage;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The `errors` map of a 400 answer, keyed by (dotted) field path. */
export function getFieldErrors(error: unknown): Record<string, string> {
  if (!isAxiosError(error)) return {};
  const body = errorResponseSchema.safeParse(error.response?.data);
  return body.success ? (body.data.errors ?? {}) : {};
}

/**
 * Whether a record lookup failed because there is no such record: a 404, or a 400 refusing the
 * id itself (a malformed link names no record either).
 */
export function isMissingRecord(error: unknown): boolean {
  if (!isAxiosError(error)) return false;
  const status = error.response?.status;
  return status === 404 || (status === 400 && 'id' in getFieldErrors(error));
}

/** Validates a response body so a server drift fails loudly here, not deep in a screen. */
export function parseResponse<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new Error('The server sent an unexpected response.');
  return parsed.data;
}
