import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { hashingTurns, hashPassword, verifyPassword } from './passwords';

describe('password hashing in turns', () => {
  it('hashes at most one password a core at a time, and answers every caller', async () => {
    const cores = availableParallelism();
    const passwords = Array.from({ length: cores * 3 }, (_, i) => `Correct-horse-${i}`);
    const hashes = passwords.map((password) => hashPassword(password));
    expect(hashingTurns.activeCount).toBe(cores);
    expect(hashingTurns.pendingCount).toBe(cores * 2);
    const stored = await Promise.all(hashes);
    expect(hashingTurns.activeCount + hashingTurns.pendingCount).toBe(0);
    const checks = await Promise.all(
      stored.map((passwordHash, i) => verifyPassword(passwordHash, passwords[i] ?? '')),
    );
    expect(checks.every(Boolean)).toBe(true);
  });

  it('verifies a password against its hash', async () => {
    const passwordHash = await hashPassword('Correct-horse-9');
    const checks = await Promise.all(
      ['Correct-horse-9', 'Wrong-horse-9', 'Correct-horse-9'].map((password) =>
        verifyPassword(passwordHash, password),
      ),
    );
    expect(checks).toEqual([true, false, true]);
  });
});
