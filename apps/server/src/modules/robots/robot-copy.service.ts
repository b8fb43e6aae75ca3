import { sql } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import { IS_PUBLIC, ROBOT_ROLE, ROBOT_SOURCE, USE_TYPE } from '@xueban/contract/robots';
import type { Deps } from '../../types.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { conflict, forbidden } from '../../lib/errors.ts';
import { LEVELS, canCreate, currentGroup, isTeacherLevel, loadVisible, manageLevel } from './robot-access.ts';
import { configOf, extraOf } from './robot-view.ts';
import { addRobotMember, findSettledCopy, incrementCounter, insertRobot, knownIndustryIds, type RobotView } from './robots.repo.ts';
import { newRobotCode } from './robots.service.ts';

export interface CopyInput {
  id: number;
  source: number;
  name?: string | undefined;
  info?: string | undefined;
  industry_ids?: number[] | undefined;
}

/**
 * What may be copied: the template library and the square for everyone; within the caller's
 * organisation, robots public there (is_public 2) or ones they edit. A teacher settles (source 2)
 * any robot they can see in their organisation, the library or the square whose use_type includes 2.
 */
function copyable(v: RobotView, me: AuthContext, settle: boolean): boolean {
  const r = v.robot;
  const shared = r.isTemplate || r.isPublic === IS_PUBLIC.SQUARE;
  const own = r.groupId === me.groupId;
  if (settle) return extraOf(r.extra).use_type.includes(USE_TYPE.TEACHER) && (shared || own);
  const level = manageLevel(r, v.role, me);
  return shared || (own && (r.isPublic === IS_PUBLIC.ORG || (level !== null && (LEVELS.edit as readonly string[]).includes(level))));
}

/**
 * copyClassRobot: copies a robot into the caller's organisation and counts the copy on the source.
 * source 1 (creators, developers, admins) makes the caller its creator; source 2 is the teacher
 * settle (入驻) of spec §4: the caller owns the copy with role teacher and next creates a team on it.
 * A teacher settles a robot once per organisation: a second settle answers 409 您已入驻该机器人 with
 * the copy's id (the web then offers 进入控制端). A lock per teacher makes a double click one copy.
 */
export async function copyRobot(deps: Deps, me: AuthContext, input: CopyInput) {
  const { db } = deps;
  const settle = input.source === ROBOT_SOURCE.SETTLE;
  if (settle ? !isTeacherLevel(me) : !canCreate(me)) throw forbidden(MSG.noOperationPermission);
  const groupId = currentGroup(me);
  const view = await loadVisible(db, me, input.id);
  if (!copyable(view, me, settle)) throw forbidden(MSG.robotCopyFailed);
  const src = view.robot;
  const industryIds = input.industry_ids ? await knownIndustryIds(db, input.industry_ids) : src.industryIds;
  const role = settle ? ROBOT_ROLE.TEACHER : ROBOT_ROLE.CREATOR;
  const copy = await db.transaction(async (tx) => {
    if (settle) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('robots.settle'), ${me.userId})`);
      const settled = await findSettledCopy(tx, me.userId, groupId, src.id);
      if (settled) throw conflict(MSG.alreadySettled, { robot_id: settled.id });
    }
    const robot = await insertRobot(tx, {
      groupId,
      creatorId: me.userId,
      name: input.name ?? src.name,
      info: input.info ?? src.info,
      avatar: src.avatar,
      msg: src.msg,
      industryIds,
      sceneId: src.sceneId,
      source: settle ? ROBOT_SOURCE.SETTLE : ROBOT_SOURCE.COPY,
      sourceRobotId: src.id,
      code: newRobotCode(),
      extra: extraOf(src.extra),
      config: configOf(src.config),
    });
    await addRobotMember(tx, robot.id, me.userId, role);
    await incrementCounter(tx, src.id, 'copyNum');
    return robot;
  });
  return { id: copy.id, rid: copy.id, code: copy.code, name: copy.name, source: copy.source, role, source_robot_id: src.id };
}
