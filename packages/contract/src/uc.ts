/** Schemas of the user-centre calls (spec §7 "Account and platform"): passport, User, groups, notifications, uploads and files. */
import { z } from 'zod';
import { num } from './number.ts';
import { LIMITS, MOBILE_RE, EMAIL_RE } from './limits.ts';
import { MSG } from './messages.ts';
import { ORG_ROLES } from './roles.ts';

/** An account is a mainland mobile number or an email address. */
export const accountSchema = z
  .string({ error: MSG.accountInvalid })
  .trim()
  .max(120, MSG.accountInvalid)
  .refine((v) => MOBILE_RE.test(v) || EMAIL_RE.test(v), MSG.accountInvalid);

export const passwordSchema = z.string({ error: MSG.passwordRule }).min(6, MSG.passwordRule).max(32, MSG.passwordRule);

/** Organisation name rules of spec §5, checked in the spec's order. */
export const orgNameSchema = z
  .string({ error: MSG.orgNameRequired })
  .min(1, MSG.orgNameRequired)
  .refine((v) => v.trim().length > 0, MSG.orgNameBlank)
  .refine((v) => v.trim().length <= LIMITS.orgName.max, MSG.orgNameTooLong)
  .transform((v) => v.trim());

export const verifyCodeSchema = z.string({ error: MSG.codeInvalid }).trim().regex(/^\d{6}$/, MSG.codeInvalid);

/**
 * A picture's address (avatar, logo, cover, banner): empty, or a path on this site (an upload's
 * /api/files/…). Never javascript:, data:, a protocol-relative //host, nor another site: the
 * pages' Content-Security-Policy loads pictures from this site only (no tracking pixels).
 */
export const imageUrlSchema = z.string().trim().max(500)
  .refine((v) => v === '' || /^\/(?!\/)\S*$/.test(v), MSG.imageUrlInvalid);

export const idSchema = num(z.number({ error: MSG.validationFailed }).int().positive().max(2 ** 31 - 1));
/** The body or query of a call that names one row. */
export const idBody = z.object({ id: idSchema });

export const loginBody = z.object({ account: accountSchema, password: z.string().min(1).max(64) });
export const registerBody = z.object({
  account: accountSchema,
  password: passwordSchema,
  truename: z.string().trim().min(1).max(30).optional(),
  code: verifyCodeSchema.optional(),
});
export const sendCodeBody = z.object({
  account: accountSchema,
  type: z.enum(['register', 'reset', 'change', 'verify']),
});
export const resetPassBody = z.object({ account: accountSchema, code: verifyCodeSchema, password: passwordSchema });
export const validCodeBody = z.object({ account: accountSchema, code: verifyCodeSchema });
export const modifyPassBody = z.object({ old_password: z.string().min(1).max(64), password: passwordSchema });
/** Only profile fields: role or organisation fields sent here are dropped by the schema. */
export const updateUserBody = z.object({
  truename: z.string().trim().min(1).max(30).optional(),
  name: z.string().trim().max(30).optional(),
  avatar: imageUrlSchema.optional(),
});
export const setCurrentGroupBody = z.object({ group_id: idSchema });
export const applyDeveloperBody = z.object({ reason: z.string().trim().max(500).optional() });
export const inviteQuery = z.object({ code: z.string().trim().min(1).max(64), expire_time: num(z.number().int()) });

export const createGroupBody = z.object({ name: orgNameSchema, pid: idSchema.optional() });
export const updateGroupBody = z.object({ name: orgNameSchema.optional(), logo: imageUrlSchema.optional() });
export const createInviteBody = z.object({
  expire_days: num(z.number().int().min(1).max(30)).default(7),
  role: z.enum(ORG_ROLES).default('ROLE_STUDENT'),
});
export const joinGroupBody = z.object({ invite_code: z.string().trim().min(1).max(64), expire_time: num(z.number().int()) });
export const memberRolesBody = z.object({ uid: idSchema, roles: z.array(z.enum(ORG_ROLES)).min(1).max(ORG_ROLES.length) });
export const memberBody = z.object({ uid: idSchema });
/** `data` of a call that answers nothing but success. */
export const noData = z.null();

/** `data` of a paged list (spec §8): the page asked for, the total, and the rows. */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({ page: z.number(), limit: z.number(), offset: z.number(), total: z.number(), data: z.array(row) });

export const pageQuery = z.object({
  page: num(z.number().int().min(1).max(100_000)).default(1),
  limit: num(z.number().int().min(1).max(100)).default(LIMITS.pageSize.default),
  offset: num(z.number().int().min(0).max(10_000_000)).optional(),
});
export const auditApplyBody = z.object({
  id: idSchema,
  status: z.union([z.literal(3), z.literal(-2)]),
  reason: z.string().trim().max(200).optional(),
});
export const setVipBody = z.object({
  group_id: idSchema,
  vip_level: z.number().int().min(1).max(9),
  vip_end_time: z.number().int().min(0),
});

export const groupInfoSchema = z.object({
  group_id: z.number(),
  name: z.string(),
  is_vip: z.boolean(),
  vip_level: z.number(),
  vip_name: z.string(),
  vip_end_time: z.number(),
  vip_end_time_str: z.string(),
  vip_expire: z.boolean(),
  ignoreVipUpgrade: z.boolean(),
  logo: z.string(),
  is_sub_group: z.boolean(),
  pgroup_logo: z.string(),
});
export type GroupInfo = z.infer<typeof groupInfoSchema>;

export const userGroupSchema = z.object({
  group_id: z.number(),
  name: z.string(),
  logo: z.string(),
  roles: z.array(z.string()),
  is_sub_group: z.boolean(),
  pid: z.number(),
});

