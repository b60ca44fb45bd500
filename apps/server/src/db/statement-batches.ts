import type { AppDatabase } from './client';
import { perDatabase } from './per-database';

interface Waiting<Item, Result> {
  item: Item;
  resolve: (result: Result | undefined) => void;
  reject: (reason: unknown) => void;
}

interface BatchedStatement<Item, Result> {
  /** Writes a batch in one statement: each item's result by its place in the batch, if any. */
  run: (db: AppDatabase, items: Item[]) => Promise<Map<number, Result>>;
  /** What an item writes: two items of one key never share a batch, nor two batches in flight. */
  keyOf: (item: Item) => string;
  /** Items a statement at most. */
  most: number;
}

/**
 * Writes of one kind arriving at the same moment, written in one statement: an item that finds no
 * batch of its kind in flight goes at once, alone, so a write on a quiet server waits for nothing;
 * those that arrive meanwhile go together when it is answered, or as soon as a full batch waits.
 * On the exam day's busiest minute a statement costs its trip through the pool's queue and the
 * main thread, and a commit's flush of the write-ahead log, more than its own rows: a batch costs
 * little more than one item. Batches in flight hold different keys, one item of each (a statement
 * cannot write one row twice, and two batches cannot wait for each other's rows); a second item of
 * a key waits for the next batch, in its order of arrival. A batch that fails as a whole (a
 * deadlock with another process's batch, say) is sent again an item at a time, so an item fails
 * only for its own reason.
 */
class StatementBatches<Item, Result> {
  private waiting: Waiting<Item, Result>[] = [];
  /** The keys of the batches in flight. */
  private readonly writing = new Set<string>();
  private batchesInFlight = 0;

  constructor(
    private readonly db: AppDatabase,
    private readonly statement: BatchedStatement<Item, Result>,
  ) {}

  write(item: Item): Promise<Result | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.sendReady();
    });
  }

  private sendReady() {
    while (this.batchesInFlight === 0 || this.waiting.length >= this.statement.most) {
      const batch = this.nextBatch();
      if (batch.length === 0) return;
      const keys = batch.map(({ item }) => this.statement.keyOf(item));
      this.batchesInFlight += 1;
      for (const key of keys) this.writing.add(key);
      void this.send(batch).then(() => {
        this.batchesInFlight -= 1;
        for (const key of keys) this.writing.delete(key);
        this.sendReady();
      });
    }
  }

  /** The waiting items of keys no batch is writing, the first of each, in arrival order. */
  private nextBatch() {
    const taken = new Set(this.writing);
    const batch: Waiting<Item, Result>[] = [];
    const later: Waiting<Item, Result>[] = [];
    for (const entry of this.waiting) {
      const key = this.statement.keyOf(entry.item);
      (batch.length < this.statement.most && !taken.has(key) ? batch : later).push(entry);
      taken.add(key);
    }
    this.waiting = later;
    return batch;
  }

  private async send(batch: Waiting<Item, Result>[]): Promise<void> {
    try {
      const results = await this.statement.run(
        this.db,
        batch.map(({ item }) => item),
      );
      for (const [place, entry] of batch.entries()) entry.resolve(results.get(place));
    } catch (reason) {
      if (batch.length > 1) await Promise.all(batch.map((entry) => this.send([entry])));
      else batch[0]?.reject(reason);
    }
  }
}

/** A write of `statement`'s kind, batched with those of the same database arriving with it. */
export function batchedStatement<Item, Result>(
  statement: BatchedStatement<Item, Result>,
): (db: AppDatabase, item: Item) => Promise<Result | undefined> {
  const batchesOf = perDatabase((db) => new StatementBatches(db, statement));
  return (db, item) => batchesOf(db).write(item);
}
