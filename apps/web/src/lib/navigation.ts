type Navigate = (path: string) => void;

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

export function navigateTo(path: string): void {
  navigate(path);
}
