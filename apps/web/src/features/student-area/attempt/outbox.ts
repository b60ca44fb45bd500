import { type DBSchema, openDB } from 'idb';

/** One question's answer as the page holds it. */
export interface AnswerValue {
  selectedOptionId: string | null;
  text: string | null;
  /** A multiple select question's chosen options. Absent in answers kept before it existed. */
  selectedOptionIds?: string[] | null;
  /** A numerical question's number as typed, and its unit (kept even before a number is typed). */
  number?: string | null;
  unit?: string | null;
  /** A fill-in-the-blanks question's entries, one per blank ('' for one left empty). */
  blanks?: string[] | null;
  /** A matching question's chosen match of each prompt it matched, by their ids. */
  matches?: Record<string, string> | null;
  /** An ordering question's item ids in the student's order: set once an item is moved. */
  order?: string[] | null;
  markedForReview: boolean;
}

/** One question's answer kept on this device until the server has acknowledged it. */
export interface OutboxEntry extends AnswerValue {
  attemptId: string;
  questionId: string;
  /**
   * The `seq` of the save that carries it: the entry leaves only when a save with this seq or a
   * later one is acknowledged, so a change made while a save is on the wire is never dropped.
   */
  seq: number;
}

interface OutboxSchema extends DBSchema {
  answers: {
    key: [string, string];
    value: OutboxEntry;
    indexes: { attemptId: string };
  };
}

export interface Outbox {
  pending(attemptId: string): Promise<OutboxEntry[]>;
  /** Replaces the question's earlier entry: only its latest answer is worth sending. */
  put(entry: OutboxEntry): Promise<void>;
  /** Drops the attempt's entries with a seq up to `seq`, once a save of that seq is acknowledged. */
  removeUpTo(attemptId: string, seq: number): Promise<void>;
  clear(attemptId: string): Promise<void>;
}

const DATABASE = 'examiq-outbox';

async function openIndexedDbOutbox(): Promise<Outbox> {
  const db = await openDB<OutboxSchema>(DATABASE, 1, {
    upgrade(database) {
      database
        .createObjectStore('answers', { keyPath: ['attemptId', 'questionId'] })
        .createIndex('attemptId', 'attemptId');
    },
  });
  const removeWhere = async (attemptId: string, drop: (entry: OutboxEntry) => boolean) => {
    const transaction = db.transaction('answers', 'readwrite');
    let cursor = await transaction.store.index('attemptId').openCursor(attemptId);
    while (cursor) {
      if (drop(cursor.value)) await cursor.delete();
      cursor = await cursor.continue();
    }
    await transaction.done;
  };
  return {
    pending: (attemptId) => db.getAllFromIndex('answers', 'attemptId', attemptId),
    put: async (entry) => {
      await db.put('answers', entry);
    },
    removeUpTo: (attemptId, seq) => removeWhere(attemptId, (entry) => entry.seq <= seq),
    clear: (attemptId) => removeWhere(attemptId, () => true),
  };
}

/**
 * Where IndexedDB cannot be opened (some private windows, storage turned off), answers are kept
 * in memory instead: saving goes on, only the safety net across a closed tab is lost.
 */
export function memoryOutbox(): Outbox {
  const entries = new Map<string, OutboxEntry>();
  const keyOf = (entry: OutboxEntry) => JSON.stringify([entry.attemptId, entry.questionId]);
  const removeWhere = (drop: (entry: OutboxEntry) => boolean) => {
    for (const [key, entry] of entries) if (drop(entry)) entries.delete(key);
  };
  return {
    pending: async (attemptId) =>
      [...entries.values()].filter((entry) => entry.attemptId === attemptId),
    put: async (entry) => {
      entries.set(keyOf(entry), entry);
    },
    removeUpTo: async (attemptId, seq) =>
      removeWhere((entry) => entry.attemptId === attemptId && entry.seq <= seq),
    clear: async (attemptId) => removeWhere((entry) => entry.attemptId === attemptId),
  };
}

let opened: Promise<Outbox> | null = null;

/** The device's outbox, opened once per page. */
export function getOutbox(): Promise<Outbox> {
  opened ??= openIndexedDbOutbox().catch((error: unknown) => {
    console.error('The answer outbox could not be opened; answers are kept in memory:', error);
    return memoryOutbox();
  });
  return opened;
}
