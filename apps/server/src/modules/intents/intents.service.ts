import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import type { RecommendPart } from '@xueban/contract/chat';
import type {
  AskIntentResult, IntentContentPage, IntentContentSave, IntentItem,
} from '@xueban/contract/intents';
import type { Db } from '../../db/client.ts';
import { intentCategories, intentConnections, intentContents, intents } from '../../db/schema/intents.ts';
import { robots } from '../../db/schema/robots.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';
import { answerWithParts, findOwnSession, startExchange } from '../chat/reply-store.ts';
import { boundContentIds, dropBindings } from './bindings.ts';
import { withSignedAnnexes, type LinkSigning } from './annex-links.ts';
import { fileKeyInPath } from '../files/file-links.ts';
import { allFilesOfGroup } from '../files/files.service.ts';
import {
  categoryPage, connectedIds, contentsOf, findCategory, findContent, findIntent, intentPage, intentsByIds,
  toCategoryItem, toContentItem, toIntentItem, toParts,
} from './intents.repo.ts';

/** Every call here works inside the caller's current organisation: another one's id is a 404. */
async function ownCategory(db: Db, me: AuthContext, id: number) {
  const c = await findCategory(db, me.groupId, id);
  if (!c) throw notFound(MSG.intentCategoryNotFound);
  return c;
}

async function ownIntent(db: Db, me: AuthContext, id: number) {
  const i = await findIntent(db, me.groupId, id);
  if (!i) throw notFound(MSG.intentNotFound);
  return i;
}

// ── Categories ───────────────────────────────────────────────────────────────────────────

export async function listCategories(db: Db, me: AuthContext, q: PageParams & { keyword?: string | undefined }) {
  const { limit, offset } = resolvePage(q);
  const { total, rows } = await categoryPage(db, me.groupId, q.keyword, limit, offset);
  return pageOf(q, total, rows.map(({ group: _g, ...item }) => item));
}

export async function saveCategory(db: Db, me: AuthContext, b: { id?: number | undefined; name: string; info: string }) {
  if (b.id) {
    await ownCategory(db, me, b.id);
    const [row] = await db.update(intentCategories).set({ name: b.name, info: b.info, updatedAt: sql`now()` })
      .where(eq(intentCategories.id, b.id)).returning();
    return toCategoryItem(row!, 0, 0, '');
  }
  const [row] = await db.insert(intentCategories).values({ groupId: me.groupId, creatorId: me.userId, name: b.name, info: b.info }).returning();
  return toCategoryItem(row!, 0, 0, '');
}

/** Deletes the category, its intents and their contents; robot bindings to it are removed too. */
export async function deleteCategory(db: Db, me: AuthContext, id: number, groupScoped = true) {
  const c = groupScoped ? await ownCategory(db, me, id) : await findCategory(db, null, id);
  if (!c) throw notFound(MSG.intentCategoryNotFound);
  await db.transaction(async (tx) => {
    await dropBindings(tx, 'intent', [c.id]);
    await tx.delete(intentCategories).where(eq(intentCategories.id, c.id));
  });
  return null;
}

// ── Intents ──────────────────────────────────────────────────────────────────────────────

export async function listIntents(db: Db, me: AuthContext, q: PageParams & { category_id: number; keyword?: string | undefined }) {
  await ownCategory(db, me, q.category_id);
  const { limit, offset } = resolvePage(q);
  const { total, rows } = await intentPage(db, q.category_id, q.keyword, limit, offset);
  return pageOf<IntentItem>(q, total, rows);
}

export async function saveIntent(
  db: Db, me: AuthContext,
  b: { id?: number | undefined; category_id: number; name: string; keywords: string[]; info: string; sort: number },
) {
  await ownCategory(db, me, b.category_id);
  const values = { categoryId: b.category_id, name: b.name, keywords: b.keywords, info: b.info, sort: b.sort };
  if (b.id) {
    await ownIntent(db, me, b.id);
    const [row] = await db.update(intents).set({ ...values, updatedAt: sql`now()` }).where(eq(intents.id, b.id)).returning();
    return toIntentItem(row!, 0);
  }
  const [row] = await db.insert(intents).values({ ...values, groupId: me.groupId, creatorId: me.userId }).returning();
  return toIntentItem(row!, 0);
}

export async function deleteIntent(db: Db, me: AuthContext, id: number) {
  const i = await ownIntent(db, me, id);
  await db.delete(intents).where(eq(intents.id, i.id));
  return null;
}

/**
 * Related intents (intent connection): the ones set by hand, in their order; with none set, the
 * other intents of the same category (at most 12).
 */
export async function intentConnection(db: Db, me: AuthContext, id: number): Promise<IntentItem[]> {
  const i = await ownIntent(db, me, id);
  return relatedIntents(db, i.groupId, i.id, i.categoryId);
}

