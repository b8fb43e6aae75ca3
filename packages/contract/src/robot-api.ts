/** Robots as services (issue 25): a robot's API keys, embed keys and share links, and their usage. */
import { z } from 'zod';
import { idSchema } from './uc.ts';
import { num } from './number.ts';

export const API_KEY_KINDS = ['api', 'embed', 'share'] as const;
export type ApiKeyKindName = (typeof API_KEY_KINDS)[number];

/** An origin as a browser sends it: scheme, host and port, nothing after. */
const originSchema = z.string().trim().toLowerCase().max(200).regex(/^https?:\/\/[\w.-]+(:\d{1,5})?$/, '来源格式应为 https://example.com');

export const apiKeyListQuery = z.object({ robot_id: idSchema });

export const apiKeyCreateBody = z.object({
  robot_id: idSchema,
  kind: z.enum(API_KEY_KINDS).default('api'),
  name: z.string().trim().min(1, '请输入密钥名称').max(30, '密钥名称在30个字以内'),
  /** Browser origins allowed to use the key; an embed key needs at least one. */
  allowed_origins: z.array(originSchema).max(20).default([]),
  per_minute: num(z.number().int().min(1).max(10_000)).default(20),
  per_day: num(z.number().int().min(1).max(1_000_000)).default(1000),
  /** Unix seconds; null or absent: never expires. */
  expire_time: num(z.number().int().positive()).nullable().optional(),
}).refine((b) => b.kind !== 'embed' || b.allowed_origins.length > 0, { path: ['allowed_origins'], message: '嵌入网页至少要填写一个允许的来源' });

export const apiKeyItemSchema = z.object({
  id: z.number(),
  robot_id: z.number(),
  kind: z.enum(API_KEY_KINDS),
  name: z.string(),
  /** The key's first characters (the key itself is shown once, at creation). */
  prefix: z.string(),
  allowed_origins: z.array(z.string()),
  per_minute: z.number(),
  per_day: z.number(),
  expire_time: z.number().nullable(),
  status: z.enum(['active', 'revoked', 'expired']),
  create_time: z.number(),
  last_used_time: z.number().nullable(),
  used_today: z.number(),
  used_total: z.number(),
});
export type ApiKeyItem = z.infer<typeof apiKeyItemSchema>;

export const apiKeyCreatedSchema = z.object({
  key: apiKeyItemSchema,
  /** The key, shown this once: only its hash is kept. */
  secret: z.string(),
});

export const apiKeyRevokeBody = z.object({ id: idSchema });

export const apiUsageSchema = z.object({
  today: z.number(),
  total: z.number(),
  /** The last 7 days, oldest first (YYYY-MM-DD, UTC). */
  days: z.array(z.object({ date: z.string(), count: z.number() })),
  keys: z.array(z.object({ id: z.number(), name: z.string(), kind: z.enum(API_KEY_KINDS), today: z.number(), total: z.number() })),
});
export type ApiUsage = z.infer<typeof apiUsageSchema>;
