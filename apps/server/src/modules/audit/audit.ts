import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AppDatabase } from '../../db/client';
import { auditLog, users } from '../../db/schema';

export interface AuditEntry {
  /** What was done, as `<record type>.<verb>`: 'student.update', 'exam.publish-results'. */
  action: string;
  recordType: string;
  recordId: string;
  /** The record as a person reads it: a name, a student ID, an exam's title. */
  recordLabel: string;
  summary: string;
  changes?: Record<string, unknown>;
}

/** Anything that can insert: the database, or the transaction of the write being recorded. */
type Writer = Pick<AppDatabase, 'insert'>;

/**
 * Records an admin's write in the audit log. Pass the write's own transaction, so the entry and
 * the write commit together or not at all. With no actor the server itself records what it saw
 * happen (an account's sign-ins slowed down).
 */
export async function recordAudit(
  writer: Writer,
  actorUserId: string | null,
  entry: AuditEntry,
  at: Date = new Date(),
): Promise<void> {
  await writer.insert(auditLog).values({
    at,
    actorUserId,
    actorEmail: sql`coalesce((select ${users.email} from ${users} where ${users.id} = ${actorUserId}), '')`,
    ...entry,
    changes: entry.changes ?? null,
  });
}

/** An entry's values as expressions of the statement that writes it. */
export type AuditValues<Value> = Record<
  'at' | 'actorUserId' | 'action' | 'recordType' | 'recordId' | 'recordLabel' | 'summary',
  Value
> & { changes?: Value };

/**
 * An entry's insert as one part of a write that is a single statement (a data-modifying CTE).
 * One statement is atomic, so the entry commits with the write, and the write's locks are not
 * held across the round trips a transaction around it would add. `from` names an earlier part:
 * then an entry is written for each of its rows (none when the write changed nothing).
 */
export function auditInsertSql(values: AuditValues<SQLWrapper>, from?: SQL): SQL {
  const actor = sql`${values.actorUserId}::uuid`;
  return sql`insert into ${auditLog} (at, actor_user_id, actor_email, action, record_type, record_id, record_label, summary, changes)
    select ${values.at}::timestamptz, ${actor},
      coalesce((select ${users.email} from ${users} where ${users.id} = ${actor}), ''),
      ${values.action}::text, ${values.recordType}::text, ${values.recordId}::text,
      ${values.recordLabel}::text, ${values.summary}::text, ${values.changes ?? sql`null`}::jsonb
    ${from ? sql`from ${from}` : sql``}`;
}

const dialect = new PgDialect();

/** `auditInsertSql` as text, for a statement written in SQL: each value an SQL expression. */
export function auditInsertText(values: AuditValues<string>, from?: string): string {
  const { at, actorUserId, action, recordType, recordId, recordLabel, summary, changes } = values;
  const expressions: AuditValues<SQLWrapper> = {
    at: sql.raw(at),
    actorUserId: sql.raw(actorUserId),
    action: sql.raw(action),
    recordType: sql.raw(recordType),
    recordId: sql.raw(recordId),
    recordLabel: sql.raw(recordLabel),
    summary: sql.raw(summary),
    changes: changes === undefined ? undefined : sql.raw(changes),
  };
  return dialect.sqlToQuery(
    auditInsertSql(expressions, from === undefined ? undefined : sql.raw(from)),
  ).sql;
}