async function relatedIntents(db: Db, groupId: number, id: number, categoryId: number): Promise<IntentItem[]> {
  const ids = await connectedIds(db, id);
  if (ids.length) return intentsByIds(db, groupId, ids);
  const { rows } = await intentPage(db, categoryId, undefined, 13, 0);
  return rows.filter((r) => r.id !== id).slice(0, 12);
}

export async function saveConnection(db: Db, me: AuthContext, id: number, relatedIds: number[]) {
  const i = await ownIntent(db, me, id);
  const wanted = [...new Set(relatedIds)].filter((r) => r !== i.id);
  const found = await intentsByIds(db, me.groupId, wanted);
  if (found.length !== wanted.length) throw notFound(MSG.intentNotFound);
  await db.transaction(async (tx) => {
    await tx.delete(intentConnections).where(eq(intentConnections.intentId, i.id));
    if (wanted.length) {
      await tx.insert(intentConnections).values(wanted.map((relatedId, sort) => ({
        intentId: i.id, relatedId, groupId: me.groupId, creatorId: me.userId, sort,
      })));
    }
  });
  return found;
}

// ── Intent content ───────────────────────────────────────────────────────────────────────

export async function listContents(db: Db, me: AuthContext, q: PageParams & { intent_id: number }): Promise<IntentContentPage> {
  const i = await ownIntent(db, me, q.intent_id);
  const { limit, offset } = resolvePage(q);
  const all = await contentsOf(db, [i.id]);
  return {
    intent: toIntentItem(i, all.length),
    ...pageOf(q, all.length, all.slice(offset, offset + limit).map(toContentItem)),
  };
}

/** The stored files an annex part links to: its url and its list items' urls. */
function annexFileKeys(content: RecommendPart['content']): string[] {
  const { url, list } = content as { url?: string; list?: unknown[] };
  const urls = [url, ...(list ?? []).map((item) => (item as { url?: unknown } | null)?.url)];
  return urls.flatMap((u) => (typeof u === 'string' ? [fileKeyInPath(u)] : [])).filter((k): k is string => !!k);
}

/** Adds or edits one part; a has_intent part must name another intent of the organisation. */
export async function saveContent(db: Db, me: AuthContext, b: IntentContentSave) {
  const i = await ownIntent(db, me, b.intent_id);
  const c = b.content;
  const content: RecommendPart['content'] =
    b.content_type === 'text' ? { content: c.content ?? '' }
    : b.content_type === 'link' ? { url: c.url ?? '', title: c.title || c.url || '' }
    : b.content_type === 'annex' ? { url: c.url ?? '', title: c.title ?? '', ...(c.list ? { list: c.list } : {}) }
    : { intent: { id: c.intent!.id }, title: c.title ?? '' };
  if (b.content_type === 'annex' && !(await allFilesOfGroup(db, me.groupId, annexFileKeys(content)))) {
    // Annex links are handed out signed (annex-links.ts): only this organisation's own files may be named.
    throw badRequest(MSG.intentContentAnnexRequired);
  }
  if (b.content_type === 'has_intent') {
    if (c.intent!.id === i.id) throw badRequest(MSG.intentContentSelfIntent);
    const target = await findIntent(db, me.groupId, c.intent!.id);
    if (!target) throw notFound(MSG.intentNotFound);
    content.title = target.name;
  }
  if (b.id) {
    const existing = await findContent(db, me.groupId, b.id);
    if (!existing || existing.intentId !== i.id) throw notFound(MSG.intentContentNotFound);
    const [row] = await db.update(intentContents).set({ sort: b.sort, contentType: b.content_type, content, updatedAt: sql`now()` })
      .where(eq(intentContents.id, b.id)).returning();
    return toContentItem(row!);
  }
  const [row] = await db.insert(intentContents).values({
    intentId: i.id, groupId: me.groupId, creatorId: me.userId, sort: b.sort, contentType: b.content_type, content,
  }).returning();
  return toContentItem(row!);
}

export async function deleteContent(db: Db, me: AuthContext, id: number) {
  const c = await findContent(db, me.groupId, id);
  if (!c) throw notFound(MSG.intentContentNotFound);
  await db.delete(intentContents).where(eq(intentContents.id, c.id));
  return null;
}

/** Puts the intent's parts in the order given (sort 0, 1, 2 …); ids of other intents are a 404. */
export async function sortContents(db: Db, me: AuthContext, intentId: number, ids: number[]) {
  const i = await ownIntent(db, me, intentId);
  const rows = await db.select({ id: intentContents.id }).from(intentContents)
    .where(and(eq(intentContents.intentId, i.id), inArray(intentContents.id, ids)));
  if (rows.length !== new Set(ids).size) throw notFound(MSG.intentContentNotFound);
  await db.transaction(async (tx) => {
    for (const [sort, id] of ids.entries()) await tx.update(intentContents).set({ sort }).where(eq(intentContents.id, id));
  });
  return (await contentsOf(db, [i.id])).map(toContentItem);
}

