import { MSG } from '@xueban/contract/messages';
import { Role, isAdminRoleAbove } from '@xueban/contract/roles';
import type { Deps } from '../../types.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { randomCode } from '../../lib/crypto.ts';
import { addDays, nowSeconds } from '../../lib/time.ts';
import { findUserById, setCurrentGroup } from '../users/accounts.service.ts';
import { changedFields, recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { GROUP_CREATE_LIMIT } from '../users/user-info.ts';
import { getWebsiteConfig } from '../settings/settings.service.ts';
import {
  addMember, countOwnedGroups, findGroup, findInvite, findMembership, insertGroup, insertInvite,
  removeMember, updateGroup, updateMember,
} from './groups.repo.ts';

export const TRIAL_DAYS = 30;

/** A new organisation starts as a trial; its creator is its admin and switches into it. */
export async function createGroup(deps: Deps, me: AuthContext, name: string, pid?: number) {
  const { db } = deps;
  if (pid) {
    await requireGroupAdmin(deps, me, pid);
  } else if (!me.isSuperAdmin && (await countOwnedGroups(db, me.userId)) >= GROUP_CREATE_LIMIT) {
    throw forbidden(`每个账号最多创建${GROUP_CREATE_LIMIT}个组织`);
  }
  const trialDays = Number((await getWebsiteConfig(db)).trial_days.value) || TRIAL_DAYS;
  const group = await db.transaction(async (tx) => {
    const g = await insertGroup(tx, {
      name, pid: pid ?? null, ownerId: me.userId, vipLevel: 1, vipEndTime: addDays(new Date(), trialDays),
    });
    await addMember(tx, g.id, me.userId, [Role.ORG_ADMIN]);
    await setCurrentGroup(tx, me.userId, g.id);
    return g;
  });
  return { group_id: group.id, name: group.name };
}

/** The caller must belong to the group (else 404) and administer it (else 403). */
async function requireGroupAdmin(deps: Deps, me: AuthContext, groupId: number) {
  const group = await findGroup(deps.db, groupId);
  const member = group ? await findMembership(deps.db, groupId, me.userId) : null;
  if (!group || (!member && !me.isSuperAdmin)) throw notFound();
  if (!me.isSuperAdmin && !isAdminRoleAbove(member?.roles ?? [])) throw forbidden(MSG.noOperationPermission);
  return group;
}

export async function switchGroup(deps: Deps, me: AuthContext, groupId: number) {
  const member = await findMembership(deps.db, groupId, me.userId);
  const group = member ? await findGroup(deps.db, groupId) : null;
  if (!member || !group || group.status !== 1) throw notFound();
  await setCurrentGroup(deps.db, me.userId, groupId);
}

export async function createInvite(deps: Deps, me: AuthContext, actor: AuditActor, days: number, role: string) {
  const expireTime = nowSeconds() + days * 86_400;
  const code = randomCode(16);
  await deps.db.transaction(async (tx) => {
    const invite = await insertInvite(tx, { groupId: me.groupId, code, expireTime, role, inviterId: me.userId });
    await recordAudit(tx, actor, {
      area: 'group', groupId: me.groupId, action: 'invite.create', targetType: 'invite', targetId: invite.id, targetLabel: code,
      before: null, after: { role, expire_time: expireTime },
    });
  });
  const base = deps.config.PUBLIC_URL ?? '';
  return {
    code,
    expire_time: expireTime,
    invite_url: `${base}/home?invite_code=${code}&expire_time=${expireTime}&from=invite`,
  };
}

/** A link is valid only with its own code and expire_time, before that time, for an active organisation. */
async function validInvite(deps: Deps, code: string, expireTime: number) {
  const invite = await findInvite(deps.db, code);
  if (!invite || invite.expireTime !== expireTime || invite.expireTime <= nowSeconds()) throw notFound(MSG.inviteInvalid);
  const group = await findGroup(deps.db, invite.groupId);
  if (!group || group.status !== 1) throw notFound(MSG.inviteInvalid);
  return { invite, group };
}

export async function inviteInfo(deps: Deps, me: AuthContext, code: string, expireTime: number) {
  const { group } = await validInvite(deps, code, expireTime);
  const member = await findMembership(deps.db, group.id, me.userId);
  return { group_id: group.id, group_name: group.name, has_joined: member !== null };
}

export async function joinGroup(deps: Deps, me: AuthContext, code: string, expireTime: number) {
  const { invite, group } = await validInvite(deps, code, expireTime);
  const added = await addMember(deps.db, group.id, me.userId, [invite.role]);
  if (!added) throw conflict(MSG.alreadyInOrg);
  await setCurrentGroup(deps.db, me.userId, group.id);
  return { group_id: group.id, group_name: group.name };
}

/** Changes a member's roles in the caller's organisation; the caller's own roles are not editable here. */
export async function setMemberRoles(deps: Deps, me: AuthContext, actor: AuditActor, uid: number, roles: string[]) {
  if (uid === me.userId) throw badRequest('不能修改自己的角色');
  const member = await findMembership(deps.db, me.groupId, uid);
  if (!member) throw notFound();
  const next = [...new Set(roles)];
  const label = await memberLabel(deps, uid);
  await deps.db.transaction(async (tx) => {
    await updateMember(tx, me.groupId, uid, { roles: next });
    await recordAudit(tx, actor, {
      area: 'group', groupId: me.groupId, action: 'member.role', targetType: 'user', targetId: uid,
      targetLabel: label, before: { roles: member.roles }, after: { roles: next },
    });
  });
}

export async function removeGroupMember(deps: Deps, me: AuthContext, actor: AuditActor, uid: number) {
  if (uid === me.userId) throw badRequest('不能移除自己');
  const member = await findMembership(deps.db, me.groupId, uid);
  if (!member) throw notFound();
  const label = await memberLabel(deps, uid);
  await deps.db.transaction(async (tx) => {
    await removeMember(tx, me.groupId, uid);
    await recordAudit(tx, actor, {
      area: 'group', groupId: me.groupId, action: 'member.remove', targetType: 'user', targetId: uid, targetLabel: label,
      before: { roles: member.roles }, after: null,
    });
  });
}

async function memberLabel(deps: Deps, uid: number) {
  const user = await findUserById(deps.db, uid);
  return user ? user.truename || user.mobile || user.email || '' : '';
}

export async function updateCurrentGroup(
  deps: Deps, me: AuthContext, actor: AuditActor, values: { name?: string | undefined; logo?: string | undefined },
) {
  const group = me.groupId ? await findGroup(deps.db, me.groupId) : null;
  if (!group) throw notFound();
  const changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  const diff = changedFields({ name: group.name, logo: group.logo }, changes);
  if (Object.keys(diff.after).length === 0) return;
  await deps.db.transaction(async (tx) => {
    await updateGroup(tx, group.id, changes);
    await recordAudit(tx, actor, {
      area: 'group', groupId: group.id, action: 'group.update', targetType: 'group', targetId: group.id,
      targetLabel: changes.name ?? group.name, ...diff,
    });
  });
}

export async function setVip(deps: Deps, groupId: number, vipLevel: number, vipEndTime: number) {
  if (!(await findGroup(deps.db, groupId))) throw notFound();
  await updateGroup(deps.db, groupId, { vipLevel, vipEndTime: vipEndTime ? new Date(vipEndTime * 1000) : null });
}
