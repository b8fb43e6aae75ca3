import type { z } from 'zod';
import { COURSE_MSG, ITEM_STATUS, type publicationSchema, type unlockBody } from '@xueban/contract/courses';
import { MSG } from '@xueban/contract/messages';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { toSeconds } from '../../lib/time.ts';
import { findRobot } from '../robots/robot-records.service.ts';
import { findTeam, leadsStudent, postTeamNews, studentTeam, studentsOfTeams, teamsLedByTeacher, type TeamRow } from '../teams/team-records.service.ts';
import { ancestorIds, inTreeOrder, nodeOut, planOut, subtreeIds, treeNodeOut } from './course-tree.ts';
import { managedPlan } from './course-plans.service.ts';
import {
  deletePublication, findPlan, findPublication, insertPublication, lockNodes, planNodes, planWithCounts, progressOf,
  publicationsOfPlan, publicationsOfTeams, unlockNodes, unlockedNodes, type PublicationRow,
} from './courses.repo.ts';

type Publication = z.input<typeof publicationSchema>;

/** The classes a teacher leads in their current organisation (on one robot, or all). */
async function myClasses(db: Db, me: AuthContext, robotId?: number): Promise<TeamRow[]> {
  return (await teamsLedByTeacher(db, me.userId, robotId)).filter((t) => t.groupId === me.groupId);
}

const robotNames = async (db: Db, ids: number[]) => {
  const names = new Map<number, string>();
  for (const id of new Set(ids)) names.set(id, (await findRobot(db, id))?.name ?? '');
  return names;
};

async function publicationsOut(db: Db, pubs: PublicationRow[], teams: TeamRow[]): Promise<Publication[]> {
  const titles = new Map(teams.map((t) => [t.id, t.title]));
  const names = await robotNames(db, pubs.map((p) => p.robotId));
  return pubs.map((p) => ({
    plan_id: p.planId, team_id: p.teamId, team_title: titles.get(p.teamId) ?? '', robot_id: p.robotId,
    robot_name: names.get(p.robotId) ?? '', create_time: toSeconds(p.createdAt),
  }));
}

/** A class of the caller's organisation (404 otherwise) that they lead (403 otherwise). */
async function ledClass(db: Db, me: AuthContext, teamId: number): Promise<TeamRow> {
  const team = await findTeam(db, teamId);
  if (!team || team.groupId !== me.groupId) throw notFound(MSG.notFound);
  if (!(await myClasses(db, me)).some((t) => t.id === team.id)) throw forbidden(COURSE_MSG.notYourClass);
  return team;
}

/** The publish dialog: the classes the caller leads, and whether the plan is published to each. */
export async function publishTargets(db: Db, me: AuthContext, planId: number) {
  await managedPlan(db, me, planId);
  const classes = await myClasses(db, me);
  const published = new Set((await publicationsOfPlan(db, planId)).map((p) => p.teamId));
  const names = await robotNames(db, classes.map((c) => c.robotId));
  return classes.map((c) => ({ team_id: c.id, title: c.title, robot_id: c.robotId, robot_name: names.get(c.robotId) ?? '', published: published.has(c.id) }));
}

/** Publishes a plan to a class the caller leads: every node starts locked; the class is told (课程已发布). */
export async function publishPlan(db: Db, me: AuthContext, planId: number, teamId: number): Promise<Publication> {
  const plan = await managedPlan(db, me, planId);
  const team = await ledClass(db, me, teamId);
  const pub = await insertPublication(db, { planId, teamId, groupId: plan.groupId, robotId: team.robotId, publishedBy: me.userId })
    ?? (await findPublication(db, planId, teamId))!;
  await postTeamNews(db, [{
    teamId, groupId: team.groupId, kind: 'plan_published', title: `${COURSE_MSG.published}：${plan.title}`,
    link: { name: 'student-project-detail', params: { id: planId } }, actorId: me.userId,
  }]);
  return (await publicationsOut(db, [pub], [team]))[0]!;
}

export async function unpublishPlan(db: Db, me: AuthContext, planId: number, teamId: number) {
  await managedPlan(db, me, planId);
  await ledClass(db, me, teamId);
  await deletePublication(db, planId, teamId);
}

/** A plan of the caller's organisation with the publications to classes they lead. */
async function taughtPlan(db: Db, me: AuthContext, planId: number) {
  const plan = await findPlan(db, me.groupId, planId);
  if (!plan) throw notFound(COURSE_MSG.planNotFound);
  const classes = await myClasses(db, me);
  const led = new Set(classes.map((c) => c.id));
  const pubs = (await publicationsOfPlan(db, planId)).filter((p) => led.has(p.teamId));
  return { plan, classes, pubs };
}

