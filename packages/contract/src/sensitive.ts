/** Schemas of the sensitive-word calls (admin 敏感词), shared by server and web. */
import { z } from 'zod';
import { MSG } from './messages.ts';
import { idSchema, pageQuery } from './uc.ts';

export const SENSITIVE_LIMITS = { wordMax: 50, importMax: 10_000, deleteMax: 1_000 } as const;

/** What a listed word is about (issue 28); an import gives one to all its words. */
export const SENSITIVE_CATEGORIES = ['暴力', '自伤', '色情', '欺凌', '违法', '其他'] as const;
export type SensitiveCategory = (typeof SENSITIVE_CATEGORIES)[number];
/** standard: the student's teachers are told; high: also the organisation's admins who opted in. */
export const SENSITIVE_SEVERITIES = ['standard', 'high'] as const;
export type SensitiveSeverity = (typeof SENSITIVE_SEVERITIES)[number];
export const SEVERITY_LABEL: Record<SensitiveSeverity, string> = { standard: '一般', high: '高风险' };

const categorySchema = z.enum(SENSITIVE_CATEGORIES, { error: MSG.validationFailed });
const severitySchema = z.enum(SENSITIVE_SEVERITIES, { error: MSG.validationFailed });

export const sensitiveWordItemSchema = z.object({
  id: z.number(), word: z.string(), category: z.enum(SENSITIVE_CATEGORIES), severity: z.enum(SENSITIVE_SEVERITIES), create_time: z.number(),
});
export type SensitiveWordItem = z.output<typeof sensitiveWordItemSchema>;

/** PostgreSQL text cannot hold NUL. */
const noNul = (s: string) => !s.includes('\u0000');

export const sensitiveListQuery = pageQuery.extend({
  keyword: z.string().trim().max(SENSITIVE_LIMITS.wordMax).refine(noNul, MSG.validationFailed).optional(),
  category: categorySchema.optional(),
});

export const sensitiveSaveBody = z.object({
  word: z
    .string({ error: MSG.sensitiveWordRequired })
    .trim()
    .min(1, MSG.sensitiveWordRequired)
    .max(SENSITIVE_LIMITS.wordMax, MSG.sensitiveWordTooLong)
    .refine(noNul, MSG.validationFailed),
  category: categorySchema.default('其他'),
  severity: severitySchema.default('standard'),
});

/** One word per line, or separated by commas (ASCII or Chinese). */
export const splitWordText = (text: string) => text.split(/[\r\n,，]+/);

/** A word an import can store; the others are counted as skipped. */
export const isStorableWord = (w: string) => w.length <= SENSITIVE_LIMITS.wordMax && noNul(w);

/**
 * A list of words, or a text to split. Words are trimmed and blanks dropped; what remains must be
 * at most SENSITIVE_LIMITS.importMax (the request body limit bounds the raw input).
 */
export const sensitiveImportBody = z.object({
  words: z.preprocess(
    (v) => (typeof v === 'string' ? splitWordText(v) : v),
    z
      .array(z.string({ error: MSG.sensitiveImportEmpty }), { error: MSG.sensitiveImportEmpty })
      .transform((v) => v.map((w) => w.trim()).filter(Boolean))
      .pipe(z.array(z.string()).min(1, MSG.sensitiveImportEmpty).max(SENSITIVE_LIMITS.importMax, MSG.sensitiveImportTooMany)),
  ),
  category: categorySchema.default('其他'),
  severity: severitySchema.default('standard'),
});

export const sensitiveImportResultSchema = z.object({
  added: z.number(),
  /** Already listed, repeated in the import, or longer than SENSITIVE_LIMITS.wordMax. */
  skipped: z.number(),
});
export type SensitiveImportResult = z.output<typeof sensitiveImportResultSchema>;

/** admin.Sensitive/delete: how many words went. */
export const sensitiveDeleteResultSchema = z.object({ deleted: z.number() });

export const sensitiveDeleteBody = z.object({
  ids: z.array(idSchema, { error: MSG.sensitiveDeleteNone }).min(1, MSG.sensitiveDeleteNone).max(SENSITIVE_LIMITS.deleteMax),
});

/**
 * 审核模型 (issue 28): an optional OpenAI-compatible moderation endpoint (`{base_url}/moderations`)
 * that checks questions after the word list; its categories map onto ours. The key is write-only:
 * the answer says whether one is stored; an empty key in a save keeps the stored one.
 */
export const moderationConfigSchema = z.object({
  enabled: z.boolean(), base_url: z.string(), model: z.string(), has_key: z.boolean(),
});
export type ModerationConfig = z.output<typeof moderationConfigSchema>;
export const moderationSaveBody = z.object({
  enabled: z.boolean({ error: MSG.validationFailed }),
  base_url: z.union([z.literal(''), z.string().trim().url(MSG.moderationUrlInvalid).max(500)]),
  model: z.string().trim().max(100).default('omni-moderation-latest'),
  api_key: z.string().trim().max(500).default(''),
}).refine((b) => !b.enabled || b.base_url !== '', { message: MSG.moderationUrlInvalid, path: ['base_url'] });
