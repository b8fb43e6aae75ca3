import { and, count, desc, eq, ilike, like } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLogs } from '../../db/schema/audit.ts';

export type AuditRow = typeof auditLogs.$inferSelect;
export type NewAuditRow = typeof auditLogs.$inferInsert;

export async function insertAudit(db: Db, values: NewAuditRow): Promise<void> {
  await db.insert(auditLogs).values(values);
}

/** A page of the trail, newest first; groupId null lists every organisation's (super admin). */
export async function listAudit(
  db: Db, filter: { groupId: number | null; action?: string | undefined; actor?: string | undefined }, limit: number, offset: number,
) {
  const where = and(
    filter.groupId === null ? undefined : eq(auditLogs.groupId, filter.groupId),
    filter.action ? like(auditLogs.action, `${filter.action.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
    filter.actor ? ilike(auditLogs.actorName, `%${filter.actor.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(auditLogs).where(where);
  const rows = await db.select().from(auditLogs).where(where).orderBy(desc(auditLogs.id)).limit(limit).offset(offset);
  return { total: total?.n ?? 0, rows };
}
