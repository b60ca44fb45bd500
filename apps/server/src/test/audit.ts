import { desc, eq } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { auditLog } from '../db/schema';

/** The newest audit entry about a record, or undefined when nothing was recorded. */
export async function lastAuditOf(db: AppDatabase, recordId: string) {
  const [entry] = await db
    .select()
    .from(auditLog)
    .where(eq(auditLog.recordId, recordId))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
}
