import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storeApps } from '../../db/schema/app-store.ts';
import { groups } from '../../db/schema/groups.ts';
import { robots } from '../../db/schema/robots.ts';
import { users } from '../../db/schema/users.ts';
import { containing } from '../../lib/like.ts';

export type StoreAppRow = typeof storeApps.$inferSelect;

/** A catalogue app with the names shown beside it: developer, organisation, packaged robot. */
const columns = {
  app: storeApps,
  developer: users.truename,
  groupName: groups.name,
  robotName: robots.name,
};
export type StoreAppView = { app: StoreAppRow; developer: string | null; groupName: string | null; robotName: string | null };

function viewQuery(db: Db) {
  return db.select(columns).from(storeApps)
    .leftJoin(users, eq(users.id, storeApps.developerId))
    .leftJoin(groups, eq(groups.id, storeApps.groupId))
    .leftJoin(robots, eq(robots.id, storeApps.robotId));
}

export async function findApp(db: Db, id: number, scope?: SQL): Promise<StoreAppView | null> {
  const [row] = await viewQuery(db).where(and(eq(storeApps.id, id), scope)).limit(1);
  return row ?? null;
}

export async function listApps(db: Db, where: SQL | undefined, limit: number, offset: number, order: SQL | ReturnType<typeof desc> = desc(storeApps.id)) {
  const [total] = await db.select({ n: count() }).from(storeApps).where(where);
  const rows = await viewQuery(db).where(where).orderBy(order).limit(limit).offset(offset);
  return { total: total?.n ?? 0, rows };
}

export const ownedBy = (groupId: number, developerId: number) => and(eq(storeApps.groupId, groupId), eq(storeApps.developerId, developerId));
export const withStatus = (status: number | undefined) => (status === undefined ? undefined : eq(storeApps.status, status));
export const matching = (keyword: string | undefined) =>
  keyword ? or(ilike(storeApps.name, containing(keyword)), ilike(storeApps.intro, containing(keyword))) : undefined;

export async function insertApp(db: Db, values: typeof storeApps.$inferInsert) {
  const [row] = await db.insert(storeApps).values(values).returning();
  return row!;
}

export async function updateApp(db: Db, id: number, values: Partial<typeof storeApps.$inferInsert>) {
  await db.update(storeApps).set({ ...values, updatedAt: new Date() }).where(eq(storeApps.id, id));
}

/** Moves an app from one status to another once: false when another request moved it first. */
export async function moveStatus(db: Db, id: number, from: readonly number[], values: Partial<typeof storeApps.$inferInsert>) {
  const rows = await db.update(storeApps).set({ ...values, updatedAt: new Date() })
    .where(and(eq(storeApps.id, id), or(...from.map((s) => eq(storeApps.status, s)))))
    .returning({ id: storeApps.id });
  return rows.length > 0;
}

export async function deleteApp(db: Db, id: number) {
  await db.delete(storeApps).where(eq(storeApps.id, id));
}

export async function appsOfDeveloper(db: Db, groupId: number, developerId: number) {
  return db.select().from(storeApps).where(ownedBy(groupId, developerId)).orderBy(storeApps.id);
}
