/**
 * The intent library's view of robot bindings (robot_contents, content_type 'intent'), which the
 * robot-contents module owns.
 * TEMPORARY: until apps/server/src/modules/robot-contents/robot-contents.service.ts exists, this
 * stands in for its bindContents / unbindContent / boundContentIds with the same signatures; then
 * this file becomes a re-export of that service.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import type { BindingType } from '@xueban/contract/knowledge';
import type { Db } from '../../db/client.ts';
import { robotContents } from '../../db/schema/knowledge.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { LEVELS, loadManaged } from '../robots/robot-access.ts';
import { intentCategoriesByIds } from './intents.repo.ts';

export async function boundContentIds(db: Db, robotId: number, type: BindingType): Promise<number[]> {
  const rows = await db.select({ id: robotContents.contentId }).from(robotContents)
    .where(and(eq(robotContents.robotId, robotId), eq(robotContents.contentType, type), eq(robotContents.status, true)));
  return rows.map((r) => r.id);
}

export async function bindContents(db: Db, me: AuthContext, robotId: number, type: BindingType, ids: number[]) {
  const { view } = await loadManaged(db, me, robotId, LEVELS.edit);
  const found = await intentCategoriesByIds(db, view.robot.groupId, ids);
  if (found.length !== new Set(ids).size) throw notFound(MSG.intentCategoryNotFound);
  await db.insert(robotContents).values(found.map((c) => ({ robotId, groupId: view.robot.groupId, contentType: type, contentId: c.id })))
    .onConflictDoNothing();
  return found;
}

export async function unbindContent(db: Db, me: AuthContext, robotId: number, type: BindingType, id: number) {
  await loadManaged(db, me, robotId, LEVELS.edit);
  const rows = await db.delete(robotContents)
    .where(and(eq(robotContents.robotId, robotId), eq(robotContents.contentType, type), inArray(robotContents.contentId, [id])))
    .returning({ id: robotContents.id });
  if (rows.length === 0) throw notFound(MSG.bindingNotFound);
  return null;
}
