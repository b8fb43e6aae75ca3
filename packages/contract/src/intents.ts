/** Schemas of the intent-library (意图库) and scene calls, shared by server and web. */
import { z } from 'zod';
import { num } from './number.ts';
import { MSG } from './messages.ts';
import { recommendPartSchema } from './chat.ts';
import { RECOMMEND_CONTENT_TYPES } from './constants/chat.ts';
import { idSchema, pageOf, pageQuery } from './uc.ts';

export const INTENT_LIMITS = {
  categoryNameMax: 30,
  intentNameMax: 50,
  infoMax: 200,
  keywordMax: 30,
  keywordsMax: 20,
  textMax: 5_000,
  urlMax: 2_000,
  titleMax: 200,
  partsMax: 50,
  connectionsMax: 20,
  sceneNameMax: 20,
} as const;

export const RECOMMEND_TYPE_LABEL: Record<(typeof RECOMMEND_CONTENT_TYPES)[number], string> = {
  text: '文本', link: '链接', annex: '附件', has_intent: '意图',
};

const noNul = (s: string) => !s.includes('\u0000');
const text = (max: number, required?: string, tooLong?: string) => {
  const base = z.string({ error: required ?? MSG.validationFailed }).trim();
  return (required ? base.min(1, required) : base).max(max, tooLong ?? MSG.validationFailed).refine(noNul, MSG.validationFailed);
};
const keyword = text(100).optional();

// ── Items ────────────────────────────────────────────────────────────────────────────────

const creatorSchema = z.object({ id: z.number(), truename: z.string() });

export const intentCategorySchema = z.object({
  id: z.number(),
  name: z.string(),
  info: z.string(),
  intent_count: z.number(),
  /** Robots of the organisation bound to it. */
  robot_count: z.number(),
  creator: creatorSchema,
  create_time: z.number(),
  update_time: z.number(),
});
export type IntentCategoryItem = z.output<typeof intentCategorySchema>;

/** A category in the super admin's list: any organisation's. */
export const adminIntentCategorySchema = intentCategorySchema.extend({ group: z.object({ id: z.number(), name: z.string() }) });
export type AdminIntentCategoryItem = z.output<typeof adminIntentCategorySchema>;

export const intentSchema = z.object({
  id: z.number(),
  category_id: z.number(),
  name: z.string(),
  keywords: z.array(z.string()),
  info: z.string(),
  sort: z.number(),
  content_count: z.number(),
  create_time: z.number(),
  update_time: z.number(),
});
export type IntentItem = z.output<typeof intentSchema>;

/** A recommend part as stored and answered (spec §3 "Recommend part"): its order, type and content. */
export const storedPartSchema = z.object({
  sort: z.number(),
  content_type: z.enum(RECOMMEND_CONTENT_TYPES),
  content: recommendPartSchema.shape.content,
});

/** A stored recommend part: the spec's part plus its row id and intent. */
export const intentContentSchema = storedPartSchema.extend({ id: z.number(), intent_id: z.number(), create_time: z.number() });
export type IntentContentItem = z.output<typeof intentContentSchema>;

export const intentContentPageSchema = pageOf(intentContentSchema).extend({ intent: intentSchema });
export type IntentContentPage = z.output<typeof intentContentPageSchema>;

export const askIntentResultSchema = z.object({
  /** The chat record holding the parts; 0 when the intent has no content. */
  records_id: z.number().meta({ description: 'The chat record holding the parts; 0 when the intent has no content' }),
  content_module: z.array(storedPartSchema),
});
export type AskIntentResult = z.output<typeof askIntentResultSchema>;

export const sceneSchema = z.object({
  id: z.number(),
  name: z.string(),
  info: z.string(),
  sort: z.number(),
  robot_count: z.number(),
});
export type SceneItem = z.output<typeof sceneSchema>;

/** admin.intentContent/lists: a category's intents, each with its parts. */
export const adminIntentWithContentsSchema = intentSchema.extend({ contents: z.array(intentContentSchema) });
export type AdminIntentWithContents = z.output<typeof adminIntentWithContentsSchema>;
export const adminIntentContentPageSchema = pageOf(adminIntentWithContentsSchema)
  .extend({ category: z.object({ id: z.number(), name: z.string(), info: z.string() }) });
export type AdminIntentContentPage = z.output<typeof adminIntentContentPageSchema>;

