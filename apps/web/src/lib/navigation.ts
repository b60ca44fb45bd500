type Navigate = (path: string, state?: NavigationState) => void;

/** What the page gone to is told about why it was opened. */
export interface NavigationState {
  /** The session ended on its own (its refresh failed), so the sign-in screen says so. */
  sessionEnded?: boolean;
}

/** Until the router registers itself, fall back to a full page load. */
let navigate: Navigate = (path) => {
  window.location.assign(path);
};

/**
 * Code outside React (the API client, the auth store) must send the user to /login.
 * The router registers its navigate function here so that is a client-side navigation.
 */
export function setNavigate(fn: Navigate): void {
  navigate = fn;
}

export function navigateTo(path: string, state?: NavigationState): void {
  navigate(path, state);
}

/** Whether a location's state (react-router's `location.state`) says the session ended. */
export function isSessionEnded(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'sessionEnded' in state
    ? state.sessionEnded === true
    : false;
}
