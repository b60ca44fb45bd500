/** Business constants of spec section 9. */
export const LIST_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const LOGIN_REDIRECT_DELAY_MS = 100;
export const TABLE_SKELETON_ROWS = 10;

export const TOAST_DURATIONS_MS = {
  error: 4000,
  success: 2000,
  blank: 4000,
  custom: 4000,
  loading: Number.POSITIVE_INFINITY,
} as const;
export const TOAST_LIMIT = 20;

/** Browser local storage keys of the stored session (spec section 3). */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  sessionId: 'sessionId',
  user: 'user',
} as const;
