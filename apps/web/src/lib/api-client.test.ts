import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bearerOf, fakeServer, storeSession } from '@/test/fake-api';
import {
  ApiError,
  apiClient,
  fetchTransport,
  getErrorMessage,
  getServerMessage,
} from './api-client';
import { setNavigate } from './navigation';
import { saveTokens, wasSessionEnded } from './session';

const unauthorized = {
  status: 401,
  data: { success: false, message: 'Your session has expired.' },
};

let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;

beforeEach(() => {
  navigate = vi.fn<(path: string) => void>();
  setNavigate(navigate);
});

describe('api client', () => {
  it('sends the stored bearer token', async () => {
    storeSession();
    const requests = fakeServer(() => ({ status: 200, data: { success: true } }));

    await apiClient.post('/admin/create-batch', { startYear: 2024 });

    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/admin/create-batch',
      data: { startYear: 2024 },
    });
    expect(bearerOf(requests[0] ?? ({} as never))).toBe('Bearer access-1');
  });

  it('refreshes once for three concurrent 401s and replays each with the new token', async () => {
    storeSession();
    let refreshes = 0;
    const requests = fakeServer(async (request) => {
      if (request.url === '/auth/refresh-token') {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return {
          status: 200,
          data: { success: true, data: { accessToken: 'access-2', refreshToken: 'refresh-2' } },
        };
      }
      return bearerOf(request) === 'Bearer access-2'
        ? { status: 200, data: { url: request.url } }
        : unauthorized;
    });

    const results = await Promise.all([
      apiClient.get('/admin/get-batches'),
      apiClient.get('/admin/get-courses'),
      apiClient.get('/auth/me'),
    ]);

    expect(results.map((r) => (r.data as { url: string }).url)).toEqual([
      '/admin/get-batches',
      '/admin/get-courses',
      '/auth/me',
    ]);
    expect(refreshes).toBe(1);
    const refresh = requests.find((r) => r.url === '/auth/refresh-token');
    expect(refresh?.data).toEqual({
      refreshToken: 'refresh-1',
      sessionId: 'session-1',
    });
    const replays = requests.filter((r) => r.url !== '/auth/refresh-token').slice(3);
    expect(replays.map((r) => bearerOf(r))).toEqual(Array(3).fill('Bearer access-2'));
    expect(localStorage.getItem('accessToken')).toBe('access-2');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
    expect(localStorage.getItem('sessionId')).toBe('session-1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('replays without refreshing when another request already refreshed meanwhile', async () => {
    storeSession();
    const requests = fakeServer((request) => {
      if (bearerOf(request) === 'Bearer access-2') return { status: 200, data: { ok: true } };
      // This request's old token is answered after a refresh elsewhere stored a new one.
      saveTokens({ accessToken: 'access-2', refreshToken: 'refresh-2' });
      return unauthorized;
    });

    await expect(apiClient.get('/auth/me')).resolves.toMatchObject({ data: { ok: true } });

    expect(requests.map((r) => [r.url, bearerOf(r)])).toEqual([
      ['/auth/me', 'Bearer access-1'],
      ['/auth/me', 'Bearer access-2'],
    ]);
  });

  it('retries a request only once', async () => {
    storeSession();
    const requests = fakeServer((request) =>
      request.url === '/auth/refresh-token'
        ? { status: 200, data: { success: true, data: { accessToken: 'a2', refreshToken: 'r2' } } }
        : unauthorized,
    );

    await expect(apiClient.get('/auth/me')).rejects.toMatchObject({ response: { status: 401 } });

    expect(requests.map((r) => r.url)).toEqual(['/auth/me', '/auth/refresh-token', '/auth/me']);
  });

  it('without a refresh token raises "No refresh token available", clears the session and goes to /login', async () => {
    storeSession();
    localStorage.removeItem('refreshToken');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const requests = fakeServer(() => unauthorized);

    await expect(apiClient.get('/auth/me')).rejects.toThrow('No refresh token available');

    expect(requests).toHaveLength(1);
    expect(logged).toHaveBeenCalledWith('Token refresh failed:', expect.any(Error));
    for (const key of ['accessToken', 'refreshToken', 'sessionId', 'user']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('without a session id does not try to refresh either', async () => {
    storeSession();
    localStorage.removeItem('sessionId');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeServer(() => unauthorized);

    await expect(apiClient.get('/auth/me')).rejects.toThrow('No refresh token available');
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('logs "Token refresh failed:", clears the session and goes to /login when the refresh is refused', async () => {
    storeSession();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeServer(() => unauthorized);

    await expect(apiClient.get('/auth/me')).rejects.toBeInstanceOf(ApiError);

    expect(logged).toHaveBeenCalledWith('Token refresh failed:', expect.any(ApiError));
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(wasSessionEnded()).toBe(true);
  });

  it('does not refresh for calls made without a token or for credential checks', async () => {
    const requests = fakeServer(() => unauthorized);

    await expect(apiClient.get('/auth/me')).rejects.toBeInstanceOf(ApiError);
    storeSession();
    await expect(
      apiClient.post('/auth/login', { email: 'a@b.co', password: 'wrong-password' }),
    ).rejects.toBeInstanceOf(ApiError);

    expect(requests.map((r) => r.url)).toEqual(['/auth/me', '/auth/login']);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('passes other errors to the caller untouched', async () => {
    storeSession();
    fakeServer(() => ({ status: 403, data: { success: false, message: 'Forbidden' } }));

    await expect(apiClient.get('/admin/get-batches')).rejects.toMatchObject({
      response: { status: 403 },
    });
    expect(localStorage.getItem('accessToken')).toBe('access-1');
  });
});

describe('getErrorMessage', () => {
  it('prefers the server message, then the error message, then the fallback', async () => {
    fakeServer(() => ({
      status: 400,
      data: { success: false, message: 'Invalid email or password' },
    }));
    const serverError = await apiClient.get('/x').catch((error: unknown) => error);

    expect(getErrorMessage(serverError, 'fallback')).toBe('Invalid email or password');
    expect(getErrorMessage(new Error('Network Error'), 'fallback')).toBe('Network Error');
    expect(getErrorMessage('weird', 'fallback')).toBe('fallback');
  });
});

describe('getServerMessage', () => {
  it("reads only the server's own message", async () => {
    fakeServer(() => ({
      status: 409,
      data: { success: false, message: 'Batch 2024-2028 exists' },
    }));
    const serverError = await apiClient.get('/x').catch((error: unknown) => error);
    fakeServer(() => ({ status: 500, data: 'Internal Server Error' }));
    const bareError = await apiClient.get('/x').catch((error: unknown) => error);

    expect(getServerMessage(serverError)).toBe('Batch 2024-2028 exists');
    expect(getServerMessage(bareError)).toBeUndefined();
    expect(getServerMessage(new Error('Network Error'))).toBeUndefined();
  });
});

describe('fetch transport', () => {
  const headers = new Headers({ Authorization: 'Bearer access-1' });

  function answering(response: Response | Error) {
    const fetch = vi.fn<typeof globalThis.fetch>(() =>
      response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
    );
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends JSON to /api, with the query, the token and no time-out, and reads JSON back', async () => {
    const fetch = answering(Response.json({ success: true, data: [] }, { status: 201 }));

    const response = await fetchTransport({
      method: 'POST',
      url: '/admin/create-batch',
      params: { page: 2, search: 'a b', courseId: undefined },
      headers,
      data: { startYear: 2024 },
    });

    expect(response).toEqual({ status: 201, data: { success: true, data: [] } });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/admin/create-batch?page=2&search=a+b');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"startYear":2024}');
    expect(init?.signal).toBeUndefined();
    const sent = new Headers(init?.headers);
    expect(sent.get('Content-Type')).toBe('application/json');
    expect(sent.get('Authorization')).toBe('Bearer access-1');
  });

  it('sends a PUT with keepalive, so the last save outlives a closing page', async () => {
    const fetch = answering(Response.json({ success: true, data: { ackSeq: 3 } }));
    storeSession();

    await apiClient.put('/student/save-answers/a1', { seq: 3, answers: [] }, { keepalive: true });

    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/student/save-answers/a1');
    expect(init).toMatchObject({ method: 'PUT', keepalive: true, body: '{"seq":3,"answers":[]}' });
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer access-1');
  });

  it('sends a form as it is, leaving its multipart content type to fetch', async () => {
    const fetch = answering(Response.json({ success: true, data: {} }));
    storeSession();
    const form = new FormData();
    form.append('file', new File(['email\n'], 'people.csv', { type: 'text/csv' }));

    await apiClient.postForm('/admin/import-preview/students', form);

    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/admin/import-preview/students');
    expect(init).toMatchObject({ method: 'POST', body: form });
    const sent = new Headers(init?.headers);
    expect(sent.has('Content-Type')).toBe(false);
    expect(sent.get('Authorization')).toBe('Bearer access-1');
  });

  it('sends no body and no content type when there is nothing to send', async () => {
    const fetch = answering(new Response(null, { status: 204 }));

    await expect(fetchTransport({ method: 'POST', url: '/auth/logout', headers })).resolves.toEqual(
      { status: 204, data: '' },
    );
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });

  it("fails with the server's answer on an error status, keeping a non-JSON body as text", async () => {
    answering(
      Response.json({ success: false, message: 'Batch 2024-2028 exists' }, { status: 409 }),
    );
    const conflict = await fetchTransport({ method: 'GET', url: '/x', headers }).catch((e) => e);
    answering(new Response('Bad Gateway', { status: 502 }));
    const gateway = await fetchTransport({ method: 'GET', url: '/x', headers }).catch((e) => e);

    expect(conflict).toBeInstanceOf(ApiError);
    expect(conflict.response).toEqual({
      status: 409,
      data: { success: false, message: 'Batch 2024-2028 exists' },
    });
    expect(getServerMessage(conflict)).toBe('Batch 2024-2028 exists');
    expect(gateway.response).toEqual({ status: 502, data: 'Bad Gateway' });
    expect(getServerMessage(gateway)).toBeUndefined();
  });

  it('fails with "Network Error" and no answer when the connection is lost', async () => {
    answering(new TypeError('Failed to fetch'));

    const lost = await fetchTransport({ method: 'GET', url: '/x', headers }).catch((e) => e);

    expect(lost).toBeInstanceOf(ApiError);
    expect(lost.message).toBe('Network Error');
    expect(lost.response).toBeUndefined();
  });
});
