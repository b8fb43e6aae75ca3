import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../types.ts';
import { knowledgeChunks } from '../../db/schema/knowledge.ts';
import { resolveEmbedder } from './retrieval-models.ts';
import { dropEmbedding, hasVectorStore, storeEmbeddings } from './vector-store.ts';
import { indexedText } from './chunks.repo.ts';

type Chunk = typeof knowledgeChunks.$inferSelect;

/**
 * Embeds a trained document's chunks when an embedding model is configured and pgvector is
 * there. A provider error is thrown: the training job retries with backoff (429, 5xx).
 */
export async function embedDocument(deps: Deps, documentId: number) {
  if (!hasVectorStore(deps.db)) return;
  const embedder = await resolveEmbedder(deps);
  if (!embedder) return;
  const chunks = await deps.db.select().from(knowledgeChunks).where(eq(knowledgeChunks.documentId, documentId)).orderBy(asc(knowledgeChunks.seq));
  const vectors = await embedder.embed(chunks.map(indexedText));
  await storeEmbeddings(deps.db, chunks.map((c, i) => ({ chunkId: c.id, kbId: c.kbId, model: embedder.model, embedding: vectors[i]! })));
}

/** A chunk edited by hand is embedded again; if that fails its old vector goes, and keyword search still finds it. */
export async function reembedChunk(deps: Deps, chunk: Chunk, log: FastifyBaseLogger) {
  if (!hasVectorStore(deps.db)) return;
  try {
    const embedder = await resolveEmbedder(deps);
    if (!embedder) return;
    const [vector] = await embedder.embed([indexedText(chunk)]);
    await storeEmbeddings(deps.db, [{ chunkId: chunk.id, kbId: chunk.kbId, model: embedder.model, embedding: vector! }]);
  } catch (err) {
    log.warn({ err, chunk: chunk.id }, 'embedding an edited chunk failed');
    await dropEmbedding(deps.db, chunk.id);
  }
}
