import { randomBytes, randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/**
 * OWASP's argon2id parameters. The algorithm is the library's default (argon2id): its `Algorithm`
 * const enum cannot be imported under isolatedModules.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2id runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise) and
 * is memory-hard: more hashes at once than the machine has cores share those cores with the main
 * thread and the database, and leave no pool thread to the files and look-ups that share it. So
 * at most one hash a core runs at a time; the others wait their turn here, first come first
 * served.
 */
const inTurn = takingTurns(availableParallelism());

/**
 * Runs work at most `limit` at a time, first come first served: the caller beyond the limit
 * waits until one before it ends.
 */
export function takingTurns(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running < limit) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The turn passes straight to the next in line, so `running` counts only what runs.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

export function hashPassword(password: string): Promise<string> {
  return inTurn(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await inTurn(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time a real verification takes, so an unknown email is not told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
  return false;
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 20 characters from a 56-letter alphabet without look-alikes (about 116 bits). */
export function generatePassword(length = 20): string {
  return Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join(
    '',
  );
}
