import { DEFAULT_CONFIG, DEFAULT_EXTRA, type RobotConfig, type RobotExtra } from '../../db/schema/robots.ts';
import { toSeconds } from '../../lib/time.ts';
import type { RobotRow, RobotView } from './robots.repo.ts';

export const extraOf = (e: RobotExtra | null): RobotExtra => ({ ...DEFAULT_EXTRA, ...e });
export const configOf = (c: RobotConfig | null): RobotConfig => ({
  ...c,
  onboarding_info: { ...DEFAULT_CONFIG.onboarding_info, ...c?.onboarding_info },
});

/** The counters a robot shows (次查看, 人加入, 次复制) and its member count. */
export const statsData = (r: RobotRow, memberCount: number) => ({
  view_num: r.viewNum, copy_num: r.copyNum, member_count: memberCount,
});

/** Every Robot field of spec §3, as this caller sees it; role is '' when the caller has not joined. */
export function toRobot(v: RobotView) {
  const r = v.robot;
  const extra = extraOf(r.extra);
  return {
    id: r.id,
    rid: r.id,
    name: r.name,
    info: r.info,
    avatar: r.avatar,
    msg: r.msg,
    industry_ids: r.industryIds,
    scene_id: r.sceneId,
    source: r.source,
    source_robot_id: r.sourceRobotId ?? 0,
    code: r.code,
    group_id: r.groupId,
    is_show: r.isShow,
    online_status: r.onlineStatus,
    is_close: r.isClose,
    is_used: v.isUsed,
    is_cooperator: v.role === 'cooperator',
    is_template: r.isTemplate,
    is_public: r.isPublic,
    role: v.role ?? '',
    team_id: v.teamId ?? 0,
    copy_num: r.copyNum,
    view_num: r.viewNum,
    robot_member_count: v.memberCount,
    robot_stats_data: statsData(r, v.memberCount),
    user: { uid: r.creatorId, avatar: v.creatorAvatar, truename: v.creatorName },
    extra,
    update_extra: { use_type: extra.use_type },
    config: configOf(r.config),
    create_time: toSeconds(r.createdAt),
    update_time: toSeconds(r.updatedAt),
  };
}
export type RobotDto = ReturnType<typeof toRobot>;
