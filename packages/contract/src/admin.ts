/**
 * Schemas of the back offices' own calls (issue 18): organisations and users across the platform,
 * the robots of the platform or of one organisation, the overview, the AI marking overview and
 * the audit trail. Pages are numbered as everywhere (spec §8 "Pagination").
 */
import { z } from 'zod';
import { num } from './number.ts';
import { ORG_ROLES } from './roles.ts';
import { idSchema, orgNameSchema, pageQuery, passwordSchema } from './uc.ts';

/** trial: vip_level 1; paid: above 1 and not past its end; expired: above 1 and past its end (spec §4). */
export const TIERS = ['trial', 'paid', 'expired'] as const;
export type Tier = (typeof TIERS)[number];

/** /admin (every organisation) or /group (the caller's organisation only). */
export const scopeSchema = z.enum(['admin', 'group']).default('admin');

export const orgListQuery = pageQuery.extend({
  keyword: z.string().trim().max(50).optional(),
  /** Only the sub-organisations of this organisation. */
  pid: num(z.number().int().min(0)).optional(),
});
export const orgRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  logo: z.string(),
  pid: z.number().nullable(),
  parent_name: z.string(),
  vip_level: z.number(),
  /** unix seconds; 0 when none. */
  vip_end_time: z.number(),
  tier: z.enum(TIERS),
  /** 1 active, 0 disabled. */
  status: z.number(),
  member_count: z.number(),
  robot_count: z.number(),
  sub_count: z.number(),
  owner_name: z.string(),
  create_time: z.number(),
});
export type OrgRow = z.output<typeof orgRowSchema>;

export const orgCreateBody = z.object({ name: orgNameSchema, pid: idSchema.optional() });
export const orgRenameBody = z.object({ group_id: idSchema, name: orgNameSchema });
/** vip_level 1 is a trial; the end date is when the trial or the paid service stops (unix seconds). */
export const orgTierBody = z.object({
  group_id: idSchema,
  vip_level: z.number().int().min(1).max(9),
  vip_end_time: z.number().int().min(0),
});
export const orgStatusBody = z.object({ group_id: idSchema, status: z.union([z.literal(0), z.literal(1)]) });
export const orgMembersQuery = pageQuery.extend({ group_id: idSchema });
export const orgMemberSchema = z.object({
  uid: z.number(),
  truename: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  roles: z.array(z.string()),
  status: z.number(),
  join_time: z.number(),
});
export const orgMemberRolesBody = z.object({
  group_id: idSchema,
  uid: idSchema,
  roles: z.array(z.enum(ORG_ROLES)).min(1).max(ORG_ROLES.length),
});
export const orgAddMemberBody = z.object({
  group_id: idSchema,
  /** A mobile number or an email of an existing account. */
  account: z.string().trim().min(1).max(120),
  roles: z.array(z.enum(ORG_ROLES)).min(1).max(ORG_ROLES.length).default(['ROLE_STUDENT']),
});
export const moveUserBody = z.object({ uid: idSchema, from_group_id: idSchema, to_group_id: idSchema });

export const userSearchQuery = pageQuery.extend({ keyword: z.string().trim().max(120).optional() });
export const userRowSchema = z.object({
  uid: z.number(),
  truename: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  status: z.number(),
  is_super_admin: z.boolean(),
  pass_reset_required: z.boolean(),
  groups: z.array(z.object({ group_id: z.number(), name: z.string(), roles: z.array(z.string()) })),
  create_time: z.number(),
});
export type UserRow = z.output<typeof userRowSchema>;
export const userStatusBody = z.object({ uid: idSchema, status: z.union([z.literal(0), z.literal(1)]) });
export const resetUserPasswordBody = z.object({ uid: idSchema, password: passwordSchema });

/** The robots of the platform (scope admin) or of the caller's organisation (scope group). */
export const adminRobotListQuery = pageQuery.extend({
  scope: scopeSchema,
  keyword: z.string().trim().max(50).optional(),
  group_id: num(z.number().int().min(0)).optional(),
  /** 1: only the official robots. */
  official: num(z.number().int().min(0).max(1)).optional(),
});
export const adminRobotRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  avatar: z.string(),
  group_id: z.number(),
  group_name: z.string(),
  owner_name: z.string(),
  is_show: z.number(),
  online_status: z.number(),
  is_close: z.number(),
  is_public: z.number(),
  is_template: z.number(),
  is_official: z.number(),
  question_count: z.number(),
  create_time: z.number(),
});
export type AdminRobotRow = z.output<typeof adminRobotRowSchema>;
/**
 * hide/show: 停用/启用 (is_show); close/open: 关闭/开启 (is_close); off_square: 从广场下架 (is_public 0,
 * out of the template library); official/unofficial: 设为官方 (super admin only: in the square for every organisation).
 */
