import { sql } from 'drizzle-orm';
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
 * the write commit together or not at all.
 */
export async function recordAudit(
  writer: Writer,
  actorUserId: string,
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
