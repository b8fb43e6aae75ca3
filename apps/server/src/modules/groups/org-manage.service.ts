import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { MSG } from '@xueban/contract/messages';
import type { Deps } from '../../types.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { formatChinaTime, nowSeconds, toSeconds } from '../../lib/time.ts';
import { auditActor, recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { accountField, findUserByAccount, findUserById, insertUser, normaliseAccount } from '../users/accounts.service.ts';
import { isExpired, isVip, vipName } from './group-info.ts';
import { addMember, findGroup, insertGroup } from './groups.repo.ts';
import { countMembers, deleteInvite, findInviteById, listInvites, listSubGroups } from './org-manage.repo.ts';

/** Who made a change, with their name as it reads in the audit list. */
export async function actorOf(deps: Deps, req: FastifyRequest): Promise<AuditActor> {
  const user = req.auth ? await findUserById(deps.db, req.auth.userId) : null;
  return auditActor(req, user ? user.truename || user.name || '' : '');
}

export const inviteUrl = (deps: Deps, code: string, expireTime: number) =>
  `${deps.config.PUBLIC_URL ?? ''}/home?invite_code=${code}&expire_time=${expireTime}&from=invite`;

async function currentGroup(deps: Deps, me: AuthContext) {
  const group = me.groupId ? await findGroup(deps.db, me.groupId) : null;
  if (!group) throw notFound();
  return group;
}

export async function orgSettings(deps: Deps, me: AuthContext, ssoEnabled: boolean) {
  const g = await currentGroup(deps, me);
  return {
    group_id: g.id, name: g.name, logo: g.logo, vip_level: g.vipLevel, vip_name: vipName(g.vipLevel),
    vip_end_time: toSeconds(g.vipEndTime), vip_end_time_str: formatChinaTime(g.vipEndTime),
    is_vip: isVip(g), vip_expire: isExpired(g), is_sub_group: g.pid !== null,
    member_count: await countMembers(deps.db, g.id), sso_enabled: ssoEnabled,
  };
}

export async function invitesOf(deps: Deps, me: AuthContext, limit: number, offset: number) {
  const { total, rows } = await listInvites(deps.db, me.groupId, limit, offset);
  const now = nowSeconds();
  return {
    total,
    rows: rows.map(({ invite, inviter }) => ({
      id: invite.id, code: invite.code, role: invite.role, expire_time: invite.expireTime, expired: invite.expireTime <= now,
      invite_url: inviteUrl(deps, invite.code, invite.expireTime), inviter: inviter ?? '', create_time: toSeconds(invite.createdAt),
    })),
  };
}

/** A revoked link answers 链接不存在或已失效 from then on. */
export async function revokeInvite(deps: Deps, me: AuthContext, actor: AuditActor, id: number) {
  const invite = await findInviteById(deps.db, me.groupId, id);
  if (!invite) throw notFound();
  await deps.db.transaction(async (tx) => {
    await deleteInvite(tx, id);
    await recordAudit(tx, actor, {
      area: 'group', groupId: me.groupId, action: 'invite.revoke', targetType: 'invite', targetId: id, targetLabel: invite.code,
      before: { role: invite.role, expire_time: invite.expireTime }, after: null,
    });
  });
}

export async function subGroupsOf(deps: Deps, me: AuthContext, limit: number, offset: number) {
  const { total, rows } = await listSubGroups(deps.db, me.groupId, limit, offset);
  return { total, rows: rows.map(({ group, members }) => ({ group_id: group.id, name: group.name, member_count: members, create_time: toSeconds(group.createdAt) })) };
}

/**
 * A sub-organisation of the current one, with the same tier and end date; the admin who made it
 * administers it too but stays in the parent.
 */
export async function addSubGroup(deps: Deps, me: AuthContext, actor: AuditActor, name: string) {
  const parent = await currentGroup(deps, me);
  if (parent.pid !== null) throw badRequest('子组织下不能再建子组织');
  return deps.db.transaction(async (tx) => {
    const g = await insertGroup(tx, { name, pid: parent.id, ownerId: me.userId, vipLevel: parent.vipLevel, vipEndTime: parent.vipEndTime });
    await addMember(tx, g.id, me.userId, ['ROLE_ORG_ADMIN']);
    await recordAudit(tx, actor, {
      area: 'group', groupId: parent.id, action: 'subgroup.create', targetType: 'group', targetId: g.id, targetLabel: name,
      before: null, after: { name, pid: parent.id },
    });
    return { group_id: g.id, name: g.name, member_count: 1, create_time: toSeconds(g.createdAt) };
  });
}

/**
 * Adds a person to the current organisation by mobile or email. An existing account joins with
 * the role; otherwise a new account is made with the name and initial password the admin gives.
 */
export async function addMemberByAccount(
  deps: Deps, me: AuthContext, actor: AuditActor,
  body: { account: string; truename?: string | undefined; password?: string | undefined; role: string },
) {
  const account = normaliseAccount(body.account);
  const existing = await findUserByAccount(deps.db, account);
  if (!existing && !(body.truename && body.password)) throw badRequest('该账号尚未注册，请填写姓名和初始密码以新建账号');
  const passwordHash = existing ? '' : await hashPassword(body.password!);
  return deps.db.transaction(async (tx) => {
    const user = existing ?? await insertUser(tx, {
      openid: randomUUID().replaceAll('-', ''), [accountField(account)]: account, truename: body.truename!,
      passwordHash, currentGroupId: me.groupId,
    }).catch((err: unknown) => {
      if (isUniqueViolation(err)) throw conflict(MSG.accountTaken);
      throw err;
    });
    if (!(await addMember(tx, me.groupId, user.id, [body.role]))) throw conflict('该用户已是本组织成员');
    await recordAudit(tx, actor, {
      area: 'group', groupId: me.groupId, action: 'member.add', targetType: 'user', targetId: user.id,
      targetLabel: user.truename || account, before: null, after: { roles: [body.role], created: !existing },
    });
    return { uid: user.id, created: !existing };
  });
}
