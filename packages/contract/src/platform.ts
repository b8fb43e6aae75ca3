/** Schemas of the platform calls: app settings, banners, feedback (spec §3, §5, §7). */
import { z } from 'zod';
import { num } from './number.ts';
import { EMAIL_RE, LIMITS, MOBILE_RE } from './limits.ts';
import { MSG } from './messages.ts';
import { imageUrlSchema } from './uc.ts';

const setting = z.object({ value: z.string().max(500) });

/** The 'website' app config: logos, the voice switch and the sales contact for the expired banner. */
export const websiteConfigSchema = z.object({
  web_logo: setting,
  pc_logo: z.string().max(500),
  web_title: setting,
  web_voice: z.object({ value: z.enum(['0', '1']) }),
  sales_contact: setting,
  /** '1' anyone may register; '0' registration is closed (accounts come from invitations or the admin). */
  register_open: z.object({ value: z.enum(['0', '1']) }),
  /** Days of the trial a new organisation gets (1-365). */
  trial_days: z.object({ value: z.string().regex(/^([1-9]\d{0,1}|[12]\d{2}|3[0-5]\d|36[0-5])$/, '试用天数须在 1 到 365 之间') }),
});
export type WebsiteConfig = z.infer<typeof websiteConfigSchema>;

export const DEFAULT_WEBSITE_CONFIG: WebsiteConfig = {
  web_logo: { value: '' },
  pc_logo: '',
  web_title: { value: '学伴 AI · 让每一位学生都有自己的 AI 学伴' },
  web_voice: { value: '0' },
  sales_contact: { value: '' },
  register_open: { value: '1' },
  trial_days: { value: '30' },
};

export const SETTING_KEYS = ['website'] as const;
export const settingQuery = z.object({ value: z.enum(SETTING_KEYS) });
export const saveSettingBody = z.object({ value: z.enum(SETTING_KEYS), data: websiteConfigSchema.partial() });

export const BANNER_TYPES = ['upgrade_tip', 'top'] as const;
export const bannerQuery = z.object({ platform: z.string().trim().max(20).default('pc'), group_id: num(z.number().int().min(0)).optional() });
export const saveBannerBody = z.object({
  id: z.number().int().positive().optional(),
  group_id: z.number().int().positive().nullable().default(null),
  platform: z.string().trim().min(1).max(20).default('pc'),
  type: z.enum(BANNER_TYPES),
  title: z.string().trim().max(100).default(''),
  big_img_url: imageUrlSchema.default(''),
  link: z.string().trim().max(500).default(''),
  sort: z.number().int().min(0).max(9999).default(0),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  start_time: z.number().int().min(0).default(0),
  end_time: z.number().int().min(0).default(0),
});

/** A banner as the server shows it (spec §3 upgrade_tip items: id, big_img_url; plus the rest for the back office). */
export const bannerSchema = z.object({
  id: z.number(),
  group_id: z.number().nullable(),
  platform: z.string(),
  type: z.string(),
  title: z.string(),
  big_img_url: z.string(),
  link: z.string(),
  sort: z.number(),
  status: z.number(),
  start_time: z.number(),
  end_time: z.number(),
});
export type Banner = z.output<typeof bannerSchema>;
/** The banners live now, grouped by where the client shows them. */
export const currentBannersSchema = z.object({ upgrade_tip: z.array(bannerSchema), top: z.array(bannerSchema) });

/** spec §5: content required; contact optional, a mainland mobile or an email; at most 5 pictures. */
export const feedbackBody = z.object({
  content: z.string({ error: MSG.feedbackContentRequired }).trim().min(1, MSG.feedbackContentRequired).max(2000),
  contact: z
    .string()
    .trim()
    .max(120)
    .refine((v) => v === '' || MOBILE_RE.test(v) || EMAIL_RE.test(v), MSG.contactInvalid)
    .default(''),
  picture_data: z.array(z.string().trim().min(1).max(500)).max(LIMITS.feedback.maxImages, MSG.feedbackTooManyImages).default([]),
});
export const feedbackSentSchema = z.object({ id: z.number() });
/** A feedback row of the admins' list; group_id is null when sent outside any organisation; create_time in unix seconds. */
export const feedbackRowSchema = z.object({
  id: z.number(),
  uid: z.number(),
  truename: z.string(),
  group_id: z.number().nullable(),
  content: z.string(),
  contact: z.string(),
  picture_data: z.array(z.string()),
  create_time: z.number(),
});
export type FeedbackRow = z.output<typeof feedbackRowSchema>;

/** The health probe: the server answers and its database does. */
export const healthSchema = z.object({ status: z.string(), db: z.string() });

/**
 * The admin's first-start checklist (issue 27): connect a model (super admin), invite the school,
 * create a robot; each `done` read from real state. `show` is false once every item is done or
 * the admin dismissed it.
 */
export const CHECKLIST_ITEMS = ['model', 'invite', 'robot'] as const;
export const checklistSchema = z.object({
  show: z.boolean(),
  items: z.array(z.object({ key: z.enum(CHECKLIST_ITEMS), done: z.boolean() })),
});
export type Checklist = z.output<typeof checklistSchema>;
