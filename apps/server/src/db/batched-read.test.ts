import { describe, expect, it } from 'vitest';
import { batchedRead } from './batched-read';

/** The next turn of the event loop, where a read with no run under way begins. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** A read whose runs are numbered, record their keys and finish only when the test says so. */
function controlledRead() {
  const finishers: Array<(fail?: boolean) => void> = [];
  const batches: string[][] = [];
  const read = batchedRead(
    (keys: string[]) =>
      new Promise<Map<string, string>>((resolve, reject) => {
        const run = finishers.length + 1;
        batches.push(keys);
        finishers.push((fail) =>
          fail
            ? reject(new Error(`run ${run} failed`))
            : resolve(
                new Map(keys.filter((key) => key !== 'absent').map((key) => [key, `${key}${run}`])),
              ),
        );
      }),
  );
  const finish = async (run: number, fail = false) => {
    await turn();
    finishers[run - 1]?.(fail);
    // Lets the callers' continuations, and the start of the next run, take place.
    await turn();
  };
  return { read, finish, batches };
}

describe('batchedRead', () => {
  it('runs the read for a caller alone, and again for the next caller', async () => {
    const { read, finish, batches } = controlledRead();
    const first = read('a');
    await finish(1);
    await expect(first).resolves.toBe('a1');
    const second = read('a');
    await finish(2);
    await expect(second).resolves.toBe('a2');
    expect(batches).toEqual([['a'], ['a']]);
  });

  it('reads the keys of the callers of one turn together', async () => {
    const { read, finish, batches } = controlledRead();
    const callers = [read('a'), read('b'), read('a')];
    await finish(1);
    await expect(Promise.all(callers)).resolves.toEqual(['a1', 'b1', 'a1']);
    expect(batches).toEqual([['a', 'b']]);
  });

  it('never answers a caller with a run that began before its call', async () => {
    const { read, finish, batches } = controlledRead();
    const early = read('a');
    await turn();
    const late = read('a');
    expect(batches).toEqual([['a']]);
    await finish(1);
    await expect(early).resolves.toBe('a1');
    expect(batches).toEqual([['a'], ['a']]);
    await finish(2);
    await expect(late).resolves.toBe('a2');
  });

  it('reads the keys of every caller arriving during a run together in the next run', async () => {
    const { read, finish, batches } = controlledRead();
    const first = read('a');
    await turn();
    const waiting = [read('b'), read('c'), read('b'), read('absent')];
    await finish(1);
    await finish(2);
    await expect(first).resolves.toBe('a1');
    await expect(Promise.all(waiting)).resolves.toEqual(['b2', 'c2', 'b2', undefined]);
    expect(batches).toEqual([['a'], ['b', 'c', 'absent']]);
  });

  it('hands a failure to the callers of that run only, and runs again for those waiting', async () => {
    const { read, finish } = controlledRead();
    const failing = read('a');
    await turn();
    const waiting = read('a');
    const failed = expect(failing).rejects.toThrow('run 1 failed');
    await finish(1, true);
    await failed;
    await finish(2);
    await expect(waiting).resolves.toBe('a2');
  });
});
