import { and, asc, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { builtOnce } from '../../db/built-once.ts';
import { users } from '../../db/schema/users.ts';
import { groupMembers, groups } from '../../db/schema/groups.ts';
import { notifications } from '../../db/schema/notifications.ts';

const parentGroups = alias(groups, 'parent_group');
const ownedGroups = alias(groups, 'owned_group');

/**
 * Only the columns the user info shows: the embedded database parses and hands over each field it
 * reads, so whole rows (the password hash among them) cost every page load for nothing.
 */
const SHOWN = {
  user: {
    id: users.id, openid: users.openid, mobile: users.mobile, email: users.email, truename: users.truename, name: users.name,
    avatar: users.avatar, isSuperAdmin: users.isSuperAdmin, isCertificated: users.isCertificated,
    mustChangePassword: users.mustChangePassword, currentGroupId: users.currentGroupId, firstLoginTime: users.firstLoginTime,
  },
  group: { id: groups.id, name: groups.name, logo: groups.logo, pid: groups.pid, vipLevel: groups.vipLevel, vipEndTime: groups.vipEndTime },
  member: { roles: groupMembers.roles, ignoreVipUpgrade: groupMembers.ignoreVipUpgrade },
  parent: { logo: parentGroups.logo },
};

/**
 * Everything the user info shows, in one statement: it is asked on every page load, and each
 * statement costs more than the rest of the request. One row per membership (one row with no
 * membership when there is none), oldest first, each with its organisation's parent and this
 * member's unread count there; the owned count repeats on every row. A read model across tables
 * owned by groups and notifications; they alone write them (docs/decisions.md, issue 23).
 */
export const userInfoRows = (db: Db, userId: number) => builtOnce(db, 'user_info', () => db
  .select({
    ...SHOWN,
    unread: sql<number>`(${db.select({ n: count() }).from(notifications).where(and(
      eq(notifications.userId, users.id), eq(notifications.groupId, groups.id), eq(notifications.readTime, 0),
    ))})`.mapWith(Number),
    owned: sql<number>`(${db.select({ n: count() }).from(ownedGroups).where(eq(ownedGroups.ownerId, users.id))})`.mapWith(Number),
  })
  .from(users)
  .leftJoin(groupMembers, eq(groupMembers.userId, users.id))
  .leftJoin(groups, eq(groups.id, groupMembers.groupId))
  .leftJoin(parentGroups, eq(parentGroups.id, groups.pid))
  .where(eq(users.id, sql.placeholder('userId')))
  .orderBy(asc(groupMembers.createdAt), asc(groups.id))
  .prepare('user_info')).execute({ userId });