/** 解锁 / 锁定 a node for a class. Unlocking opens its chapters too; locking closes what is under it. */
export async function setItemStatus(db: Db, me: AuthContext, body: z.output<typeof unlockBody>) {
  const { plan, pubs, classes } = await taughtPlan(db, me, body.plan_id);
  const nodes = await planNodes(db, plan.id);
  const node = nodes.find((n) => n.id === body.node_id);
  if (!node) throw notFound(COURSE_MSG.nodeNotFound);
  const team = classes.find((c) => c.id === body.team_id);
  if (!team) {
    await ledClass(db, me, body.team_id); // 404 for another organisation's class, 403 for one not led
    throw forbidden(COURSE_MSG.notPublished);
  }
  if (!pubs.some((p) => p.teamId === team.id)) throw forbidden(COURSE_MSG.notPublished);
  if (body.item_status === ITEM_STATUS.LOCKED) {
    await lockNodes(db, team.id, subtreeIds(nodes, node.id));
    return COURSE_MSG.locked;
  }
  const opened = await unlockNodes(db, team.id, [node.id, ...ancestorIds(nodes, node.id)], me.userId);
  if (opened.includes(node.id)) {
    await postTeamNews(db, [{
      teamId: team.id, groupId: team.groupId, kind: 'node_unlocked', title: `${COURSE_MSG.unlocked}：${plan.title} · ${node.title}`,
      link: { name: 'student-project-detail', params: { id: plan.id }, query: { plan_id: plan.id, node_id: node.id } }, actorId: me.userId,
    }]);
  }
  return COURSE_MSG.unlocked;
}

/** The console's course tab: plans published to the classes the caller leads on one robot. */
export async function teachingList(db: Db, me: AuthContext, robotId: number) {
  const robot = await findRobot(db, robotId);
  if (!robot || robot.groupId !== me.groupId) throw notFound(MSG.robotNotFound);
  const classes = await myClasses(db, me, robotId);
  const rows = await publicationsOfTeams(db, classes.map((c) => c.id));
  const roster = await studentsOfTeams(db, classes.map((c) => c.id));
  const out = [];
  for (const r of rows) {
    const [pub] = await publicationsOut(db, [r.pub], classes);
    const unlocked = await unlockedNodes(db, r.pub.teamId, r.pub.planId);
    out.push({
      ...pub!, title: r.title, node_count: r.nodeCount, unlocked_count: unlocked.size,
      student_count: roster.filter((s) => s.teamId === r.pub.teamId).length,
    });
  }
  return out;
}

/** The teaching view: one class's item_status per node and who of the class studied each. */
export async function teachingDetail(db: Db, me: AuthContext, planId: number, teamId?: number) {
  const { plan, pubs, classes } = await taughtPlan(db, me, planId);
  // Not published to a class the caller leads: only the plan's managers may read it (else it does not exist for them).
  if (pubs.length === 0) await managedPlan(db, me, planId).catch(() => { throw notFound(COURSE_MSG.planNotFound); });
  const pub = teamId ? pubs.find((p) => p.teamId === teamId) : pubs[0];
  if (teamId && !pub) throw forbidden(COURSE_MSG.notPublished);
  const nodes = inTreeOrder(await planNodes(db, plan.id));
  const roster = pub ? await studentsOfTeams(db, [pub.teamId]) : [];
  const unlocked = pub ? await unlockedNodes(db, pub.teamId, plan.id) : new Set<number>();
  const progress = pub ? await progressOf(db, plan.id, roster.map((s) => s.userId)) : [];
  const studies: Record<string, { uid: number; truename: string; avatar: string; done: boolean; opened_time: number }[]> = {};
  for (const p of progress) {
    const s = roster.find((x) => x.userId === p.userId)!;
    (studies[p.nodeId] ??= []).push({ uid: s.userId, truename: s.truename, avatar: s.avatar, done: p.done, opened_time: toSeconds(p.openedAt) });
  }
  return {
    plan: planOut(await planWithCounts(db, plan.id)),
    classes: await publicationsOut(db, pubs, classes),
    team_id: pub?.teamId ?? null,
    student_count: roster.length,
    tree: nodes.map((n) => treeNodeOut(n, unlocked.has(n.id) ? ITEM_STATUS.OPEN : ITEM_STATUS.LOCKED,
      studies[n.id]?.length ?? 0, studies[n.id]?.filter((s) => s.done).length ?? 0)),
    nodes: nodes.map(nodeOut),
    studies,
  };
}

/** A student's course progress, for a teacher who leads their class on the robot (the user-data tab). */
export async function studentProgress(db: Db, me: AuthContext, robotId: number, studentId: number) {
  const robot = await findRobot(db, robotId);
  if (!robot || robot.groupId !== me.groupId) throw notFound(MSG.robotNotFound);
  if (!(await leadsStudent(db, me.userId, studentId, robotId))) throw forbidden(MSG.noOperationPermission);
  const team = await studentTeam(db, robotId, studentId);
  if (!team) return [];
  const out = [];
  for (const r of await publicationsOfTeams(db, [team.id])) {
    const nodes = inTreeOrder(await planNodes(db, r.pub.planId));
    const unlocked = await unlockedNodes(db, team.id, r.pub.planId);
    const progress = new Map((await progressOf(db, r.pub.planId, [studentId])).map((p) => [p.nodeId, p]));
    out.push({
      plan_id: r.pub.planId, title: r.title, node_count: nodes.length, unlocked_count: unlocked.size,
      opened_count: progress.size, done_count: [...progress.values()].filter((p) => p.done).length,
      nodes: nodes.map((n) => ({ id: n.id, title: n.title, done: !!progress.get(n.id)?.done, opened_time: toSeconds(progress.get(n.id)?.openedAt) })),
    });
  }
  return out;
}
