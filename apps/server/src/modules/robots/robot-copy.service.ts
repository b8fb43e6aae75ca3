import { sql } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import { IS_PUBLIC, ROBOT_ROLE, ROBOT_SOURCE, USE_TYPE } from '@xueban/contract/robots';
import type { Deps } from '../../types.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Db } from '../../db/client.ts';
import type { RobotRow } from '../../db/schema/robots.ts';
import { LEVELS, canCreate, currentGroup, isTeacherLevel, loadVisible, manageLevel } from './robot-access.ts';
import { configOf, extraOf } from './robot-view.ts';
import { addRobotMember, findRobot, findSettledCopy, incrementCounter, insertRobot, knownIndustryIds, type RobotView } from './robots.repo.ts';
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
 * The one way a robot is copied (copyClassRobot below, and bundles: the resource centre and
 * solutions through copyRobotInto): a new row in the target organisation with the source's
 * profile, the target user as its member, and the copy counted on the source. Nothing else of
 * the source travels here: members, teams, conversations, API keys, releases and bindings stay
 * (a bundle re-binds the copy to the copies of its contents).
 */
async function insertRobotCopy(
  tx: Db, src: RobotRow, to: { groupId: number; uid: number },
  o: { role: string; source: number; name?: string | undefined; info?: string | undefined; industryIds?: number[] | undefined },
) {
  const robot = await insertRobot(tx, {
    groupId: to.groupId,
    creatorId: to.uid,
    name: o.name ?? src.name,
    info: o.info ?? src.info,
    avatar: src.avatar,
    msg: src.msg,
    industryIds: o.industryIds ?? src.industryIds,
    sceneId: src.sceneId,
    source: o.source,
    sourceRobotId: src.id,
    code: newRobotCode(),
    extra: extraOf(src.extra),
    config: configOf(src.config),
  });
  await addRobotMember(tx, robot.id, to.uid, o.role);
  await incrementCounter(tx, src.id, 'copyNum');
  return robot;
}

/**
 * A bundle's robot copy: robot `id` of organisation `sourceGroupId` (404 otherwise) copied into the
 * target organisation, the target user its creator. Who may take it is the caller's rule (a
 * published resource, a solution being installed). Returns the copy's id.
 */
export async function copyRobotInto(db: Db, sourceGroupId: number, id: number, to: { groupId: number; uid: number }): Promise<number> {
  const src = await findRobot(db, id);
  if (!src || src.groupId !== sourceGroupId) throw notFound(MSG.robotNotFound);
  const copy = await db.transaction((tx) => insertRobotCopy(tx, src, to, { role: ROBOT_ROLE.CREATOR, source: ROBOT_SOURCE.COPY }));
  return copy.id;
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
    return insertRobotCopy(tx, src, { groupId, uid: me.userId }, {
      role, source: settle ? ROBOT_SOURCE.SETTLE : ROBOT_SOURCE.COPY, name: input.name, info: input.info, industryIds,
    });
  });
  return { id: copy.id, rid: copy.id, code: copy.code, name: copy.name, source: copy.source, role, source_robot_id: src.id };
}
