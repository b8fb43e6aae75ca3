import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { Role } from '@xueban/contract/roles';
import { chatRecords } from '../src/db/schema/chat.ts';
import { ProgressSaver } from '../src/modules/chat/progress-saver.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { World } from './robot-fixtures.ts';

/**
 * Issue 23 point 4: the growing replies of many open streams are saved a few at a time, at a
 * bounded rate (on PGlite each statement holds the thread every stream's tokens run on), and
 * still every one of them is saved, the one saved longest ago first.
 */
const NODE = 'saver-node';

describe('ProgressSaver under many open streams', () => {
  let t: TestApp;
  let ids: number[];

  beforeAll(async () => {
    t = await createTestApp();
    const w = await new World(t).init();
    const creator = await w.personA(Role.CREATOR);
    const robotId = (await w.robot(creator.token, { name: '保存助手' })).id as number;
    const session = await w.post(creator.token, '/api/ai/ChatCategory/save', { r_id: robotId });
    const groupId = (await w.get(creator.token, '/api/uc/passport/getUserInfo')).data.group_id as number;
    const rows = await t.deps.db.insert(chatRecords).values(Array.from({ length: 30 }, (_, i) => ({
      sessionId: session.data.id as number, groupId, userId: creator.uid, robotId, question: `问题${i}`, streamNode: NODE,
    }))).returning({ id: chatRecords.id });
    ids = rows.map((r) => r.id);
  });
  afterAll(() => t?.close());

  const stored = async (of: number[]) => {
    const rows = await t.deps.db.select({ id: chatRecords.id, answer: chatRecords.answer }).from(chatRecords)
      .where(and(inArray(chatRecords.id, of), eq(chatRecords.status, 'streaming')));
    return new Map(rows.map((r) => [r.id, r.answer]));
  };

  it('30 open replies at 50 rows a second: every one is saved with its latest text, and no faster than the rate allows', async () => {
    const errors: unknown[] = [];
    const saver = new ProgressSaver(t.deps.db, NODE, 200, (err) => errors.push(err), 50);
    try {
      const text = new Map(ids.map((id) => [id, `回答${id}`]));
      for (const id of ids) saver.track(id, () => ({ answer: text.get(id)!, reasoning: '', model: 'm' }));
      const started = performance.now();
      for (const id of ids) saver.mark(id);
      await expect.poll(async () => [...(await stored(ids)).values()].filter((a) => a.startsWith('回答')).length, { timeout: 15_000, interval: 20 }).toBe(30);
      // 30 rows at 50 a second, a fifth of that per 20 ms tick: about 0.6 s, never all at once.
      expect(performance.now() - started).toBeGreaterThanOrEqual(400);

      // A reply that grows again is saved again, with the text it has then.
      text.set(ids[0]!, `回答${ids[0]}，更长了`);
      saver.mark(ids[0]!);
      await expect.poll(async () => (await stored([ids[0]!])).get(ids[0]!), { timeout: 5000, interval: 20 }).toBe(`回答${ids[0]}，更长了`);

      // An ending reply is saved no more: its final write is the pipeline's own.
      await saver.release(ids[1]!);
      text.set(ids[1]!, '不该保存');
      saver.mark(ids[1]!);
      await new Promise((r) => setTimeout(r, 300));
      expect((await stored([ids[1]!])).get(ids[1]!)).toBe(`回答${ids[1]}`);
      expect(errors).toEqual([]);
    } finally {
      saver.stop();
    }
  });

  it('the reply waiting longest goes first: one marked after 29 others is saved only once they are', async () => {
    const saver = new ProgressSaver(t.deps.db, NODE, 100, () => {}, 20);
    try {
      const version = new Map(ids.map((id) => [id, 'A']));
      for (const id of ids) saver.track(id, () => ({ answer: `${version.get(id)}${id}`, reasoning: '', model: 'm' }));
      const [late, ...rest] = ids;
      for (const id of rest) saver.mark(id);
      saver.mark(late!);
      // `late` waits its turn behind the 29 marked before it (20 rows a second: about 1.5 s, one every 50 ms)...
      await expect.poll(async () => (await stored([late!])).get(late!), { timeout: 15_000, interval: 20 }).toBe(`A${late}`);
      // ...which were all saved by then.
      const before = await stored(rest);
      expect([...before.values()].every((a) => a.startsWith('A'))).toBe(true);
    } finally {
      saver.stop();
    }
  });
});
