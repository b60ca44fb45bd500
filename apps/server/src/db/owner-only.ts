/**
 * The embedded database's folder holds every account's data and the token signing key: only the
 * account the server runs as may read it.
 */
export const OWNER_ONLY_DIR = 0o700;
export const OWNER_ONLY_FILE = { mode: 0o600 } as const;
