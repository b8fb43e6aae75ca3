/** Schemas of the robot and team calls (spec §7 "Robots and teams"), shared by server and web. */
import { z } from 'zod';
import { flag, num } from './number.ts';
import { LIMITS } from './limits.ts';
import { MSG } from './messages.ts';
import { boundContentSchema, type BoundContent } from './knowledge.ts';
import { idSchema, imageUrlSchema, pageQuery } from './uc.ts';
import { AUDIT, FETCH_TYPES, RELEASE_TARGETS, ROBOT_NAME_MAX, TEAM_CATEGORY, TEAM_ROLES, TEAM_SIZE, USE_TYPE } from './constants/robots.ts';

export * from './constants/robots.ts';

/** A 0/1 switch (number.ts, where knowledge.ts takes it from too without importing this file). */
export { flag };
const optionalFlag = flag.optional();
const text = (max: number) => z.string().trim().max(max);

export const robotNameSchema = z
  .string({ error: MSG.robotNameRequired })
  .trim()
  .min(1, MSG.robotNameRequired)
  .max(ROBOT_NAME_MAX, MSG.robotNameTooLong);
export const sceneIdSchema = num(z.number({ error: MSG.sceneRequired })
  .int(MSG.sceneRequired)
  .positive(MSG.sceneRequired)
  .max(2 ** 31 - 1, MSG.sceneRequired));

export const useTypeSchema = z
  .array(z.union([z.literal(USE_TYPE.STUDENT), z.literal(USE_TYPE.TEACHER)]))
  .max(10)
  .transform((v) => [...new Set(v)].sort());
export const robotExtraSchema = z.object({
  cover_url: imageUrlSchema,
  introduce: text(5000),
  use_type: useTypeSchema,
});
export const onboardingSchema = z.object({
  prologue: text(2000),
  suggested_questions: z.array(text(200).min(1)).max(20),
  suggested_questions_show_mode: z.union([z.literal(0), z.literal(1)]),
});
export const industryIdsSchema = z.array(idSchema).max(20);

/** Robot/saveRobot: create without id, update with it. Name and scene are checked first, in that order. */
export const saveRobotBody = z.object({
  id: idSchema.optional(),
  name: robotNameSchema,
  scene_id: sceneIdSchema,
  /** Omitted fields keep their value on update ('' / [] on create). */
  info: text(500).optional(),
  avatar: imageUrlSchema.optional(),
  msg: text(2000).optional(),
  industry_ids: industryIdsSchema.optional(),
  extra: robotExtraSchema.partial().optional(),
  config: z.object({ onboarding_info: onboardingSchema.partial() }).optional(),
});
export type SaveRobotBody = z.infer<typeof saveRobotBody>;

export const robotIdBody = z.object({ id: idSchema });
export const robotDetailQuery = z.object({
  id: idSchema,
  with_check_used: optionalFlag,
  with_user_team: optionalFlag,
  inc_view: optionalFlag,
  isolate: optionalFlag,
  with_cate: optionalFlag,
});
export const robotDesignQuery = z.object({
  id: idSchema,
  with_industry: optionalFlag,
  with_group: optionalFlag,
  with_public_review: optionalFlag,
  auth_hash: text(200).optional(),
  get_first_chatid: optionalFlag,
  is_talk: optionalFlag,
});
export const updateExtraBody = z.object({ id: idSchema, extra: robotExtraSchema.partial() });
export const updateConfigBody = z.object({ id: idSchema, config: z.object({ onboarding_info: onboardingSchema.partial() }) });
/** Robot/updateRobotSetting (ours): 上架/下架, 停用, 关闭, and the square visibility. */
export const robotSettingBody = z.object({
  id: idSchema,
  online_status: optionalFlag,
  is_show: optionalFlag,
  is_close: optionalFlag,
  is_public: num(z.number().int().min(0).max(2)).optional(),
});
export const robotListQuery = pageQuery.extend({
  limit: num(z.number().int().min(1).max(100)).default(LIMITS.pageSize.robotList),
  fetch_type: z.enum(FETCH_TYPES).default('my'),
  scene_id: idSchema.optional(),
  industry_id: idSchema.optional(),
  isolate: optionalFlag,
  keyword: text(50).optional(),
  /** With fetch_type 'my': only robots where the caller holds this role. */
  role: z.enum(['creator', 'cooperator', 'teacher', 'user']).optional(),
});
export const robotsPageQuery = pageQuery.extend({
  limit: num(z.number().int().min(1).max(100)).default(LIMITS.pageSize.usedRobots),
});
export const usedSaveBody = z.object({ id: idSchema, is_chat: optionalFlag, is_talk: optionalFlag });

