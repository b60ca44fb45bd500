import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { queryRows } from '../../db/client';
import { withoutLinkTokens } from '../mail/messages';

export const BACKUP_FORMAT = 'examiq-backup';
export const BACKUP_FORMAT_VERSION = 1;

/**
 * Tables a backup leaves out. Sessions, their used refresh tokens, password-reset links, sign-ins
 * through a provider under way and the sign-in limits only matter to a running server (everyone signs in again after a restore, and
 * asks for a new link); the row counts are kept
 * by triggers from the rows restored. Schemas before 0024_retire_table_writes also kept records of
 * table writes by trigger.
 */
const LEFT_OUT = new Set([
  'sessions',
  'used_refresh_tokens',
  'password_reset_tokens',
  'sign_in_provider_flows',
  // LMS launches and content selections under way: minutes long, single use.
  'lti_login_states',
  'lti_launch_tickets',
  'lti_deep_links',
  'rate_limits',
  'rate_limit_reservations',
  'row_counts',
  'table_writes',
]);

/** Columns a backup reads through an expression: a message's single-use links are cut. */
const READ_AS: Record<string, Record<string, string>> = {
  mail_messages: { text: withoutLinkTokens('"text"'), html: withoutLinkTokens('"html"') },
};

/** Rows per read from the snapshot and per insert into the target. */
export const BATCH_ROWS = 500;
/**
 * Rows per read of a table holding binary data (the images of exam content, up to 5 MB each, and
 * the files students upload, up to 20 MB each, twice that as JSON): one at a time, so a batch
 * stays within tens of megabytes.
 */
const BINARY_BATCH_ROWS = 1;
/** The row text one insert into the target takes at most, whatever the rows' number. */
export const BATCH_CHARACTERS = 64 * 1024 * 1024;

/** A backup that cannot be restored; its message is the one line shown to the operator. */
export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

export interface Header {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  schemaVersion: string;
  createdAt: string;
}
export interface TableLine {
  table: string;
  columns: string[];
}
export interface Trailer {
  end: true;
  rows: Record<string, number>;
  sequences: Record<string, { lastValue: string; isCalled: boolean }>;
}

interface TableShape {
  name: string;
  /** Every column but the generated ones, which the target computes again. */
  columns: string[];
  /** The select list reading them, each under its own name. */
  selected: string;
  /** Rows per read from the snapshot. */
  batchRows: number;
}

/**
 * The tables to back up, each after the tables it refers to: restored in this order, every
 * foreign key finds its row.
 */
export async function tablesInDependencyOrder(db: Reader): Promise<TableShape[]> {
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
      selected: '',
      batchRows: BATCH_ROWS,
    };
    shape.columns.push(column_name);
    const expression = READ_AS[table_name]?.[column_name];
    const read = expression ? `${expression} as ${quoted(column_name)}` : quoted(column_name);
    shape.selected = shape.selected ? `${shape.selected}, ${read}` : read;
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
export type Reader = Pick<AppDatabase, 'execute'>;

export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
