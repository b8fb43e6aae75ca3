import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { TRAIN_MSG, type resultRowSchema, type SaveScenarioBody, type scenarioDetailSchema, type TrainScenario } from '@xueban/contract/training';
import { isAdminRoleAbove } from '@xueban/contract/roles';
import type { Deps } from '../../types.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { toSeconds } from '../../lib/time.ts';
import { isTeacherLevel, loadVisible, manageLevel } from '../robots/robot-access.ts';
import { resolveChatModel } from '../ai-models/model-choice.ts';
import { studentsOfTeams, teamsLedByTeacher } from '../teams/team-records.service.ts';
import {
  attemptsOf, createdBy, deleteScenario, insertScenario, scenarioInGroup, scenariosOfGroup, updateScenario, type ScenarioView,
} from './training.repo.ts';
import { summaryOf } from './attempt-view.ts';

/** Whoever wrote a scenario changes it; an organisation's admins (and super admins) change any of theirs. */
const editsAll = (me: AuthContext) => me.isSuperAdmin || isAdminRoleAbove(me.roles);
export const canEdit = (me: AuthContext, v: ScenarioView) => editsAll(me) || v.scenario.creatorId === me.userId;
/** Teachers (and up) see their students' results; admins see everyone's. */
const seesResults = (me: AuthContext) => isTeacherLevel(me);

export function toScenario(me: AuthContext, v: ScenarioView): TrainScenario {
  const s = v.scenario;
  return {
    id: s.id, robot_id: s.robotId, robot_name: v.robotName, robot_avatar: v.robotAvatar, title: s.title, role: s.role, goal: s.goal,
    rubric: s.rubric, rounds: s.rounds, opening: s.opening, status: s.status as 'draft' | 'published', creator_name: v.creatorName,
    can_edit: canEdit(me, v), update_time: toSeconds(s.updatedAt),
  };
}

/**
 * A scenario of the caller's organisation they may see: published, or a draft they may edit.
 * Another organisation's, or someone else's draft, is a 404.
 */
export async function loadScenario(db: Db, me: AuthContext, id: number): Promise<ScenarioView> {
  const v = await scenarioInGroup(db, me.groupId, id);
  if (!v || (v.scenario.status !== 'published' && !canEdit(me, v))) throw notFound();
  return v;
}

async function loadEditable(db: Db, me: AuthContext, id: number): Promise<ScenarioView> {
  const v = await loadScenario(db, me, id);
  if (!canEdit(me, v)) throw forbidden(TRAIN_MSG.editOnlyOwn);
  return v;
}

/** A scenario is built on a robot of the caller's organisation by its creator or by a teacher (and up). */
async function checkRobotForSetup(db: Db, me: AuthContext, robotId: number) {
  const view = await loadVisible(db, me, robotId);
  if (view.robot.groupId !== me.groupId) throw notFound();
  if (!isTeacherLevel(me) && manageLevel(view.robot, view.role, me) !== 'creator') throw forbidden(TRAIN_MSG.setupDenied);
}

export async function listScenarios(db: Db, me: AuthContext, robotId?: number): Promise<TrainScenario[]> {
  if (robotId && (await loadVisible(db, me, robotId)).robot.groupId !== me.groupId) throw notFound();
  // Drafts: every one of the organisation for its admins, else the caller's own.
  const rows = await scenariosOfGroup(db, me.groupId, editsAll(me) ? sql`true` : createdBy(me.userId), robotId);
  return rows.map((v) => toScenario(me, v));
}

export async function scenarioDetail(deps: Deps, me: AuthContext, id: number): Promise<z.output<typeof scenarioDetailSchema>> {
  const v = await loadScenario(deps.db, me, id);
  const model = await resolveChatModel(deps, v.scenario.robotId);
  return { ...toScenario(me, v), model_ready: !!model, can_view_results: seesResults(me) };
}

export async function saveScenario(db: Db, me: AuthContext, body: SaveScenarioBody): Promise<TrainScenario> {
  await checkRobotForSetup(db, me, body.robot_id);
  const fields = {
    robotId: body.robot_id, title: body.title, role: body.role, goal: body.goal,
    rubric: body.rubric.map((c) => ({ name: c.name, points: c.points })), rounds: body.rounds, opening: body.opening,
  };
  let id = body.id;
  if (id) {
    const v = await loadEditable(db, me, id);
    await updateScenario(db, v.scenario.id, fields);
  } else {
    id = await insertScenario(db, { ...fields, groupId: me.groupId, creatorId: me.userId });
  }
  return toScenario(me, (await scenarioInGroup(db, me.groupId, id))!);
}

export async function publishScenario(db: Db, me: AuthContext, id: number, publish: boolean): Promise<TrainScenario> {
  const v = await loadEditable(db, me, id);
  await updateScenario(db, v.scenario.id, { status: publish ? 'published' : 'draft' });
  return toScenario(me, (await scenarioInGroup(db, me.groupId, id))!);
}

export async function removeScenario(db: Db, me: AuthContext, id: number) {
  const v = await loadEditable(db, me, id);
  await deleteScenario(db, v.scenario.id);
}

/**
 * The training results of a scenario (train attempts only): a teacher sees the students of the
 * classes they lead on the scenario's robot; an organisation's admin sees every learner's.
 */
export async function scenarioResults(db: Db, me: AuthContext, id: number): Promise<z.output<typeof resultRowSchema>[]> {
  const v = await loadScenario(db, me, id);
  if (!seesResults(me)) throw forbidden();
  const teams = await teamsLedByTeacher(db, me.userId, v.scenario.robotId);
  const students = await studentsOfTeams(db, teams.map((t) => t.id));
  const teamTitle = new Map(teams.map((t) => [t.id, t.title]));
  const teamOf = new Map(students.map((s) => [s.userId, teamTitle.get(s.teamId) ?? '']));
  const rows = await attemptsOf(db, v.scenario.id, editsAll(me) ? null : [...teamOf.keys()]);
  return rows
    .filter((r) => r.attempt.mode === 'train')
    .map((r) => ({ ...summaryOf(r, v.scenario.rounds), user_id: r.attempt.userId, team_title: teamOf.get(r.attempt.userId) ?? '' }));
}
