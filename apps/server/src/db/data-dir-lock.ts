import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  linkSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describePath } from '../config';
import { OWNER_ONLY_DIR, OWNER_ONLY_FILE } from './owner-only';

/**
 * Names the process holding the lock, for the operator's message. On Linux and Windows the lock
 * itself is a socket; elsewhere it is this file.
 */
export const LOCK_FILE = 'server.lock';

/**
 * How long a lock file may stay unreadable before it counts as left by a crash, and how long a
 * refused process waits for a new owner (which takes the lock before it names itself) to
 * write its pid.
 */
const OWNER_NAMING_MS = 2_000;

/** Another live process holds the data directory; its message is the one line shown to the operator. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface DataDirLock {
  release(): void;
}

/** The lock files and socket addresses this process holds. */
const held = new Set<string>();

/**
 * An address only one process can listen on, derived from the directory's real path (so
 * `./data` and its absolute path are one lock): on Linux in the abstract socket namespace, which
 * has no file to leave behind; on Windows a named pipe. The kernel closes a process's sockets
 * when it dies, however it dies, even while it stays an unreaped zombie, and binding is atomic.
 */
function socketAddress(dataDir: string, platform: NodeJS.Platform): string | null {
  const name = `examiq-data-dir-${createHash('sha256').update(realpathSync(dataDir)).digest('hex')}`;
  if (platform === 'linux') return `\0${name}`;
  if (platform === 'win32') return `\\\\?\\pipe\\${name}`;
  return null;
}

function listen(address: string): Promise<Server | null> {
  return new Promise((resolve, reject) => {
    const server = createServer((connection) => connection.destroy());
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolve(null);
      else reject(error);
    });
    server.listen({ path: address, exclusive: true }, () => {
      // Held for the life of the process without keeping its event loop alive.
      server.unref();
      resolve(server);
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLockFile(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

function pidOf(content: string | null): number | null {
  const pid = Number.parseInt(content ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** The owner's pid from the lock file, waiting a moment for a new owner to name itself. */
async function ownerPid(file: string): Promise<number | null> {
  const deadline = Date.now() + OWNER_NAMING_MS;
  for (;;) {
    const pid = pidOf(readLockFile(file));
    if ((pid !== null && isAlive(pid)) || Date.now() >= deadline) return pid;
    await sleep(50);
  }
}

/**
 * A process as the fallback lock file names it: pid and start time, so a pid now reused by
 * another process does not pass for the owner. Null when no such process runs, or it is a
 * zombie (dead, not yet reaped).
 */
function processIdentity(pid: number): string | null {
  try {
    const [state = 'Z', ...started] = execFileSync(
      'ps',
      ['-o', 'stat=,lstart=', '-p', String(pid)],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    )
      .trim()
      .split(/\s+/);
    return state.startsWith('Z') ? null : `${pid} ${started.join(' ')}`;
  } catch {
    return null;
  }
}

/**
 * Writes the lock file whole under a temporary name and moves it into place, so a reader never
 * sees it half written: over any file there (`replace`), or only when there is none. Says
 * whether it is in place.
 */
function writeLockFile(file: string, content: string, replace: boolean): boolean {
  const staging = `${file}.${process.pid}`;
  writeFileSync(staging, content, OWNER_ONLY_FILE);
  try {
    if (replace) renameSync(staging, file);
    else linkSync(staging, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(staging, { force: true });
  }
}

/**
 * Where no socket dies with its owner: a file naming the owner by pid and start time. Taking
 * over a dead owner's file is a delete and a create, so two processes starting at that very
 * moment can both succeed here.
 */
function lockByFile(file: string): number | null {
  const identity = processIdentity(process.pid) ?? String(process.pid);
  if (writeLockFile(file, identity, false)) return null;
  const content = readLockFile(file);
  const owner = pidOf(content);
  // Without `ps`, the file names a pid only, and a reused pid passes for its owner.
  const ownerRuns =
    owner !== null &&
    (content?.includes(' ') ? processIdentity(owner) === content : isAlive(owner));
  if (ownerRuns) return owner;
  // Unreadable, it may be a crash's or a file still being written: only an old one is a crash's.
  const writtenAt = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (owner === null && Date.now() - writtenAt < OWNER_NAMING_MS) return 0;
  rmSync(file, { force: true });
  return writeLockFile(file, identity, false) ? null : (pidOf(readLockFile(file)) ?? 0);
}

/**
 * PGlite does not lock its data directory and two processes opening one corrupt it, so the
 * embedded engine is only opened under this exclusive lock. Processes in different network
 * namespaces (containers sharing a volume) do not see each other's socket.
 */
export async function lockDataDir(
  dataDir: string,
  platform: NodeJS.Platform = process.platform,
): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY_DIR });
  const file = path.join(dataDir, LOCK_FILE);
  const address = socketAddress(dataDir, platform);
  const key = address ?? file;
  const refuse = (pid: number | null) =>
    new DataDirLockedError(
      `Another server is using ${describePath(dataDir)} (pid ${pid || 'unknown'}). Stop it first.`,
    );
  if (held.has(key)) throw refuse(process.pid);

  let server: Server | null = null;
  if (address) {
    server = await listen(address);
    if (!server) throw refuse(await ownerPid(file));
    writeLockFile(file, String(process.pid), true);
  } else {
    const owner = lockByFile(file);
    if (owner !== null) throw refuse(owner);
  }
  held.add(key);

  return {
    release() {
      if (!held.delete(key)) return;
      // Before the socket closes: whoever takes the lock next writes a file of its own.
      rmSync(file, { force: true });
      server?.close();
    },
  };
}
