import { COURSE_MSG, ITEM_STATUS } from '@xueban/contract/courses';
import { MSG } from '@xueban/contract/messages';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { toSeconds } from '../../lib/time.ts';
import { findRobot } from '../robots/robot-records.service.ts';
import { studentTeam } from '../teams/team-records.service.ts';
import { inTreeOrder, nodeOut, treeNodeOut } from './course-tree.ts';
import {
  findPlan, isUnlocked, planNodes, progressOf, publicationsOfPlan, publicationsOfTeams, recordDone, recordOpened,
  unlockedNodes, type PublicationRow,
} from './courses.repo.ts';

/**
 * The plan as published to the caller's own class: a plan of another organisation, or one not
 * published to a class they are a student of, is a 404 (they are not to know it exists).
 */
export async function studiedPlan(db: Db, me: AuthContext, planId: number) {
  const plan = await findPlan(db, me.groupId, planId);
  if (!plan) throw notFound(COURSE_MSG.planNotFound);
  let pub: PublicationRow | undefined;
  for (const p of await publicationsOfPlan(db, planId)) {
    if ((await studentTeam(db, p.robotId, me.userId))?.id === p.teamId) {
      pub = p;
      break;
    }
  }
  if (!pub) throw notFound(COURSE_MSG.planNotFound);
  return { plan, pub };
}

/** A node of a plan the caller studies, open for their class: 404 when it is not the plan's, 403 while locked (item_status 0). */
export async function openNode(db: Db, me: AuthContext, planId: number, nodeId: number) {
  const { plan, pub } = await studiedPlan(db, me, planId);
  const node = (await planNodes(db, plan.id)).find((n) => n.id === nodeId);
  if (!node) throw notFound(COURSE_MSG.nodeNotFound);
  if (!(await isUnlocked(db, pub.teamId, node.id))) throw forbidden(COURSE_MSG.nodeLocked);
  return { plan, pub, node };
}

/** The student's class resources: plans published to their class on one robot, with their progress. */
export async function studyList(db: Db, me: AuthContext, robotId: number) {
  const robot = await findRobot(db, robotId);
  if (!robot || robot.groupId !== me.groupId) throw notFound(MSG.robotNotFound);
  const team = await studentTeam(db, robotId, me.userId);
  if (!team) return [];
  const out = [];
  for (const r of await publicationsOfTeams(db, [team.id])) {
    const unlocked = await unlockedNodes(db, team.id, r.pub.planId);
    const progress = await progressOf(db, r.pub.planId, [me.userId]);
    out.push({
      plan_id: r.pub.planId, title: r.title, description: r.description, team_id: team.id, robot_id: r.pub.robotId,
      node_count: r.nodeCount, open_count: unlocked.size, done_count: progress.filter((p) => p.done).length,
      create_time: toSeconds(r.pub.createdAt),
    });
  }
  return out;
}

/** The study view's directory: every node with item_status for the class (locked ones greyed) and whether I studied it. */
export async function studyDetail(db: Db, me: AuthContext, planId: number) {
  const { plan, pub } = await studiedPlan(db, me, planId);
  const nodes = inTreeOrder(await planNodes(db, plan.id));
  const unlocked = await unlockedNodes(db, pub.teamId, plan.id);
  const mine = new Map((await progressOf(db, plan.id, [me.userId])).map((p) => [p.nodeId, p]));
  return {
    plan: { id: plan.id, title: plan.title, description: plan.description },
    team_id: pub.teamId,
    robot_id: plan.robotId ?? pub.robotId,
    tree: nodes.map((n) => treeNodeOut(n, unlocked.has(n.id) ? ITEM_STATUS.OPEN : ITEM_STATUS.LOCKED, mine.has(n.id) ? 1 : 0, mine.get(n.id)?.done ? 1 : 0)),
  };
}

/** Reads an open node (recorded as studied); a locked one is refused. */
export async function studyNode(db: Db, me: AuthContext, planId: number, nodeId: number) {
  const { plan, pub, node } = await openNode(db, me, planId, nodeId);
  const who = { userId: me.userId, nodeId: node.id, planId: plan.id, teamId: pub.teamId, groupId: plan.groupId };
  await recordOpened(db, who);
  const mine = (await progressOf(db, plan.id, [me.userId])).find((r) => r.nodeId === node.id);
  return { ...nodeOut(node), item_status: ITEM_STATUS.OPEN, done: !!mine?.done, robot_id: plan.robotId ?? pub.robotId };
}

export async function markDone(db: Db, me: AuthContext, planId: number, nodeId: number) {
  const { plan, pub, node } = await openNode(db, me, planId, nodeId);
  await recordDone(db, { userId: me.userId, nodeId: node.id, planId: plan.id, teamId: pub.teamId, groupId: plan.groupId });
}
