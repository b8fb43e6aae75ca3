import type { Db } from '../../db/client.ts';
import { auditLogs } from '../../db/schema/audit.ts';

export type AuditRow = typeof auditLogs.$inferSelect;
export type NewAuditRow = typeof auditLogs.$inferInsert;

export async function insertAudit(db: Db, values: NewAuditRow): Promise<void> {
  await db.insert(auditLogs).values(values);
}
