import { and, asc, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { builtOnce } from '../../db/built-once.ts';
import { jsonObject, presentOrNull } from '../../db/json-object.ts';
import { users } from '../../db/schema/users.ts';
import { groupMembers, groups } from '../../db/schema/groups.ts';
import { notifications } from '../../db/schema/notifications.ts';

const parentGroups = alias(groups, 'parent_group');
const ownedGroups = alias(groups, 'owned_group');

/**
 * Only the columns the user info shows, each part read as one JSON object (db/json-object.ts): the
 * embedded database parses and hands over each field it reads, so whole rows (the password hash
 * among them) and one field per column cost every page load for nothing.
 */
const SHOWN = {
  user: jsonObject({
    id: users.id, openid: users.openid, mobile: users.mobile, email: users.email, truename: users.truename, name: users.name,
    avatar: users.avatar, isSuperAdmin: users.isSuperAdmin, isCertificated: users.isCertificated,
    mustChangePassword: users.mustChangePassword, currentGroupId: users.currentGroupId, firstLoginTime: users.firstLoginTime,
  }),
  group: jsonObject({ id: groups.id, name: groups.name, logo: groups.logo, pid: groups.pid, vipLevel: groups.vipLevel, vipEndTime: groups.vipEndTime }),
  member: jsonObject({ roles: groupMembers.roles, ignoreVipUpgrade: groupMembers.ignoreVipUpgrade }),
  parent: jsonObject({ logo: parentGroups.logo }),
};

type Shown = { [K in keyof typeof SHOWN]: ReturnType<(typeof SHOWN)[K]['read']> };
export type UserInfoRow = { user: Shown['user']; group: Shown['group'] | null; member: Shown['member'] | null; parent: Shown['parent'] | null; unread: number; owned: number };

/**
 * Everything the user info shows, in one statement: it is asked on every page load, and each
 * statement costs more than the rest of the request. One row per membership (one row with no
 * membership when there is none), oldest first, each with its organisation's parent and this
 * member's unread count there; the owned count repeats on every row. A read model across tables
 * owned by groups and notifications; they alone write them (docs/decisions.md, issue 23).
 */
export async function userInfoRows(db: Db, userId: number): Promise<UserInfoRow[]> {
  const rows = await builtOnce(db, 'user_info', () => db
    .select({
      row: sql<string>`json_build_object(
        'user', ${SHOWN.user.sql},
        'group', ${presentOrNull(groups.id, SHOWN.group)},
        'member', ${presentOrNull(groupMembers.userId, SHOWN.member)},
        'parent', ${presentOrNull(parentGroups.id, SHOWN.parent)},
        'unread', (${db.select({ n: count() }).from(notifications).where(and(
          eq(notifications.userId, users.id), eq(notifications.groupId, groups.id), eq(notifications.readTime, 0),
        ))}),
        'owned', (${db.select({ n: count() }).from(ownedGroups).where(eq(ownedGroups.ownerId, users.id))}))::text`,
    })
    .from(users)
    .leftJoin(groupMembers, eq(groupMembers.userId, users.id))
    .leftJoin(groups, eq(groups.id, groupMembers.groupId))
    .leftJoin(parentGroups, eq(parentGroups.id, groups.pid))
    .where(eq(users.id, sql.placeholder('userId')))
    .orderBy(asc(groupMembers.createdAt), asc(groups.id))
    .prepare('user_info')).execute({ userId });
  return rows.map(({ row }) => {
    const o = JSON.parse(row) as Record<keyof UserInfoRow, Record<string, unknown> | null> & { unread: number; owned: number };
    return {
      user: SHOWN.user.read(o.user!),
      group: o.group && SHOWN.group.read(o.group),
      member: o.member && SHOWN.member.read(o.member),
      parent: o.parent && SHOWN.parent.read(o.parent),
      unread: Number(o.unread),
      owned: Number(o.owned),
    };
  });
}
