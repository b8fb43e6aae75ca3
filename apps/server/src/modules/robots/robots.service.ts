import { and, count, eq, notInArray } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import { IS_PUBLIC, ROBOT_ROLE, ROBOT_SOURCE, type SaveRobotBody } from '@xueban/contract/robots';
import type { Deps } from '../../types.ts';
import { DEFAULT_CONFIG, DEFAULT_EXTRA, robots, type OnboardingInfo, type RobotExtra } from '../../db/schema/robots.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { randomCode } from '../../lib/crypto.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';
import { findGroup } from '../groups/membership.service.ts';
import { latestReviews } from '../releases/releases.service.ts';
import { submitRelease } from '../releases/releases.service.ts';
import { countTeams, findTeam } from '../teams/team-records.service.ts';
import { LEVELS, canCreate, currentGroup, loadManaged, loadVisible } from './robot-access.ts';
import { configOf, toRobot } from './robot-view.ts';
import {
  addRobotMember, deleteRobot, findRobotView, findSettledCopy, incrementCounter, industriesOf, insertRobot, knownIndustryIds,
  listRobotPage, mergeExtra, mergeOnboarding, roleCounts, sceneExists, sceneOf, updateRobot, usedCount,
} from './robots.repo.ts';
import { containing } from '../../lib/like.ts';

export const newRobotCode = () => randomCode(16);

/** Robot/saveRobot: creators/developers and admins create (and become its creator); editors update. */
export async function saveRobot(deps: Pick<Deps, 'db'>, me: AuthContext, body: SaveRobotBody) {
  const { db } = deps;
  const existing = body.id ? (await loadManaged(db, me, body.id, LEVELS.edit)).view.robot : null;
  if (!existing && !canCreate(me)) throw forbidden(MSG.noOperationPermission);
  if (!(await sceneExists(db, body.scene_id))) throw badRequest(MSG.sceneRequired);
  const values = {
    name: body.name, sceneId: body.scene_id,
    ...(body.info !== undefined ? { info: body.info } : {}),
    ...(body.avatar !== undefined ? { avatar: body.avatar } : {}),
    ...(body.msg !== undefined ? { msg: body.msg } : {}),
    ...(body.industry_ids ? { industryIds: await knownIndustryIds(db, body.industry_ids) } : {}),
  };
  let id: number;
  if (existing) {
    id = existing.id;
    await db.transaction(async (tx) => {
      await updateRobot(tx, id, values);
      if (body.extra) await mergeExtra(tx, id, body.extra);
      if (body.config?.onboarding_info) await mergeOnboarding(tx, id, body.config.onboarding_info);
    });
  } else {
    const groupId = currentGroup(me);
    id = await db.transaction(async (tx) => {
      const robot = await insertRobot(tx, {
        ...values, groupId, creatorId: me.userId, code: newRobotCode(), source: ROBOT_SOURCE.BLANK,
        extra: { ...DEFAULT_EXTRA, ...body.extra } as RobotExtra,
        config: { onboarding_info: { ...DEFAULT_CONFIG.onboarding_info, ...body.config?.onboarding_info } as OnboardingInfo },
      });
      await addRobotMember(tx, robot.id, me.userId, ROBOT_ROLE.CREATOR);
      return robot.id;
    });
  }
  return toRobot((await findRobotView(db, me, id, undefined))!);
}

export interface DetailOptions {
  with_check_used?: number | undefined;
  with_user_team?: number | undefined;
  inc_view?: number | undefined;
  isolate?: number | undefined;
  with_cate?: number | undefined;
}

/** Robot/detail: any robot the caller can see; isolate=1 keeps to their organisation. */
export async function robotDetail(deps: Deps, me: AuthContext, id: number, o: DetailOptions) {
  const { db } = deps;
  const view = await loadVisible(db, me, id);
  if (o.isolate && !me.isSuperAdmin && view.robot.groupId !== me.groupId) throw notFound(MSG.robotNotFound);
  if (o.inc_view) view.robot.viewNum = await incrementCounter(db, id, 'viewNum');
  const team = o.with_user_team && view.teamId ? await findTeam(db, view.teamId) : null;
  return {
    ...toRobot(view),
    settled_robot: me.groupId ? await findSettledCopy(db, me.userId, me.groupId, id) : null,
    ...(o.with_user_team ? { team: team ? { id: team.id, title: team.title, team_category_id: team.teamCategoryId } : null } : {}),
    ...(o.with_cate ? { industries: await industriesOf(db, view.robot.industryIds), scene: await sceneOf(db, view.robot.sceneId) } : {}),
  };
}

/** Robot/getRobotDesignInfo: the management view, with the caller's management level. */
export async function designInfo(deps: Deps, me: AuthContext, id: number, o: { with_industry?: number | undefined; with_group?: number | undefined; with_public_review?: number | undefined }) {
  const { db } = deps;
  const { view, level } = await loadManaged(db, me, id, LEVELS.view);
  const r = view.robot;
  const group = o.with_group ? await findGroup(db, r.groupId) : null;
  return {
    ...toRobot(view),
    manage_role: level,
    scene: await sceneOf(db, r.sceneId),
    first_chat_id: 0,
    ...(o.with_industry ? { industries: await industriesOf(db, r.industryIds) } : {}),
    ...(o.with_group ? { group: group ? { group_id: group.id, name: group.name, logo: group.logo } : null } : {}),
    ...(o.with_public_review ? { public_review: await latestReviews(db, r.id) } : {}),
  };
}

