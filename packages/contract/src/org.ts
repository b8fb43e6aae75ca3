/**
 * Schemas of organisation management (issue 18): the 组织管理 settings every organisation has,
 * the /group area's members, invite links, sub-organisations and app centre, the group audit list,
 * single sign-on (OpenID Connect per organisation) and the operator's self-check.
 */
import { z } from 'zod';
import { num } from './number.ts';
import { ORG_ROLES } from './roles.ts';
import { accountSchema, idSchema, orgNameSchema, pageQuery, passwordSchema } from './uc.ts';

/** The current organisation as its admins manage it (spec §3 Group info, plus counts). */
export const orgSettingsSchema = z.object({
  group_id: z.number(),
  name: z.string(),
  logo: z.string(),
  vip_level: z.number(),
  vip_name: z.string(),
  vip_end_time: z.number(),
  vip_end_time_str: z.string(),
  is_vip: z.boolean(),
  vip_expire: z.boolean(),
  is_sub_group: z.boolean(),
  member_count: z.number(),
  /** Whether the platform's super admin configured single sign-on for it. */
  sso_enabled: z.boolean(),
});
export type OrgSettings = z.output<typeof orgSettingsSchema>;

/** An invite link of the organisation; expire_time in unix seconds. */
export const orgInviteSchema = z.object({
  id: z.number(),
  code: z.string(),
  role: z.string(),
  expire_time: z.number(),
  expired: z.boolean(),
  invite_url: z.string(),
  inviter: z.string(),
  create_time: z.number(),
});
export const orgInviteListQuery = pageQuery;

export const subGroupSchema = z.object({ group_id: z.number(), name: z.string(), member_count: z.number(), create_time: z.number() });
export const addSubGroupBody = z.object({ name: orgNameSchema });

/**
 * Adds a person by mobile or email: an existing account joins as it is; a new one is made with
 * the name and initial password given (the admin hands both to the person).
 */
export const addMemberBody = z.object({
  account: accountSchema,
  truename: z.string().trim().min(1).max(30).optional(),
  password: passwordSchema.optional(),
  role: z.enum(ORG_ROLES).default('ROLE_STUDENT'),
});
export const addedMemberSchema = z.object({ uid: z.number(), created: z.boolean() });

/** The app centre (issue 18; the app store of issue 20 extends it). */
export const appInstallationSchema = z.object({
  id: z.number(),
  name: z.string(),
  icon: z.string(),
  intro: z.string(),
  seats: z.number(),
  seats_used: z.number(),
  open_count: z.number(),
  installed_by: z.string(),
  installed_at: z.number(),
  /** The app store's catalogue app it was installed from (null: registered by hand). */
  store_app_id: z.number().nullable(),
  /** The robots the install copied into the organisation. */
  robot_ids: z.array(z.number()),
});
export type AppInstallation = z.output<typeof appInstallationSchema>;
export const appSeatSchema = z.object({ uid: z.number(), truename: z.string(), mobile: z.string().nullable(), email: z.string().nullable(), assigned_at: z.number() });
export const appDetailSchema = appInstallationSchema.extend({ seat_holders: z.array(appSeatSchema) });
export const installAppBody = z.object({
  name: z.string().trim().min(1, '请输入应用名称').max(30, '应用名称在30个字以内'),
  intro: z.string().trim().max(200).default(''),
  seats: num(z.number().int().min(1).max(100_000)),
});
export const appSeatsBody = z.object({ id: idSchema, seats: num(z.number().int().min(1).max(100_000)) });
export const appSeatBody = z.object({ id: idSchema, uid: idSchema });

/** Single sign-on of one organisation (super admin). The secret is write-only: never answered. */
export const ssoConfigQuery = z.object({ group_id: idSchema });
export const ssoConfigSchema = z.object({
  group_id: z.number(),
  enabled: z.boolean(),
  issuer: z.string(),
  client_id: z.string(),
  has_secret: z.boolean(),
  account_claim: z.string(),
  default_role: z.string(),
  /** Extra places a login may return to besides this site (absolute URLs, origin compared). */
  redirect_origins: z.array(z.string()),
  callback_url: z.string(),
});
export const saveSsoBody = z.object({
  group_id: idSchema,
  enabled: z.boolean().default(true),
  issuer: z.string().trim().url('请输入正确的 Issuer 地址').max(300),
  client_id: z.string().trim().min(1, '请输入 Client ID').max(200),
  /** Empty keeps the stored secret. */
  client_secret: z.string().max(500).default(''),
  account_claim: z.string().trim().min(1).max(60).default('email'),
  default_role: z.enum(ORG_ROLES).default('ROLE_STUDENT'),
  redirect_origins: z.array(z.string().trim().url().max(300)).max(10).default([]),
});
export const loginUrlQuery = z.object({
  group_id: idSchema,
  redirect_uri: z.string().trim().max(1000).optional(),
});
export const loginUrlSchema = z.object({ url: z.string() });
export const oauthCallbackBody = z.object({
  state: z.string().trim().min(1).max(200),
  code: z.string().trim().max(2000).optional(),
  error: z.string().trim().max(200).optional(),
  error_description: z.string().trim().max(500).optional(),
  iss: z.string().trim().max(300).optional(),
});
export const oauthResultSchema = z.object({ token: z.string(), redirect: z.string() });
export const ssoEntrySchema = z.object({ group_id: z.number(), name: z.string() });

/** The operator's self-check (/test). */
export const selfCheckItemSchema = z.object({ key: z.string(), label: z.string(), ok: z.boolean(), detail: z.string(), ms: z.number() });
export const selfCheckSchema = z.object({ version: z.string(), node: z.string(), uptime: z.number(), checks: z.array(selfCheckItemSchema) });
