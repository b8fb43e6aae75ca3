/** Schemas of the robot and team calls (spec §7 "Robots and teams"), shared by server and web. */
import { z } from 'zod';
import { num } from './number.ts';
import { LIMITS } from './limits.ts';
import { MSG } from './messages.ts';
import { idSchema, imageUrlSchema, pageQuery } from './uc.ts';
import { AUDIT, FETCH_TYPES, RELEASE_TARGETS, ROBOT_NAME_MAX, TEAM_CATEGORY, TEAM_ROLES, TEAM_SIZE, USE_TYPE } from './constants/robots.ts';

export * from './constants/robots.ts';

/** A 0/1 switch; query strings may also say true/false. */
export const flag = z.preprocess(
  (v) => (v === true || v === 'true' ? 1 : v === false || v === 'false' ? 0 : v),
  num(z.number().int().min(0).max(1)),
);
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
