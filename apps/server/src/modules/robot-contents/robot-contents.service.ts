import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { MSG } from '@xueban/contract/messages';
import type { BindingType } from '@xueban/contract/knowledge';
import type { BoundContent } from '@xueban/contract/robots';
import type { Db } from '../../db/client.ts';
import { robotContents } from '../../db/schema/knowledge.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { toSeconds } from '../../lib/time.ts';
import { basesByIds } from '../knowledge/base-records.service.ts';
import { intentCategoriesByIds } from '../intents/intent-records.service.ts';
import { LEVELS, loadManaged } from '../robots/robot-access.ts';

interface Content { id: number; name: string; info: string }

/**
 * Who owns each kind of content: a lookup that returns only the organisation's own rows, so a
 * robot can never be bound to another organisation's knowledge or intents. Resources come later.
 */
const lookups: Record<BindingType, (db: Db, groupId: number, ids: number[]) => Promise<Content[]>> = {
  repository: basesByIds,
  intent: intentCategoriesByIds,
  resource: async () => [],
};

/** Robot/bindContent (ours): binds contents of the robot's organisation; binding twice is harmless. */
export async function bindContents(db: Db, me: AuthContext, robotId: number, type: BindingType, ids: number[]) {
  const { robot } = (await loadManaged(db, me, robotId, LEVELS.edit)).view;
  const found = await lookups[type](db, robot.groupId, ids);
  if (found.length !== new Set(ids).size) throw notFound(MSG.notFound);
  await db.insert(robotContents)
    .values(found.map((c) => ({ robotId: robot.id, groupId: robot.groupId, contentType: type, contentId: c.id })))
    .onConflictDoNothing();
  return boundContents(db, me, robotId, type);
}

export async function unbindContent(db: Db, me: AuthContext, robotId: number, type: BindingType, id: number) {
  const { robot } = (await loadManaged(db, me, robotId, LEVELS.edit)).view;
  const gone = await db.delete(robotContents)
    .where(and(eq(robotContents.robotId, robot.id), eq(robotContents.contentType, type), eq(robotContents.contentId, id)))
    .returning({ id: robotContents.id });
  if (!gone.length) throw notFound(MSG.bindingNotFound);
}

/** setRobotContentStatus: switches a binding off (or on) without removing it. */
export async function setContentStatus(db: Db, me: AuthContext, robotId: number, type: BindingType, id: number, on: boolean) {
  const { robot } = (await loadManaged(db, me, robotId, LEVELS.edit)).view;
  const changed = await db.update(robotContents).set({ status: on })
    .where(and(eq(robotContents.robotId, robot.id), eq(robotContents.contentType, type), eq(robotContents.contentId, id)))
    .returning({ id: robotContents.id });
  if (!changed.length) throw notFound(MSG.bindingNotFound);
}

/** Robot/bindedContent: what the robot draws on, with each content's name. */
export async function boundContents(db: Db, me: AuthContext, robotId: number, type?: BindingType): Promise<BoundContent[]> {
  const { robot } = (await loadManaged(db, me, robotId, LEVELS.view)).view;
  const rows = await db.select().from(robotContents)
    .where(and(eq(robotContents.robotId, robot.id), type ? eq(robotContents.contentType, type) : undefined))
    .orderBy(asc(robotContents.id));
  const names = new Map<string, Content>();
  for (const t of new Set(rows.map((r) => r.contentType))) {
    const ids = rows.filter((r) => r.contentType === t).map((r) => r.contentId);
    for (const c of await lookups[t](db, robot.groupId, ids)) names.set(`${t}:${c.id}`, c);
  }
  return rows.flatMap((r) => {
    const c = names.get(`${r.contentType}:${r.contentId}`);
    return c ? [{
      id: r.id, robot_id: r.robotId, type: r.contentType, content_id: r.contentId, name: c.name, info: c.info,
      status: r.status ? 1 : 0, create_time: toSeconds(r.createdAt),
    }] : [];
  });
}

/** The enabled contents of one kind a robot draws on (chat retrieval, intent matching). */
export async function boundContentIds(db: Db, robotId: number, type: BindingType): Promise<number[]> {
  const rows = await db.select({ id: robotContents.contentId }).from(robotContents)
    .where(and(eq(robotContents.robotId, robotId), eq(robotContents.contentType, type), eq(robotContents.status, true)));
  return rows.map((r) => r.id);
}

export type EnabledContents = Record<BindingType, number[]>;

/**
 * Everything a robot draws on, by type: its enabled bindings made within its own organisation. An
 * expression on the robot's columns, so that the query reading the robot reads them too (the chat
 * does, before the first token of every answer).
 */
export function enabledContentsOf(robot: { id: AnyPgColumn; groupId: AnyPgColumn }): SQL<EnabledContents> {
  const where = and(eq(robotContents.robotId, robot.id), eq(robotContents.groupId, robot.groupId), eq(robotContents.status, true));
  return sql`(select coalesce(json_agg(json_build_array(${robotContents.contentType}, ${robotContents.contentId})), '[]'::json)
    from ${robotContents} where ${where})`.mapWith((pairs: [BindingType, number][]) => {
    const out: EnabledContents = { repository: [], intent: [], resource: [] };
    for (const [type, id] of pairs) out[type].push(id);
    return out;
  });
}

/** For cleanup by owners of content: drop every binding of these contents. */
export async function dropBindings(db: Db, type: BindingType, ids: number[]) {
  if (ids.length) await db.delete(robotContents).where(and(eq(robotContents.contentType, type), inArray(robotContents.contentId, ids)));
}

/**
 * A bundle's robot copy drawing on the copies of its contents: each binding of the source robot
 * whose content was copied in the same bundle (`copies`: source id → copy id, per type) is made
 * on the copy, switched on or off as it was. A binding to content not in the bundle stays behind
 * (that content is the source organisation's). Returns how many were left behind.
 */
export async function rebindCopy(db: Db, sourceRobotId: number, copy: { robotId: number; groupId: number }, copies: Partial<Record<BindingType, Map<number, number>>>) {
  const rows = await db.select().from(robotContents).where(eq(robotContents.robotId, sourceRobotId)).orderBy(asc(robotContents.id));
  const kept = rows.flatMap((r) => {
    const id = copies[r.contentType]?.get(r.contentId);
    return id ? [{ robotId: copy.robotId, groupId: copy.groupId, contentType: r.contentType, contentId: id, status: r.status }] : [];
  });
  if (kept.length) await db.insert(robotContents).values(kept).onConflictDoNothing();
  return rows.length - kept.length;
}

/** The contents a robot is bound to (any status), by type: what a bundle holding the robot may take along. */
export async function bindingsOfRobot(db: Db, robotId: number): Promise<{ type: BindingType; contentId: number }[]> {
  const rows = await db.select({ type: robotContents.contentType, contentId: robotContents.contentId }).from(robotContents)
    .where(eq(robotContents.robotId, robotId)).orderBy(asc(robotContents.id));
  return rows;
}
