import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appInstallations, appSeats } from '../../db/schema/apps.ts';
import { users } from '../../db/schema/users.ts';

export type InstallationRow = typeof appInstallations.$inferSelect;

export async function listInstallations(db: Db, groupId: number, limit: number, offset: number) {
  const where = and(eq(appInstallations.groupId, groupId), isNull(appInstallations.uninstalledAt));
  const [total] = await db.select({ n: count() }).from(appInstallations).where(where);
  const rows = await db
    .select({ app: appInstallations, installer: users.truename })
    .from(appInstallations)
    .leftJoin(users, eq(users.id, appInstallations.installedBy))
    .where(where)
    .orderBy(desc(appInstallations.id))
    .limit(limit)
    .offset(offset);
  return { total: total?.n ?? 0, rows };
}

export async function seatCounts(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ id: appSeats.installationId, n: count() })
    .from(appSeats)
    .where(inArray(appSeats.installationId, ids))
    .groupBy(appSeats.installationId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

export async function findInstallation(db: Db, groupId: number, id: number) {
  const [row] = await db
    .select({ app: appInstallations, installer: users.truename })
    .from(appInstallations)
    .leftJoin(users, eq(users.id, appInstallations.installedBy))
    .where(and(eq(appInstallations.id, id), eq(appInstallations.groupId, groupId), isNull(appInstallations.uninstalledAt)))
    .limit(1);
  return row ?? null;
}

export async function insertInstallation(db: Db, values: typeof appInstallations.$inferInsert) {
  const [row] = await db.insert(appInstallations).values(values).returning();
  return row!;
}

export async function updateInstallation(db: Db, id: number, values: Partial<typeof appInstallations.$inferInsert>) {
  await db.update(appInstallations).set(values).where(eq(appInstallations.id, id));
}

/** Uninstalling closes the row (statements of past months keep it) and frees its seats. */
export async function closeInstallation(db: Db, id: number) {
  await db.update(appInstallations).set({ uninstalledAt: new Date() }).where(eq(appInstallations.id, id));
  await db.delete(appSeats).where(eq(appSeats.installationId, id));
}

/** Every installation, open or closed, of these catalogue apps (the developer's statements). */
export function installationsOfStoreApps(db: Db, storeAppIds: number[]) {
  if (storeAppIds.length === 0) return Promise.resolve([]);
  return db.select().from(appInstallations).where(inArray(appInstallations.storeAppId, storeAppIds)).orderBy(appInstallations.id);
}

/** The open installation of a catalogue app in an organisation, if any. */
export async function openStoreInstallation(db: Db, groupId: number, storeAppId: number) {
  const [row] = await db.select({ id: appInstallations.id }).from(appInstallations)
    .where(and(eq(appInstallations.groupId, groupId), eq(appInstallations.storeAppId, storeAppId), isNull(appInstallations.uninstalledAt)))
    .limit(1);
  return row ?? null;
}

export function seatHolders(db: Db, id: number) {
  return db
    .select({ uid: users.id, truename: users.truename, mobile: users.mobile, email: users.email, assignedAt: appSeats.assignedAt })
    .from(appSeats)
    .innerJoin(users, eq(users.id, appSeats.userId))
    .where(eq(appSeats.installationId, id))
    .orderBy(appSeats.assignedAt);
}

export async function insertSeat(db: Db, installationId: number, userId: number): Promise<boolean> {
  const rows = await db.insert(appSeats).values({ installationId, userId }).onConflictDoNothing().returning({ id: appSeats.userId });
  return rows.length > 0;
}

export async function deleteSeat(db: Db, installationId: number, userId: number): Promise<boolean> {
  const rows = await db.delete(appSeats)
    .where(and(eq(appSeats.installationId, installationId), eq(appSeats.userId, userId)))
    .returning({ id: appSeats.userId });
  return rows.length > 0;
}
