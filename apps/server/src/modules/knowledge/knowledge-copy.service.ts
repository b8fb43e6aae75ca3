import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { MSG } from '@xueban/contract/messages';
import { queryRows, type Db } from '../../db/client.ts';
import { knowledgeBases, knowledgeDocuments } from '../../db/schema/knowledge.ts';
import { notFound } from '../../lib/errors.ts';
import { queueTraining } from './training.worker.ts';
import { hasVectorStore } from './vector-store.ts';

export interface CopyTarget { groupId: number; uid: number }

/**
 * Deep-copies a knowledge base of `sourceGroupId` into the target organisation, owned by the
 * target user (the resource centre's 复制, a solution's install). A trained document travels with
 * its chunks, its BM25 statistics and its embeddings, so the copy answers at once without training
 * again. Web pages and typed Q&A not trained yet are queued for training in the copy (when a queue
 * is given); an untrained uploaded file stays behind: its file is the source organisation's.
 * The copy's document rows name no file (fileId null): the stored original is not shared.
 * Chunks keep their stored index words (index_terms), so the copy's in-process search index
 * (search-index.ts) loads them as the original's does; the copy is a new base at index version 0
 * with no change log: its first search loads it whole, and the source's later changes are logged
 * against the source base only.
 * Another organisation's id (or an unknown one) is 404 知识库不存在. Returns the copy's id.
 */
export async function copyKnowledgeBase(db: Db, queue: PgBoss | undefined, sourceGroupId: number, sourceId: number, to: CopyTarget, name?: string): Promise<number> {
  const [src] = await db.select().from(knowledgeBases).where(and(eq(knowledgeBases.id, sourceId), eq(knowledgeBases.groupId, sourceGroupId)));
  if (!src) throw notFound(MSG.kbNotFound);
  const toQueue: { id: number; jobId: string | null }[] = [];
  const copyId = await db.transaction(async (tx) => {
    const [kb] = await tx.insert(knowledgeBases).values({
      groupId: to.groupId, creatorId: to.uid, name: name ?? src.name, info: src.info,
    }).returning();
    const docs = await tx.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.kbId, src.id)).orderBy(asc(knowledgeDocuments.id));
    for (const d of docs) {
      const trained = d.status === 'ready';
      if (!trained && d.type === 'file') continue;
      if (!trained && d.type === 'qa' && d.qa.length === 0) continue;
      const [doc] = await tx.insert(knowledgeDocuments).values({
        kbId: kb!.id, groupId: to.groupId, creatorId: to.uid, type: d.type, name: d.name, fileId: null, url: d.url, qa: d.qa,
        status: trained ? 'ready' : 'queued', progress: trained ? 100 : 0, chunkCount: trained ? d.chunkCount : 0, charCount: trained ? d.charCount : 0,
        jobId: trained || !queue ? null : randomUUID(),
      }).returning();
      if (!trained) {
        toQueue.push(doc!);
        continue;
      }
      await tx.execute(sql`
        insert into knowledge_chunks (document_id, kb_id, group_id, seq, heading, question, content, tsv, term_count, index_terms, edited)
        select ${doc!.id}, ${kb!.id}, ${to.groupId}, c.seq, c.heading, c.question, c.content, c.tsv, c.term_count, c.index_terms, c.edited
        from knowledge_chunks c where c.document_id = ${d.id} order by c.seq`);
      if (hasVectorStore(db)) {
        await tx.execute(sql`
          insert into knowledge_embeddings (chunk_id, kb_id, model, embedding)
          select n.id, ${kb!.id}, e.model, e.embedding
          from knowledge_chunks o
          join knowledge_embeddings e on e.chunk_id = o.id
          join knowledge_chunks n on n.document_id = ${doc!.id} and n.seq = o.seq
          where o.document_id = ${d.id}`);
      }
    }
    // The statistics of the trained chunks copied above (the queued documents add theirs when trained).
    await tx.execute(sql`
      insert into knowledge_terms (kb_id, term, df)
      select ${kb!.id}, u.lexeme, count(*)::int from knowledge_chunks c, unnest(c.tsv) as u where c.kb_id = ${kb!.id} group by u.lexeme`);
    await tx.execute(sql`
      update knowledge_bases b set chunk_count = x.n, term_total = x.total
      from (select count(*)::int as n, coalesce(sum(c.term_count), 0)::bigint as total from knowledge_chunks c where c.kb_id = ${kb!.id}) x
      where b.id = ${kb!.id}`);
    return kb!.id;
  });
  if (queue) await queueTraining(queue, toQueue);
  return copyId;
}

export interface ContentSummary { id: number; title: string; info: string; lines: { title: string; level: number; text: string }[] }

/** A knowledge base of the organisation as the resource centre previews it: its documents, each with its first passage. */
export async function knowledgeSummary(db: Db, groupId: number, id: number): Promise<ContentSummary | null> {
  const [kb] = await db.select().from(knowledgeBases).where(and(eq(knowledgeBases.id, id), eq(knowledgeBases.groupId, groupId)));
  if (!kb) return null;
  const rows = await queryRows<{ name: string; first: string }>(db, sql`
    select d.name, coalesce((select c.content from knowledge_chunks c where c.document_id = d.id order by c.seq limit 1), '') as first
    from knowledge_documents d where d.kb_id = ${id} and d.status = 'ready' order by d.id limit 20`);
  return { id: kb.id, title: kb.name, info: kb.info, lines: rows.map((r) => ({ title: r.name, level: 1, text: r.first.slice(0, 160) })) };
}
