import { MARK_MSG, type MarkBody, type SaveAssignmentBody } from '@xueban/contract/marking';
import type { Deps } from '../../types.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { CriterionScore } from '../../db/schema/marking.ts';
import { findTeam, postTeamNews, studentsOfTeams, teamsLedByTeacher, type TeamRow } from '../teams/team-records.service.ts';
import { findRobot } from '../robots/robot-records.service.ts';
import {
  assignmentsOfTeams, deleteAssignment, findAssignment, findSubmission, insertAssignment, statusCounts, submissionsOf,
  updateAssignment, updateSubmission, type AssignmentRow, type SubmissionRow,
} from './marking.repo.ts';
import { toAssignmentItem, toSubmissionItem, type Counts } from './marking-views.ts';

// The teacher's side of marking: assignments for the classes they lead, review, release, export.

/** The classes the caller leads in their current organisation (on one robot, or all). */
async function myClasses(deps: Pick<Deps, 'db'>, me: AuthContext, robotId?: number): Promise<TeamRow[]> {
  if (robotId) {
    const robot = await findRobot(deps.db, robotId);
    if (!robot || robot.groupId !== me.groupId) throw notFound();
  }
  return (await teamsLedByTeacher(deps.db, me.userId, robotId)).filter((t) => t.groupId === me.groupId);
}

/** The robots' names, one lookup per robot. */
async function robotNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const id of new Set(ids)) names.set(id, (await findRobot(db, id))?.name ?? '');
  return names;
}

export async function classOptions(deps: Deps, me: AuthContext, robotId?: number) {
  const classes = await myClasses(deps, me, robotId);
  const names = await robotNames(deps.db, classes.map((c) => c.robotId));
  const students = await studentsOfTeams(deps.db, classes.map((c) => c.id));
  return classes.map((c) => ({
    team_id: c.id, title: c.title, robot_id: c.robotId, robot_name: names.get(c.robotId) ?? '',
    students: students.filter((s) => s.teamId === c.id).length,
  }));
}

/** The caller's assignments across the classes they lead, with the counts the reading desk shows. */
export async function listAssignments(deps: Deps, me: AuthContext, robotId?: number) {
  const classes = await myClasses(deps, me, robotId);
  const rows = await assignmentsOfTeams(deps.db, me.groupId, classes.map((c) => c.id));
  return describeAssignments(deps.db, rows, classes);
}

/** Assignments with their robot, class and submission counts (the reading desk's list). */
export async function describeAssignments(db: Db, rows: AssignmentRow[], classes: TeamRow[]) {
  const names = await robotNames(db, rows.map((r) => r.robotId));
  const students = await studentsOfTeams(db, [...new Set(rows.map((r) => r.teamId))]);
  const counts = await statusCounts(db, rows.map((r) => r.id));
  return rows.map((a) => {
    const c: Counts = { students: students.filter((s) => s.teamId === a.teamId).length, submitted: 0, waiting: 0, drafted: 0, released: 0 };
    for (const n of counts.filter((x) => x.assignmentId === a.id)) {
      c.submitted += n.n;
      if (n.status === 'drafted') c.drafted += n.n;
      else if (n.status === 'released') c.released += n.n;
      else c.waiting += n.n;
    }
    return toAssignmentItem(a, { robot: names.get(a.robotId) ?? '', team: classes.find((t) => t.id === a.teamId)?.title ?? '' }, c);
  });
}

/** An assignment of the caller's organisation in a class they lead: 404 for another organisation's, 403 for another class. */
export async function ledAssignment(deps: Pick<Deps, 'db'>, me: AuthContext, id: number): Promise<{ a: AssignmentRow; team: TeamRow }> {
  const a = await findAssignment(deps.db, me.groupId, id);
  if (!a) throw notFound(MARK_MSG.assignmentNotFound);
  const team = (await myClasses(deps, me)).find((t) => t.id === a.teamId);
  if (!team) throw forbidden(MARK_MSG.notYourClass);
  return { a, team };
}

/** A rubric's criteria as compared (jsonb does not keep key order). */
const rubricKey = (rubric: { name: string; points: number; description?: string }[]) =>
  JSON.stringify(rubric.map((c) => [c.name, c.points, c.description ?? '']));

