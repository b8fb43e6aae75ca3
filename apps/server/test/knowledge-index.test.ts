/**
 * The in-process search index (modules/knowledge/search-index.ts) never answers from an old
 * state: after a document is added, edited by hand, trained again or deleted, the next search
 * sees it, on the node that made the change and on another node sharing the PostgreSQL database
 * (that part runs with TEST_DATABASE_URL; PGlite in memory cannot be shared by two servers).
 * Another organisation's chunks are never returned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@xueban/contract/roles';
import { searchKnowledge } from '../src/modules/knowledge/retrieval.ts';
import { isIndexed, warmIndexes } from '../src/modules/knowledge/search-index.ts';
import { createPeerApp, createTestApp, type TestApp } from './harness.ts';
import { World, type Person } from './robot-fixtures.ts';
import { uploadFile } from './uploads.ts';

let t: TestApp;
let w: World;
let creator: Person;

beforeAll(async () => {
  t = await createTestApp();
  w = await new World(t).init();
  creator = await w.personA(Role.CREATOR);
}, 180_000);
afterAll(async () => { await t?.close(); });

async function settled(token: string, kbId: number) {
  // Time-bound, not try-bound: parsing runs in a child process, slow to start on a busy machine.
  for (const end = Date.now() + 240_000; Date.now() < end;) {
    const tasks = await w.get(token, '/api/ai/knowledge/trainingtasks', { repository_id: kbId });
    if (tasks.data.queued + tasks.data.training === 0) {
      return (await w.get(token, '/api/ai/knowledge/trainlists', { repository_id: kbId })).data.data as { id: number; name: string; status: string }[];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('training did not finish');
}

async function queue(token: string, kbId: number, name: string, text: string) {
  const up = await uploadFile(t.app, token, 'knowledge', name, Buffer.from(text));
  expect(up.code, up.msg).toBe(20000);
  const r = await w.post(token, '/api/ai/knowledge/training', { type: 'file', repository_id: kbId, file_ids: [up.data.id] });
  expect(r.code, r.msg).toBe(20000);
}

async function upload(token: string, kbId: number, name: string, text: string) {
  await queue(token, kbId, name, text);
  return settled(token, kbId);
}

type Read = (kbId: number, query: string) => Promise<string[]>;

/** Writes through the HTTP API of the first server; `read` searches as the node under test does. */
async function staysFresh(read: Read, warm: (kbId: number) => Promise<void>) {
  const kb = await w.post(creator.token, '/api/ai/knowledge/save', { name: `校园生活${Date.now()}` });
  const kbId = kb.data.id as number;
  await upload(creator.token, kbId, '校车.md', '# 校车\n\n校车每天早上七点从南门出发。');
  await warm(kbId);
  expect((await read(kbId, '校车从哪个门出发')).join()).toContain('南门');

  // Added; while it trains, the base answers from what is ready
  await queue(creator.token, kbId, '图书馆.md', '# 图书馆\n\n图书馆借书每次最多十本，借期三十天。');
  expect((await read(kbId, '校车从哪个门出发')).join()).toContain('南门');
  await settled(creator.token, kbId);
  expect((await read(kbId, '图书馆借书最多几本')).join()).toContain('十本');

  // Edited by hand
  const docs = await settled(creator.token, kbId);
  const library = docs.find((d) => d.name === '图书馆.md')!;
  const chunks = await w.get(creator.token, '/api/ai/knowledge/chunks', { document_id: library.id });
  const edit = await w.post(creator.token, '/api/ai/knowledge/edittrain', { id: chunks.data.data[0].id, content: '图书馆借书每次最多五本，借期两周。' });
  expect(edit.code, edit.msg).toBe(20000);
  const afterEdit = (await read(kbId, '图书馆借书最多几本')).join();
  expect(afterEdit).toContain('五本');
  expect(afterEdit).not.toContain('十本');

  // Trained again (a new version under the same name)
  await upload(creator.token, kbId, '校车.md', '# 校车\n\n校车每天早上八点从北门出发。');
  const retrained = (await read(kbId, '校车从哪个门出发')).join();
  expect(retrained).toContain('北门');
  expect(retrained).not.toContain('南门');

  // Deleted
  const bus = (await settled(creator.token, kbId)).find((d) => d.name === '校车.md')!;
  expect((await w.post(creator.token, '/api/ai/knowledge/deltrain', { ids: [bus.id] })).code).toBe(20000);
  expect((await read(kbId, '校车从哪个门出发')).join()).not.toContain('校车');
  expect((await read(kbId, '图书馆借书最多几本')).join()).toContain('五本');
  return kbId;
}

