import type { UserInfo } from '@xueban/contract/uc';
import { Role, isAdminRoleAbove, isDeveloper } from '@xueban/contract/roles';
import type { Db } from '../../db/client.ts';
import { toSeconds } from '../../lib/time.ts';
import { notFound } from '../../lib/errors.ts';
import { userInfoRows } from './user-info.repo.ts';
import { isVip, isExpired, toGroupInfo } from '../groups/group-info.ts';

/** How many organisations one account may create. */
export const GROUP_CREATE_LIMIT = 5;

/** Builds the user info of spec §3 for the user's current organisation. */
export async function buildUserInfo(db: Db, userId: number): Promise<UserInfo> {
  const rows = await userInfoRows(db, userId);
  const user = rows[0]?.user;
  if (!user) throw notFound();
  const memberships = rows.flatMap((r) => (r.group && r.member ? [{ ...r, group: r.group, member: r.member }] : []));
  const current = memberships.find((m) => m.group.id === user.currentGroupId) ?? memberships[0] ?? null;
  const parent = current?.parent ?? null;
  const unread = current?.unread ?? 0;
  const owned = rows[0]!.owned;
  const roles = [...(user.isSuperAdmin ? [Role.SUPER_ADMIN] : []), ...(current?.member.roles ?? [])];
  const groupInfo = current ? toGroupInfo(current.group, current.member, parent) : null;
  const toUserGroup = (m: (typeof memberships)[number]) => ({
    group_id: m.group.id, name: m.group.name, logo: m.group.logo, roles: m.member.roles,
    is_sub_group: m.group.pid !== null, pid: m.group.pid ?? 0,
  });
  const developer = isDeveloper(roles);
  return {
    uid: user.id,
    truename: user.truename,
    name: user.name,
    avatar: user.avatar,
    roles,
    openid: user.openid,
    first_login_time: toSeconds(user.firstLoginTime),
    groups: memberships.map(toUserGroup),
    prgoups: memberships.filter((m) => m.group.pid === null).map(toUserGroup),
    is_certificated: user.isCertificated,
    pass_reset_required: user.mustChangePassword,
    group_id: current?.group.id ?? 0,
    rgroup_id: current ? (current.group.pid ?? current.group.id) : 0,
    mobile: user.mobile ?? '',
    email: user.email ?? '',
    is_developer: developer,
    show_developer_center: developer || isAdminRoleAbove(roles),
    sibling_system: [{ value: 'lxp', label: '学伴 AI', checked: true }],
    groupInfo,
    group_info: groupInfo,
    createLimit: { group: Math.max(0, GROUP_CREATE_LIMIT - owned) },
    vip_group: current ? isVip(current.group) : false,
    real_vip_level: current && !isExpired(current.group) ? current.group.vipLevel : 0,
    unReadCount: unread,
  };
}
