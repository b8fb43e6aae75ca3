import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { groupInvites, groupMembers, groups } from '../../db/schema/groups.ts';
import { users } from '../../db/schema/users.ts';

export async function countMembers(db: Db, groupId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(groupMembers).where(eq(groupMembers.groupId, groupId));
  return row?.n ?? 0;
}

export async function listInvites(db: Db, groupId: number, limit: number, offset: number) {
  const where = eq(groupInvites.groupId, groupId);
  const [total] = await db.select({ n: count() }).from(groupInvites).where(where);
  const rows = await db
    .select({ invite: groupInvites, inviter: users.truename })
    .from(groupInvites)
    .leftJoin(users, eq(users.id, groupInvites.inviterId))
    .where(where)
    .orderBy(desc(groupInvites.id))
    .limit(limit)
    .offset(offset);
  return { total: total?.n ?? 0, rows };
}

export async function findInviteById(db: Db, groupId: number, id: number) {
  const [row] = await db.select().from(groupInvites).where(and(eq(groupInvites.id, id), eq(groupInvites.groupId, groupId))).limit(1);
  return row ?? null;
}

export async function deleteInvite(db: Db, id: number) {
  await db.delete(groupInvites).where(eq(groupInvites.id, id));
}

export async function listSubGroups(db: Db, pid: number, limit: number, offset: number) {
  const where = eq(groups.pid, pid);
  const [total] = await db.select({ n: count() }).from(groups).where(where);
  const rows = await db.select().from(groups).where(where).orderBy(asc(groups.id)).limit(limit).offset(offset);
  const counts = rows.length === 0 ? [] : await db
    .select({ groupId: groupMembers.groupId, n: count() })
    .from(groupMembers)
    .where(inArray(groupMembers.groupId, rows.map((r) => r.id)))
    .groupBy(groupMembers.groupId);
  const byGroup = new Map(counts.map((c) => [c.groupId, c.n]));
  return { total: total?.n ?? 0, rows: rows.map((g) => ({ group: g, members: byGroup.get(g.id) ?? 0 })) };
}
