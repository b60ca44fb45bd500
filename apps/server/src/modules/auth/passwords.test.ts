import { describe, expect, it } from 'vitest';
import { hashPassword, takingTurns, verifyPassword } from './passwords';

/** Lets every settled promise run its continuations. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('password hashing in turns', () => {
  it('runs at most its limit at a time, and answers every caller in turn', async () => {
    const limit = 2;
    const inTurn = takingTurns(limit);
    const running: (() => void)[] = [];
    let mostAtOnce = 0;
    const held = (value: number) =>
      inTurn(
        () =>
          new Promise<number>((resolve) => {
            running.push(() => resolve(value));
            mostAtOnce = Math.max(mostAtOnce, running.length);
          }),
      );
    const failing = inTurn(() => Promise.reject(new Error('unreadable hash')));
    const answers = [1, 2, 3, 4, 5, 6, 7].map(held);
    await expect(failing).rejects.toThrow('unreadable hash');
    await settle();
    expect(running).toHaveLength(limit);

    while (running.length > 0) {
      running.shift()?.();
      await settle();
      expect(running.length).toBeLessThanOrEqual(limit);
    }
    expect(mostAtOnce).toBe(limit);
    expect(await Promise.all(answers)).toEqual([1, 2, 3, 4, 5, 6, 7]);
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
