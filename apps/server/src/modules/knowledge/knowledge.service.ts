import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import type { KnowledgeBaseItem } from '@xueban/contract/knowledge';
import type { Db } from '../../db/client.ts';
import { knowledgeBases, robotContents } from '../../db/schema/knowledge.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';
import { baseItem, findBase, listBases } from './knowledge.repo.ts';

/** The caller's organisation's knowledge base, or 404 知识库不存在. */
export async function requireBase(db: Db, me: AuthContext, id: number) {
  const base = await findBase(db, id, me.groupId);
  if (!base) throw notFound(MSG.kbNotFound);
  return base;
}

export async function listKnowledgeBases(db: Db, me: AuthContext, q: PageParams & { keyword?: string | undefined }) {
  const { offset, limit } = resolvePage(q);
  const { rows, total } = await listBases(db, me.groupId, { keyword: q.keyword, offset, limit });
  return pageOf(q, total, rows);
}

export async function knowledgeBaseDetail(db: Db, me: AuthContext, id: number): Promise<KnowledgeBaseItem> {
  await requireBase(db, me, id);
  return baseItem(db, id);
}

/** Creates a knowledge base, or renames one of the caller's organisation. */
export async function saveKnowledgeBase(db: Db, me: AuthContext, body: { id?: number | undefined; name: string; info: string }) {
  if (body.id) {
    await requireBase(db, me, body.id);
    await db.update(knowledgeBases).set({ name: body.name, info: body.info, updatedAt: sql`now()` })
      .where(and(eq(knowledgeBases.id, body.id), eq(knowledgeBases.groupId, me.groupId)));
    return baseItem(db, body.id);
  }
  const [row] = await db.insert(knowledgeBases).values({ groupId: me.groupId, creatorId: me.userId, name: body.name, info: body.info }).returning();
  return baseItem(db, row!.id);
}

/** Deletes a knowledge base with its documents and chunks, and unbinds it from every robot. */
export async function deleteKnowledgeBase(db: Db, me: AuthContext, id: number) {
  await requireBase(db, me, id);
  await db.transaction(async (tx) => {
    await tx.delete(robotContents).where(and(eq(robotContents.contentType, 'repository'), eq(robotContents.contentId, id)));
    await tx.delete(knowledgeBases).where(and(eq(knowledgeBases.id, id), eq(knowledgeBases.groupId, me.groupId)));
  });
}
