import { IS_PUBLIC } from '@xueban/contract/robots';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { MSG } from '@xueban/contract/messages';
import { deleteRobot, findRobot, updateRobot, type RobotRow } from './robots.repo.ts';

// What the back offices (admin module) may do to any robot of their scope: the platform's for a
// super admin, one organisation's for its admin. The scope check is the caller's (groupId null: all).

export type RobotHandle = 'hide' | 'show' | 'close' | 'open' | 'off_square' | 'official' | 'unofficial';

const CHANGES: Record<RobotHandle, Partial<RobotRow>> = {
  hide: { isShow: false },
  show: { isShow: true },
  close: { isClose: true },
  open: { isClose: false },
  off_square: { isPublic: IS_PUBLIC.PRIVATE, isTemplate: false, isOfficial: false },
  // Official robots are what the platform offers every organisation: in the square at once, no review.
  official: { isOfficial: true, isPublic: IS_PUBLIC.SQUARE, isShow: true, onlineStatus: true },
  unofficial: { isOfficial: false },
};

/** The robot, when it is in the scope (another organisation's: 404 机器人不存在). */
export async function robotInScope(db: Db, id: number, groupId: number | null): Promise<RobotRow> {
  const robot = await findRobot(db, id);
  if (!robot || (groupId !== null && robot.groupId !== groupId)) throw notFound(MSG.robotNotFound);
  return robot;
}

export const robotState = (r: RobotRow) => ({
  is_show: r.isShow ? 1 : 0, is_close: r.isClose ? 1 : 0, online_status: r.onlineStatus ? 1 : 0,
  is_public: r.isPublic, is_template: r.isTemplate ? 1 : 0, is_official: r.isOfficial ? 1 : 0,
});

export async function handleRobot(db: Db, id: number, groupId: number | null, action: RobotHandle) {
  const before = await robotInScope(db, id, groupId);
  await updateRobot(db, id, CHANGES[action]);
  return { before, after: (await findRobot(db, id))! };
}

export async function deleteRobotInScope(db: Db, id: number, groupId: number | null) {
  const robot = await robotInScope(db, id, groupId);
  await deleteRobot(db, id);
  return robot;
}
