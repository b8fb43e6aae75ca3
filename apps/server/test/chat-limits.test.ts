/**
 * The chat stream's cap on open streams (per user, per organisation), and the boot sweep that
 * interrupts replies a killed process left `streaming`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Code } from '@xueban/contract/codes';
import { MSG } from '@xueban/contract/messages';
import { buildApp } from '../src/app.ts';
import { chatRecords } from '../src/db/schema/chat.ts';
import { nodeName } from '../src/modules/chat/open-streams.ts';
import { createTestApp, listen, type TestApp } from './harness.ts';
import { World, type Person } from './robot-fixtures.ts';
import { FakeOpenAI } from './fakes/openai-server.ts';
import { streamChat, type StreamResult } from './sse-client.ts';

let fake: FakeOpenAI;
let t: TestApp;
let w: World;
let base: string;
let robotId: number;
let ann: Person;
let ben: Person;
let restarted: FastifyInstance | null = null;

beforeAll(async () => {
  fake = await new FakeOpenAI().start();
  t = await createTestApp({
    LLM_BASE_URL: fake.url, LLM_API_KEY: 'sk-test', LLM_MODEL: 'fake-chat', CHAT_HEARTBEAT_MS: '100',
    CHAT_STREAMS_PER_USER: '2', CHAT_STREAMS_PER_GROUP: '3',
  });
  base = await listen(t);
  w = await new World(t).init();
  ann = await w.personA();
  ben = await w.personA();
  robotId = (await w.robot(w.admin, { name: '答疑助手' })).id;
  await w.publish(w.admin, robotId, 'square');
});
afterAll(async () => {
  await restarted?.close();
  await t?.close();
  await fake?.stop();
});

const newSession = async (token: string) => {
  const res = await w.post(token, '/api/ai/ChatCategory/save', { r_id: robotId });
  expect(res.code, res.msg).toBe(Code.OK);
  return res.data.id as number;
};
const recordsOf = (sessionId: number) => t.deps.db.select().from(chatRecords).where(eq(chatRecords.sessionId, sessionId));

/** Opens a stream whose model waits before answering; resolves `opened` once the stream has started (its first heartbeat). */
function slowStream(token: string, sessionId: number) {
  fake.queue.push({ firstByteDelayMs: 1500, tokens: ['慢慢', '回答'] });
  let opened!: () => void;
  const started = new Promise<void>((resolve) => { opened = resolve; });
  const done = streamChat(base, token, { category_id: sessionId, question: '慢一点回答' }, () => opened());
  return { started, done };
}

const refusal = (r: StreamResult) => [r.status, r.envelope?.code, r.envelope?.msg, r.envelope?.data];

describe('open streams', () => {
  it('caps one user\'s open streams with 429 before storing anything, and takes a new one once an answer ends', async () => {
    const [s1, s2, s3] = [await newSession(ann.token), await newSession(ann.token), await newSession(ann.token)];
    const first = slowStream(ann.token, s1);
    const second = slowStream(ann.token, s2);
    await Promise.all([first.started, second.started]);

    const third = await streamChat(base, ann.token, { category_id: s3, question: '第三个问题' });
    expect(refusal(third)).toEqual([429, Code.TOO_MANY, MSG.chatStreamsPerUser, null]);
    expect(await recordsOf(s3)).toEqual([]);
    expect((await first.done).answer).toBe('慢慢回答');
    const again = await streamChat(base, ann.token, { category_id: s3, question: '第三个问题' });
    expect([again.status, again.answer]).toEqual([200, '你好，同学']);
    await second.done;

    // Stopped by the client, failed upstream, replayed from the store: each gives its slot back.
    fake.queue.push({ firstByteDelayMs: 1500, tokens: ['不会', '等到'] });
    await streamChat(base, ann.token, { category_id: s1, question: '马上停', client_msg_id: 'limits-stop' }, (_e, stop) => {
      stop();
      void w.post(ann.token, '/api/ai/chat/stop', { category_id: s1, client_msg_id: 'limits-stop' });
    });
    await expect.poll(async () => (await recordsOf(s1)).find((r) => r.question === '马上停')?.status).toBe('stopped');
    fake.queue.push({ status: 500 });
    expect((await streamChat(base, ann.token, { category_id: s2, question: '会失败' })).events.some((e) => e.event === 'error')).toBe(true);
    fake.queue.push({ tokens: ['一次'] });
    await streamChat(base, ann.token, { category_id: s3, question: '重试', client_msg_id: 'limits-0001' });
    expect((await streamChat(base, ann.token, { category_id: s3, question: '重试', client_msg_id: 'limits-0001' })).answer).toBe('一次');
    // None of them kept a slot: two at once are taken again.
    const both = [slowStream(ann.token, s1), slowStream(ann.token, s2)];
    await Promise.all(both.map((b) => b.started));
    expect((await Promise.all(both.map((b) => b.done))).map((r) => [r.status, r.answer])).toEqual([[200, '慢慢回答'], [200, '慢慢回答']]);
  });

  it('caps an organisation\'s open streams, leaving other organisations alone', async () => {
    const annSessions = [await newSession(ann.token), await newSession(ann.token)];
    const benSessions = [await newSession(ben.token), await newSession(ben.token)];
    const held = [slowStream(ann.token, annSessions[0]!), slowStream(ann.token, annSessions[1]!), slowStream(ben.token, benSessions[0]!)];
    await Promise.all(held.map((h) => h.started));

    const refused = await streamChat(base, ben.token, { category_id: benSessions[1], question: '轮到我了吗' });
    expect(refusal(refused)).toEqual([429, Code.TOO_MANY, MSG.chatStreamsPerGroup, null]);
    expect(await recordsOf(benSessions[1]!)).toEqual([]);

    const stranger = await w.orgB();
    const theirs = await streamChat(base, stranger.token, { category_id: await newSession(stranger.token), question: '我是乙校的' });
    expect(theirs.status).toBe(200);

    await Promise.all(held.map((h) => h.done));
    expect((await streamChat(base, ben.token, { category_id: benSessions[1], question: '轮到我了吗' })).status).toBe(200);
  });
});

describe('after a restart', () => {
  it('marks the replies a killed process left streaming as interrupted at once, keeping their text', async () => {
    const sessionId = await newSession(ann.token);
    const info = await w.get(ann.token, '/api/uc/passport/getUserInfo');
    const left = (node: string, question: string) => ({
      sessionId, groupId: info.data.group_id, userId: ann.uid, robotId, question, answer: '说到一半', streamNode: node,
    });
    // Saved a moment ago, as a stream is while its process runs: the stale rule would wait minutes.
    const rows = await t.deps.db.insert(chatRecords)
      .values([left(nodeName(t.config), '被杀掉的进程'), left('another-node:3000', '另一个节点的')]).returning();

    await t.app.close();
    restarted = await buildApp(t.deps);
    await restarted.ready();

    const after = await t.deps.db.select().from(chatRecords).where(inArray(chatRecords.id, rows.map((r) => r.id)));
    const status = Object.fromEntries(after.map((r) => [r.question, [r.status, r.answer, r.finishedAt !== null]]));
    expect(status['被杀掉的进程']).toEqual(['interrupted', '说到一半', true]);
    // The embedded database has no other writer: every streaming reply is dead. On PostgreSQL another
    // node's live reply is left to the stale rule.
    expect(status['另一个节点的']).toEqual(t.deps.dbKind === 'pglite' ? ['interrupted', '说到一半', true] : ['streaming', '说到一半', false]);
  });
});
