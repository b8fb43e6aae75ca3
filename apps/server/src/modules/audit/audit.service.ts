import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';
import { toSeconds } from '../../lib/time.ts';
import { findUserById } from '../users/accounts.service.ts';
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

/** The request's actor with the name the trail shows (their name, else their mobile or email). */
export async function requestActor(db: Db, req: FastifyRequest): Promise<AuditActor> {
  const user = req.auth ? await findUserById(db, req.auth.userId) : null;
  return auditActor(req, user?.truename || user?.mobile || user?.email || '');
}

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

export interface AuditListInput extends PageParams {
  scope: 'admin' | 'group';
  actor?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
  group_id?: number | undefined;
  start_time?: number | undefined;
  end_time?: number | undefined;
}

/**
 * The audit trail as the caller may read it: a super admin in /admin sees every organisation's
 * (and may filter by one); anyone else, or /group, only the caller's organisation. Naming another
 * organisation answers 404.
 */
export async function auditList(db: Db, me: AuthContext, q: AuditListInput) {
  const own = !me.isSuperAdmin || q.scope === 'group';
  if (own && q.group_id && q.group_id !== me.groupId) throw notFound();
  if (own && !me.groupId) throw notFound();
  const groupId = own ? me.groupId : q.group_id || undefined;
  const { limit, offset } = resolvePage(q);
  const { total, rows } = await listAudit(db, {
    groupId, actor: q.actor, action: q.action, target: q.target,
    from: q.start_time ? new Date(q.start_time * 1000) : undefined,
    to: q.end_time ? new Date(q.end_time * 1000) : undefined,
  }, limit, offset);
  return pageOf(q, total, rows.map((r) => ({
    id: r.id, group_id: r.groupId, actor_id: r.actorId, actor_name: r.actorName, area: r.area, action: r.action,
    target_type: r.targetType, target_id: r.targetId, target_label: r.targetLabel,
    before: (r.before as Record<string, unknown> | null) ?? null, after: (r.after as Record<string, unknown> | null) ?? null,
    ip: r.ip, create_time: toSeconds(r.createdAt),
  })));
}
