/** Schemas of the class calls (issue 17: a class is a team; roster, invite expiry, quota, news). */
import { z } from 'zod';
import { num } from './number.ts';
import { idSchema, pageQuery } from './uc.ts';

/** The chat's refusal at a student's daily question quota (the question stays in the input). */
export const dailyQuotaReached = (n: number) => `今日提问次数已达上限（每日 ${n} 次），请明天再来`;

/** A daily question quota: 1–1000 questions, or null for no limit. */
export const dailyQuotaSchema = num(z.number().int().min(1, '每日提问次数至少为 1').max(1000, '每日提问次数不能超过 1000')).nullable();
export const CLASS_NOTICE_MAX = 200;

export const myClassesQuery = z.object({ robot_id: idSchema.optional() });
export const classIdQuery = z.object({ id: idSchema });
export const inviteExpiryBody = z.object({
  id: idSchema,
  /** Unix seconds when the invite stops working; null: never. */
  expire_time: num(z.number().int().min(0).max(2 ** 31 - 1)).nullable(),
});
export const classQuotaBody = z.object({ id: idSchema, daily_quota: dailyQuotaSchema });
export const memberQuotaBody = z.object({ id: idSchema, uid: idSchema, daily_quota: dailyQuotaSchema });
export const moveMemberBody = z.object({ id: idSchema, uid: idSchema, to_team_id: idSchema });
export const classNoticeBody = z.object({
  id: idSchema,
  title: z.string({ error: '请输入通知内容' }).trim().min(1, '请输入通知内容').max(CLASS_NOTICE_MAX, `通知内容在${CLASS_NOTICE_MAX}个字以内`),
});
export const classNewsQuery = pageQuery.extend({ robot_id: idSchema });
/** 添加成员: accounts (mobile or email) of the organisation's users, one per line in the dialogue. */
export const addByAccountBody = z.object({
  id: idSchema,
  accounts: z.array(z.string().trim().min(1).max(100)).min(1, '请输入要添加的账号').max(100, '一次最多添加 100 个账号'),
  role: z.enum(['student', 'teacher']).default('student'),
});
export const addByAccountResult = z.object({
  added: z.number(),
  /** Accounts not added: not in this organisation, a teacher role without a teacher account, or already in a class of this robot. */
  skipped: z.array(z.string()),
});

const personSchema = z.object({ uid: z.number(), truename: z.string(), avatar: z.string() });

/** A class the caller leads: its invite (code, expiry), quota, counts and teachers. */
export const classSchema = z.object({
  id: z.number(),
  title: z.string(),
  robot_id: z.number(),
  code: z.string(),
  /** Unix seconds; 0: never expires. */
  invite_expire_time: z.number(),
  invite_expired: z.boolean(),
  daily_quota: z.number().nullable(),
  team_size: z.number(),
  student_count: z.number(),
  owner: personSchema,
  /** Team teachers besides the owner. */
  co_teachers: z.array(personSchema),
  create_time: z.number(),
});
export type ClassInfo = z.output<typeof classSchema>;

/** A roster row: the member, when they joined, their own quota and their questions today. */
export const rosterMemberSchema = z.object({
  uid: z.number(),
  openid: z.string(),
  account: z.string(),
  truename: z.string(),
  avatar: z.string(),
  role: z.string(),
  join_time: z.number(),
  daily_quota: z.number().nullable(),
  asked_today: z.number(),
});
export type RosterMember = z.output<typeof rosterMemberSchema>;
export const rosterSchema = z.object({ class: classSchema, members: z.array(rosterMemberSchema) });

/** One item of a class's news (动态). */
export const classNewsSchema = z.object({
  id: z.number(),
  team_id: z.number(),
  team_title: z.string(),
  kind: z.string(),
  title: z.string(),
  link: z.object({
    name: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    query: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }).nullable(),
  personal: z.boolean(),
  create_time: z.number(),
});
export type ClassNews = z.output<typeof classNewsSchema>;
