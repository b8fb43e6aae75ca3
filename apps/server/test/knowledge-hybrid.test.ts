/**
 * Hybrid retrieval: with an embedding model configured (a fake OpenAI-compatible /v1/embeddings)
 * and pgvector present, keyword and vector results are fused; without pgvector (a PostgreSQL
 * server lacking it, as Debian's) retrieval stays keyword-only and says why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { createTestApp, listen, type TestApp } from './harness.ts';
import { World, type Person } from './robot-fixtures.ts';
import { FakeOpenAI } from './fakes/openai-server.ts';
import { streamChat } from './sse-client.ts';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../src/db/client.ts';
import { hasVectorStore, nearestChunks } from '../src/modules/knowledge/vector-store.ts';

/** Words that mean the same thing share a dimension, so the fake embedder knows synonyms. */
const CONCEPTS = [['图书馆', '阅览室'], ['周末', '礼拜六', '星期六'], ['体育馆', '操场'], ['关门', '闭馆']];
const conceptVector = (text: string) => [0.05, ...CONCEPTS.map((words) => (words.some((w) => text.includes(w)) ? 1 : 0))];

let t: TestApp;
let w: World;
let fake: FakeOpenAI;
let creator: Person;
let base: string;
let vector: boolean;

beforeAll(async () => {
  fake = await new FakeOpenAI().start();
  fake.embed = conceptVector;
  // The fake provider stands in for an intranet embedding and rerank server.
  t = await createTestApp({ EGRESS_MODEL_ORIGINS: new URL(fake.url).origin });
  base = await listen(t);
  w = await new World(t).init();
  creator = await w.personA(Role.CREATOR);
  vector = hasVectorStore(t.deps.db);
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

const status = async () => (await w.get(creator.token, '/api/ai/knowledge/retrievalStatus')).data;
const hitTest = async (kbId: number, query: string) =>
  (await w.get(creator.token, '/api/ai/knowledge/hitTest', { repository_id: kbId, query })).data as { content: string; document_id: number }[];

async function trained(kbId: number, qa: { question: string; answer: string }[]) {
  const res = await w.post(creator.token, '/api/ai/knowledge/training', { type: 'qa', repository_id: kbId, qa });
  expect(res.code, res.msg).toBe(20000);
  const id = res.data[0].id as number;
  for (let i = 0; i < 150; i++) {
    const list = await w.get(creator.token, '/api/ai/knowledge/trainlists', { repository_id: kbId, limit: 50 });
    const doc = list.data.data.find((d: { id: number }) => d.id === id);
    if (doc.status === 'ready' || doc.status === 'failed') return doc as { id: number; status: string; attempts: number; error: string };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('training did not finish');
}

describe('retrieval mode', () => {
  it('is keyword-only until an embedding model is configured, and says why', async () => {
    const before = await status();
    expect(before).toMatchObject({ mode: 'keyword', vector, embedding_model: '' });
    expect(before.note).toBe(vector ? MSG.kbRetrievalNoEmbedding : MSG.kbRetrievalNoPgvector);

    const provider = await w.post(w.admin, '/api/ai/admin.AiKey/save', { name: '向量服务', base_url: fake.url, api_key: 'sk-embed' });
    const model = await w.post(w.admin, '/api/ai/admin.AiModel/save', { provider_id: provider.data.id, model: 'fake-embed', label: '测试向量', capabilities: ['embedding'] });
    expect(model.code, model.msg).toBe(20000);
    const after = await status();
    expect(after).toMatchObject({ mode: vector ? 'hybrid' : 'keyword', embedding_model: '测试向量' });
    expect(after.note).toBe(vector ? MSG.kbRetrievalHybrid : MSG.kbRetrievalNoPgvector);
  });
});

describe('hybrid retrieval', () => {
  let kbId: number;
  let library: number;

  beforeAll(async () => {
    kbId = (await w.post(creator.token, '/api/ai/knowledge/save', { name: '场馆' })).data.id;
    library = (await trained(kbId, [{ question: '图书馆周末开放吗', answer: '图书馆周末早上九点到下午五点开放。' }])).id;
    await trained(kbId, [{ question: '体育馆几点关门', answer: '体育馆晚上十点关门。' }]);
  });

  it('finds a chunk by meaning when no word is shared (vector leg), and by keyword as before', async () => {
    const bySynonyms = await hitTest(kbId, '阅览室礼拜六');
    if (vector) {
      expect(fake.embeddingInputs.some((x) => x.includes('图书馆周末早上九点'))).toBe(true);
      expect(bySynonyms[0]).toMatchObject({ document_id: library });
    } else {
      // No pgvector: keyword only, so a question sharing no term finds nothing, and nothing was embedded.
      expect(bySynonyms).toEqual([]);
      expect(fake.embeddingInputs).toEqual([]);
    }
    expect((await hitTest(kbId, '体育馆关门时间'))[0]!.content).toBe('体育馆晚上十点关门。');
  });

  it('falls back to keyword results when the embedding provider fails at query time', async () => {
    fake.embeddingStatus = 503;
    try {
      const hits = await hitTest(kbId, '图书馆开放');
      expect(hits[0]).toMatchObject({ document_id: library });
    } finally {
      fake.embeddingStatus = null;
    }
  });

  it('retries training with backoff while the embedding provider is down, then ends ready', async (ctx) => {
    if (!vector) ctx.skip(); // nothing is embedded without pgvector
    fake.embeddingStatus = 429;
    const res = await w.post(creator.token, '/api/ai/knowledge/training', { type: 'qa', repository_id: kbId, qa: [{ question: '操场开放吗', answer: '操场全天开放。' }] });
    const id = res.data[0].id as number;
    const doc = async () => (await w.get(creator.token, '/api/ai/knowledge/trainlists', { repository_id: kbId, limit: 50 })).data.data.find((d: { id: number }) => d.id === id);
    // The first try fails (after the SDK's own retry) and the document waits for the queue's next try.
    for (let i = 0; i < 100; i++) {
      const d = await doc();
      if (d.attempts === 1 && d.status === 'queued') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await doc()).toMatchObject({ status: 'queued', attempts: 1 });
    fake.embeddingStatus = null;
    for (let i = 0; i < 300 && (await doc()).status !== 'ready'; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await doc()).toMatchObject({ status: 'ready', attempts: 2, error: '' });
  });

  it('the chat draws on the same retrieval', async () => {
    const robot = await w.robot(creator.token, { name: '场馆助手' });
    await w.post(creator.token, '/api/ai/Robot/bindContent', { robot_id: robot.id, type: 'repository', ids: [kbId] });
    const session = await w.post(creator.token, '/api/ai/ChatCategory/save', { r_id: robot.id });
    const res = await streamChat(base, creator.token, { category_id: session.data.id, question: '阅览室礼拜六呢' });
    const sources = res.events.find((e) => e.event === 'finish')!.data.sources as { document_id?: number }[];
    expect(sources.some((s) => s.document_id === library)).toBe(vector);
  });

  it('a rerank model, when configured, decides the final order', async () => {
    fake.rerank = (_q, doc) => (doc.includes('图书馆') ? 0.1 : 0.9);
    const provider = await w.post(w.admin, '/api/ai/admin.AiKey/save', { name: '重排服务', base_url: fake.url, api_key: 'sk-rerank' });
    await w.post(w.admin, '/api/ai/admin.AiModel/save', { provider_id: provider.data.id, model: 'fake-rerank', label: '测试重排', capabilities: ['rerank'] });
    expect((await status()).rerank_model).toBe('测试重排');
    const hits = await hitTest(kbId, '图书馆和体育馆关门');
    expect(hits[0]!.content).toBe('体育馆晚上十点关门。');
    fake.rerank = (_q, doc) => (doc.includes('图书馆') ? 0.9 : 0.1);
    expect((await hitTest(kbId, '图书馆和体育馆关门'))[0]!.content).toContain('图书馆');
  });
});

describe('a large base', () => {
  it('walks the HNSW index of its dimension past 2 000 embedded chunks, and still finds the nearest', async (ctx) => {
    if (!vector) ctx.skip(); // nothing is embedded without pgvector
    const kbId = (await w.post(creator.token, '/api/ai/knowledge/save', { name: '大库' })).data.id as number;
    const library = (await trained(kbId, [{ question: '图书馆周末开放吗', answer: '图书馆周末早上九点到下午五点开放。' }])).id;
    // 2 500 more chunks of that document, embedded all around it (uniformly in the positive
    // orthant, as real chunks crowd a base's space). Not kept away from the library's direction: a
    // vector alone far from all others can lose every link pointing to it as the graph grows, and
    // no walk reaches it (an approximate index's known limit, not what this test is about).
    await t.deps.executeSql(`
      insert into knowledge_chunks (document_id, kb_id, group_id, seq, content, tsv, term_count)
      select d.id, d.kb_id, d.group_id, 1000 + g, '操场第' || g || '条', to_tsvector('simple', '操场'), 1
      from knowledge_documents d, generate_series(1, 2500) g where d.id = $1`, [library]);
    await t.deps.executeSql(`
      insert into knowledge_embeddings (chunk_id, kb_id, model, embedding)
      select c.id, c.kb_id, 'fake-embed', ('[' || random() || ',' || random() || ',' || random() || ',' || random() || ',' || random() || ']')::vector
      from knowledge_chunks c where c.kb_id = $1 and c.seq >= 1000`, [kbId]);

    const plan = await t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_sort = off`); // as vectorSearch walks it
      return queryRows<Record<string, string>>(tx as unknown as Db, sql`explain ${nearestChunks([kbId], 'fake-embed', conceptVector('阅览室礼拜六'), 20)}`);
    });
    expect(plan.map((r) => Object.values(r)[0]).join('\n')).toContain('Index Scan using knowledge_embeddings_hnsw_5');

    const hits = await hitTest(kbId, '阅览室礼拜六');
    expect(hits.find((h) => h.content.includes('图书馆'))).toMatchObject({ document_id: library });
  });
});
