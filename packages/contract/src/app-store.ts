/**
 * Schemas of the app store (issue 20): a developer's catalogue apps (a robot or a solution with a
 * listing and a price), their review by the super admin, the store every organisation's admin
 * browses and installs from, and the developer's revenue statements. See docs/decisions.md
 * "App store and revenue (issue 20)".
 */
import { z } from 'zod';
import { APP_KINDS, APP_MSG } from './constants/app-store.ts';
import { num } from './number.ts';
import { idSchema, pageQuery } from './uc.ts';

export * from './constants/app-store.ts';

const url = z.string().trim().max(500);
/** The price in 元 as typed (free = 0), at most two decimals; stored in fen. */
const priceYuan = num(z.number({ error: '请输入价格' }).min(0, '价格不能为负').max(99_999, '价格不能超过99999元'))
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, '价格最多两位小数');

const listingFields = {
  name: z.string().trim().min(1, '请输入应用名称').max(30, '应用名称在30个字以内'),
  icon: url.default(''),
  intro: z.string().trim().max(100, '一句话介绍在100个字以内').default(''),
  description: z.string().trim().max(2000, '应用介绍在2000个字以内').default(''),
  screenshots: z.array(url).max(6, '最多6张截图').default([]),
  price: priceYuan.default(0),
};
export const createAppBody = z.object({
  kind: z.enum(APP_KINDS),
  robot_id: idSchema.optional(),
  solution_id: idSchema.optional(),
  ...listingFields,
}).refine((b) => (b.kind === 'robot' ? b.robot_id : b.solution_id) !== undefined, { message: APP_MSG.sourceRequired, path: ['robot_id'] });
export const updateAppBody = z.object({ id: idSchema, ...listingFields });
export const devAppListQuery = pageQuery.extend({ status: num(z.number().int()).optional() });

export const appListingSchema = z.object({
  id: z.number(),
  kind: z.enum(APP_KINDS),
  robot_id: z.number().nullable(),
  solution_id: z.number().nullable(),
  /** The packaged robot's or solution's name ('' when it was deleted). */
  source_name: z.string(),
  name: z.string(),
  icon: z.string(),
  intro: z.string(),
  description: z.string(),
  screenshots: z.array(z.string()),
  price_fen: z.number(),
  status: z.number(),
  reject_reason: z.string(),
  developer: z.string(),
  group_name: z.string(),
  create_time: z.number(),
  submit_time: z.number(),
  review_time: z.number(),
});
export type AppListing = z.output<typeof appListingSchema>;
/** The developer's view of one app: its listing and what it has done so far. */
export const devAppDetailSchema = appListingSchema.extend({
  installs: z.number(),
  active_installs: z.number(),
  seats: z.number(),
  questions: z.number(),
});
export type DevAppDetail = z.output<typeof devAppDetailSchema>;
export const appSourcesSchema = z.object({
  robots: z.array(z.object({ id: z.number(), name: z.string(), avatar: z.string() })),
  solutions: z.array(z.object({ id: z.number(), name: z.string() })),
});

export const appReviewQuery = pageQuery.extend({ status: num(z.number().int()).optional() });
export const appReviewBody = z.object({
  id: idSchema,
  status: z.union([z.literal(3), z.literal(-2)]),
  reason: z.string().trim().max(200).default(''),
});

export const storeListQuery = pageQuery.extend({ keyword: z.string().trim().max(50).optional() });
export const storeAppSchema = appListingSchema.pick({
  id: true, kind: true, name: true, icon: true, intro: true, description: true, screenshots: true, price_fen: true, developer: true, group_name: true,
}).extend({
  install_count: z.number(),
  /** The caller's organisation has it installed now. */
  installed: z.boolean(),
});
export type StoreApp = z.output<typeof storeAppSchema>;
export const installStoreAppBody = z.object({ id: idSchema, seats: num(z.number().int().min(1, '席位数至少为1').max(100_000)) });

/** Statements: from month to month ('YYYY-MM', China time), default the last 12 months. */
const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式为 YYYY-MM');
export const revenueQuery = z.object({ from: monthSchema.optional(), to: monthSchema.optional() });
export const revenueRowSchema = z.object({
  app_id: z.number(),
  app_name: z.string(),
  month: z.string(),
  price_fen: z.number(),
  /** Installations open at some time in the month; new ones installed in it. */
  installs: z.number(),
  new_installs: z.number(),
  /** Seats bought on those installations (billed), and members who asked the app's robots in the month. */
  seats: z.number(),
  active_seats: z.number(),
  questions: z.number(),
  amount_fen: z.number(),
});
export type RevenueRow = z.output<typeof revenueRowSchema>;
export const revenueSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(revenueRowSchema),
  total_fen: z.number(),
});
export type Revenue = z.output<typeof revenueSchema>;
