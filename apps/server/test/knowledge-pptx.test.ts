/** A presentation trained into a knowledge base: each slide a section, so hit tests cite the slide. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { createTestApp, type TestApp } from './harness.ts';
import { World, type Person } from './robot-fixtures.ts';
import { uploadFile } from './uploads.ts';
import { pptx } from '../src/ai/parse/pptx-fixture.ts';

let t: TestApp;
let w: World;
let creator: Person;

beforeAll(async () => {
  t = await createTestApp();
  w = await new World(t).init();
  creator = await w.personA(Role.CREATOR);
});
afterAll(async () => { await t?.close(); });

type Doc = { id: number; status: string; error: string; name: string; chunk_count: number };

/** Polls the training progress until nothing is queued or training (the real queue runs the jobs). */
async function settled(kbId: number): Promise<Doc[]> {
  const until = Date.now() + 60_000;
  for (;;) {
    const tasks = await w.get(creator.token, '/api/ai/knowledge/trainingtasks', { repository_id: kbId });
    expect(tasks.code).toBe(20000);
    if (tasks.data.queued + tasks.data.training === 0) {
      return (await w.get(creator.token, '/api/ai/knowledge/trainlists', { repository_id: kbId, limit: 50 })).data.data as Doc[];
    }
    if (Date.now() > until) throw new Error(`training did not finish: ${JSON.stringify(tasks.data)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('a pptx in a knowledge base', () => {
  it('is accepted by the knowledge upload, trains to ready, and a hit test finds a slide\'s sentence under 第N页', async () => {
    const base = await w.post(creator.token, '/api/ai/knowledge/save', { name: '生物课件', info: '' });
    expect(base.code, base.msg).toBe(20000);
    const deck = await pptx([
      { n: 1, title: '期中复习', body: ['第一单元到第三单元'] },
      { n: 2, title: '细胞的结构', body: ['细胞膜控制物质进出细胞。', '细胞核是遗传信息库。'], notes: '提醒学生画细胞结构图。' },
      { n: 10, title: '光合作用', body: ['叶绿体是光合作用的场所，把光能转化为化学能。'] },
    ]);
    const up = await uploadFile(t.app, creator.token, 'knowledge', '期中复习.pptx', deck);
    expect(up.code, up.msg).toBe(20000);
    const queued = await w.post(creator.token, '/api/ai/knowledge/training', { type: 'file', repository_id: base.data.id, file_ids: [up.data.id] });
    expect([queued.code, queued.msg]).toEqual([20000, MSG.kbTrainQueued]);

    const [doc] = await settled(base.data.id);
    expect(doc).toMatchObject({ status: 'ready', error: '', name: '期中复习.pptx' });
    const chunks = await w.get(creator.token, '/api/ai/knowledge/chunks', { document_id: doc!.id });
    expect(chunks.data.data.map((c: { heading: string }) => c.heading)).toEqual(['第1页 期中复习', '第2页 细胞的结构', '第3页 光合作用']);

    const hits = await w.get(creator.token, '/api/ai/knowledge/hitTest', { repository_id: base.data.id, query: '光合作用在哪里进行' });
    expect(hits.code).toBe(20000);
    expect(hits.data[0]).toMatchObject({ document_id: doc!.id, document_name: '期中复习.pptx', heading: '第3页 光合作用' });
    expect(hits.data[0].content).toContain('叶绿体是光合作用的场所');
    const notes = await w.get(creator.token, '/api/ai/knowledge/hitTest', { repository_id: base.data.id, query: '画细胞结构图' });
    expect(notes.data[0]).toMatchObject({ heading: '第2页 细胞的结构' });
    expect(notes.data[0].content).toContain('备注：提醒学生画细胞结构图。');
  });

  it('a file that only claims to be a presentation fails its training with the reason', async () => {
    const base = await w.post(creator.token, '/api/ai/knowledge/save', { name: '假课件', info: '' });
    const up = await uploadFile(t.app, creator.token, 'knowledge', '假课件.pptx', Buffer.from('not a presentation at all'));
    expect(up.code, up.msg).toBe(20000);
    await w.post(creator.token, '/api/ai/knowledge/training', { type: 'file', repository_id: base.data.id, file_ids: [up.data.id] });
    const [doc] = await settled(base.data.id);
    expect(doc).toMatchObject({ status: 'failed', error: MSG.fileContentMismatch });
  });
});
