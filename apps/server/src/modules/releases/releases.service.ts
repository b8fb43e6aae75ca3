import { MSG } from '@xueban/contract/messages';
import { AUDIT, IS_PUBLIC, type ReleaseTarget } from '@xueban/contract/robots';
import type { Deps } from '../../types.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { toSeconds } from '../../lib/time.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';
import { notify } from '../notifications/notifications.service.ts';
import { LEVELS, loadManaged } from '../robots/robot-access.ts';
import type { RobotRow } from '../../db/schema/robots.ts';
import { findRobot, setListing } from '../robots/robot-records.service.ts';
import { deletePending, findRelease, insertPending, listReleases, markReviewed, toReview } from './releases.repo.ts';

/** A robot's latest review per place (robots show it to their managers). */
export { latestReviews } from './releases.repo.ts';

const isReleased = (r: RobotRow, target: ReleaseTarget) => (target === 'square' ? r.isPublic === IS_PUBLIC.SQUARE : r.isTemplate);

/** Asks for a place in the robot square or the template library: pending review (status 2). */
export async function submitRelease(db: Db, robot: RobotRow, applicantId: number, target: ReleaseTarget) {
  if (isReleased(robot, target)) throw conflict(MSG.robotAlreadyReleased);
  const row = await insertPending(db, { robotId: robot.id, groupId: robot.groupId, target, applicantId });
  if (!row) throw conflict(MSG.applyExists);
  return toReview(row);
}

export async function releaseRobot(deps: Deps, me: AuthContext, id: number, target: ReleaseTarget) {
  const { view } = await loadManaged(deps.db, me, id, LEVELS.edit);
  return submitRelease(deps.db, view.robot, me.userId, target);
}

/** Withdraws a pending request and takes the robot out of the square or the library. */
export async function cancelRelease(deps: Deps, me: AuthContext, id: number, target: ReleaseTarget) {
  const { view } = await loadManaged(deps.db, me, id, LEVELS.edit);
  const robot = view.robot;
  await deps.db.transaction(async (tx) => {
    await deletePending(tx, robot.id, target);
    if (isReleased(robot, target)) await setListing(tx, robot.id, target, false);
  });
}

export async function auditList(deps: Deps, q: PageParams & { status?: number | undefined; target?: ReleaseTarget | undefined }) {
  const { limit, offset } = resolvePage(q);
  const { total, rows } = await listReleases(deps.db, q, limit, offset);
  return pageOf(q, total, rows.map((r) => ({
    ...toReview(r.release),
    robot_id: r.robot.id,
    robot: r.robot,
    group_id: r.release.groupId,
    group_name: r.groupName,
    applicant: r.applicant,
    review_time: toSeconds(r.release.reviewedAt),
  })));
}

/**
 * A super admin approves (3) or rejects (-2, with a reason) once; approval publishes the robot.
 * The robot's creator (and the applicant, when another) is notified.
 */
export async function auditRelease(deps: Deps, me: AuthContext, id: number, status: number, reason: string) {
  if (status === AUDIT.REJECTED && !reason) throw badRequest(MSG.rejectReasonRequired);
  const release = await findRelease(deps.db, id);
  if (!release) throw notFound();
  await deps.db.transaction(async (tx) => {
    if (!(await markReviewed(tx, id, status, reason, me.userId))) throw conflict(MSG.alreadyReviewed);
    if (status === AUDIT.APPROVED) {
      await setListing(tx, release.robotId, release.target, true);
    }
    const robot = await findRobot(tx, release.robotId);
    if (!robot) return;
    const place = release.target === 'square' ? '机器人广场' : '模板库';
    const message = {
      groupId: robot.groupId,
      title: status === AUDIT.APPROVED ? MSG.releaseApproved : MSG.releaseRejected,
      content: status === AUDIT.APPROVED ? `「${robot.name}」已发布到${place}` : `「${robot.name}」发布到${place}未通过：${reason}`,
      link: `/robot/manage/${robot.id}/release`,
    };
    for (const userId of new Set([robot.creatorId, release.applicantId])) await notify(tx, { ...message, userId });
  });
}
