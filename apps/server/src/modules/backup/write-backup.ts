import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { appliedSchemaVersion, queryRows } from '../../db/client';
import { OWNER_ONLY_FILE } from '../../db/owner-only';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type Header,
  quoted,
  type Trailer,
  tablesInDependencyOrder,
} from './backup-format';
import { checkBackup } from './restore-backup';

/** Writes one line into a stream, waiting while it is full; fails once it is destroyed. */
async function writeLine(stream: Writable, line: string): Promise<void> {
  if (stream.destroyed) throw new Error('The backup was cut off');
  if (!stream.write(`${line}\n`)) {
    // Whichever comes first; the other's listener goes with it.
    const settled = new AbortController();
    try {
      await Promise.race([
        once(stream, 'drain', { signal: settled.signal }),
        once(stream, 'close', { signal: settled.signal }).then(() => {
          throw new Error('The backup was cut off');
        }),
      ]);
    } finally {
      settled.abort();
    }
  }
}

/**
 * Writes a gzipped backup of every record into `destination`: a header line (format, schema
 * version, time), then per table a line naming it and its columns and one JSON line per row, then
 * a trailer with each table's row count and the sequences' positions. Everything is read in one
 * read-only REPEATABLE READ transaction, so the backup is one consistent moment of a server
 * that goes on writing.
 */
export async function writeBackup(db: AppDatabase, destination: Writable): Promise<void> {
  const gzip = createGzip();
  const written = pipeline(gzip, destination);
  // A failure here is the one reported below, by `written` or by the transaction.
  written.catch(() => {});
  try {
    await db.transaction(
      async (tx) => {
        const schemaVersion = await appliedSchemaVersion(tx);
        const header: Header = {
          format: BACKUP_FORMAT,
          formatVersion: BACKUP_FORMAT_VERSION,
          schemaVersion: schemaVersion ?? '',
          createdAt: new Date().toISOString(),
        };
        await writeLine(gzip, JSON.stringify(header));
        const trailer: Trailer = { end: true, rows: {}, sequences: {} };
        for (const table of await tablesInDependencyOrder(tx)) {
          await writeLine(gzip, JSON.stringify({ table: table.name, columns: table.columns }));
          await tx.execute(
            sql.raw(
              `declare backup_rows no scroll cursor for select to_jsonb(t)::text as line from (select ${table.selected} from ${quoted(table.name)}) t`,
            ),
          );
          let count = 0;
          for (;;) {
            const rows = await queryRows<{ line: string }>(
              tx,
              sql.raw(`fetch ${table.batchRows} from backup_rows`),
            );
            for (const row of rows) await writeLine(gzip, row.line);
            count += rows.length;
            if (rows.length < table.batchRows) break;
          }
          await tx.execute(sql.raw('close backup_rows'));
          trailer.rows[table.name] = count;
        }
        const sequences = await queryRows<{ name: string }>(
          tx,
          sql`
          select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
        );
        for (const { name } of sequences) {
          const rows = await queryRows<{ last_value: string; is_called: boolean }>(
            tx,
            sql.raw(`select last_value::text, is_called from ${quoted(name)}`),
          );
          const [position] = rows;
          if (position) {
            trailer.sequences[name] = {
              lastValue: position.last_value,
              isCalled: position.is_called,
            };
          }
        }
        await writeLine(gzip, JSON.stringify(trailer));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    gzip.end();
  } catch (error) {
    gzip.destroy(error as Error);
  }
  await written;
}

/** A backup's file name: its time, so names sort oldest first. */
export function backupFileName(at: Date): string {
  return `examiq-backup-${at.toISOString().replace(/[:.]/g, '-')}.jsonl.gz`;
}
export const BACKUP_FILE_PATTERN = /^examiq-backup-[\dTZ-]+\.jsonl\.gz$/;

/**
 * Writes a backup to `file` so that nothing with its name is ever partial: into
 * `<file>.partial-<pid>`, flushed to disk and read back through, then renamed. A failure removes
 * the partial file; a killed process leaves it under its partial name, which a restore refuses.
 */
export async function saveBackup(
  file: string,
  produce: (destination: Writable) => Promise<void>,
): Promise<void> {
  const partial = `${file}.partial-${process.pid}`;
  try {
    await produce(createWriteStream(partial, { flags: 'wx', mode: OWNER_ONLY_FILE.mode }));
    const written = await open(partial, 'r');
    try {
      await written.sync();
    } finally {
      await written.close();
    }
    await checkBackup(partial);
    await rename(partial, file);
    const folder = await open(path.dirname(file), 'r');
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
