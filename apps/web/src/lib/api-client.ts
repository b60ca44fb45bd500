import { errorResponseSchema, refreshDataSchema, successResponse } from '@examiq/contracts';
import { z } from 'zod';
import { navigateTo } from './navigation';
import {
  clearSession,
  getAccessToken,
  getRefreshToken,
  getSessionId,
  noteSessionEnded,
  saveTokens,
} from './session';

type QueryParams = Record<string, string | number | undefined>;

/** One call of the API (spec section 7), as the transport sees it. */
export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path under /api, e.g. '/admin/get-batches'. */
  url: string;
  params?: QueryParams;
  headers: Headers;
  /** The body: JSON, or a FormData sent as multipart (a file upload). */
  data?: unknown;
  /**
   * Lets the request outlive the page (fetch's keepalive), e.g. the last save as a tab closes;
   * the browser caps such bodies at 64 KiB.
   */
  keepalive?: boolean;
  /** A file to save rather than JSON: a successful answer's body comes as a Blob. */
  file?: boolean;
  /** For an upload: called with the share of the body sent so far, 0 to 1. */
  onUploadProgress?: (sent: number) => void;
}

export interface ApiResponse {
  status: number;
  data: unknown;
}

/** A call that failed: the server answered 4xx/5xx (`response`), or no answer came (none). */
export class ApiError extends Error {
  constructor(readonly response?: ApiResponse) {
    super(response ? `Request failed with status code ${response.status}` : 'Network Error');
    this.name = 'ApiError';
  }
}

export type Transport = (request: ApiRequest) => Promise<ApiResponse>;

function urlOf({ url, params = {} }: ApiRequest): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) query.set(name, String(value));
  }
  const search = query.toString();
  return `/api${url}${search ? `?${search}` : ''}`;
}

/** Non-JSON bodies (a proxy's error page) are kept as text, for the error to carry. */
function bodyOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** An upload whose progress is shown: fetch cannot tell how much of a body it has sent. */
function sendWithProgress(
  request: ApiRequest,
  data: FormData,
  onUploadProgress: (sent: number) => void,
): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, urlOf(request));
    request.headers.forEach((value, name) => {
      xhr.setRequestHeader(name, value);
    });
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onUploadProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError());
    xhr.onload = () => {
      const response = { status: xhr.status, data: bodyOf(xhr.responseText) };
      if (xhr.status >= 200 && xhr.status < 300) resolve(response);
      else reject(new ApiError(response));
    };
    xhr.send(data);
  });
}

/** The browser's fetch, same-origin, JSON both ways, no time-out (spec section 7). */
export const fetchTransport: Transport = async (request) => {
  const headers = new Headers(request.headers);
  const { data, onUploadProgress } = request;
  // A multipart body's content type carries its boundary, which only fetch itself can write.
  const multipart = data instanceof FormData;
  if (multipart && onUploadProgress) return sendWithProgress(request, data, onUploadProgress);
  if (data !== undefined && !multipart) headers.set('Content-Type', 'application/json');
  let answer: Response;
  try {
    answer = await fetch(urlOf(request), {
      method: request.method,
      headers,
      body: data === undefined || multipart ? data : JSON.stringify(data),
      keepalive: request.keepalive,
    });
  } catch {
    throw new ApiError();
  }
  if (answer.ok && request.file) return { status: answer.status, data: await answer.blob() };
  const response = { status: answer.status, data: bodyOf(await answer.text()) };
  if (!answer.ok) throw new ApiError(response);
  return response;
};

/**
 * These calls prove identity with a password or a refresh token: their 401 means the credential
 * was wrong, not that the access token expired, so refreshing would not help.
 */
const CREDENTIAL_PATHS = ['/auth/login', '/auth/refresh-token', '/auth/change-password'];

/** The refresh in flight; requests failing meanwhile wait for it instead of starting another. */
let refreshInFlight: Promise<string> | null = null;

/** A new access token from the refresh token; a failed refresh signs the page out. */
export function refreshAccessToken(): Promise<string> {
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
    noteSessionEnded();
    clearSession();
    navigateTo('/login');
    throw error;
  }
}

/**
 * Sends with the stored access token. An expired one (401) is refreshed once and the call
 * replayed once; a call made without a token, or proving a credential, fails as it is.
 */
async function send(call: Omit<ApiRequest, 'headers'>, replay = false): Promise<ApiResponse> {
  const token = getAccessToken();
  const headers = new Headers();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    return await apiClient.transport({ ...call, headers });
  } catch (error) {
    if (
      replay ||
      !token ||
      !(error instanceof ApiError) ||
      error.response?.status !== 401 ||
      CREDENTIAL_PATHS.includes(call.url)
    ) {
      throw error;
    }
    const current = getAccessToken();
    // Another request already refreshed while this one was on the wire: replay with its token.
    if (!current || current === token) await refreshAccessToken();
    return send(call, true);
  }
}

/** The one HTTP client of the app; tests replace its transport. */
export const apiClient = {
  transport: fetchTransport,
  get: (url: string, options: { params?: QueryParams } = {}) =>
    send({ method: 'GET', url, params: options.params }),
  post: (url: string, data?: unknown) => send({ method: 'POST', url, data }),
  /** A POST of files and fields as multipart/form-data (an upload). */
  postForm: (
    url: string,
    form: FormData,
    options: { onUploadProgress?: (sent: number) => void } = {},
  ) => send({ method: 'POST', url, data: form, onUploadProgress: options.onUploadProgress }),
  put: (url: string, data?: unknown, options: { keepalive?: boolean } = {}) =>
    send({ method: 'PUT', url, data, keepalive: options.keepalive }),
  delete: (url: string) => send({ method: 'DELETE', url }),
  /** A GET whose answer is a file (an export), with the same token refresh as any call. */
  getFile: async (url: string, options: { params?: QueryParams } = {}) => {
    const { data } = await send({ method: 'GET', url, params: options.params, file: true });
    if (!(data instanceof Blob)) throw new Error('The server sent an unexpected response.');
    return data;
  },
};

const messageSchema = z.object({ message: z.string().min(1) });

/** The message of the server's error answer (`{success:false,message}`), if it sent one. */
export function getServerMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
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
  if (!(error instanceof ApiError)) return {};
  const body = errorResponseSchema.safeParse(error.response?.data);
  return body.success ? (body.data.errors ?? {}) : {};
}

/**
 * Whether a record lookup failed because there is no such record: a 404, or a 400 refusing the
 * id itself (a malformed link names no record either).
 */
export function isMissingRecord(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const status = error.response?.status;
  return status === 404 || (status === 400 && 'id' in getFieldErrors(error));
}

/** Validates a response body so a server drift fails loudly here, not deep in a screen. */
export function parseResponse<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new Error('The server sent an unexpected response.');
  return parsed.data;
}
