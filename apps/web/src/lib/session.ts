import { STORAGE_KEYS, type Tokens, userSchema } from '@examiq/contracts';
import { z } from 'zod';

/**
 * The stored session (spec section 3): tokens, session id and user in local storage.
 * Everything that reads or writes them goes through here, so listeners (the auth store)
 * learn about every change, including a token refresh or another tab signing out.
 */

/**
 * The signed-in user as the browser keeps it. The role stays as the server wrote it: roles are
 * compared case-insensitively (normalizeRole) and an unknown role must still sign in (to /).
 */
export const sessionUserSchema = userSchema.extend({ role: z.string() });
export type SessionUser = z.infer<typeof sessionUserSchema>;

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeToSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  const keys: readonly string[] = Object.values(STORAGE_KEYS);
  window.addEventListener('storage', (event) => {
    if (event.key === null || keys.includes(event.key)) notify();
  });
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getAccessToken(): string | null {
  return read(STORAGE_KEYS.accessToken);
}

export function getRefreshToken(): string | null {
  return read(STORAGE_KEYS.refreshToken);
}

export function getSessionId(): string | null {
  return read(STORAGE_KEYS.sessionId);
}

/** A stored user that is not valid JSON of the user shape counts as no user. */
export function getStoredUser(): SessionUser | null {
  const raw = read(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const parsed = sessionUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveSession(session: {
  tokens: Tokens;
  sessionId: string;
  user: SessionUser;
}): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, session.tokens.accessToken);
  localStorage.setItem(STORAGE_KEYS.refreshToken, session.tokens.refreshToken);
  localStorage.setItem(STORAGE_KEYS.sessionId, session.sessionId);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
  notify();
}

/** A refresh rotates both tokens; the session id stays the same. */
export function saveTokens(tokens: Tokens): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, tokens.accessToken);
  localStorage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
  notify();
}

export function clearSession(): void {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
  notify();
}

/**
 * Whether the sign-in screen should say the session ended on its own (its refresh failed). Kept
 * for the tab in session storage, not in the route's state: the route guard sends the same
 * browser to /login at the same moment, without state.
 */
const SESSION_ENDED_KEY = 'sessionEnded';

export function noteSessionEnded(): void {
  try {
    sessionStorage.setItem(SESSION_ENDED_KEY, 'true');
  } catch {
    // Without storage the sign-in screen simply does not say why.
  }
}

export function wasSessionEnded(): boolean {
  try {
    return sessionStorage.getItem(SESSION_ENDED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Said once: a later visit to the sign-in screen has nothing to explain. */
export function forgetSessionEnded(): void {
  try {
    sessionStorage.removeItem(SESSION_ENDED_KEY);
  } catch {
    // Nothing was stored.
  }
}
