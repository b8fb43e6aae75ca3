import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { robots } from '../../db/schema/robots.ts';
import { trainingAttempts, trainingScenarios, type TrainDebriefRow, type TrainTurn } from '../../db/schema/training.ts';
import { users } from '../../db/schema/users.ts';

export type ScenarioRow = typeof trainingScenarios.$inferSelect;
export type AttemptRow = typeof trainingAttempts.$inferSelect;
export type ScenarioInput = Omit<typeof trainingScenarios.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'status'>;

/** A scenario with its robot's name and avatar and its creator's name, as lists show it. */
const scenarioView = {
  scenario: trainingScenarios,
  robotName: robots.name,
  robotAvatar: robots.avatar,
  creatorName: users.truename,
};
export type ScenarioView = { scenario: ScenarioRow; robotName: string; robotAvatar: string; creatorName: string };

const viewQuery = (db: Db) => db.select(scenarioView).from(trainingScenarios)
  .innerJoin(robots, eq(robots.id, trainingScenarios.robotId))
  .innerJoin(users, eq(users.id, trainingScenarios.creatorId));

/** One scenario of an organisation (another organisation's: none). */
export async function scenarioInGroup(db: Db, groupId: number, id: number): Promise<ScenarioView | null> {
  const [row] = await viewQuery(db).where(and(eq(trainingScenarios.id, id), eq(trainingScenarios.groupId, groupId))).limit(1);
  return row ?? null;
}

/** The organisation's scenarios: published ones, and drafts matched by `drafts` (those the caller may edit). */
export async function scenariosOfGroup(db: Db, groupId: number, drafts: SQL | undefined, robotId?: number): Promise<ScenarioView[]> {
  const visible = drafts ? or(eq(trainingScenarios.status, 'published'), drafts) : eq(trainingScenarios.status, 'published');
  return viewQuery(db)
    .where(and(eq(trainingScenarios.groupId, groupId), visible, robotId ? eq(trainingScenarios.robotId, robotId) : undefined))
    .orderBy(desc(trainingScenarios.updatedAt), desc(trainingScenarios.id));
}

export const createdBy = (userId: number) => eq(trainingScenarios.creatorId, userId);

export async function insertScenario(db: Db, input: ScenarioInput): Promise<number> {
  const [row] = await db.insert(trainingScenarios).values(input).returning({ id: trainingScenarios.id });
  return row!.id;
}

export async function updateScenario(db: Db, id: number, patch: Partial<ScenarioInput> & { status?: string }) {
  await db.update(trainingScenarios).set({ ...patch, updatedAt: new Date() }).where(eq(trainingScenarios.id, id));
}

export async function deleteScenario(db: Db, id: number) {
  await db.delete(trainingScenarios).where(eq(trainingScenarios.id, id));
}

/** An attempt with its learner's name. */
const attemptView = { attempt: trainingAttempts, userName: users.truename };
export type AttemptView = { attempt: AttemptRow; userName: string };

export async function attemptInGroup(db: Db, groupId: number, id: number): Promise<AttemptView | null> {
  const [row] = await db.select(attemptView).from(trainingAttempts).innerJoin(users, eq(users.id, trainingAttempts.userId))
    .where(and(eq(trainingAttempts.id, id), eq(trainingAttempts.groupId, groupId))).limit(1);
  return row ?? null;
}

export async function insertAttempt(db: Db, input: { groupId: number; scenarioId: number; userId: number; mode: string; turns: TrainTurn[] }) {
  const [row] = await db.insert(trainingAttempts).values(input).returning({ id: trainingAttempts.id });
  return row!.id;
}

export async function updateAttempt(
  db: Db, id: number, patch: { turns?: TrainTurn[]; status?: string; debrief?: TrainDebriefRow | null; debriefError?: string },
) {
  await db.update(trainingAttempts).set({ ...patch, updatedAt: new Date() }).where(eq(trainingAttempts.id, id));
}

/** A learner's attempts at one scenario, newest first. */
export async function attemptsOf(db: Db, scenarioId: number, userIds: number[] | null): Promise<AttemptView[]> {
  if (userIds && userIds.length === 0) return [];
  return db.select(attemptView).from(trainingAttempts).innerJoin(users, eq(users.id, trainingAttempts.userId))
    .where(and(eq(trainingAttempts.scenarioId, scenarioId), userIds ? inArray(trainingAttempts.userId, userIds) : undefined))
    .orderBy(desc(trainingAttempts.createdAt), desc(trainingAttempts.id));
}
