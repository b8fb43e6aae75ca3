import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import type { AdminDocumentItem, DocumentStatus, KnowledgeBaseItem } from '@xueban/contract/knowledge';
import type { Page } from '@xueban/contract/codes';
import type { Db } from '../../db/client.ts';
import { knowledgeBases } from '../../db/schema/knowledge.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { dropBindings } from '../robot-contents/robot-contents.service.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';
import { baseItem, findAnyBase, findBase, listAllDocuments, listBases } from './knowledge.repo.ts';
import { documentItem } from './documents.repo.ts';

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
export async function deleteKnowledgeBase(db: Db, me: AuthContext | 'superAdmin', id: number) {
  const base = me === 'superAdmin' ? await findAnyBase(db, id) : await requireBase(db, me, id);
  if (!base) throw notFound(MSG.kbNotFound);
  await db.transaction(async (tx) => {
    await dropBindings(tx, 'repository', [base.id]);
    await tx.delete(knowledgeBases).where(eq(knowledgeBases.id, base.id));
  });
}

/** The super admin's view: every organisation's knowledge bases, and every document (知识管理). */
export async function adminListBases(db: Db, q: PageParams & { keyword?: string | undefined }) {
  const { offset, limit } = resolvePage(q);
  const { rows, total } = await listBases(db, null, { keyword: q.keyword, offset, limit });
  return pageOf(q, total, rows);
}

export async function adminListDocuments(db: Db, q: PageParams & { keyword?: string | undefined; status?: DocumentStatus | undefined }): Promise<Page<AdminDocumentItem>> {
  const { offset, limit } = resolvePage(q);
  const { rows, total } = await listAllDocuments(db, { keyword: q.keyword, status: q.status, offset, limit });
  return pageOf(q, total, rows.map((r) => ({
    ...documentItem(r.doc), repository_name: r.kbName, group: { id: r.doc.groupId, name: r.groupName },
  })));
}
