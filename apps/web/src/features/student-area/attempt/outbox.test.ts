import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { getOutbox, memoryOutbox, type Outbox, type OutboxEntry } from './outbox';

const ATTEMPT = 'attempt-1';

function entry(questionId: string, seq: number, text = `answer ${seq}`): OutboxEntry {
  return {
    attemptId: ATTEMPT,
    questionId,
    selectedOptionId: null,
    text,
    markedForReview: false,
    seq,
  };
}

const byQuestion = (entries: OutboxEntry[]) =>
  [...entries].sort((a, b) => a.questionId.localeCompare(b.questionId));

describe.each([
  ['IndexedDB', getOutbox],
  ['memory', async () => memoryOutbox()],
])('the %s outbox', (_name, open: () => Promise<Outbox>) => {
  let outbox: Outbox;

  beforeEach(async () => {
    outbox = await open();
    await outbox.clear(ATTEMPT);
    await outbox.clear('attempt-2');
  });

  it("keeps each question's latest answer, per attempt", async () => {
    await outbox.put(entry('q1', 3));
    await outbox.put(entry('q1', 4, 'changed'));
    await outbox.put(entry('q2', 4));
    await outbox.put({ ...entry('q1', 9), attemptId: 'attempt-2' });

    expect(byQuestion(await outbox.pending(ATTEMPT))).toEqual([
      entry('q1', 4, 'changed'),
      entry('q2', 4),
    ]);
    expect(await outbox.pending('attempt-2')).toHaveLength(1);
  });

  it('drops only the entries a save of that seq or a later one carried', async () => {
    await outbox.put(entry('q1', 3));
    await outbox.put(entry('q2', 4));
    await outbox.put(entry('q3', 5));

    await outbox.removeUpTo(ATTEMPT, 4);

    expect(await outbox.pending(ATTEMPT)).toEqual([entry('q3', 5)]);
  });

  it("clears one attempt's entries and leaves the others", async () => {
    await outbox.put(entry('q1', 3));
    await outbox.put({ ...entry('q1', 3), attemptId: 'attempt-2' });

    await outbox.clear(ATTEMPT);

    expect(await outbox.pending(ATTEMPT)).toEqual([]);
    expect(await outbox.pending('attempt-2')).toHaveLength(1);
  });
});

describe('the device outbox', () => {
  it('is opened once and survives the page: a new connection reads what was written', async () => {
    const outbox = await getOutbox();
    expect(await getOutbox()).toBe(outbox);
    await outbox.clear(ATTEMPT);
    await outbox.clear('attempt-2');
    await outbox.put(entry('q1', 3));

    const request = indexedDB.open('examiq-outbox');
    const database = await new Promise<IDBDatabase>((resolve) => {
      request.onsuccess = () => resolve(request.result);
    });
    const stored = await new Promise((resolve) => {
      const read = database.transaction('answers').objectStore('answers').getAll();
      read.onsuccess = () => resolve(read.result);
    });
    database.close();

    expect(stored).toEqual([entry('q1', 3)]);
  });
});
