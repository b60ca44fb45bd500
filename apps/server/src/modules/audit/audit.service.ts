import {
  type AuditEntry,
  type AuditKind,
  type AuditLogData,
  type AuditLogQuery,
  SECURITY_AUDIT_ACTIONS,
} from '@examiq/contracts';
import { and, count, desc, eq, gte, ilike, inArray, lte, notInArray, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { findPage } from '../../db/paging';
import { auditLog } from '../../db/schema';
import { containing } from '../../db/search';

type AuditRow = typeof auditLog.$inferSelect;

function toAuditEntryDto(row: AuditRow): AuditEntry {
  return {
    _id: String(row.id),
    at: row.at.toISOString(),
    actor: { _id: row.actorUserId, email: row.actorEmail },
    action: row.action,
    recordType: row.recordType,
    recordId: row.recordId,
    recordLabel: row.recordLabel,
    summary: row.summary,
    changes: row.changes,
  };
}

/** Security events are told apart by their action, so no entry needs a kind of its own. */
function kindFilter(kind: AuditKind | undefined): SQL | undefined {
  if (kind === 'security') return inArray(auditLog.action, [...SECURITY_AUDIT_ACTIONS]);
  if (kind === 'data') return notInArray(auditLog.action, [...SECURITY_AUDIT_ACTIONS]);
  return undefined;
}

function filtersOf(query: AuditLogQuery): SQL | undefined {
  return and(
    kindFilter(query.kind),
    query.actor === undefined ? undefined : ilike(auditLog.actorEmail, containing(query.actor)),
    query.action === undefined ? undefined : eq(auditLog.action, query.action),
    query.recordType === undefined ? undefined : eq(auditLog.recordType, query.recordType),
    query.recordId === undefined ? undefined : eq(auditLog.recordId, query.recordId),
    query.from === undefined ? undefined : gte(auditLog.at, query.from),
    query.to === undefined ? undefined : lte(auditLog.at, query.to),
  );
}

/**
 * One page of the log, newest first, with the filters' total. The filters combine freely, so the
 * statements are built for each request rather than prepared: the time index orders the page,
 * and the record and actor indexes serve a record's or a person's history.
 */
export async function listAuditLog(db: AppDatabase, query: AuditLogQuery): Promise<AuditLogData> {
  const where = filtersOf(query);
  const { items, pagination } = await findPage(
    query,
    ({ limit, offset }) =>
      db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit)
        .offset(offset),
    async () => {
      const [total] = await db.select({ count: count() }).from(auditLog).where(where);
      return total?.count ?? 0;
    },
  );
  return { entries: items.map(toAuditEntryDto), pagination };
}
