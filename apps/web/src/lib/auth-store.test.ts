import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeUser, storeSession } from '@/test/fake-api';
import { useAuthStore } from './auth-store';
import { setNavigate } from './navigation';
import { clearSession, saveTokens } from './session';

let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;

beforeEach(() => {
  navigate = vi.fn<(path: string) => void>();
  setNavigate(navigate);
});

afterEach(() => {
  useAuthStore.setState(useAuthStore.getInitialState(), true);
});

describe('auth store', () => {
  it('mirrors the stored session: authenticated exactly when an access token is stored', () => {
    storeSession(makeUser({ isFirstLogin: true }));
    expect(useAuthStore.getState()).toMatchObject({
      isAuthenticated: true,
      isFirstLogin: true,
      user: { email: 'admin@example.com' },
    });

    saveTokens({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(useAuthStore.getState().isAuthenticated).toBe(true);

    clearSession();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, user: null });
  });

  it('sets loading while signing in', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    fakeServer(async () => {
      await answered;
      return { status: 401, data: { success: false, message: 'Nope' } };
    });

    const pending = useAuthStore.getState().login({ email: 'a@b.co', password: 'password1' });
    expect(useAuthStore.getState().isLoading).toBe(true);
    release();
    await expect(pending).resolves.toMatchObject({ ok: false, message: 'Nope' });
    expect(useAuthStore.getState()).toMatchObject({ isLoading: false, error: 'Nope' });
  });

  it("falls back to 'An unexpected error occurred' when a sign-in failure has no message", async () => {
    fakeServer(() => {
      throw 'connection reset';
    });
    const result = await useAuthStore.getState().login({ email: 'a@b.co', password: 'password1' });
    expect(result).toMatchObject({ ok: false, message: 'An unexpected error occurred' });
  });

  it('completePasswordReset keeps the new session and clears the first-login flag', () => {
    storeSession(makeUser({ isFirstLogin: true }));
    useAuthStore.getState().completePasswordReset({
      tokens: { accessToken: 'access-2', refreshToken: 'refresh-2' },
      sessionId: 'session-2',
      user: makeUser({ isFirstLogin: false }),
    });
    expect(useAuthStore.getState()).toMatchObject({ isFirstLogin: false, isAuthenticated: true });
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ isFirstLogin: false });
    expect(localStorage.getItem('accessToken')).toBe('access-2');
  });

  it("logs out on the server, toasts 'Logged out successfully', clears everything and goes to /login", async () => {
    storeSession();
    const success = vi.spyOn(toast, 'success');
    const requests = fakeServer(() => ({
      status: 200,
      data: { success: true, message: 'Logged out successfully' },
    }));

    await useAuthStore.getState().logout();

    expect(requests[0]?.url).toBe('/auth/logout');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(success).toHaveBeenCalledWith('Logged out successfully');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({
      isAuthenticated: false,
      user: null,
      isLoading: false,
    });
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('still signs out locally when the server call fails, showing why', async () => {
    storeSession();
    const error = vi.spyOn(toast, 'error');
    fakeServer(() => ({ status: 503, data: { success: false, message: 'Service unavailable' } }));

    await useAuthStore.getState().logout();

    expect(error).toHaveBeenCalledWith('Service unavailable');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it("shows 'Logout failed. Please try again.' when the failure says nothing", async () => {
    storeSession();
    const error = vi.spyOn(toast, 'error');
    fakeServer(() => {
      throw 'connection reset';
    });

    await useAuthStore.getState().logout();

    expect(error).toHaveBeenCalledWith('Logout failed. Please try again.');
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});
