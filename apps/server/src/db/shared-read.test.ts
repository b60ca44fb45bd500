import { describe, expect, it } from 'vitest';
import { sharedRead } from './shared-read';

/** A read whose runs are numbered and finish only when the test says so. */
function controlledRead() {
  const finishers: Array<(fail?: boolean) => void> = [];
  const keys: string[] = [];
  const read = sharedRead(
    (key: string) =>
      new Promise<number>((resolve, reject) => {
        const run = finishers.length + 1;
        keys.push(key);
        finishers.push((fail) => (fail ? reject(new Error(`run ${run} failed`)) : resolve(run)));
      }),
  );
  const finish = async (run: number, fail = false) => {
    finishers[run - 1]?.(fail);
    // Lets the callers' continuations, and the start of the next run, take place.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { read: (key = 'a') => read(key), finish, runs: () => finishers.length, keys };
}

describe('sharedRead', () => {
  it('runs the read for a caller alone, and again for the next caller', async () => {
    const { read, finish, runs } = controlledRead();
    const first = read();
    await finish(1);
    await expect(first).resolves.toBe(1);
    const second = read();
    await finish(2);
    await expect(second).resolves.toBe(2);
    expect(runs()).toBe(2);
  });

  it('never answers a caller with a run that began before its call', async () => {
    const { read, finish, runs } = controlledRead();
    const early = read();
    const late = read();
    expect(runs()).toBe(1);
    await finish(1);
    await expect(early).resolves.toBe(1);
    expect(runs()).toBe(2);
    await finish(2);
    await expect(late).resolves.toBe(2);
  });

  it('lets every caller arriving during a run share the next run', async () => {
    const { read, finish, runs } = controlledRead();
    const first = read();
    const waiting = [read(), read(), read()];
    await finish(1);
    await finish(2);
    await expect(first).resolves.toBe(1);
    await expect(Promise.all(waiting)).resolves.toEqual([2, 2, 2]);
    expect(runs()).toBe(2);
  });

  it('hands a failure to the callers of that run only, and runs again for those waiting', async () => {
    const { read, finish } = controlledRead();
    const failing = read();
    const waiting = read();
    await finish(1, true);
    await expect(failing).rejects.toThrow('run 1 failed');
    await finish(2);
    await expect(waiting).resolves.toBe(2);
  });

  it('runs the read of each key on its own', async () => {
    const { read, finish, keys } = controlledRead();
    const first = read('a');
    const other = read('b');
    const waiting = read('a');
    expect(keys).toEqual(['a', 'b']);
    await finish(1);
    await finish(2);
    await expect(first).resolves.toBe(1);
    await expect(other).resolves.toBe(2);
    expect(keys).toEqual(['a', 'b', 'a']);
    await finish(3);
    await expect(waiting).resolves.toBe(3);
  });
});
