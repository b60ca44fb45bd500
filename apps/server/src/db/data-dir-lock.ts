import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { describePath } from '../config';

export const LOCK_FILE = 'server.lock';

/** Another live process holds the data directory; its message is the one line shown to the operator. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface DataDirLock {
  release(): void;
}

/**
 * Lock files this process holds. A lock naming our own pid that is not in here was left by an
 * earlier process that had the same pid (a container's pid 1 after a restart), so it is stale.
 */
const heldLocks = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function tryCreate(file: string): boolean {
  try {
    const fd = openSync(file, 'wx', 0o600);
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * PGlite does not lock its data directory and two processes opening one corrupt it, so the
 * embedded engine is only opened under this exclusive lock: a file holding the owner's pid.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const refuse = (pid: number) =>
    new DataDirLockedError(
      `Another server is using ${describePath(dataDir)} (pid ${pid}). Stop it first.`,
    );

  if (heldLocks.has(file)) throw refuse(process.pid);
  if (!tryCreate(file)) {
    const owner = readPid(file);
    if (owner !== null && owner !== process.pid && isAlive(owner)) throw refuse(owner);
    // The owner is gone (a crash or SIGKILL): take the lock over, unless another process
    // starting right now took it first.
    rmSync(file, { force: true });
    if (!tryCreate(file)) throw refuse(readPid(file) ?? 0);
  }
  heldLocks.add(file);

  return {
    release() {
      if (!heldLocks.delete(file)) return;
      if (readPid(file) === process.pid) rmSync(file, { force: true });
    },
  };
}