// ── Ask an intent in a chat session ──────────────────────────────────────────────────────

/**
 * An intent a robot may answer with: in a category bound to it (enabled), or named by a
 * has_intent part of such an intent.
 */
async function intentForRobot(db: Db, robotId: number, id: number) {
  const bound = await boundContentIds(db, robotId, 'intent');
  const i = await findIntent(db, null, id);
  if (!i || bound.length === 0) return null;
  if (bound.includes(i.categoryId)) return i;
  const [linked] = await db.select({ id: intentContents.id }).from(intentContents)
    .innerJoin(intents, eq(intents.id, intentContents.intentId))
    .where(and(
      inArray(intents.categoryId, bound),
      eq(intentContents.contentType, 'has_intent'),
      sql`(${intentContents.content}->'intent'->>'id') = ${String(id)}`,
    ))
    .limit(1);
  return linked ? i : null;
}

/**
 * Ask intent: stores an exchange in the caller's session whose reply is the intent's recommend
 * parts (message type 3), annexes with signed links (the caller may be of another organisation
 * than the robot's). No parts: no record, and the web warns 该意图没有推荐内容！.
 */
export async function askIntent(
  db: Db, me: AuthContext, b: { id: number; recommend_ask?: string | undefined; category_id: number; robot_id: number },
  signing: LinkSigning,
): Promise<{ result: AskIntentResult; msg: string }> {
  const session = await findOwnSession(db, { userId: me.userId, groupId: me.groupId }, b.category_id);
  if (!session || session.robotId !== b.robot_id) throw notFound(MSG.sessionNotFound);
  const i = await intentForRobot(db, session.robotId, b.id);
  if (!i) throw notFound(MSG.intentNotFound);
  const parts = withSignedAnnexes(toParts(await contentsOf(db, [i.id])), signing);
  if (parts.length === 0) return { result: { records_id: 0, content_module: [] }, msg: MSG.intentNoContent };
  const { record } = await startExchange(db, {
    sessionId: session.id, groupId: session.groupId, userId: me.userId, robotId: session.robotId, clientMsgId: null,
    question: b.recommend_ask || i.name, questionParts: null, annex: [], isReason: false, isNetwork: false,
  });
  // The reply is the parts themselves: the exchange ends at once, with nothing to stream.
  await answerWithParts(db, record.id, 'intent', parts);
  return { result: { records_id: record.id, content_module: parts }, msg: 'success' };
}

/** The organisation of a robot (for binding calls), or null. */
export async function robotGroup(db: Db, robotId: number): Promise<number | null> {
  const [r] = await db.select({ groupId: robots.groupId }).from(robots).where(eq(robots.id, robotId)).limit(1);
  return r?.groupId ?? null;
}

// ── Super admin: every organisation's categories ─────────────────────────────────────────

export async function adminListCategories(db: Db, q: PageParams & { keyword?: string | undefined }) {
  const { limit, offset } = resolvePage(q);
  const { total, rows } = await categoryPage(db, null, q.keyword, limit, offset);
  return pageOf(q, total, rows);
}

export async function adminSaveCategory(db: Db, me: AuthContext, b: { id?: number | undefined; name: string; info: string }) {
  if (!b.id) return saveCategory(db, me, b);
  const c = await findCategory(db, null, b.id);
  if (!c) throw notFound(MSG.intentCategoryNotFound);
  const [row] = await db.update(intentCategories).set({ name: b.name, info: b.info, updatedAt: sql`now()` })
    .where(eq(intentCategories.id, c.id)).returning();
  return toCategoryItem(row!, 0, 0, '');
}

/** A category's intents, each with its parts (read-only view of /admin/robot/intent/content). */
export async function adminListIntentContents(db: Db, q: PageParams & { category_id: number }) {
  const c = await findCategory(db, null, q.category_id);
  if (!c) throw notFound(MSG.intentCategoryNotFound);
  const { limit, offset } = resolvePage(q);
  const { total, rows } = await intentPage(db, c.id, undefined, limit, offset);
  const parts = await contentsOf(db, rows.map((r) => r.id));
  return {
    category: { id: c.id, name: c.name, info: c.info },
    ...pageOf(q, total, rows.map((r) => ({ ...r, contents: parts.filter((p) => p.intentId === r.id).map(toContentItem) }))),
  };
}

export const orderedIntents = (db: Db, categoryId: number) =>
  db.select().from(intents).where(eq(intents.categoryId, categoryId)).orderBy(asc(intents.sort), asc(intents.id));
