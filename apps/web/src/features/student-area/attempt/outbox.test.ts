import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  getOutbox,
  memoryOutbox,
  type Outbox,
  type OutboxEntry,
  openIndexedDbOutbox,
  type PendingFile,
} from './outbox';

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

/**
 * A photo chosen for a question. Node's Blob, which IndexedDB's structured clone keeps in this
 * test environment as a browser keeps a File; jsdom's own Blob would lose its bytes.
 */
function photo(id: string, chosenAt: number, attemptId = ATTEMPT): PendingFile {
  return {
    id,
    attemptId,
    questionId: 'q-upload',
    fileName: `${id}.png`,
    blob: new NodeBlob([`bytes of ${id}`], { type: 'image/png' }) as unknown as Blob,
    chosenAt,
  };
}

describe('a device whose outbox has only answers (version 1)', () => {
  const openVersion1 = (name: string) =>
    openDB(name, 1, {
      upgrade(database) {
        database
          .createObjectStore('answers', { keyPath: ['attemptId', 'questionId'] })
          .createIndex('attemptId', 'attemptId');
      },
    });

  it('keeps them when the outbox gains its files', async () => {
    const old = await openVersion1('outbox-upgraded');
    await old.put('answers', entry('q1', 3));
    old.close();

    const outbox = await openIndexedDbOutbox('outbox-upgraded');
    await outbox.putFile(photo('p1', 1));

    expect(await outbox.pending(ATTEMPT)).toEqual([entry('q1', 3)]);
    expect(await outbox.pendingFiles(ATTEMPT)).toHaveLength(1);
  });

  it('does not wait for an older tab that holds it open', async () => {
    const olderTab = await openVersion1('outbox-held');

    await expect(openIndexedDbOutbox('outbox-held')).rejects.toThrow(
      'An older tab of the app holds the outbox open',
    );
    olderTab.close();
  });
});

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

  it("clears one attempt's entries and files, and leaves the others", async () => {
    await outbox.put(entry('q1', 3));
    await outbox.put({ ...entry('q1', 3), attemptId: 'attempt-2' });
    await outbox.putFile(photo('p1', 1));
    await outbox.putFile(photo('p2', 2, 'attempt-2'));

    await outbox.clear(ATTEMPT);

    expect(await outbox.pending(ATTEMPT)).toEqual([]);
    expect(await outbox.pendingFiles(ATTEMPT)).toEqual([]);
    expect(await outbox.pending('attempt-2')).toHaveLength(1);
    expect(await outbox.pendingFiles('attempt-2')).toHaveLength(1);
  });

  it("keeps an attempt's chosen files with their bytes, in the order chosen, until each is removed", async () => {
    await outbox.putFile(photo('p2', 20));
    await outbox.putFile(photo('p1', 10));
    await outbox.putFile(photo('p3', 30));

    await outbox.removeFile('p2');

    const files = await outbox.pendingFiles(ATTEMPT);
    expect(files.map((file) => [file.id, file.fileName, file.questionId])).toEqual([
      ['p1', 'p1.png', 'q-upload'],
      ['p3', 'p3.png', 'q-upload'],
    ]);
    expect(await files[0]?.blob.text()).toBe('bytes of p1');
    expect(files[0]?.blob.type).toBe('image/png');
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