/** User info of spec §3, every field. */
export const userInfoSchema = z.object({
  uid: z.number(),
  truename: z.string(),
  name: z.string(),
  avatar: z.string(),
  roles: z.array(z.string()),
  openid: z.string(),
  first_login_time: z.number(),
  groups: z.array(userGroupSchema),
  prgoups: z.array(userGroupSchema),
  is_certificated: z.boolean(),
  /** A super admin reset the password: the client asks for a new one before anything else. */
  pass_reset_required: z.boolean(),
  group_id: z.number(),
  rgroup_id: z.number(),
  mobile: z.string(),
  email: z.string(),
  is_developer: z.boolean(),
  show_developer_center: z.boolean(),
  sibling_system: z.array(z.object({ value: z.string(), label: z.string(), checked: z.boolean() })),
  groupInfo: groupInfoSchema.nullable(),
  group_info: groupInfoSchema.nullable(),
  createLimit: z.object({ group: z.number() }),
  vip_group: z.boolean(),
  real_vip_level: z.number(),
  unReadCount: z.number(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const loginResult = z.object({ token: z.string(), user: userInfoSchema });
export type LoginResult = z.infer<typeof loginResult>;

/** The query of a GET that takes none. */
export const emptyQuery = z.object({});
/** The body of a POST that takes nothing: none, or an empty JSON object (anything else is a 400). */
export const noBody = z.object({}).optional();

/** spec §4: whether the account is still enabled and still in its current organisation. */
export const userStatusSchema = z.object({ user_status: z.boolean(), group_status: z.boolean() });
export type UserStatus = z.output<typeof userStatusSchema>;
export const validAccountSchema = z.object({ valid: z.boolean() });

/** A creator application (spec §4): status -2 rejected, 2 pending review, 3 approved; times in unix seconds (0 = not yet). */
export const developerApplySchema = z.object({
  id: z.number(),
  status: z.number(),
  reason: z.string(),
  reject_reason: z.string(),
  create_time: z.number(),
  review_time: z.number(),
});
export type DeveloperApply = z.output<typeof developerApplySchema>;
/** A row of the admins' list: the application and who sent it. */
export const developerApplyRowSchema = developerApplySchema.extend({
  uid: z.number(),
  group_id: z.number(),
  truename: z.string(),
  avatar: z.string(),
});
export type DeveloperApplyRow = z.output<typeof developerApplyRowSchema>;
export const developerApplyListQuery = pageQuery.extend({
  status: num(z.number().int()).refine((s) => [-2, 2, 3].includes(s)).optional(),
});

/** The organisation an invite link leads to, and whether the caller is in it already. */
export const inviteInfoSchema = z.object({ group_id: z.number(), group_name: z.string(), has_joined: z.boolean() });
export type InviteInfoData = z.output<typeof inviteInfoSchema>;
export const joinedGroupSchema = z.object({ group_id: z.number(), group_name: z.string() });
export const createdGroupSchema = z.object({ group_id: z.number(), name: z.string() });
export const inviteLinkSchema = z.object({ code: z.string(), expire_time: z.number(), invite_url: z.string() });
/** A member of the current organisation (admins' list); join_time in unix seconds. */
export const memberSchema = z.object({
  uid: z.number(),
  truename: z.string(),
  avatar: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  roles: z.array(z.string()),
  join_time: z.number(),
});
export type Member = z.output<typeof memberSchema>;
export const changeOrgQuery = z.object({ group_id: idSchema });

/** A notification of spec §3: `read_time` 0 means unread; times are unix seconds. */
export const noticeSchema = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  link: z.string(),
  read_time: z.number(),
  create_time: z.number(),
});
export type Notice = z.output<typeof noticeSchema>;
export const noticeListQuery = pageQuery.extend({ unread: num(z.number().int().min(0).max(1)).optional() });
export const noticeCountSchema = z.object({ count: z.number() });

/** Where an upload goes: each scene has its own size limit and allowed types. */
export const UPLOAD_SCENES = ['avatar', 'image', 'file', 'knowledge', 'voice'] as const;
export type UploadScene = (typeof UPLOAD_SCENES)[number];
export const uploadTokenQuery = z.object({ scene: z.enum(UPLOAD_SCENES).default('file') });
/** A signed upload policy: post policy and signature, then the file, to `host`. */
export const uploadTokenSchema = z.object({
  dir: z.string(),
  name: z.string(),
  accessid: z.string(),
  policy: z.string(),
  signature: z.string(),
  expire: z.number(),
  /** Where the file goes: this server's upload endpoint, or object storage. */
  host: z.string(),
  disk: z.string(),
  max_size: z.number(),
});
export type UploadToken = z.output<typeof uploadTokenSchema>;
/** A stored upload (spec §3 "Annex item" plus its storage key): `url` is a path on this site. */
export const storedFileSchema = z.object({
  id: z.number(),
  key: z.string(),
  url: z.string(),
  name: z.string(),
  size: z.number(),
  filetype: z.string(),
  type: z.string(),
  hash: z.string(),
});
export type StoredFile = z.output<typeof storedFileSchema>;
export const fileQuery = z.object({
  exp: z.string().max(20).optional(), sig: z.string().max(100).optional(),
  /** A preview access token (File/filePreview): opens this one file until it expires. */
  token: z.string().max(1000).optional(),
});
/** The file itself, not the JSON envelope: its own content type, inline or as an attachment. */
export const fileContentSchema = z.string().meta({ description: '文件内容；content-type 为文件自身的类型' });
