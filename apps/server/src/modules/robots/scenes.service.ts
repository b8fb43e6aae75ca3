import { asc, count, eq, ilike, sql } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import type { SceneItem } from '@xueban/contract/intents';
import type { Db } from '../../db/client.ts';
import { robots, scenes } from '../../db/schema/robots.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';
import { containing } from '../../lib/like.ts';

/** Scenes (机器人场景) are platform-wide, managed by the super admin on /admin/robot/scene. */

const robotCount = sql<number>`(select count(*)::int from ${robots} where ${robots.sceneId} = ${scenes.id})`;

export async function listScenePage(db: Db, q: PageParams & { keyword?: string | undefined }) {
  const { limit, offset } = resolvePage(q);
  const where = q.keyword ? ilike(scenes.name, containing(q.keyword)) : undefined;
  const [total] = await db.select({ n: count() }).from(scenes).where(where);
  const rows = await db.select({ s: scenes, robotCount }).from(scenes).where(where)
    .orderBy(asc(scenes.sort), asc(scenes.id)).limit(limit).offset(offset);
  return pageOf<SceneItem>(q, total?.n ?? 0, rows.map((r) => ({ ...r.s, robot_count: Number(r.robotCount) })));
}

export async function saveScene(db: Db, b: { id?: number | undefined; name: string; info: string; sort: number }): Promise<SceneItem> {
  const values = { name: b.name, info: b.info, sort: b.sort };
  try {
    if (b.id) {
      const [row] = await db.update(scenes).set(values).where(eq(scenes.id, b.id)).returning();
      if (!row) throw notFound(MSG.sceneNotFound);
      return { ...row, robot_count: 0 };
    }
    const [row] = await db.insert(scenes).values(values).returning();
    return { ...row!, robot_count: 0 };
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MSG.sceneNameDuplicate);
    throw err;
  }
}

/** A scene robots still use is refused (robots.scene_id references it); the check and the FK agree. */
export async function deleteScene(db: Db, id: number) {
  const [used] = await db.select({ n: count() }).from(robots).where(eq(robots.sceneId, id));
  if ((used?.n ?? 0) > 0) throw conflict(MSG.sceneInUse);
  try {
    const rows = await db.delete(scenes).where(eq(scenes.id, id)).returning({ id: scenes.id });
    if (rows.length === 0) throw notFound(MSG.sceneNotFound);
  } catch (err) {
    // A robot took the scene between the check and the delete.
    if (isForeignKeyViolation(err)) throw conflict(MSG.sceneInUse);
    throw err;
  }
  return null;
}
