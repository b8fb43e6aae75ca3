import type { OrgRow, Tier, UserRow } from '@xueban/contract/admin';
import { VIP_TRIAL } from '@xueban/contract/roles';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';
import { toSeconds } from '../../lib/time.ts';
import { changedFields, recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { findUserByAccount, findUserById } from '../users/accounts.service.ts';
import { adminSetPassword, setAccountStatus } from '../users/users.service.ts';
import {
  addMemberTo, changeGroup, createOrganisation, groupById, moveMember, setRolesIn, type GroupRow,
} from '../groups/admin-groups.service.ts';
import { getWebsiteConfig } from '../settings/settings.service.ts';
import { listOrgs, orgMembers, searchUsers, type OrgListRow } from './admin.repo.ts';

// The super admin's organisation and user management (issue 18 points 2 and 3). Every change is
// written with its audit record in one transaction.

export function tierOf(g: Pick<GroupRow, 'vipLevel' | 'vipEndTime'>, now = new Date()): Tier {
  if (g.vipLevel <= VIP_TRIAL) return 'trial';
  return g.vipEndTime && g.vipEndTime.getTime() <= now.getTime() ? 'expired' : 'paid';
}

const toOrgRow = (r: OrgListRow): OrgRow => ({
  id: r.group.id, name: r.group.name, logo: r.group.logo, pid: r.group.pid, parent_name: r.parentName ?? '',
  vip_level: r.group.vipLevel, vip_end_time: toSeconds(r.group.vipEndTime), tier: tierOf(r.group), status: r.group.status,
  member_count: r.memberCount, robot_count: r.robotCount, sub_count: r.subCount, owner_name: r.ownerName ?? '',
  create_time: toSeconds(r.group.createdAt),
});

/** What the audit trail keeps of an organisation. */
const groupFacts = (g: GroupRow) => ({
  name: g.name, vip_level: g.vipLevel, tier: tierOf(g), vip_end_time: toSeconds(g.vipEndTime), status: g.status,
});

export async function orgList(db: Db, q: PageParams & { keyword?: string | undefined; pid?: number | undefined }) {
  const { limit, offset } = resolvePage(q);
  const { total, rows } = await listOrgs(db, q, limit, offset);
  return pageOf(q, total, rows.map(toOrgRow));
}

export async function orgRow(db: Db, id: number): Promise<OrgRow> {
  const { rows } = await listOrgs(db, { id }, 1, 0);
  if (!rows[0]) throw notFound();
  return toOrgRow(rows[0]);
}

export async function createOrg(db: Db, actor: AuditActor, name: string, pid?: number) {
  const trialDays = Number((await getWebsiteConfig(db)).trial_days.value) || 30;
  const g = await db.transaction(async (tx) => {
    const created = await createOrganisation(tx, { name, pid, ownerId: actor.actorId, trialDays });
    await recordAudit(tx, actor, {
      area: 'admin', groupId: created.id, action: 'group.create', targetType: 'group', targetId: created.id,
      targetLabel: created.name, before: null, after: { ...groupFacts(created), pid: created.pid },
    });
    return created;
  });
  return orgRow(db, g.id);
}

/** Rename, tier and end date, or status, each recorded with the fields that changed. */
export async function updateOrg(
  db: Db, actor: AuditActor, id: number, action: 'group.rename' | 'group.tier' | 'group.status',
  values: { name?: string; vipLevel?: number; vipEndTime?: Date | null; status?: number },
) {
  await db.transaction(async (tx) => {
    const { before, after } = await changeGroup(tx, id, values);
    const diff = changedFields(groupFacts(before), groupFacts(after));
    await recordAudit(tx, actor, {
      area: 'admin', groupId: id, action, targetType: 'group', targetId: id, targetLabel: after.name, ...diff,
    });
  });
  return orgRow(db, id);
}

export async function memberList(db: Db, groupId: number, q: PageParams) {
  await groupById(db, groupId);
  const { limit, offset } = resolvePage(q);
  const { total, rows } = await orgMembers(db, groupId, limit, offset);
  return pageOf(q, total, rows.map((r) => ({
    uid: r.uid, truename: r.truename, mobile: r.mobile, email: r.email, roles: r.roles, status: r.status, join_time: toSeconds(r.joined),
  })));
}

const userLabel = async (db: Db, uid: number) => {
  const u = await findUserById(db, uid);
  if (!u) throw notFound();
  return u.truename || u.mobile || u.email || String(uid);
};

export async function setMemberRolesIn(db: Db, actor: AuditActor, groupId: number, uid: number, roles: string[]) {
  const label = await userLabel(db, uid);
  await db.transaction(async (tx) => {
    const change = await setRolesIn(tx, groupId, uid, roles);
    await recordAudit(tx, actor, {
      area: 'admin', groupId, action: 'member.role', targetType: 'user', targetId: uid, targetLabel: label,
      before: { roles: change.before }, after: { roles: change.after },
    });
  });
}

export async function addMemberByAccount(db: Db, actor: AuditActor, groupId: number, account: string, roles: string[]) {
  const user = await findUserByAccount(db, account);
  if (!user) throw badRequest('未找到该手机号或邮箱的账号');
  await db.transaction(async (tx) => {
    await addMemberTo(tx, groupId, user.id, roles);
    await recordAudit(tx, actor, {
      area: 'admin', groupId, action: 'member.add', targetType: 'user', targetId: user.id,
      targetLabel: user.truename || account, before: null, after: { roles },
    });
  });
}

export async function moveUser(db: Db, actor: AuditActor, uid: number, fromId: number, toId: number) {
  const user = await findUserById(db, uid);
  if (!user) throw notFound();
  const from = await groupById(db, fromId);
  await db.transaction(async (tx) => {
    const { roles, to } = await moveMember(tx, uid, fromId, toId, user.currentGroupId);
    await recordAudit(tx, actor, {
      area: 'admin', groupId: toId, action: 'member.move', targetType: 'user', targetId: uid,
      targetLabel: user.truename || String(uid), before: { group_id: fromId, group: from.name, roles }, after: { group_id: toId, group: to.name, roles },
    });
  });
}

export async function userList(db: Db, q: PageParams & { keyword?: string | undefined }) {
  const { limit, offset } = resolvePage(q);
  const { total, rows, memberships } = await searchUsers(db, q.keyword, limit, offset);
  return pageOf(q, total, rows.map((u): UserRow => ({
    uid: u.id, truename: u.truename, mobile: u.mobile, email: u.email, status: u.status, is_super_admin: u.isSuperAdmin,
    pass_reset_required: u.mustChangePassword,
    groups: memberships.filter((m) => m.userId === u.id).map((m) => ({ group_id: m.groupId, name: m.name, roles: m.roles })),
    create_time: toSeconds(u.createdAt),
  })));
}

export async function setUserStatus(db: Db, actor: AuditActor, uid: number, status: 0 | 1) {
  const user = await findUserById(db, uid);
  if (!user) throw notFound();
  if (user.id === actor.actorId) throw badRequest('不能停用自己的账号');
  await db.transaction(async (tx) => {
    await setAccountStatus(tx, uid, status);
    await recordAudit(tx, actor, {
      area: 'admin', groupId: user.currentGroupId, action: status ? 'user.enable' : 'user.disable', targetType: 'user',
      targetId: uid, targetLabel: user.truename || String(uid), before: { status: user.status }, after: { status },
    });
  });
}

/** The password itself never enters the trail: only that it was reset and must be changed. */
export async function resetUserPassword(db: Db, actor: AuditActor, uid: number, password: string) {
  const user = await findUserById(db, uid);
  if (!user) throw notFound();
  await db.transaction(async (tx) => {
    await adminSetPassword(tx, uid, password);
    await recordAudit(tx, actor, {
      area: 'admin', groupId: user.currentGroupId, action: 'user.reset_password', targetType: 'user', targetId: uid,
      targetLabel: user.truename || String(uid), before: { pass_reset_required: user.mustChangePassword }, after: { pass_reset_required: true },
    });
  });
}
