import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { AppDatabase, Database } from '../../db/client';
import { knownSchemaVersions, queryRows } from '../../db/client';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BATCH_CHARACTERS,
  BATCH_ROWS,
  BackupFileError,
  type Header,
  quoted,
  type Reader,
  type TableLine,
  type Trailer,
} from './backup-format';

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