export async function updateExtraInfo(deps: Deps, me: AuthContext, id: number, patch: Partial<RobotExtra>) {
  await loadManaged(deps.db, me, id, LEVELS.edit);
  return { extra: await mergeExtra(deps.db, id, patch) };
}

export async function updateConfigData(deps: Deps, me: AuthContext, id: number, patch: Partial<OnboardingInfo>) {
  await loadManaged(deps.db, me, id, LEVELS.edit);
  return { config: configOf(await mergeOnboarding(deps.db, id, patch)) };
}

/**
 * Robot/updateRobotSetting: 上架/下架 (online_status), 停用 (is_show), 关闭 (is_close) and the
 * visibility. Private (0) and within the organisation (2) apply at once; the square (1) opens a review.
 */
export async function updateSetting(
  deps: Pick<Deps, 'db'>, me: AuthContext, id: number,
  s: { online_status?: number | undefined; is_show?: number | undefined; is_close?: number | undefined; is_public?: number | undefined },
) {
  const { db } = deps;
  const { view } = await loadManaged(db, me, id, LEVELS.owner);
  const changes: Partial<typeof robots.$inferInsert> = {};
  if (s.online_status !== undefined) changes.onlineStatus = s.online_status === 1;
  if (s.is_show !== undefined) changes.isShow = s.is_show === 1;
  if (s.is_close !== undefined) changes.isClose = s.is_close === 1;
  if (s.is_public === IS_PUBLIC.PRIVATE || s.is_public === IS_PUBLIC.ORG) changes.isPublic = s.is_public;
  if (Object.keys(changes).length > 0) await updateRobot(db, id, changes);
  const review = s.is_public === IS_PUBLIC.SQUARE && view.robot.isPublic !== IS_PUBLIC.SQUARE
    ? await submitRelease(db, view.robot, me.userId, 'square')
    : null;
  const after = (await findRobotView(db, me, id, undefined))!;
  return { ...toRobot(after), public_review: review };
}

/** How many robots the organisation has besides the given ones (the first-start checklist: 创建机器人). */
export async function robotCountExcept(db: Deps['db'], groupId: number, exceptIds: number[]) {
  const [row] = await db.select({ n: count() }).from(robots)
    .where(and(eq(robots.groupId, groupId), exceptIds.length ? notInArray(robots.id, exceptIds) : undefined));
  return row?.n ?? 0;
}

/** Whether the robot still exists (the demo robot an admin may have deleted). */
export async function robotExists(db: Deps['db'], id: number) {
  const [row] = await db.select({ id: robots.id }).from(robots).where(eq(robots.id, id)).limit(1);
  return !!row;
}

export async function removeRobot(deps: Deps, me: AuthContext, id: number) {
  await loadManaged(deps.db, me, id, LEVELS.owner);
  await deleteRobot(deps.db, id);
}

export async function viewCount(deps: Deps, me: AuthContext, id: number) {
  await loadVisible(deps.db, me, id);
  return { view_num: await incrementCounter(deps.db, id, 'viewNum') };
}

/** Robot/stats: 次查看, 人加入 (students and teachers), 次复制, members by role, teams and users. */
export async function robotStats(deps: Deps, me: AuthContext, id: number) {
  const { db } = deps;
  const { view } = await loadManaged(db, me, id, LEVELS.view);
  const roles = await roleCounts(db, id);
  const n = (role: string) => roles[role] ?? 0;
  return {
    robot_id: id,
    view_num: view.robot.viewNum,
    copy_num: view.robot.copyNum,
    join_num: n(ROBOT_ROLE.USER) + n(ROBOT_ROLE.TEACHER),
    member_count: view.memberCount,
    user_num: n(ROBOT_ROLE.USER),
    teacher_num: n(ROBOT_ROLE.TEACHER),
    cooperator_num: n(ROBOT_ROLE.COOPERATOR),
    team_num: await countTeams(db, id),
    used_num: await usedCount(db, id),
  };
}

export interface ListQuery extends PageParams {
  fetch_type: 'my' | 'square' | 'template';
  scene_id?: number | undefined;
  industry_id?: number | undefined;
  isolate?: number | undefined;
  keyword?: string | undefined;
  role?: string | undefined;
}


/** Robot/lists: the page of one fetch_type with the filters given (robots.repo listRobotPage). */
export async function listRobots(deps: Deps, me: AuthContext, q: ListQuery) {
  const { limit, offset } = resolvePage(q);
  const { total, rows } = await listRobotPage(deps.db, {
    type: q.fetch_type, role: !!q.role, isolate: !!q.isolate, scene: !!q.scene_id, industry: !!q.industry_id, keyword: !!q.keyword,
  }, {
    userId: me.userId, groupId: me.groupId, role: q.role ?? '', sceneId: q.scene_id ?? 0, industryId: q.industry_id ?? 0,
    pattern: q.keyword ? containing(q.keyword) : '', limit, offset,
  });
  return pageOf(q, total, rows.map(toRobot));
}