export async function saveAssignment(deps: Deps, me: AuthContext, body: SaveAssignmentBody) {
  const team = await findTeam(deps.db, body.team_id);
  if (!team || team.groupId !== me.groupId) throw notFound();
  const classes = await myClasses(deps, me);
  if (!classes.some((c) => c.id === team.id)) throw forbidden(MARK_MSG.notYourClass);
  const values = {
    title: body.title, instructions: body.instructions, rubric: body.rubric, dueAt: new Date(body.due_at * 1000),
  };
  let row: AssignmentRow;
  if (body.id) {
    const { a } = await ledAssignment(deps, me, body.id);
    if (a.teamId !== team.id) throw badRequest('作业的班级不能修改');
    // Scores are kept per criterion: once any work is scored, the rubric they were scored on stays.
    if (rubricKey(a.rubric) !== rubricKey(body.rubric)
      && (await submissionsOf(deps.db, a.id)).some((s) => s.aiScores || s.scores)) {
      throw conflict(MARK_MSG.rubricLocked);
    }
    row = await updateAssignment(deps.db, a.id, values);
  } else {
    row = await insertAssignment(deps.db, { ...values, groupId: me.groupId, robotId: team.robotId, teamId: team.id, teacherId: me.userId });
    await postTeamNews(deps.db, [{
      teamId: team.id, groupId: team.groupId, kind: 'assignment_set', title: `新作业：${row.title}`, actorId: me.userId, userId: null,
      link: { name: 'dialogueIndex', params: { tab: 'resource' }, query: { dialogueRid: team.robotId } },
    }]);
  }
  const [item] = await describeAssignments(deps.db, [row], classes);
  return item!;
}

export async function removeAssignment(deps: Deps, me: AuthContext, id: number) {
  const { a } = await ledAssignment(deps, me, id);
  await deleteAssignment(deps.db, a.id);
}

/** The review screen: the assignment and every student of its class with their submission (or none). */
export async function reviewAssignment(deps: Deps, me: AuthContext, id: number) {
  const { a, team } = await ledAssignment(deps, me, id);
  const [item] = await describeAssignments(deps.db, [a], [team]);
  const roster = await studentsOfTeams(deps.db, [a.teamId]);
  const subs = await submissionsOf(deps.db, a.id);
  return {
    assignment: item!,
    students: roster.map((s) => {
      const sub = subs.find((x) => x.studentId === s.userId);
      return { uid: s.userId, truename: s.truename || `学生 ${s.userId}`, submission: sub ? toSubmissionItem(sub) : null };
    }),
  };
}

/** A submission of the caller's organisation to an assignment of a class they lead. */
export async function ledSubmission(deps: Pick<Deps, 'db'>, me: AuthContext, id: number): Promise<{ s: SubmissionRow; a: AssignmentRow }> {
  const s = await findSubmission(deps.db, me.groupId, id);
  if (!s) throw notFound(MARK_MSG.submissionNotFound);
  const { a } = await ledAssignment(deps, me, s.assignmentId);
  return { s, a };
}

/** The teacher's scores: one per criterion, by name, within its points. */
function checkedScores(a: AssignmentRow, given: MarkBody['scores']): CriterionScore[] {
  return a.rubric.map((c) => {
    const hit = given.find((g) => g.name === c.name);
    if (!hit) throw badRequest(MARK_MSG.scoresRequired, { field: 'scores' });
    if (hit.score > c.points) throw badRequest(`「${c.name}」的得分不能超过满分 ${c.points} 分`, { field: 'scores' });
    return { name: c.name, score: Math.round(hit.score * 10) / 10 };
  });
}

function releaseNews(a: AssignmentRow, studentId: number, actorId: number) {
  return {
    teamId: a.teamId, groupId: a.groupId, kind: 'mark_released', title: `批阅结果已发布：${a.title}`, userId: studentId, actorId,
    link: { name: 'dialogueIndex', params: { tab: 'resource' }, query: { dialogueRid: a.robotId } },
  };
}

/** The teacher's marks (over the draft), released at once when asked. */
export async function markSubmission(deps: Deps, me: AuthContext, body: MarkBody) {
  const { s, a } = await ledSubmission(deps, me, body.id);
  const scores = body.scores.length ? checkedScores(a, body.scores) : (s.scores ?? s.aiScores ?? null);
  const comment = body.comment;
  if (body.release && !scores) throw badRequest(MARK_MSG.scoresRequired, { field: 'scores' });
  const release = !!body.release && s.status !== 'released';
  const row = await updateSubmission(deps.db, s.id, {
    scores, comment, ...(release ? { status: 'released', releasedAt: new Date() } : {}),
  });
  if (release) await postTeamNews(deps.db, [releaseNews(a, s.studentId, me.userId)]);
  return toSubmissionItem(row);
}

/** 全部发布: every drafted submission released with the teacher's marks where set, else the draft's. */
export async function releaseAll(deps: Deps, me: AuthContext, assignmentId: number) {
  const { a } = await ledAssignment(deps, me, assignmentId);
  const drafted = (await submissionsOf(deps.db, a.id)).filter((s) => s.status === 'drafted' && (s.scores ?? s.aiScores));
  const now = new Date();
  for (const s of drafted) {
    await updateSubmission(deps.db, s.id, {
      scores: s.scores ?? s.aiScores, comment: s.comment ?? s.aiComment, status: 'released', releasedAt: now,
    });
  }
  await postTeamNews(deps.db, drafted.map((s) => releaseNews(a, s.studentId, me.userId)));
  return { released: drafted.length };
}

/** Before a redraft: a released submission is final. */
export function assertDraftable(s: SubmissionRow) {
  if (s.status === 'released') throw conflict(MARK_MSG.alreadyReleased);
}
