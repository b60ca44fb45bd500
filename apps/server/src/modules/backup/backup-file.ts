import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { AppDatabase, Database } from '../../db/client';
import { appliedSchemaVersion, knownSchemaVersions, queryRows } from '../../db/client';
import { OWNER_ONLY_FILE } from '../../db/owner-only';

export const BACKUP_FORMAT = 'examiq-backup';
export const BACKUP_FORMAT_VERSION = 1;

/**
 * Tables a backup leaves out. Sessions, their used refresh tokens, password-reset links and the
 * sign-in limits only matter to a running server (everyone signs in again after a restore, and
 * asks for a new link); the row counts are kept
 * by triggers from the rows restored. Schemas before 0024_retire_table_writes also kept records of
 * table writes by trigger.
 */
const LEFT_OUT = new Set([
  'sessions',
  'used_refresh_tokens',
  'password_reset_tokens',
  'rate_limits',
  'rate_limit_reservations',
  'row_counts',
  'table_writes',
]);

/** Rows per read from the snapshot and per insert into the target. */
const BATCH_ROWS = 500;
/**
 * Rows per read of a table holding binary data (the images of exam content, up to 5 MB each and
 * twice that as JSON): a few at a time, so a batch stays tens of megabytes.
 */
const BINARY_BATCH_ROWS = 4;
/** The row text one insert into the target takes at most, whatever the rows' number. */
const BATCH_CHARACTERS = 64 * 1024 * 1024;

/** A backup that cannot be restored; its message is the one line shown to the operator. */
export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

interface Header {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  schemaVersion: string;
  createdAt: string;
}
interface TableLine {
  table: string;
  columns: string[];
}
interface Trailer {
  end: true;
  rows: Record<string, number>;
  sequences: Record<string, { lastValue: string; isCalled: boolean }>;
}

interface TableShape {
  name: string;
  /** Every column but the generated ones, which the target computes again. */
  columns: string[];
  /** Rows per read from the snapshot. */
  batchRows: number;
}

/**
 * The tables to back up, each after the tables it refers to: restored in this order, every
 * foreign key finds its row.
 */
async function tablesInDependencyOrder(db: Reader): Promise<TableShape[]> {
  const columns = await queryRows<{ table_name: string; column_name: string; binary: boolean }>(
    db,
    sql`
    select c.relname as table_name, a.attname as column_name, a.atttypid = 'bytea'::regtype as binary
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = 'public' and c.relkind = 'r' and a.attgenerated = ''
    order by c.relname, a.attnum`,
  );
  const references = await queryRows<{ table_name: string; referenced: string }>(
    db,
    sql`
    select c.relname as table_name, r.relname as referenced
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_class r on r.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = 'public'`,
  );
  const shapes = new Map<string, TableShape>();
  for (const { table_name, column_name, binary } of columns) {
    if (LEFT_OUT.has(table_name)) continue;
    const shape = shapes.get(table_name) ?? {
      name: table_name,
      columns: [],
      batchRows: BATCH_ROWS,
    };
    shape.columns.push(column_name);
    if (binary) shape.batchRows = BINARY_BATCH_ROWS;
    shapes.set(table_name, shape);
  }
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  const place = (name: string) => {
    if (placed.has(name)) return;
    placed.add(name);
    for (const reference of references) {
      if (reference.table_name === name && reference.referenced !== name) {
        place(reference.referenced);
      }
    }
    const shape = shapes.get(name);
    if (shape) ordered.push(shape);
  };
  for (const name of [...shapes.keys()].sort()) place(name);
  return ordered;
}

