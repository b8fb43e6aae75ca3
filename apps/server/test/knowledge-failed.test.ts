/**
 * Retrieval leaves out the chunks of documents that are not ready: a document whose new version
 * failed keeps its old chunks in the table, but the hit test, the chunk list and chat no longer
 * find them; a document being trained again answers from its last ready version meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@xueban/contract/roles';
import { knowledgeChunks, knowledgeDocuments } from '../src/db/schema/knowledge.ts';
import { searchKnowledge } from '../src/modules/knowledge/retrieval.ts';
import { markDocumentsChanged } from '../src/modules/knowledge/index-log.repo.ts';
import { createTestApp, listen, type TestApp } from './harness.ts';
import { World, type Person } from './robot-fixtures.ts';
import { uploadFile } from './uploads.ts';
import { streamChat } from './sse-client.ts';

let t: TestApp;
let w: World;
let base: string;
let creator: Person;
let student: Person;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  w = await new World(t).init();
  creator = await w.personA(Role.CREATOR);
  student = await w.personA();
});
afterAll(async () => { await t?.close(); });

async function settled(kbId: number) {
  for (let tries = 0; tries < 150; tries++) {
    const tasks = await w.get(creator.token, '/api/ai/knowledge/trainingtasks', { repository_id: kbId });
    if (tasks.data.queued + tasks.data.training === 0) {
      return (await w.get(creator.token, '/api/ai/knowledge/trainlists', { repository_id: kbId })).data.data as { id: number; status: string; error: string }[];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('training did not finish');
}

async function uploadTo(kbId: number, name: string, text: string) {
  const up = await uploadFile(t.app, creator.token, 'knowledge', name, Buffer.from(text));
  expect(up.code, up.msg).toBe(20000);
  return w.post(creator.token, '/api/ai/knowledge/training', { type: 'file', repository_id: kbId, file_ids: [up.data.id] });
}

const hitTest = async (kbId: number, query: string) =>
  (await w.get(creator.token, '/api/ai/knowledge/hitTest', { repository_id: kbId, query })).data as { document_id: number; content: string }[];
const chunkList = async (documentId: number) => (await w.get(creator.token, '/api/ai/knowledge/chunks', { document_id: documentId })).data;

describe('chunks of documents that are not ready', () => {
  it('are not found by the hit test, the chunk list or chat once the document failed; a ready one\'s are', async () => {
    const kb = await w.post(creator.token, '/api/ai/knowledge/save', { name: '宿舍' });
    const kbId = kb.data.id as number;
    await uploadTo(kbId, '宿舍规定.md', '# 宿舍规定\n\n宿舍晚上十一点关门，访客需要在门卫处登记。');
    await uploadTo(kbId, '食堂.md', '# 食堂\n\n食堂早上六点半开门，晚上八点关门。');
    const ready = await settled(kbId);
    expect(ready.map((d) => d.status)).toEqual(['ready', 'ready']);
    const [dormDoc] = await t.deps.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.name, '宿舍规定.md'));
    expect((await hitTest(kbId, '宿舍几点关门')).map((h) => h.document_id)).toContain(dormDoc!.id);

    const robot = await w.robot(creator.token, { name: '宿管助手' });
    expect((await w.post(creator.token, '/api/ai/Robot/bindContent', { robot_id: robot.id, type: 'repository', ids: [kbId] })).code).toBe(20000);
    const session = await w.post(student.token, '/api/ai/ChatCategory/save', { r_id: robot.id });
    const cited = async () => {
      const r = await streamChat(base, student.token, { category_id: session.data.id, question: '宿舍晚上几点关门？' });
      return (r.events.find((e) => e.event === 'finish')!.data.sources as { document_id?: number }[]).map((s) => s.document_id).filter(Boolean);
    };
    expect(await cited()).toContain(dormDoc!.id);

    // A new version under the same name that cannot be read: the document fails, its old chunks stay in the table.
    await uploadTo(kbId, '宿舍规定.md', '   \n\n  ');
    const after = await settled(kbId);
    expect(after.find((d) => d.id === dormDoc!.id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/./) });
    expect((await t.deps.db.select().from(knowledgeChunks).where(eq(knowledgeChunks.documentId, dormDoc!.id))).length).toBeGreaterThan(0);

    expect((await hitTest(kbId, '宿舍几点关门')).map((h) => h.document_id)).not.toContain(dormDoc!.id);
    expect((await hitTest(kbId, '访客登记')).map((h) => h.document_id)).not.toContain(dormDoc!.id);
    expect(await chunkList(dormDoc!.id)).toMatchObject({ total: 0, data: [] });
    expect(await cited()).not.toContain(dormDoc!.id);
    // The ready document of the same base is still found.
    expect((await hitTest(kbId, '食堂几点开门'))[0]!.content).toContain('早上六点半开门');
  });

  it('a document trained again keeps answering from its last ready version until the new one is ready', async () => {
    const kb = await w.post(creator.token, '/api/ai/knowledge/save', { name: '校车' });
    const kbId = kb.data.id as number;
    await uploadTo(kbId, '校车.md', '# 校车\n\n校车每天早上七点从南门出发。');
    const [doc] = await settled(kbId);
    expect(doc!.status).toBe('ready');

    // The states are written straight into the table; every writer of the knowledge module logs such a
    // change for the in-process search index (index-log.repo.ts), so the test does as they do.
    const becomes = async (patch: Partial<typeof knowledgeDocuments.$inferInsert>) => {
      await t.deps.db.update(knowledgeDocuments).set(patch).where(eq(knowledgeDocuments.id, doc!.id));
      await markDocumentsChanged(t.deps.db, [doc!.id]);
    };
    // As it is between the new version's queueing and its chunks replacing the old ones:
    for (const status of ['queued', 'training'] as const) {
      await becomes({ status });
      expect((await searchKnowledge(t.deps, [kbId], '校车几点出发', 5)).hits.map((h) => h.documentId)).toEqual([doc!.id]);
    }
    // A first training that has written its chunks but is not ready yet is not found.
    await becomes({ status: 'training', chunkCount: 0 });
    expect((await searchKnowledge(t.deps, [kbId], '校车几点出发', 5)).hits).toEqual([]);
    expect(await chunkList(doc!.id)).toMatchObject({ total: 0 });
  });
});
