import type { SecurityAuditAction } from '@examiq/contracts';
import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { users } from '../../db/schema';
import { auditInsertSql } from '../audit/audit';

export interface AccountEvent {
  action: SecurityAuditAction;
  /** Never a password, nor anything typed where one may have been. */
  summary: string;
  /** The account's owner did it (signed out, changed the password); otherwise the server saw it. */
  byTheAccount: boolean;
}

/**
 * Records a security event of an account in the audit log, labelled with the account's email as
 * the statement finds it. Pass the write's own transaction, so both commit together.
 */
export async function recordAccountEvent(
  writer: Pick<AppDatabase, 'execute'>,
  userId: string,
  { action, summary, byTheAccount }: AccountEvent,
): Promise<void> {
  await writer.execute(
    auditInsertSql({
      at: sql`now()`,
      actorUserId: byTheAccount ? sql`${userId}` : sql`null`,
      action: sql`${action}`,
      recordType: sql`'user'`,
      recordId: sql`${userId}`,
      recordLabel: sql`coalesce((select ${users.email} from ${users} where ${users.id} = ${userId}::uuid), '')`,
      summary: sql`${summary}`,
    }),
  );
}