/** The transaction a backup reads in, or the database. */
type Reader = Pick<AppDatabase, 'execute'>;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

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
          const selected = table.columns.map(quoted).join(', ');
          await tx.execute(
            sql.raw(
              `declare backup_rows no scroll cursor for select to_jsonb(t)::text as line from (select ${selected} from ${quoted(table.name)}) t`,
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

type Section = { table: TableLine; rows: string[]; characters: number };

/**
 * Reads a backup file through, calling `onRows` with each batch of row lines (as JSON text, never
 * parsed here, so no value loses its precision). Refuses, with one line, a file that is not a
 * complete backup of a schema this code knows.
 */
async function readBackup(
  file: string,
  onRows: (batch: Section) => Promise<void> = async () => {},
): Promise<{ header: Header; trailer: Trailer }> {
  const notABackup = () => new BackupFileError(`${file} is not an ExamIQ backup`);
  const incomplete = () =>
    new BackupFileError(`${file} is not a complete backup (it was cut off or damaged)`);
  const source = createReadStream(file);
  const input = source.pipe(createGunzip());
  // A pipe passes on the data, not the failure to read it.
  source.once('error', (error) => input.destroy(error));
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let header: Header | undefined;
  let trailer: Trailer | undefined;
  let section: Section | undefined;
  const counts: Record<string, number> = {};
  const flush = async () => {
    if (section && section.rows.length > 0) await onRows(section);
    if (section) {
      section.rows = [];
      section.characters = 0;
    }
  };
  try {
    for await (const line of lines) {
      if (trailer) throw incomplete();
      if (!header) {
        const parsed = parseLine(line);
        if (parsed?.format !== BACKUP_FORMAT) throw notABackup();
        header = parsed as unknown as Header;
        checkHeader(file, header);
        continue;
      }
      // The lines this code writes have no space after a key's colon; a row, as PostgreSQL
      // writes a jsonb value, has one after each.
      if (line.startsWith('{"table":')) {
        await flush();
        const table = parseLine(line) as unknown as TableLine;
        section = { table, rows: [], characters: 0 };
        counts[table.table] = 0;
      } else if (line.startsWith('{"end":')) {
        await flush();
        trailer = parseLine(line) as unknown as Trailer;
      } else if (section) {
        section.rows.push(line);
        section.characters += line.length;
        counts[section.table.table] = (counts[section.table.table] ?? 0) + 1;
        if (section.rows.length >= BATCH_ROWS || section.characters >= BATCH_CHARACTERS) {
          await flush();
        }
      } else {
        throw incomplete();
      }
    }
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupFileError(`${file} does not exist`);
    if (code === 'Z_DATA_ERROR' && !header) throw notABackup();
    if (code?.startsWith('Z_') || code === 'ERR_STRING_TOO_LONG') throw incomplete();
    throw error;
  } finally {
    source.destroy();
    input.destroy();
  }
  if (!header) throw notABackup();
  if (
    !trailer ||
    JSON.stringify(Object.entries(trailer.rows).sort()) !==
      JSON.stringify(Object.entries(counts).sort())
  ) {
    throw incomplete();
  }
  return { header, trailer };
}

function parseLine(line: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(line) as unknown;
    return typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function checkHeader(file: string, header: Header): void {
  if (header.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new BackupFileError(
      `${file} is in backup format ${header.formatVersion}, which this version of ExamIQ cannot read`,
    );
  }
  if (!knownSchemaVersions().includes(header.schemaVersion)) {
    throw new BackupFileError(
      `${file} was made by a newer version of ExamIQ (schema ${header.schemaVersion}): update ExamIQ before restoring it`,
    );
  }
}

/** Reads a backup through and refuses it, with one line, unless it is complete and known. */
export async function checkBackup(file: string): Promise<{ header: Header; rows: number }> {
  const { header, trailer } = await readBackup(file);
  return { header, rows: Object.values(trailer.rows).reduce((sum, count) => sum + count, 0) };
}

/**
 * Restores a checked backup into an empty database: migrated to the backup's schema version, the
 * rows inserted as they were (identity values kept, generated columns computed again, triggers
 * counting them), the sequences put back, then migrated to the newest version so that
 * migrations transform old rows as they would have in place. Returns each table's row count.
 */
export async function restoreBackup(
  file: string,
  database: Database,
): Promise<Record<string, number>> {
  const { header } = await checkBackup(file);
  await database.migrate(header.schemaVersion);
  const { trailer } = await database.db.transaction(async (tx) => {
    const result = await readBackup(file, async ({ table, rows }) => {
      const columns = table.columns.map(quoted).join(', ');
      await tx.execute(
        sql`${sql.raw(`insert into ${quoted(table.table)} (${columns}) overriding system value select ${columns} from jsonb_populate_recordset(null::${quoted(table.table)}, `)}${`[${rows.join(',')}]`}::jsonb)`,
      );
    });
    for (const [name, position] of Object.entries(result.trailer.sequences)) {
      await tx.execute(
        sql`select setval(${quoted(name)}::regclass, ${position.lastValue}::bigint, ${position.isCalled})`,
      );
    }
    return result;
  });
  await database.migrate();
  return trailer.rows;
}

/** Each restored table's row count, read back from the database. */
export async function countRows(
  db: Reader,
  tables: Iterable<string>,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const rows = await queryRows<{ count: string }>(
      db,
      sql.raw(`select count(*)::text as count from ${quoted(table)}`),
    );
    counts[table] = Number(rows[0]?.count ?? 0);
  }
  return counts;
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

/**
 * Whether a PostgreSQL database holds anything a restore would lose: a row in any table but those
 * the migrations fill by themselves.
 */
export async function holdsRecords(db: AppDatabase): Promise<boolean> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public'`,
  );
  const counts = await countRows(
    db,
    tables
      .map(({ name }) => name)
      .filter((name) => name !== 'row_counts' && name !== 'table_writes'),
  );
  return Object.values(counts).some((count) => count > 0);
}

/**
 * Empties a PostgreSQL database of ExamIQ's tables and its record of migrations, so a restore
 * starts from the backup's schema version whatever version made the tables there.
 */
export async function clearDatabase(db: AppDatabase): Promise<void> {
  const [found] = await queryRows<{ tables: boolean }>(
    db,
    sql`select exists (select from pg_tables where schemaname in ('public', 'drizzle')) as tables`,
  );
  // A new database is left alone: its owner may not own its public schema.
  if (!found?.tables) return;
  await db.execute(sql`drop schema if exists drizzle cascade`);
  await db.execute(sql`drop schema public cascade`);
  await db.execute(sql`create schema public`);
}
