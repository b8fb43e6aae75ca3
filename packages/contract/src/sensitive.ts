/** Schemas of the sensitive-word calls (admin 敏感词), shared by server and web. */
import { z } from 'zod';
import { MSG } from './messages.ts';
import { idSchema, pageQuery } from './uc.ts';

export const SENSITIVE_LIMITS = { wordMax: 50, importMax: 10_000, deleteMax: 1_000 } as const;

export const sensitiveWordItemSchema = z.object({ id: z.number(), word: z.string(), create_time: z.number() });
export type SensitiveWordItem = z.output<typeof sensitiveWordItemSchema>;

/** PostgreSQL text cannot hold NUL. */
const noNul = (s: string) => !s.includes('\u0000');

export const sensitiveListQuery = pageQuery.extend({
  keyword: z.string().trim().max(SENSITIVE_LIMITS.wordMax).refine(noNul, MSG.validationFailed).optional(),
});

export const sensitiveSaveBody = z.object({
  word: z
    .string({ error: MSG.sensitiveWordRequired })
    .trim()
    .min(1, MSG.sensitiveWordRequired)
    .max(SENSITIVE_LIMITS.wordMax, MSG.sensitiveWordTooLong)
    .refine(noNul, MSG.validationFailed),
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
