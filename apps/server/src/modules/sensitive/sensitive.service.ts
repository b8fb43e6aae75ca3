import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import {
  isStorableWord, type SensitiveCategory, type SensitiveImportResult, type SensitiveSeverity, type SensitiveWordItem,
} from '@xueban/contract/sensitive';
import type { Db } from '../../db/client.ts';
import { sensitiveWords } from '../../db/schema/chat.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { toSeconds } from '../../lib/time.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';
import { getModerator, rebuildList, type ModerationHit } from './moderator.ts';
import { moderateWithModel } from './moderation-model.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../types.ts';

export { getModerator, getSensitiveMatcher, listenForListChanges, type ModerationHit, type ModerationStream, type Moderator } from './moderator.ts';
export { getModerationConfig, saveModerationConfig } from './moderation-model.ts';

/**
 * A question's check: the platform's and the organisation's words (always), then the moderation
 * model when one is configured (its categories mapped onto ours).
 */
export async function checkQuestion(deps: Deps, log: FastifyBaseLogger | undefined, groupId: number, text: string): Promise<ModerationHit | null> {
  return (await getModerator(deps.db, groupId)).check(text) ?? (await moderateWithModel(deps, log, text));
}

const INSERT_BATCH = 1_000;

/**
 * Words are compared the way they were stored: Latin letters folded, nothing else. (SQL lower()
 * would also fold other scripts, depending on the server's locale.) The matcher folds much more
 * (width, traditional, separators): two such spellings of one word may both be listed, harmlessly.
 */
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const foldedWord = sql<string>`translate(${sensitiveWords.word}, ${UPPER}, ${UPPER.toLowerCase()})`;
const fold = (w: string) => w.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** Whose list a call works on: null the platform's (super admin), else an organisation's own. */
export type WordList = number | null;
const inList = (list: WordList) => (list === null ? isNull(sensitiveWords.groupId) : eq(sensitiveWords.groupId, list));

type Row = typeof sensitiveWords.$inferSelect;
const itemOf = (r: Row): SensitiveWordItem => ({
  id: r.id, word: r.word, category: r.category as SensitiveCategory, severity: r.severity as SensitiveSeverity, create_time: toSeconds(r.createdAt),
});

export async function listSensitiveWords(
  db: Db, list: WordList, q: PageParams & { keyword?: string | undefined; category?: SensitiveCategory | undefined },
) {
  const { limit, offset } = resolvePage(q);
  const where = and(
    inList(list),
    q.keyword ? sql`strpos(${foldedWord}, ${fold(q.keyword)}) > 0` : undefined,
    q.category ? eq(sensitiveWords.category, q.category) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(sensitiveWords).where(where);
  const rows = await db.select().from(sensitiveWords).where(where).orderBy(desc(sensitiveWords.id)).limit(limit).offset(offset);
  return pageOf<SensitiveWordItem>(q, total?.n ?? 0, rows.map(itemOf));
}

interface WordInput { word: string; category: SensitiveCategory; severity: SensitiveSeverity }

/** Adds one word; one that matches a word of the same list (Latin letters folded) is refused. */
export async function saveSensitiveWord(deps: Deps, list: WordList, uid: number, input: WordInput): Promise<SensitiveWordItem> {
  const { db } = deps;
  const [dup] = await db.select({ id: sensitiveWords.id }).from(sensitiveWords)
    .where(and(inList(list), sql`${foldedWord} = ${fold(input.word)}`)).limit(1);
  if (dup) throw badRequest(MSG.sensitiveWordDuplicate);
  try {
    const [row] = await db.insert(sensitiveWords).values({ ...input, groupId: list, createdBy: uid }).returning();
    await rebuildList(deps, list);
    return itemOf(row!);
  } catch (err) {
    // Someone else added it between our check and our insert.
    if (isUniqueViolation(err)) throw badRequest(MSG.sensitiveWordDuplicate);
    throw err;
  }
}

/** Adds the new words of a list, all with one category and severity; repeats, words already listed and over-long words are skipped. */
export async function importSensitiveWords(
  deps: Deps, list: WordList, uid: number, input: { words: string[]; category: SensitiveCategory; severity: SensitiveSeverity },
): Promise<SensitiveImportResult> {
  const { db } = deps;
  const { words, category, severity } = input;
  const fresh = new Map<string, string>();
  for (const w of words) if (isStorableWord(w) && !fresh.has(fold(w))) fresh.set(fold(w), w);
  if (fresh.size) {
    const existing = await db.select({ f: foldedWord }).from(sensitiveWords).where(and(inList(list), inArray(foldedWord, [...fresh.keys()])));
    for (const { f } of existing) fresh.delete(f);
  }
  const values = [...fresh.values()].map((word) => ({ word, category, severity, groupId: list, createdBy: uid }));
  let added = 0;
  for (let i = 0; i < values.length; i += INSERT_BATCH) {
    const rows = await db.insert(sensitiveWords).values(values.slice(i, i + INSERT_BATCH)).onConflictDoNothing()
      .returning({ id: sensitiveWords.id });
    added += rows.length;
  }
  if (added) await rebuildList(deps, list);
  return { added, skipped: words.length - added };
}

/** Deletes words of the list; an id of another list (another organisation's word) answers 404. */
export async function deleteSensitiveWords(deps: Deps, list: WordList, ids: number[]) {
  const { db } = deps;
  if (list !== null) {
    const [own] = await db.select({ n: count() }).from(sensitiveWords).where(and(inList(list), inArray(sensitiveWords.id, ids)));
    const [any] = await db.select({ n: count() }).from(sensitiveWords).where(inArray(sensitiveWords.id, ids));
    if ((own?.n ?? 0) < (any?.n ?? 0)) throw notFound(MSG.notFound);
  }
  const gone = await db.delete(sensitiveWords).where(and(inList(list), inArray(sensitiveWords.id, ids))).returning({ id: sensitiveWords.id });
  if (gone.length) await rebuildList(deps, list);
  return { deleted: gone.length };
}