describe('the search index on one server', () => {
  it('answers from the index, and sees every addition, edit, new training and deletion at the next search', async () => {
    const hitTest: Read = async (kbId, query) => {
      const r = await w.get(creator.token, '/api/ai/knowledge/hitTest', { repository_id: kbId, query });
      expect(r.code, r.msg).toBe(20000);
      return (r.data as { content: string }[]).map((h) => h.content);
    };
    await staysFresh(hitTest, async (kbId) => {
      await warmIndexes(t.deps.db, [kbId]);
      expect(isIndexed(t.deps.db, kbId)).toBe(true);
    });
  }, 400_000);

  it('never returns another organisation\'s chunks, and another organisation\'s base is 404', async () => {
    const b = await w.orgB();
    const kbB = (await w.post(b.token, '/api/ai/knowledge/save', { name: '乙校资料' })).data.id as number;
    expect((await upload(b.token, kbB, '校车.md', '# 校车\n\n校车每天早上九点从东门出发。')).map((d) => d.status)).toEqual(['ready']);
    const kbA = (await w.post(creator.token, '/api/ai/knowledge/save', { name: '甲校资料' })).data.id as number;
    await upload(creator.token, kbA, '食堂.md', '# 食堂\n\n食堂早上六点半开门，校车站在食堂旁边。');
    // The content page's progress line: documents done and training's pace (chunks a second over the last 30 s).
    const pace = await w.get(creator.token, '/api/ai/knowledge/trainingtasks', { repository_id: kbA });
    expect(pace.data).toMatchObject({ ready: 1, queued: 0, training: 0 });
    expect(pace.data.chunks_per_second).toBeGreaterThan(0);
    await warmIndexes(t.deps.db, [kbA, kbB]);

    const mine = await w.get(creator.token, '/api/ai/knowledge/hitTest', { repository_id: kbA, query: '校车九点从东门出发' });
    expect(mine.code).toBe(20000);
    expect((mine.data as { content: string; repository_id: number }[]).every((h) => h.repository_id === kbA && !h.content.includes('东门'))).toBe(true);
    expect((await w.get(creator.token, '/api/ai/knowledge/hitTest', { repository_id: kbB, query: '校车' })).status).toBe(404);
    // Their own search finds it: the index holds it, scoped to their base.
    const theirs = await w.get(b.token, '/api/ai/knowledge/hitTest', { repository_id: kbB, query: '校车九点从东门出发' });
    expect((theirs.data as { content: string }[]).map((h) => h.content).join()).toContain('东门');
  }, 400_000);
});

describe('loading a base cold', () => {
  it('reads a base of many documents whole, batch after batch, and leaves out a document that is not searchable', async () => {
    const kbId = (await w.post(creator.token, '/api/ai/knowledge/save', { name: `通知汇编${Date.now()}` })).data.id as number;
    const q = t.deps.executeSql;
    // 1 200 documents of two chunks (more than one load query), and one failed document.
    await q(`insert into knowledge_documents (kb_id, group_id, creator_id, type, name, status, chunk_count)
      select b.id, b.group_id, b.creator_id, 'file', 'notice ' || i, case when i = 600 then 'failed' else 'ready' end, 2
      from knowledge_bases b, generate_series(1, 1200) i where b.id = $1`, [kbId]);
    await q(`insert into knowledge_chunks (document_id, kb_id, group_id, seq, content, tsv, term_count, index_terms)
      select d.id, d.kb_id, d.group_id, s, d.name || ' part' || s || ' d' || substr(d.name, 8) || 'p' || s, ''::tsvector, 4,
        'notice ' || substr(d.name, 8) || ' part' || s || ' d' || substr(d.name, 8) || 'p' || s
      from knowledge_documents d, generate_series(1, 2) s where d.kb_id = $1`, [kbId]);
    // The last one is a long book: 2 500 chunks, more than one load query reads.
    await q(`insert into knowledge_chunks (document_id, kb_id, group_id, seq, content, tsv, term_count, index_terms)
      select d.id, d.kb_id, d.group_id, s, 'book part' || s || ' d1200p' || s, ''::tsvector, 3, 'book part' || s || ' d1200p' || s
      from knowledge_documents d, generate_series(3, 2500) s where d.kb_id = $1 and d.name = 'notice 1200'`, [kbId]);
    expect(isIndexed(t.deps.db, kbId)).toBe(false);
    await warmIndexes(t.deps.db, [kbId]);
    const ask = async (query: string) => {
      const r = await w.get(creator.token, '/api/ai/knowledge/hitTest', { repository_id: kbId, query });
      expect(r.code, r.msg).toBe(20000);
      return (r.data as { content: string }[]).map((h) => h.content);
    };
    expect(await ask('d1p1')).toEqual(['notice 1 part1 d1p1']);
    expect(await ask('d1200p2')).toEqual(['notice 1200 part2 d1200p2']);
    expect(await ask('d1200p2500')).toEqual(['book part2500 d1200p2500']);
    expect(await ask('d599p2')).toEqual(['notice 599 part2 d599p2']);
    expect(await ask('d600p1')).toEqual([]);
  }, 400_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the search index on two servers sharing one PostgreSQL', () => {
  let peer: TestApp | undefined;
  afterAll(async () => { await peer?.close(); });

  it('the second server sees every change the first one makes, at its next search', async () => {
    peer = await createPeerApp(t);
    const node2 = peer;
    const read: Read = async (kbId, query) => (await searchKnowledge(node2.deps, [kbId], query, 5)).hits.map((h) => h.content);
    await staysFresh(read, async (kbId) => {
      await warmIndexes(node2.deps.db, [kbId]);
      expect(isIndexed(node2.deps.db, kbId)).toBe(true);
      expect(isIndexed(t.deps.db, kbId)).toBe(false);
    });
  }, 400_000);
});
