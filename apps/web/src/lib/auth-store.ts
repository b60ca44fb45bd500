import {
  AUTH_MESSAGES,
  type LoginInput,
  loginDataSchema,
  successResponse,
} from '@examiq/contracts';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { create } from 'zustand';
import { apiClient, getErrorMessage, getFieldErrors, parseResponse } from './api-client';
import { navigateTo } from './navigation';
import {
  clearSession,
  getAccessToken,
  getStoredUser,
  type SessionUser,
  saveSession,
  sessionUserSchema,
  subscribeToSession,
} from './session';

export type LoginResult =
  | { ok: true; message: string; user: SessionUser }
  | { ok: false; message: string; fieldErrors: Record<string, string> };

interface AuthState {
  user: SessionUser | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  error: string | null;
  isFirstLogin: boolean;
  login: (credentials: LoginInput) => Promise<LoginResult>;
  /** The first-login reset succeeded: the server's new session replaces the old one. */
  completePasswordReset: (session: SignedInSession) => void;
  logout: () => Promise<void>;
}

/** What a sign-in and a first-login password reset answer: a new session. */
export const signedInResponseSchema = successResponse(
  loginDataSchema.extend({ user: sessionUserSchema }),
);
type SignedInSession = z.infer<typeof signedInResponseSchema>['data'];

/** The part of the state that mirrors local storage. */
function storedState() {
  const user = getStoredUser();
  return {
    user,
    isAuthenticated: getAccessToken() !== null,
    isFirstLogin: user?.isFirstLogin ?? false,
  };
}

export const useAuthStore = create<AuthState>()((set) => ({
  ...storedState(),
  isLoading: false,
  error: null,

  async login(credentials) {
    set({ isLoading: true, error: null });
    try {
      const response = await apiClient.post('/auth/login', credentials);
      const body = parseResponse(signedInResponseSchema, response.data);
      saveSession(body.data);
      set({ isLoading: false });
      return {
        ok: true,
        message: body.message ?? AUTH_MESSAGES.loginSuccess,
        user: body.data.user,
      };
    } catch (error) {
      const message = getErrorMessage(error, 'An unexpected error occurred');
      set({ user: null, isLoading: false, error: message });
      return { ok: false, message, fieldErrors: getFieldErrors(error) };
    }
  },

  completePasswordReset(session) {
    saveSession(session);
  },

  async logout() {
    set({ isLoading: true });
    try {
      await apiClient.post('/auth/logout');
      toast.success(AUTH_MESSAGES.loggedOut);
    } catch (error) {
      toast.error(getErrorMessage(error, 'Logout failed. Please try again.'));
    } finally {
      clearSession();
      set({ isLoading: false });
      navigateTo('/login');
    }
  },
}));

// Keep the store in step with storage changes made elsewhere: a token refresh, the API client
// dropping a dead session, or another tab signing in or out.
subscribeToSession(() => {
  useAuthStore.setState(storedState());
});
