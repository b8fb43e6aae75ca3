import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { robots } from '../../db/schema/robots.ts';
import { safetyAlerts, safetyOptIns } from '../../db/schema/safety.ts';
import { teams } from '../../db/schema/teams.ts';
import { users } from '../../db/schema/users.ts';

export type AlertRow = typeof safetyAlerts.$inferSelect;
export type NewAlert = typeof safetyAlerts.$inferInsert;

export async function insertAlert(db: Db, values: NewAlert): Promise<AlertRow> {
  const [row] = await db.insert(safetyAlerts).values(values).returning();
  return row!;
}

export async function findAlert(db: Db, id: number): Promise<AlertRow | null> {
  const [row] = await db.select().from(safetyAlerts).where(eq(safetyAlerts.id, id)).limit(1);
  return row ?? null;
}

export async function markHandled(db: Db, id: number, by: number, note: string) {
  await db.update(safetyAlerts).set({ status: 'handled', note, handledBy: by, handledAt: new Date() }).where(eq(safetyAlerts.id, id));
}

const student = alias(users, 'student');
const handler = alias(users, 'handler');

/** Alerts with the names the flags page shows, newest first. */
export async function listAlerts(db: Db, where: SQL | undefined, limit: number, offset: number) {
  const [total] = await db.select({ n: count() }).from(safetyAlerts).where(where);
  const rows = await db.select({
    alert: safetyAlerts, robotName: robots.name, teamTitle: teams.title,
    studentName: student.truename, studentNick: student.name, handlerName: handler.truename, handlerNick: handler.name,
  })
    .from(safetyAlerts)
    .innerJoin(robots, eq(robots.id, safetyAlerts.robotId))
    .innerJoin(student, eq(student.id, safetyAlerts.studentId))
    .leftJoin(teams, eq(teams.id, safetyAlerts.teamId))
    .leftJoin(handler, eq(handler.id, safetyAlerts.handledBy))
    .where(where).orderBy(desc(safetyAlerts.id)).limit(limit).offset(offset);
  return { total: total?.n ?? 0, rows };
}

/** The classes and students that alerts in scope name: the flags page's filter choices. */
export async function alertFilterChoices(db: Db, where: SQL | undefined) {
  const teamRows = await db.selectDistinct({ id: teams.id, title: teams.title, robotName: robots.name })
    .from(safetyAlerts).innerJoin(teams, eq(teams.id, safetyAlerts.teamId)).innerJoin(robots, eq(robots.id, teams.robotId))
    .where(where).orderBy(teams.id);
  const studentRows = await db.selectDistinct({ id: student.id, truename: student.truename, name: student.name })
    .from(safetyAlerts).innerJoin(student, eq(student.id, safetyAlerts.studentId)).where(where).orderBy(student.id);
  return { teamRows, studentRows };
}

export async function optInUserIds(db: Db, groupId: number): Promise<number[]> {
  const rows = await db.select({ userId: safetyOptIns.userId }).from(safetyOptIns).where(eq(safetyOptIns.groupId, groupId));
  return rows.map((r) => r.userId);
}

export async function isOptedIn(db: Db, groupId: number, userId: number): Promise<boolean> {
  const [row] = await db.select({ u: safetyOptIns.userId }).from(safetyOptIns)
    .where(and(eq(safetyOptIns.groupId, groupId), eq(safetyOptIns.userId, userId))).limit(1);
  return !!row;
}

export async function setOptedIn(db: Db, groupId: number, userId: number, enabled: boolean) {
  if (enabled) await db.insert(safetyOptIns).values({ groupId, userId }).onConflictDoNothing();
  else await db.delete(safetyOptIns).where(and(eq(safetyOptIns.groupId, groupId), eq(safetyOptIns.userId, userId)));
}

/** Names and email addresses of some users (for the alert's notice and email). */
export async function usersByIds(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.select({ id: users.id, truename: users.truename, name: users.name, email: users.email }).from(users).where(inArray(users.id, ids));
}

export async function robotName(db: Db, id: number): Promise<string> {
  const [row] = await db.select({ name: robots.name }).from(robots).where(eq(robots.id, id)).limit(1);
  return row?.name ?? '';
}