export const ROBOT_HANDLES = ['hide', 'show', 'close', 'open', 'off_square', 'official', 'unofficial'] as const;
export const robotHandleBody = z.object({ id: idSchema, action: z.enum(ROBOT_HANDLES), scope: scopeSchema });
export const adminRobotDeleteBody = z.object({ id: idSchema, scope: scopeSchema });

/** The overview's period: the last N days, up to today. */
export const overviewQuery = z.object({ days: num(z.number().int().min(1).max(365)).default(30) });
const dayPoint = z.object({ date: z.string(), value: z.number() });
export const overviewSchema = z.object({
  totals: z.object({ users: z.number(), organisations: z.number(), robots: z.number(), questions: z.number(), active_users: z.number() }),
  new_users: z.array(dayPoint),
  questions: z.array(dayPoint),
  active_users: z.array(dayPoint),
  /** Per model provider over the period: answers, estimated tokens (characters / 2 when not counted) and failures. */
  providers: z.array(z.object({ provider: z.string(), answers: z.number(), tokens: z.number(), errors: z.number() })),
});
export type Overview = z.output<typeof overviewSchema>;

export const markingRobotRowSchema = z.object({
  robot_id: z.number(),
  robot_name: z.string(),
  group_name: z.string(),
  assignments: z.array(z.object({
    id: z.number(), title: z.string(), team_title: z.string(), teacher_name: z.string(), due_at: z.number(),
    submitted: z.number(), drafted: z.number(), released: z.number(),
  })),
});
export type MarkingRobotRow = z.output<typeof markingRobotRowSchema>;

/** The audit trail's filters; the caller's role decides the scope (super admin: all; org admin: own organisation). */
export const auditListQuery = pageQuery.extend({
  scope: scopeSchema,
  actor: z.string().trim().max(50).optional(),
  action: z.string().trim().max(50).optional(),
  target: z.string().trim().max(50).optional(),
  group_id: num(z.number().int().min(0)).optional(),
  /** unix seconds, inclusive. */
  start_time: num(z.number().int().min(0)).optional(),
  end_time: num(z.number().int().min(0)).optional(),
});
export const auditLogSchema = z.object({
  id: z.number(),
  group_id: z.number().nullable(),
  actor_id: z.number(),
  actor_name: z.string(),
  area: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  target_label: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string(),
  create_time: z.number(),
});
export type AuditLog = z.output<typeof auditLogSchema>;

/** Help centre articles (spec §3 help-centre types: release_guide, faq), written by the super admin. */
export const HELP_TYPES = ['release_guide', 'faq'] as const;
/** published: every signed-in user reads it; draft: only the super admin's manage list shows it. */
export const HELP_STATUSES = ['published', 'draft'] as const;
export const helpListQuery = z.object({
  type: z.enum(HELP_TYPES).optional(),
  /** Words looked for in the title and the content. */
  keyword: z.string().trim().max(50).optional(),
});
export const helpArticleSchema = z.object({
  id: z.number(),
  type: z.enum(HELP_TYPES),
  title: z.string(),
  content: z.string(),
  sort: z.number(),
  /** Articles written before drafts existed read as published. */
  status: z.enum(HELP_STATUSES).default('published'),
  update_time: z.number(),
});
export type HelpArticle = z.output<typeof helpArticleSchema>;
export const saveHelpBody = z.object({
  id: idSchema.optional(),
  type: z.enum(HELP_TYPES),
  title: z.string().trim().min(1, '请输入标题').max(100, '标题在100个字以内'),
  content: z.string().trim().min(1, '请输入内容').max(20_000, '内容过长'),
  sort: z.number().int().min(0).max(9999).default(0),
  status: z.enum(HELP_STATUSES).default('published'),
});
export const helpIdBody = z.object({ id: idSchema });