export const joinRobotBody = z.object({
  robot_id: idSchema,
  /** '' or 'user' joins as a student; 'teacher' needs a teacher account and use_type 2. */
  role: z.enum(['', 'user', 'teacher']).default(''),
  /** Always the caller: another user's id is refused. */
  uid: idSchema.optional(),
});
export const copyRobotBody = z.object({
  id: idSchema,
  /** 1 copy (creators, from the template library or the square); 2 teacher settle (入驻). */
  source: num(z.number().int()).refine((v) => v === 1 || v === 2).default(1),
  name: robotNameSchema.optional(),
  info: text(500).optional(),
  industry_ids: industryIdsSchema.optional(),
});

export const memberListQuery = pageQuery.extend({
  robot_id: idSchema,
  role: z.enum(['creator', 'cooperator', 'teacher', 'user']).optional(),
  keyword: text(50).optional(),
});
export const robotUserBody = z.object({ robot_id: idSchema, uid: idSchema });

export const releaseBody = z.object({ id: idSchema, target: z.enum(RELEASE_TARGETS) });
export const auditListQuery = pageQuery.extend({
  status: num(z.number().int()).refine((s) => s === -2 || s === 2 || s === 3).optional(),
  target: z.enum(RELEASE_TARGETS).optional(),
});
export const auditBody = z.object({
  id: idSchema,
  status: z.union([z.literal(AUDIT.APPROVED), z.literal(AUDIT.REJECTED)]),
  reason: text(200).default(''),
});

/** Team or virtual-group name, spec §5: 输入团队名称 / 团队名称在15个字以内 (uniqueness is the server's). */
export const teamTitleSchema = z
  .string({ error: MSG.teamNameRequired })
  .trim()
  .min(1, MSG.teamNameRequired)
  .refine((v) => Array.from(v).length <= LIMITS.teamName.max, MSG.teamNameTooLong);

export const checkTeamNameQuery = z.object({ title: teamTitleSchema, robot_id: idSchema, id: idSchema.optional() });
export const teamUserSchema = z.object({
  openid: z.string().trim().min(1).max(64),
  group_id: idSchema.optional(),
  role: z.enum(TEAM_ROLES).default('student'),
});
export const saveTeamBody = z.object({
  id: idSchema.optional(),
  title: teamTitleSchema,
  robot_id: idSchema,
  with_info: optionalFlag,
  from: text(20).optional(),
  team_category_id: num(z.number().int().min(0).max(1)).default(TEAM_CATEGORY.TEAM),
  team_size: num(z.number().int().min(1).max(TEAM_SIZE.max)).optional(),
  users: z.array(teamUserSchema).max(200).default([]),
});
export const teamIdBody = z.object({ id: idSchema });
export const changeTeamRoleBody = z.object({ id: idSchema, uid: idSchema, role: z.enum(TEAM_ROLES) });
export const teamMemberBody = z.object({ id: idSchema, uid: idSchema });
export const addTeamMembersBody = z.object({ id: idSchema, users: z.array(teamUserSchema).min(1).max(200) });
export const teamListQuery = pageQuery.extend({ robot_id: idSchema, keyword: text(50).optional() });
export const teamMembersQuery = pageQuery.extend({ id: idSchema });

/** A team invite code: checked for its checksum by the server before any lookup. */
export const inviteCodeSchema = z.string().trim().min(1).max(64);
export const teamInviteQuery = z.object({ invite_code: inviteCodeSchema });
export const operateInviteBody = z.object({ invite_code: inviteCodeSchema, action: z.enum(['accept', 'reject']) });
export const joinTeamBody = z.object({ team_id: idSchema, invite_code: inviteCodeSchema });

// ——— answers (what `data` holds; the server strips anything else) ———

/** An industry (template library tabs, square filters) or a scene reference: id and name. */
export const namedSchema = z.object({ id: z.number(), name: z.string() });
export type Named = z.output<typeof namedSchema>;
export const industriesSchema = z.array(namedSchema);
export const sceneSchema = namedSchema.extend({ info: z.string() });
export type Scene = z.output<typeof sceneSchema>;
export const scenesSchema = z.array(sceneSchema);