// ── Categories ───────────────────────────────────────────────────────────────────────────

export const intentCategoryListQuery = pageQuery.extend({ keyword });
export const intentCategorySaveBody = z.object({
  id: idSchema.optional(),
  name: text(INTENT_LIMITS.categoryNameMax, MSG.intentCategoryNameRequired, MSG.intentCategoryNameTooLong),
  info: text(INTENT_LIMITS.infoMax).default(''),
});
export const idBody = z.object({ id: idSchema });
export const idQuery = z.object({ id: idSchema });

// ── Intents ──────────────────────────────────────────────────────────────────────────────

export const intentListQuery = pageQuery.extend({ category_id: idSchema, keyword });
export const intentSaveBody = z.object({
  id: idSchema.optional(),
  category_id: idSchema,
  name: text(INTENT_LIMITS.intentNameMax, MSG.intentNameRequired, MSG.intentNameTooLong),
  /** Other ways a question may name the intent; used by the chat's intent match. */
  keywords: z.array(text(INTENT_LIMITS.keywordMax)).max(INTENT_LIMITS.keywordsMax)
    .transform((k) => [...new Set(k.filter(Boolean))]).default([]),
  info: text(INTENT_LIMITS.infoMax).default(''),
  sort: num(z.number().int().min(0).max(1_000_000)).default(0),
});
export const intentConnectionSaveBody = z.object({
  id: idSchema,
  related_ids: z.array(idSchema).max(INTENT_LIMITS.connectionsMax),
});

// ── Intent content (recommend parts) ─────────────────────────────────────────────────────

export const intentContentListQuery = pageQuery.extend({ intent_id: idSchema });

/** One recommend part to store: recommendPartSchema, with what each type needs checked. */
export const intentContentSaveBody = recommendPartSchema.extend({
  id: idSchema.optional(),
  intent_id: idSchema,
  content: z.object({
    content: text(INTENT_LIMITS.textMax).optional(),
    url: z.string().trim().max(INTENT_LIMITS.urlMax).refine(noNul, MSG.validationFailed).optional(),
    title: text(INTENT_LIMITS.titleMax).optional(),
    list: z.array(z.unknown()).max(10).optional(),
    intent: z.object({ id: idSchema }).optional(),
  }),
}).superRefine((b, ctx) => {
  const c = b.content;
  const fail = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: ['content', path] });
  if (b.content_type === 'text' && !c.content) fail(MSG.intentContentTextRequired, 'content');
  if (b.content_type === 'link' && !/^https?:\/\/\S+$/i.test(c.url ?? '')) fail(MSG.intentContentLinkInvalid, 'url');
  if (b.content_type === 'annex' && !/^(https?:\/\/|\/api\/files\/)\S+$/i.test(c.url ?? '')) fail(MSG.intentContentAnnexRequired, 'url');
  if (b.content_type === 'has_intent' && !c.intent) fail(MSG.intentContentIntentRequired, 'intent');
});
export type IntentContentSave = z.infer<typeof intentContentSaveBody>;
export const intentContentSortBody = z.object({ intent_id: idSchema, ids: z.array(idSchema).min(1).max(INTENT_LIMITS.partsMax) });

// ── Robots: bind categories, ask an intent ───────────────────────────────────────────────

export const intentBindBody = z.object({ robot_id: idSchema, ids: z.array(idSchema).min(1).max(50) });
export const intentUnbindBody = z.object({ robot_id: idSchema, id: idSchema });

/** Ask intent (spec §7): {id, is_chat_recommend:1, recommend_ask, category_id, robot_id}. */
export const askIntentBody = z.object({
  id: idSchema,
  is_chat_recommend: num(z.number().int().min(0).max(1)).default(1),
  recommend_ask: text(500).optional(),
  category_id: idSchema,
  robot_id: idSchema,
});

// ── Admin ────────────────────────────────────────────────────────────────────────────────

export const adminIntentContentQuery = pageQuery.extend({ category_id: idSchema });
export const sceneListQuery = pageQuery.extend({ keyword });
export const sceneSaveBody = z.object({
  id: idSchema.optional(),
  name: text(INTENT_LIMITS.sceneNameMax, MSG.sceneNameRequired, MSG.sceneNameTooLong),
  info: text(INTENT_LIMITS.infoMax).default(''),
  sort: num(z.number().int().min(0).max(1_000_000)).default(0),
});
