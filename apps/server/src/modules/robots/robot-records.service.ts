import { and, eq } from 'drizzle-orm';
import { IS_PUBLIC, type ReleaseTarget } from '@xueban/contract/robots';
import type { Db } from '../../db/client.ts';
import { robots } from '../../db/schema/robots.ts';
import { updateRobot } from './robots.repo.ts';

// What other modules may read and change of robots. The robots and robot_members tables are this
// module's alone (docs/decisions.md "Layering"): releases and teams change them through these.

export { ensureRobotRole, findRobot } from './robots.repo.ts';

/** On the robot square or in the template library, or taken off it (a release decides which). */
export async function setListing(db: Db, robotId: number, target: ReleaseTarget, listed: boolean) {
  await updateRobot(db, robotId, target === 'square'
    ? { isPublic: listed ? IS_PUBLIC.SQUARE : IS_PUBLIC.PRIVATE }
    : { isTemplate: listed });
}

/** The robots copied from one robot within an organisation (teachers' settled copies included). */
export async function copiesInGroup(db: Db, sourceId: number, groupId: number): Promise<number[]> {
  const rows = await db.select({ id: robots.id }).from(robots).where(and(eq(robots.sourceRobotId, sourceId), eq(robots.groupId, groupId)));
  return rows.map((r) => r.id);
}
