import type { z } from 'zod';
import { COURSE_MSG, type nodeMoveBody, type nodeSaveBody, type planListQuery, type planSaveBody } from '@xueban/contract/courses';
import { isAdminRoleAbove } from '@xueban/contract/roles';
import { MSG } from '@xueban/contract/messages';
import type { Db } from '../../db/client.ts';
import type { CourseNodeFile } from '../../db/schema/courses.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { pageOf, resolvePage } from '../../lib/pagination.ts';
import { fileKeyOf } from '../files/file-links.ts';
import { allFilesOfGroup } from '../files/files.service.ts';
import { findRobot } from '../robots/robot-records.service.ts';
import { nodeOut, planOut, placements, subtreeIds, inTreeOrder } from './course-tree.ts';
import {
  deleteNodes, deletePlan, findNode, findPlan, insertNode, insertPlan, listPlans, nextSort, planNodes, plansOf,
  planWithCounts, touchPlan, updateNode, updatePlan, type PlanRow,
} from './courses.repo.ts';

/** Org admins (and the super admin) manage every plan of the organisation; a teacher their own. */
const managesAll = (me: AuthContext) => me.isSuperAdmin || isAdminRoleAbove(me.roles);

/** A plan of the caller's organisation (404 otherwise) that they may change (403 otherwise). */
export async function managedPlan(db: Db, me: AuthContext, planId: number): Promise<PlanRow> {
  const plan = await findPlan(db, me.groupId, planId);
  if (!plan) throw notFound(COURSE_MSG.planNotFound);
  if (plan.ownerId !== me.userId && !managesAll(me)) throw forbidden(COURSE_MSG.notYourPlan);
  return plan;
}

export async function listMyPlans(db: Db, me: AuthContext, q: z.output<typeof planListQuery>) {
  const { limit, offset } = resolvePage(q);
  const { total, rows } = await listPlans(db, plansOf(me.groupId, managesAll(me) ? null : me.userId, q.keyword), limit, offset);
  return pageOf(q, total, rows.map(planOut));
}

export async function planDetail(db: Db, me: AuthContext, planId: number) {
  await managedPlan(db, me, planId);
  return { plan: planOut(await planWithCounts(db, planId)), nodes: inTreeOrder(await planNodes(db, planId)).map(nodeOut) };
}

/** The robot a plan names: one of the caller's organisation, or 404. */
async function robotOfOrg(db: Db, me: AuthContext, robotId: number | null | undefined) {
  if (!robotId) return null;
  const robot = await findRobot(db, robotId);
  if (!robot || robot.groupId !== me.groupId) throw notFound(MSG.robotNotFound);
  return robot.id;
}

export async function savePlan(db: Db, me: AuthContext, body: z.output<typeof planSaveBody>) {
  if (!me.groupId) throw forbidden(MSG.orgNotMember);
  const robotId = body.robot_id === undefined ? undefined : await robotOfOrg(db, me, body.robot_id);
  if (body.id) {
    await managedPlan(db, me, body.id);
    await updatePlan(db, body.id, { title: body.title, description: body.description, ...(robotId !== undefined ? { robotId } : {}) });
    return planOut(await planWithCounts(db, body.id));
  }
  const plan = await insertPlan(db, { groupId: me.groupId, ownerId: me.userId, title: body.title, description: body.description, robotId: robotId ?? null });
  return planOut(await planWithCounts(db, plan.id));
}

export async function removePlan(db: Db, me: AuthContext, planId: number) {
  await managedPlan(db, me, planId);
  await deletePlan(db, planId);
}

/** A node's files: uploads of this organisation only, at most one main file (the first marked). */
async function checkedFiles(db: Db, groupId: number, files: z.output<typeof nodeSaveBody>['files']): Promise<CourseNodeFile[]> {
  const keys = files.map((f) => fileKeyOf(f.url));
  if (keys.some((k) => !k) || !(await allFilesOfGroup(db, groupId, keys as string[]))) throw badRequest(COURSE_MSG.fileInvalid);
  const main = files.findIndex((f) => f.is_main_file);
  return files.map((f, i) => ({ name: f.name, url: f.url, ...(f.size !== undefined ? { size: f.size } : {}), is_main_file: i === main }));
}

/** Creates a node at the end of its parent, or changes one's text, files and question set (moves go through moveNodes). */
export async function saveNode(db: Db, me: AuthContext, body: z.output<typeof nodeSaveBody>) {
  const plan = await managedPlan(db, me, body.plan_id);
  const files = await checkedFiles(db, me.groupId, body.files);
  const values = { title: body.title, content: body.content, files, questions: body.questions };
  let row;
  if (body.id) {
    const node = await findNode(db, me.groupId, body.id);
    if (!node || node.planId !== plan.id) throw notFound(COURSE_MSG.nodeNotFound);
    row = await updateNode(db, node.id, values);
  } else {
    let level = 1;
    if (body.pid) {
      const parent = await findNode(db, me.groupId, body.pid);
      if (!parent || parent.planId !== plan.id) throw badRequest(COURSE_MSG.parentInvalid);
      level = parent.level + 1;
    }
    row = await insertNode(db, { ...values, planId: plan.id, groupId: plan.groupId, pid: body.pid, level, sort: await nextSort(db, plan.id, body.pid) });
  }
  await touchPlan(db, plan.id);
  return nodeOut(row);
}

/** Deletes a node and everything under it. */
export async function removeNode(db: Db, me: AuthContext, nodeId: number) {
  const node = await findNode(db, me.groupId, nodeId);
  if (!node) throw notFound(COURSE_MSG.nodeNotFound);
  await managedPlan(db, me, node.planId);
  await deleteNodes(db, subtreeIds(await planNodes(db, node.planId), node.id));
  await touchPlan(db, node.planId);
}

/** 拖动排序: the whole tree's new order, each node's sort, pid and level recomputed from it. */
export async function moveNodes(db: Db, me: AuthContext, body: z.output<typeof nodeMoveBody>) {
  const plan = await managedPlan(db, me, body.plan_id);
  const nodes = await planNodes(db, plan.id);
  const placed = placements(nodes.map((n) => n.id), body.items);
  if (!placed) throw badRequest(COURSE_MSG.moveInvalid);
  await db.transaction(async (tx) => {
    for (const n of nodes) {
      const p = placed.get(n.id)!;
      if (p.pid !== n.pid || p.sort !== n.sort || p.level !== n.level) await updateNode(tx, n.id, p);
    }
  });
  await touchPlan(db, plan.id);
  return inTreeOrder(await planNodes(db, plan.id)).map(nodeOut);
}