export const robotExtraOut = z.object({ cover_url: z.string(), introduce: z.string(), use_type: z.array(z.number()) });
export const onboardingOut = z.object({
  prologue: z.string(),
  suggested_questions: z.array(z.string()),
  suggested_questions_show_mode: z.union([z.literal(0), z.literal(1)]),
});
export const robotConfigOut = z.object({ onboarding_info: onboardingOut });

/** Every Robot field of spec §3, as the caller sees it; role is '' when the caller has not joined. */
export const robotSchema = z.object({
  id: z.number(),
  rid: z.number(),
  name: z.string(),
  info: z.string(),
  avatar: z.string(),
  msg: z.string(),
  industry_ids: z.array(z.number()),
  scene_id: z.number(),
  source: z.number(),
  source_robot_id: z.number(),
  /** The public short code used in links. */
  code: z.string(),
  group_id: z.number(),
  is_show: z.boolean(),
  online_status: z.boolean(),
  is_close: z.boolean(),
  is_used: z.boolean(),
  is_cooperator: z.boolean(),
  is_template: z.boolean(),
  is_public: z.number(),
  role: z.string(),
  team_id: z.number(),
  copy_num: z.number(),
  view_num: z.number(),
  robot_member_count: z.number(),
  robot_stats_data: z.object({ view_num: z.number(), copy_num: z.number(), member_count: z.number() }),
  user: z.object({ uid: z.number(), avatar: z.string(), truename: z.string() }),
  extra: robotExtraOut,
  update_extra: z.object({ use_type: z.array(z.number()) }),
  config: robotConfigOut,
  create_time: z.number(),
  update_time: z.number(),
});
export type Robot = z.output<typeof robotSchema>;

/** A release request (spec §4): status 2 pending, 3 approved, -2 rejected. */
export const reviewSchema = z.object({
  id: z.number(),
  target: z.enum(RELEASE_TARGETS),
  status: z.number(),
  reason: z.string(),
  create_time: z.number(),
  review_time: z.number(),
});
export type Review = z.output<typeof reviewSchema>;

/**
 * Robot/detail: with_user_team adds team, with_cate adds industries and scene. settled_robot is
 * the copy the caller settled (入驻) from this robot in their organisation, else null: a teacher
 * settles once, then 进入控制端 leads to that copy.
 */
export const robotDetailSchema = robotSchema.extend({
  settled_robot: z.object({ id: z.number(), name: z.string() }).nullable(),
  team: z.object({ id: z.number(), title: z.string(), team_category_id: z.number() }).nullable().optional(),
  industries: z.array(namedSchema).optional(),
  scene: namedSchema.nullable().optional(),
});
export type RobotDetail = z.output<typeof robotDetailSchema>;

/** Robot/getRobotDesignInfo: the management view, with the caller's management level. */
export const robotDesignSchema = robotSchema.extend({
  manage_role: z.string(),
  scene: namedSchema.nullable(),
  first_chat_id: z.number(),
  industries: z.array(namedSchema).optional(),
  group: z.object({ group_id: z.number(), name: z.string(), logo: z.string() }).nullable().optional(),
  public_review: z.object({ square: reviewSchema.nullable(), template: reviewSchema.nullable() }).optional(),
});
export type RobotDesign = z.output<typeof robotDesignSchema>;

export const robotSettingResult = robotSchema.extend({ public_review: reviewSchema.nullable() });
export const robotExtraResult = z.object({ extra: robotExtraOut });
export const robotConfigResult = z.object({ config: robotConfigOut });
export const viewCountResult = z.object({ view_num: z.number() });

/** Robot/stats: 次查看, 人加入 (students and teachers), 次复制, members by role, teams and users. */
export const robotStatsSchema = z.object({
  robot_id: z.number(),
  view_num: z.number(),
  copy_num: z.number(),
  join_num: z.number(),
  member_count: z.number(),
  user_num: z.number(),
  teacher_num: z.number(),
  cooperator_num: z.number(),
  team_num: z.number(),
  used_num: z.number(),
});
export type RobotStats = z.output<typeof robotStatsSchema>;

