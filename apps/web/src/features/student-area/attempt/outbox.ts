import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

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
  /** A file upload question's files, only ever those the server holds, in the student's order. */
  fileIds?: string[] | null;
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

/**
 * A file chosen for a file upload question, kept on this device until the server has it: chosen
 * offline, or while another file uploads, it survives a closed tab.
 */
export interface PendingFile {
  /** Drawn on this device; the server gives the file its own id once it has it. */
  id: string;
  attemptId: string;
  questionId: string;
  fileName: string;
  blob: Blob;
  /** When it was chosen (ms): files upload in the order they were chosen. */
  chosenAt: number;
}

interface OutboxSchema extends DBSchema {
  answers: {
    key: [string, string];
    value: OutboxEntry;
    indexes: { attemptId: string };
  };
  files: {
    key: string;
    value: PendingFile;
    indexes: { attemptId: string };
  };
}

export interface Outbox {
  pending(attemptId: string): Promise<OutboxEntry[]>;
  /** Replaces the question's earlier entry: only its latest answer is worth sending. */
  put(entry: OutboxEntry): Promise<void>;
  /** Drops the attempt's entries with a seq up to `seq`, once a save of that seq is acknowledged. */
  removeUpTo(attemptId: string, seq: number): Promise<void>;
  /** The attempt's files not uploaded yet, in the order they were chosen. */
  pendingFiles(attemptId: string): Promise<PendingFile[]>;
  putFile(file: PendingFile): Promise<void>;
  removeFile(id: string): Promise<void>;
  /** Forgets the attempt's answers and files: once it is over, nothing pending can count. */
  clear(attemptId: string): Promise<void>;
}

const byChosenAt = (files: PendingFile[]) => files.sort((a, b) => a.chosenAt - b.chosenAt);

const DATABASE = 'examiq-outbox';

/**
 * The outbox in the device's IndexedDB database `database` (`getOutbox` opens the app's once per
 * page). Version 2 added the files; a device with version 1 keeps the answers it holds. A tab of
 * the app from before version 2 holds the database open and blocks the upgrade: the page does not
 * wait for that tab to close, it goes on without the database.
 */
export async function openIndexedDbOutbox(database = DATABASE): Promise<Outbox> {
  const db = await new Promise<IDBPDatabase<OutboxSchema>>((resolve, reject) => {
    openDB<OutboxSchema>(database, 2, {
      upgrade(upgrading, oldVersion) {
        if (oldVersion < 1) {
          upgrading
            .createObjectStore('answers', { keyPath: ['attemptId', 'questionId'] })
            .createIndex('attemptId', 'attemptId');
        }
        if (oldVersion < 2) {
          upgrading
            .createObjectStore('files', { keyPath: 'id' })
            .createIndex('attemptId', 'attemptId');
        }
      },
      blocked: () => reject(new Error('An older tab of the app holds the outbox open')),
    }).then(resolve, reject);
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
    pendingFiles: async (attemptId) =>
      byChosenAt(await db.getAllFromIndex('files', 'attemptId', attemptId)),
    putFile: async (file) => {
      await db.put('files', file);
    },
    removeFile: (id) => db.delete('files', id),
    clear: async (attemptId) => {
      await removeWhere(attemptId, () => true);
      const transaction = db.transaction('files', 'readwrite');
      const ids = await transaction.store.index('attemptId').getAllKeys(attemptId);
      await Promise.all([...ids.map((id) => transaction.store.delete(id)), transaction.done]);
    },
  };
}

/**
 * Where IndexedDB cannot be opened (some private windows, storage turned off), answers and files
 * are kept in memory instead: saving goes on, only the safety net across a closed tab is lost.
 */
export function memoryOutbox(): Outbox {
  const entries = new Map<string, OutboxEntry>();
  const files = new Map<string, PendingFile>();
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
    pendingFiles: async (attemptId) =>
      byChosenAt([...files.values()].filter((file) => file.attemptId === attemptId)),
    putFile: async (file) => {
      files.set(file.id, file);
    },
    removeFile: async (id) => {
      files.delete(id);
    },
    clear: async (attemptId) => {
      removeWhere((entry) => entry.attemptId === attemptId);
      for (const [id, file] of files) if (file.attemptId === attemptId) files.delete(id);
    },
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
