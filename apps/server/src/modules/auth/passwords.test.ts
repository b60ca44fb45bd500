import { availableParallelism } from 'node:os';
import { describe, expect, it, vi } from 'vitest';

/** The hashes the library has been asked for and not finished yet, each finished by hand. */
const running: (() => void)[] = [];
let mostAtOnce = 0;

vi.mock('@node-rs/argon2', () => {
  const held = <T>(value: T) =>
    new Promise<T>((resolve) => {
      running.push(() => resolve(value));
      mostAtOnce = Math.max(mostAtOnce, running.length);
    });
  return {
    hash: (password: string) => held(`hashed:${password}`),
    verify: (passwordHash: string, password: string) => held(passwordHash === `hashed:${password}`),
  };
});

const { hashPassword, verifyPassword } = await import('./passwords');

/** Lets every settled promise run its continuations. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('password hashing', () => {
  it('runs at most one hash a core at a time, and answers every caller in turn', async () => {
    const cores = availableParallelism();
    const asked = cores * 3;
    const verified = Array.from({ length: asked }, (_, k) =>
      verifyPassword('hashed:right', k % 2 === 0 ? 'right' : 'wrong'),
    );
    const hashed = hashPassword('new');
    await settle();
    expect(running).toHaveLength(cores);

    while (running.length > 0) {
      running.shift()?.();
      await settle();
      expect(running.length).toBeLessThanOrEqual(cores);
    }
    expect(mostAtOnce).toBe(cores);
    expect(await Promise.all(verified)).toEqual(
      Array.from({ length: asked }, (_, k) => k % 2 === 0),
    );
    expect(await hashed).toBe('hashed:new');
  });
});
