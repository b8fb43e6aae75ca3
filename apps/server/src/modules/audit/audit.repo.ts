import { and, count, desc, eq, gte, ilike, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLogs } from '../../db/schema/audit.ts';

export type AuditRow = typeof auditLogs.$inferSelect;
export type NewAuditRow = typeof auditLogs.$inferInsert;

export async function insertAudit(db: Db, values: NewAuditRow): Promise<void> {
  await db.insert(auditLogs).values(values);
}

export interface AuditFilter {
  groupId?: number | undefined;
  actor?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Newest first; actor matches the name, action its prefix, target the type, id or label. */
export async function listAudit(db: Db, f: AuditFilter, limit: number, offset: number) {
  const where = and(
    f.groupId !== undefined ? eq(auditLogs.groupId, f.groupId) : undefined,
    f.actor ? ilike(auditLogs.actorName, like(f.actor)) : undefined,
    f.action ? ilike(auditLogs.action, `${f.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    f.target ? or(eq(auditLogs.targetType, f.target), eq(auditLogs.targetId, f.target), ilike(auditLogs.targetLabel, like(f.target))) : undefined,
    f.from ? gte(auditLogs.createdAt, f.from) : undefined,
    f.to ? lte(auditLogs.createdAt, f.to) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(auditLogs).where(where);
  const rows = await db.select().from(auditLogs).where(where).orderBy(desc(auditLogs.id)).limit(limit).offset(offset);
  return { total: total?.n ?? 0, rows };
}
