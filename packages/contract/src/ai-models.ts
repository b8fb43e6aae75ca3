/** Schemas of the AI provider, model and per-robot model calls (admin 密钥管理 / AI 模型), shared by server and web. */
import { z } from 'zod';
import { num } from './number.ts';
import { MSG } from './messages.ts';
import { flag } from './robots.ts';
import { idSchema } from './uc.ts';

/**
 * asr: speech to text (/audio/transcriptions), tts: text to speech (/audio/speech) — the voice view (issue 26).
 * rewrite: a chat model that restates a question with its likely terms before knowledge retrieval (issue 22).
 */
export const MODEL_CAPABILITIES = ['chat', 'reasoning', 'vision', 'embedding', 'rerank', 'rewrite', 'asr', 'tts'] as const;
export type ModelCapability = (typeof MODEL_CAPABILITIES)[number];

/** The capability tags as the admin console names them. */
export const CAPABILITY_LABELS: Record<ModelCapability, string> = {
  chat: '对话',
  reasoning: '深度思考',
  vision: '图片理解',
  embedding: '向量',
  rerank: '重排',
  rewrite: '问题改写',
  asr: '语音识别',
  tts: '语音合成',
};

/** An OpenAI-compatible base URL: http(s) only (no file:, data: …), without a trailing slash. */
export const baseUrlSchema = z
  .string({ error: MSG.baseUrlInvalid })
  .trim()
  .max(500, MSG.baseUrlInvalid)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname && !u.username && !u.password;
    } catch {
      return false;
    }
  }, MSG.baseUrlInvalid)
  .transform((v) => v.replace(/\/+$/, ''));

export const providerSaveBody = z.object({
  id: idSchema.optional(),
  name: z.string({ error: MSG.providerNameRequired }).trim().min(1, MSG.providerNameRequired).max(50),
  base_url: baseUrlSchema,
  /** Omitted or blank on update: keep the stored key. */
  api_key: z.string().trim().max(500).optional(),
  enabled: flag.optional(),
});

export const modelSaveBody = z.object({
  id: idSchema.optional(),
  provider_id: idSchema,
  model: z.string({ error: MSG.modelIdRequired }).trim().min(1, MSG.modelIdRequired).max(200),
  label: z.string({ error: MSG.modelLabelRequired }).trim().min(1, MSG.modelLabelRequired).max(50),
  capabilities: z
    .array(z.enum(MODEL_CAPABILITIES), { error: MSG.modelCapabilityRequired })
    .min(1, MSG.modelCapabilityRequired)
    .max(MODEL_CAPABILITIES.length)
    .transform((caps) => [...new Set(caps)]),
  context_window: num(z.number().int().min(512).max(10_000_000)).default(8192),
  tips: z.string().trim().max(200).default(''),
  enabled: flag.default(1),
  sort: num(z.number().int().min(0).max(99_999)).default(0),
});

export const idBody = z.object({ id: idSchema });

/** null: the platform default; omitted: unchanged. */
export const robotModelBody = z.object({
  id: idSchema,
  chat_model_id: idSchema.nullable().optional(),
  reasoning_model_id: idSchema.nullable().optional(),
});

/** A provider as the admin sees it: the key only masked (never the key itself). */
export const providerItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  base_url: z.string(),
  /** maskKey of the key, '' when there is none (or it can no longer be decrypted). */
  api_key: z.string(),
  enabled: z.number(),
  /** Registered from LLM_BASE_URL at boot. */
  from_env: z.number(),
  model_count: z.number(),
  create_time: z.number(),
});
export type ProviderItem = z.output<typeof providerItemSchema>;

export const providerTestResultSchema = z.object({
  ok: z.number(),
  msg: z.string(),
  /** Model ids the provider lists (first 100), when the test succeeded. */
  models: z.array(z.string()),
});
export type ProviderTestResult = z.output<typeof providerTestResultSchema>;

export const aiModelItemSchema = z.object({
  id: z.number(),
  provider_id: z.number(),
  provider_name: z.string(),
  model: z.string(),
  label: z.string(),
  capabilities: z.array(z.enum(MODEL_CAPABILITIES)),
  context_window: z.number(),
  tips: z.string(),
  is_default: z.number(),
  enabled: z.number(),
  sort: z.number(),
  create_time: z.number(),
});
export type AiModelItem = z.output<typeof aiModelItemSchema>;

export const robotModelOptionSchema = z.object({
  id: z.number(),
  label: z.string(),
  model: z.string(),
  capabilities: z.array(z.enum(MODEL_CAPABILITIES)),
  is_default: z.number(),
});
export type RobotModelOption = z.output<typeof robotModelOptionSchema>;

export const robotModelInfoSchema = z.object({
  chat_model_id: z.number().nullable(),
  reasoning_model_id: z.number().nullable(),
  /** Enabled models of enabled providers. */
  models: z.array(robotModelOptionSchema),
});
export type RobotModelInfo = z.output<typeof robotModelInfoSchema>;

/** GET /api/ai/Chat/modelInfo (chat panel). */
export const chatModelInfoSchema = z.object({
  /** The model's label, or 内置引擎. */
  model: z.string(),
  builtin: z.boolean(),
  tips: z.string(),
  /** 深度思考 is answered by a reasoning-capable model. */
  reasoning: z.boolean(),
  /** Image questions are answered by a vision-capable model. */
  vision: z.boolean(),
  /** A web search provider is configured (联网). */
  network: z.boolean(),
});
export type ChatModelInfo = z.output<typeof chatModelInfoSchema>;
