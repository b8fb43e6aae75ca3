import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { insertAudit, listAudit } from './audit.repo.ts';

/** One change made in a back office, as the service that made it describes it. */
export interface AuditChange {
  /** admin: the super admin's area; group: an organisation's own area (or its 组织管理). */
  area: 'admin' | 'group';
  /** The organisation the change belongs to; null for platform-wide changes. */
  groupId: number | null;
  /** A dotted verb: group.update, group.tier, member.role, user.disable, robot.delete, settings.save… */
  action: string;
  targetType: string;
  targetId: string | number;
  targetLabel?: string;
  /** The changed fields before and after (only those; never secrets or password hashes). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Who made the change and from where, read from the request. */
export interface AuditActor {
  actorId: number;
  actorName: string;
  ip: string;
}

export const auditActor = (req: FastifyRequest, actorName = ''): AuditActor => ({
  actorId: req.auth?.userId ?? 0, actorName, ip: req.ip,
});

/**
 * Appends a change to the audit trail. Call it in the same transaction as the change when there
 * is one, so a change is never kept without its record (nor a record without its change).
 */
export async function recordAudit(db: Db, actor: AuditActor, change: AuditChange): Promise<void> {
  await insertAudit(db, {
    groupId: change.groupId,
    actorId: actor.actorId,
    actorName: actor.actorName,
    area: change.area,
    action: change.action,
    targetType: change.targetType,
    targetId: String(change.targetId),
    targetLabel: change.targetLabel ?? '',
    before: change.before ?? null,
    after: change.after ?? null,
    ip: actor.ip,
  });
}

/** Only the keys whose values differ, for before/after that read at a glance. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    b[key] = before[key] ?? null;
    a[key] = after[key];
  }
  return { before: b, after: a };
}

/**
 * The audit list as the caller may see it: a super admin every change (or one organisation's
 * when asked from its area); an organisation admin only their current organisation's.
 */
export async function listAuditFor(
  db: Db, scope: { groupId: number | null }, filter: { action?: string | undefined; actor?: string | undefined }, limit: number, offset: number,
) {
  const { total, rows } = await listAudit(db, { groupId: scope.groupId, ...filter }, limit, offset);
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id, group_id: r.groupId, actor_id: r.actorId, actor_name: r.actorName, area: r.area, action: r.action,
      target_type: r.targetType, target_id: r.targetId, target_label: r.targetLabel,
      before: (r.before ?? null) as Record<string, unknown> | null, after: (r.after ?? null) as Record<string, unknown> | null,
      ip: r.ip, create_time: Math.floor(r.createdAt.getTime() / 1000),
    })),
  };
}
