import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { DocumentStatus, KnowledgeBaseItem } from '@xueban/contract/knowledge';
import type { Db } from '../../db/client.ts';
import { knowledgeBases, knowledgeDocuments, robotContents } from '../../db/schema/knowledge.ts';
import { readPage, totalOver } from '../../db/paged.ts';
import { builtOnce } from '../../db/built-once.ts';
import { users } from '../../db/schema/users.ts';
import { groups } from '../../db/schema/groups.ts';
import { toSeconds } from '../../lib/time.ts';
import { containing } from '../../lib/like.ts';

export type KnowledgeBaseRow = typeof knowledgeBases.$inferSelect;

/** A knowledge base of the caller's organisation, or undefined (another organisation's is never found). */
export async function findBase(db: Db, id: number, groupId: number): Promise<KnowledgeBaseRow | undefined> {
  const [row] = await db.select().from(knowledgeBases).where(and(eq(knowledgeBases.id, id), eq(knowledgeBases.groupId, groupId)));
  return row;
}

/** The super admin's lookup: a knowledge base of any organisation. */
export async function findAnyBase(db: Db, id: number): Promise<KnowledgeBaseRow | undefined> {
  const [row] = await db.select().from(knowledgeBases).where(eq(knowledgeBases.id, id));
  return row;
}

/** Knowledge bases of an organisation by id (unknown or foreign ids are left out). */
export async function basesByIds(db: Db, groupId: number, ids: number[]) {
  if (!ids.length) return [];
  return db.select({ id: knowledgeBases.id, name: knowledgeBases.name, info: knowledgeBases.info, createdAt: knowledgeBases.createdAt })
    .from(knowledgeBases).where(and(eq(knowledgeBases.groupId, groupId), inArray(knowledgeBases.id, ids)));
}

const docCount = sql<number>`(select count(*)::int from ${knowledgeDocuments} d where d.kb_id = ${knowledgeBases.id})`;
const trainingCount = sql<number>`(select count(*)::int from ${knowledgeDocuments} d where d.kb_id = ${knowledgeBases.id} and d.status in ('queued', 'training'))`;
const robotCount = sql<number>`(select count(*)::int from ${robotContents} r where r.content_type = 'repository' and r.content_id = ${knowledgeBases.id})`;

/** One statement per shape (one organisation or all; with or without a keyword), built once. */
function basesPage(db: Db, all: boolean, keyword: boolean) {
  const name = `kb_list_${all ? 'all' : 'org'}_${+keyword}`;
  return builtOnce(db, name, () => db
    .select({ kb: knowledgeBases, truename: users.truename, docCount, trainingCount, robotCount, groupName: groups.name, total: totalOver() })
    .from(knowledgeBases).innerJoin(users, eq(users.id, knowledgeBases.creatorId)).innerJoin(groups, eq(groups.id, knowledgeBases.groupId))
    .where(and(
      all ? undefined : eq(knowledgeBases.groupId, sql.placeholder('groupId')),
      keyword ? ilike(knowledgeBases.name, sql.placeholder('pattern')) : undefined,
    ))
    .orderBy(desc(knowledgeBases.updatedAt), desc(knowledgeBases.id))
    .limit(sql.placeholder('limit')).offset(sql.placeholder('offset'))
    .prepare(name));
}

/** An organisation's knowledge bases, or (groupId null, the super admin's view) every organisation's. */
export async function listBases(db: Db, groupId: number | null, o: { keyword?: string | undefined; offset: number; limit: number }) {
  const { rows, total } = await readPage(basesPage(db, groupId === null, !!o.keyword), {
    groupId: groupId ?? 0, pattern: o.keyword ? containing(o.keyword) : '', limit: o.limit, offset: o.offset,
  });
  return { rows: rows.map(toItem), total };
}

export async function baseItem(db: Db, id: number): Promise<KnowledgeBaseItem> {
  const [row] = await db.select({ kb: knowledgeBases, truename: users.truename, docCount, trainingCount, robotCount })
    .from(knowledgeBases).innerJoin(users, eq(users.id, knowledgeBases.creatorId)).where(eq(knowledgeBases.id, id));
  return toItem(row!);
}

function toItem(r: { kb: KnowledgeBaseRow; truename: string; docCount: number; trainingCount: number; robotCount: number; groupName?: string }): KnowledgeBaseItem {
  return {
    id: r.kb.id, name: r.kb.name, info: r.kb.info,
    doc_count: Number(r.docCount), chunk_count: r.kb.chunkCount, training_count: Number(r.trainingCount),
    creator: { id: r.kb.creatorId, truename: r.truename }, robot_count: Number(r.robotCount),
    create_time: toSeconds(r.kb.createdAt), update_time: toSeconds(r.kb.updatedAt),
    ...(r.groupName !== undefined ? { group: { id: r.kb.groupId, name: r.groupName } } : {}),
  };
}

/** Documents of every organisation (the super admin's 知识管理), newest first, with their base and organisation. */
export async function listAllDocuments(db: Db, o: { keyword?: string | undefined; status?: DocumentStatus | undefined; offset: number; limit: number }) {
  const where = and(
    o.status ? eq(knowledgeDocuments.status, o.status) : undefined,
    o.keyword ? ilike(knowledgeDocuments.name, containing(o.keyword)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select({ doc: knowledgeDocuments, kbName: knowledgeBases.name, groupName: groups.name }).from(knowledgeDocuments)
      .innerJoin(knowledgeBases, eq(knowledgeBases.id, knowledgeDocuments.kbId)).innerJoin(groups, eq(groups.id, knowledgeDocuments.groupId))
      .where(where).orderBy(desc(knowledgeDocuments.id)).limit(o.limit).offset(o.offset),
    db.select({ n: count() }).from(knowledgeDocuments).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