/** copyClassRobot: the new robot, the caller's role on it and the robot it was copied from. */
export const copiedRobotSchema = z.object({
  id: z.number(),
  rid: z.number(),
  code: z.string(),
  name: z.string(),
  source: z.number(),
  role: z.string(),
  source_robot_id: z.number(),
});
export type CopiedRobot = z.output<typeof copiedRobotSchema>;
export const joinRobotResult = z.object({ robot_id: z.number(), role: z.string() });

/** One row of RobotMember/lists. role: creator, cooperator, teacher or user; team_id 0 when in none. */
export const robotMemberSchema = z.object({
  uid: z.number(),
  truename: z.string(),
  avatar: z.string(),
  role: z.string(),
  join_time: z.number(),
  team_id: z.number(),
  team_title: z.string(),
});
export type RobotMember = z.output<typeof robotMemberSchema>;
export const addCooperatorResult = z.object({ robot_id: z.number(), uid: z.number(), role: z.string() });

/** A robot reference of the recently used lists: its id, its code. */
export const usedRefSchema = z.object({ rid: z.number(), code: z.string() });
/** One row of RobotUsed/lists: the robot id, its code and the robot itself. */
export const usedRobotSchema = usedRefSchema.extend({ robot: robotSchema });
export type UsedRobot = z.output<typeof usedRobotSchema>;

/** One row of admin.robot/auditLists: the request, its robot, organisation and applicant. */
export const auditRowSchema = reviewSchema.extend({
  robot_id: z.number(),
  robot: z.object({ id: z.number(), name: z.string(), avatar: z.string(), info: z.string(), code: z.string() }),
  group_id: z.number(),
  group_name: z.string(),
  applicant: z.object({ uid: z.number(), truename: z.string(), avatar: z.string() }),
});
export type AuditRow = z.output<typeof auditRowSchema>;

/** Team of spec §3: id, title, code, invite_url, team_size, member_count, uid and truename of its teacher. */
export const teamSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** The invite code (shared by the team's teacher). */
  code: z.string(),
  invite_url: z.string(),
  team_size: z.number(),
  member_count: z.number(),
  uid: z.number(),
  truename: z.string(),
  avatar: z.string(),
  robot_id: z.number(),
  team_category_id: z.number(),
  create_time: z.number(),
});
export type Team = z.output<typeof teamSchema>;
/** Team save / addMember: the team, and the openids that were not added. with_info adds the robot. */
export const savedTeamSchema = teamSchema.extend({
  skipped: z.array(z.string()),
  robot: z.object({ id: z.number(), name: z.string(), avatar: z.string(), code: z.string() }).optional(),
});
export type SavedTeam = z.output<typeof savedTeamSchema>;
export const teamNameCheckResult = z.object({ title: z.string(), available: z.boolean() });
export const teamMemberSchema = z.object({
  uid: z.number(),
  openid: z.string(),
  truename: z.string(),
  avatar: z.string(),
  role: z.string(),
  join_time: z.number(),
});
export type TeamMember = z.output<typeof teamMemberSchema>;

/** checkRobotTeamInvite: the invite (team, robot, inviter) to confirm with 同意加入该机器人？ */
export const teamInviteSchema = z.object({
  code: z.string(),
  inviter_uid: z.number(),
  robot_id: z.number(),
  team_id: z.number(),
  group_name: z.string(),
  has_joined: z.boolean(),
  role: z.string(),
  team: z.object({
    id: z.number(), title: z.string(), team_size: z.number(), member_count: z.number(), team_category_id: z.number(),
  }),
  robot: z.object({ id: z.number(), name: z.string(), avatar: z.string(), info: z.string(), code: z.string() }),
  inviter: z.object({ uid: z.number(), truename: z.string(), avatar: z.string() }),
});
export type TeamInviteInfo = z.output<typeof teamInviteSchema>;
/** operateInviteAction / joinTeam: joined says whether the caller is now in the team; role once joined. */
export const inviteResultSchema = z.object({
  joined: z.boolean(),
  team_id: z.number(),
  robot_id: z.number(),
  role: z.string().optional(),
});
export type InviteResult = z.output<typeof inviteResultSchema>;

/** Robot/bindedContent: what the robot draws on (the schema of one binding is knowledge.ts `boundContentSchema`). */
export const boundContentsSchema = z.array(boundContentSchema);
export type { BoundContent };
