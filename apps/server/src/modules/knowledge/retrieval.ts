import { and, eq } from 'drizzle-orm';
import type { ChatSource } from '@xueban/contract/chat';
import type { Db } from '../../db/client.ts';
import { knowledgeBases, robotContents } from '../../db/schema/knowledge.ts';
import { keywordSearch } from '../../ai/retrieval/keyword.ts';

/** A chunk is long; what the model and the source list get of it. */
const SNIPPET_MAX = 1_200;

/** The robot's enabled knowledge bases that belong to its own organisation: the whole scope of retrieval. */
async function robotBaseIds(db: Db, robot: { id: number; groupId: number }) {
  const rows = await db.select({ id: knowledgeBases.id }).from(robotContents)
    .innerJoin(knowledgeBases, and(eq(knowledgeBases.id, robotContents.contentId), eq(knowledgeBases.groupId, robot.groupId)))
    .where(and(eq(robotContents.robotId, robot.id), eq(robotContents.contentType, 'repository'), eq(robotContents.status, true)));
  return rows.map((r) => r.id);
}

/**
 * What the robot's knowledge says about a question, as chat sources citing the document and
 * the chunk. Empty when nothing is bound or nothing matches.
 */
export async function retrieveForRobot(db: Db, robot: { id: number; groupId: number }, question: string, limit = 5): Promise<ChatSource[]> {
  const kbIds = await robotBaseIds(db, robot);
  const hits = await keywordSearch(db, kbIds, question, limit);
  return hits.map((h) => {
    const body = h.question ? `问：${h.question}\n答：${h.content}` : h.content;
    return {
      title: h.heading ? `${h.documentName} · ${h.heading}` : h.documentName,
      snippet: body.length > SNIPPET_MAX ? `${body.slice(0, SNIPPET_MAX)}…` : body,
      document_id: h.documentId, chunk_id: h.chunkId, score: Number(h.score.toFixed(4)),
    };
  });
}
