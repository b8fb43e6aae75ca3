import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { RecommendPart } from '@xueban/contract/chat';
import type { IntentCategoryItem, IntentContentItem, IntentItem } from '@xueban/contract/intents';
import type { Db } from '../../db/client.ts';
import { intentCategories, intentConnections, intentContents, intents } from '../../db/schema/intents.ts';
import { robotContents } from '../../db/schema/knowledge.ts';
import { groups } from '../../db/schema/groups.ts';
import { users } from '../../db/schema/users.ts';
import { toSeconds } from '../../lib/time.ts';
import { containing } from '../../lib/like.ts';

/** Tables of the intent library: every query names the organisation (group_id) it may touch. */
export type CategoryRow = typeof intentCategories.$inferSelect;
export type IntentRow = typeof intents.$inferSelect;
export type ContentRow = typeof intentContents.$inferSelect;


/** Categories by id within one organisation (the robot-contents module checks bindings with it). */
export async function intentCategoriesByIds(db: Db, groupId: number, ids: number[]): Promise<{ id: number; name: string; info: string; create_time?: number }[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(intentCategories)
    .where(and(eq(intentCategories.groupId, groupId), inArray(intentCategories.id, ids)));
  return rows.map((r) => ({ id: r.id, name: r.name, info: r.info, create_time: toSeconds(r.createdAt) }));
}

export async function findCategory(db: Db, groupId: number | null, id: number): Promise<CategoryRow | null> {
  const where = groupId === null ? eq(intentCategories.id, id) : and(eq(intentCategories.id, id), eq(intentCategories.groupId, groupId));
  const [row] = await db.select().from(intentCategories).where(where).limit(1);
  return row ?? null;
}

export async function findIntent(db: Db, groupId: number | null, id: number): Promise<IntentRow | null> {
  const where = groupId === null ? eq(intents.id, id) : and(eq(intents.id, id), eq(intents.groupId, groupId));
  const [row] = await db.select().from(intents).where(where).limit(1);
  return row ?? null;
}

export async function findContent(db: Db, groupId: number, id: number): Promise<ContentRow | null> {
  const [row] = await db.select().from(intentContents).where(and(eq(intentContents.id, id), eq(intentContents.groupId, groupId))).limit(1);
  return row ?? null;
}

const intentCount = sql<number>`(select count(*)::int from ${intents} where ${intents.categoryId} = ${intentCategories.id})`;
const robotCount = sql<number>`(select count(*)::int from ${robotContents} where ${robotContents.contentType} = 'intent' and ${robotContents.contentId} = ${intentCategories.id})`;

/** A page of categories; `groupId` null lists every organisation's (super admin). */
export async function categoryPage(db: Db, groupId: number | null, keyword: string | undefined, limit: number, offset: number) {
  const conds: SQL[] = [];
  if (groupId !== null) conds.push(eq(intentCategories.groupId, groupId));
  if (keyword) conds.push(ilike(intentCategories.name, containing(keyword)));
  const where = conds.length ? and(...conds) : undefined;
  const [total] = await db.select({ n: count() }).from(intentCategories).where(where);
  const rows = await db
    .select({
      c: intentCategories, intentCount, robotCount, truename: users.truename, groupName: groups.name,
    })
    .from(intentCategories)
    .innerJoin(users, eq(users.id, intentCategories.creatorId))
    .innerJoin(groups, eq(groups.id, intentCategories.groupId))
    .where(where)
    .orderBy(desc(intentCategories.id))
    .limit(limit)
    .offset(offset);
  return {
    total: total?.n ?? 0,
    rows: rows.map((r) => ({
      ...toCategoryItem(r.c, r.intentCount, r.robotCount, r.truename),
      group: { id: r.c.groupId, name: r.groupName },
    })),
  };
}

export const toCategoryItem = (c: CategoryRow, intentCount: number, robotCount: number, truename: string): IntentCategoryItem => ({
  id: c.id, name: c.name, info: c.info, intent_count: Number(intentCount), robot_count: Number(robotCount),
  creator: { id: c.creatorId, truename }, create_time: toSeconds(c.createdAt), update_time: toSeconds(c.updatedAt),
});

export const toIntentItem = (r: IntentRow, contentCount: number): IntentItem => ({
  id: r.id, category_id: r.categoryId, name: r.name, keywords: r.keywords, info: r.info, sort: r.sort,
  content_count: Number(contentCount), create_time: toSeconds(r.createdAt), update_time: toSeconds(r.updatedAt),
});

export const toContentItem = (r: ContentRow): IntentContentItem => ({
  id: r.id, intent_id: r.intentId, sort: r.sort, content_type: r.contentType, content: r.content, create_time: toSeconds(r.createdAt),
});

const contentCount = sql<number>`(select count(*)::int from ${intentContents} where ${intentContents.intentId} = ${intents.id})`;

export async function intentPage(db: Db, categoryId: number, keyword: string | undefined, limit: number, offset: number) {
  const conds: SQL[] = [eq(intents.categoryId, categoryId)];
  if (keyword) conds.push(ilike(intents.name, containing(keyword)));
  const where = and(...conds);
  const [total] = await db.select({ n: count() }).from(intents).where(where);
  const rows = await db.select({ i: intents, contentCount }).from(intents).where(where)
    .orderBy(asc(intents.sort), asc(intents.id)).limit(limit).offset(offset);
  return { total: total?.n ?? 0, rows: rows.map((r) => toIntentItem(r.i, r.contentCount)) };
}

export async function intentsByIds(db: Db, groupId: number, ids: number[]): Promise<IntentItem[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ i: intents, contentCount }).from(intents)
    .where(and(eq(intents.groupId, groupId), inArray(intents.id, ids)));
  const byId = new Map(rows.map((r) => [r.i.id, toIntentItem(r.i, r.contentCount)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function contentsOf(db: Db, intentIds: number[]): Promise<ContentRow[]> {
  if (intentIds.length === 0) return [];
  return db.select().from(intentContents).where(inArray(intentContents.intentId, intentIds))
    .orderBy(asc(intentContents.sort), asc(intentContents.id));
}

/** The parts as a chat record stores them (spec §3 "Recommend part"). */
export const toParts = (rows: ContentRow[]): RecommendPart[] =>
  rows.map((r) => ({ sort: r.sort, content_type: r.contentType, content: r.content }));

export async function connectedIds(db: Db, intentId: number): Promise<number[]> {
  const rows = await db.select({ id: intentConnections.relatedId }).from(intentConnections)
    .where(eq(intentConnections.intentId, intentId)).orderBy(asc(intentConnections.sort));
  return rows.map((r) => r.id);
}

/** Intents of the given categories with their match fields (names, keywords), for the chat's intent match. */
export async function intentsInCategories(db: Db, categoryIds: number[]) {
  if (categoryIds.length === 0) return [];
  return db.select({ id: intents.id, name: intents.name, keywords: intents.keywords, sort: intents.sort, groupId: intents.groupId })
    .from(intents).where(inArray(intents.categoryId, categoryIds)).orderBy(asc(intents.sort), asc(intents.id));
}
