import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { groupInvites, groupMembers, groups } from '../../db/schema/groups.ts';
import { users } from '../../db/schema/users.ts';

export type GroupRow = typeof groups.$inferSelect;
export type MemberRow = typeof groupMembers.$inferSelect;

export async function findGroup(db: Db, id: number): Promise<GroupRow | null> {
  const [row] = await db.select().from(groups).where(eq(groups.id, id)).limit(1);
  return row ?? null;
}

export async function insertGroup(db: Db, values: typeof groups.$inferInsert): Promise<GroupRow> {
  const [row] = await db.insert(groups).values(values).returning();
  return row!;
}

export async function updateGroup(db: Db, id: number, values: Partial<typeof groups.$inferInsert>) {
  await db.update(groups).set(values).where(eq(groups.id, id));
}

/** The organisation new accounts join: the first one created (the one made at first boot). */
export async function defaultGroupId(db: Db): Promise<number | null> {
  const [row] = await db.select({ id: groups.id }).from(groups).orderBy(asc(groups.id)).limit(1);
  return row?.id ?? null;
}

export async function countOwnedGroups(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(groups).where(eq(groups.ownerId, userId));
  return row?.n ?? 0;
}

/** The caller's memberships with each organisation, oldest first. */
export function membershipsOf(db: Db, userId: number) {
  return db
    .select({ group: groups, member: groupMembers })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(asc(groupMembers.createdAt), asc(groups.id));
}

export async function findMembership(db: Db, groupId: number, userId: number): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Adds a member; false when already one (the primary key makes racing joins safe). */
export async function addMember(db: Db, groupId: number, userId: number, roles: string[]): Promise<boolean> {
  const rows = await db
    .insert(groupMembers)
    .values({ groupId, userId, roles })
    .onConflictDoNothing()
    .returning({ userId: groupMembers.userId });
  return rows.length > 0;
}

export async function updateMember(db: Db, groupId: number, userId: number, values: Partial<MemberRow>) {
  await db.update(groupMembers).set(values).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
}

export async function addMemberRole(db: Db, groupId: number, userId: number, role: string) {
  await db
    .update(groupMembers)
    .set({ roles: sql`array_append(array_remove(${groupMembers.roles}, ${role}), ${role})` })
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
}

export async function removeMember(db: Db, groupId: number, userId: number) {
  await db.delete(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
}

export async function listMembers(db: Db, groupId: number, limit: number, offset: number) {
  const where = eq(groupMembers.groupId, groupId);
  const [total] = await db.select({ n: count() }).from(groupMembers).where(where);
  const rows = await db
    .select({
      uid: users.id, truename: users.truename, avatar: users.avatar, mobile: users.mobile, email: users.email,
      roles: groupMembers.roles, join_time: groupMembers.createdAt,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(where)
    .orderBy(asc(groupMembers.createdAt))
    .limit(limit)
    .offset(offset);
  return { total: total?.n ?? 0, rows };
}

export async function insertInvite(db: Db, values: typeof groupInvites.$inferInsert) {
  const [row] = await db.insert(groupInvites).values(values).returning();
  return row!;
}

export async function findInvite(db: Db, code: string) {
  const [row] = await db.select().from(groupInvites).where(eq(groupInvites.code, code)).limit(1);
  return row ?? null;
}

/** Whether the organisation has been opened to others: a member besides `userId`, or any invite link made. */
export async function hasOthersOrInvites(db: Db, groupId: number, userId: number): Promise<boolean> {
  const [others] = await db.select({ n: count() }).from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), sql`${groupMembers.userId} <> ${userId}`));
  if ((others?.n ?? 0) > 0) return true;
  const [invites] = await db.select({ n: count() }).from(groupInvites).where(eq(groupInvites.groupId, groupId));
  return (invites?.n ?? 0) > 0;
}
