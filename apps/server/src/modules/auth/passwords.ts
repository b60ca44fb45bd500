import { randomBytes, randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

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
export const hashingTurns = pLimit(availableParallelism());

export function hashPassword(password: string): Promise<string> {
  return hashingTurns(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashingTurns(() => verify(passwordHash, password));
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
