import { chmodSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database's folder holds every account's data and the token signing key: only the
 * account the server runs as may read it.
 */
export const OWNER_ONLY_DIR = 0o700;
export const OWNER_ONLY_FILE = { mode: 0o600 } as const;

/** Makes a folder and everything in it the owner's alone. */
export function restrictToOwner(dir: string): void {
  chmodSync(dir, OWNER_ONLY_DIR);
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isSymbolicLink()) continue;
    chmodSync(
      path.join(entry.parentPath, entry.name),
      entry.isDirectory() ? OWNER_ONLY_DIR : OWNER_ONLY_FILE.mode,
    );
  }
}
