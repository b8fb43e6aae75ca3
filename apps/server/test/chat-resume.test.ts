import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@xueban/contract/roles';
import { chatRecords } from '../src/db/schema/chat.ts';
import { finishExchange, saveProgress } from '../src/modules/chat/reply-store.ts';
import { createPeerApp, createTestApp, listen, type TestApp } from './harness.ts';
import { World, type Person } from './robot-fixtures.ts';
import { FakeOpenAI } from './fakes/openai-server.ts';
import { names, streamChat, type StreamResult } from './sse-client.ts';
import { hasRedis, startRedis } from './redis-server.ts';

/**
 * Issue 24 point 2: a chat stream continues when its client reconnects (the same send, same
 * client_msg_id), on the node holding the answer or another; a client that vanished is not a
 * stop; a reply whose node is gone is taken over once.
 */
const COUNT = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
const GRACE_MS = 1500;

/** The env of every node here: a scripted model, a short grace for the vanished client, a quick takeover. */
const envOf = (fake: FakeOpenAI, more: Record<string, string> = {}) => ({
  LLM_BASE_URL: fake.url, LLM_API_KEY: 'sk-test', LLM_MODEL: 'fake-chat',
  CHAT_HEARTBEAT_MS: '150', CHAT_RESUME_GRACE_MS: String(GRACE_MS), CHAT_TAKEOVER_AFTER_MS: '2000', ...more,
});

async function setUp(t: TestApp) {
  const w = await new World(t).init();
  const creator = await w.personA(Role.CREATOR);
  const student = await w.personA();
  const robotId = (await w.robot(creator.token, { name: '数数助手', is_public: 2 })).id as number;
  await w.setting(creator.token, robotId, { is_public: 2 });
  return { w, student, robotId };
}

async function newSession(w: World, student: Person, robotId: number) {
  const res = await w.post(student.token, '/api/ai/ChatCategory/save', { r_id: robotId });
  expect(res.code, res.msg).toBe(20000);
  return res.data.id as number;
}

const recordOf = async (t: TestApp, sessionId: number) =>
  (await t.deps.db.select().from(chatRecords).where(eq(chatRecords.sessionId, sessionId)))[0]!;

/** A reply a killed node left `streaming` ten minutes ago, its first four numbers saved. */
async function leftByDeadNode(t: TestApp, w: World, student: Person, robotId: number, sessionId: number, clientMsgId: string, node: string) {
  const groupId = (await w.get(student.token, '/api/uc/passport/getUserInfo')).data.group_id as number;
  await t.deps.db.insert(chatRecords).values({
    sessionId, groupId, userId: student.uid, robotId, clientMsgId, question: '从一数到十',
    answer: '一二三四', streamNode: node, updatedAt: new Date(Date.now() - 10 * 60_000),
  });
}

/** Sends on `base`, and closes the connection (no 停止回答) once `after` pieces of the answer arrived. */
async function sendAndVanish(base: string, token: string, body: object, after: number) {
  let pieces = 0;
  let vanishedAt = 0;
  const first = await streamChat(base, token, body, (e, close) => {
    if (e.event === 'chat' && ++pieces === after) {
      vanishedAt = Date.now();
      close();
    }
  });
  return { first, vanishedAt };
}

/** What a resumed client must see: the stored answer exactly (no gap, nothing twice), then the replay's ending. */
async function expectResumedWhole(t: TestApp, sessionId: number, resumed: StreamResult) {
  const row = await recordOf(t, sessionId);
  expect(row.status).toBe('done');
  expect(row.answer).toBe(COUNT.join(''));
  expect(resumed.answer).toBe(row.answer);
  expect(names(resumed).filter((n) => n !== 'chat' && n !== 'correlation_questions')).toEqual(['finish', 'records', 'close']);
  expect(resumed.events.find((e) => e.event === 'finish')!.data.status).toBe('done');
  expect(resumed.events.find((e) => e.event === 'records')!.data.id).toBe(row.id);
}

describe('one node', () => {
  let fake: FakeOpenAI;
  let t: TestApp;
  let base: string;
  let w: World;
  let student: Person;
  let robotId: number;

  beforeAll(async () => {
    fake = await new FakeOpenAI().start();
    t = await createTestApp(envOf(fake));
    base = await listen(t);
    ({ w, student, robotId } = await setUp(t));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });

  it('a client that reconnects mid-answer (same client_msg_id) gets the whole answer: the stored part, then the rest live, nothing doubled or missing', async () => {
    const sessionId = await newSession(w, student, robotId);
    const body = { category_id: sessionId, question: '从一数到十', client_msg_id: 'resume-one-node' };
    // The rest (7 × 300 ms) outlasts the grace period: only the resume keeps the answer going.
    fake.queue.push({ tokens: COUNT, delayMs: 300 });
    const calls = fake.chatRequests.length;
    const { first } = await sendAndVanish(base, student.token, body, 3);
    expect(first.answer).toBe('一二三');
    const resumed = await streamChat(base, student.token, body);
    expect(resumed.status).toBe(200);
    await expectResumedWhole(t, sessionId, resumed);
    expect(resumed.events.filter((e) => e.event === 'chat').length).toBeGreaterThanOrEqual(5);
    // One answer: the resume watched the model call, it did not make another.
    expect(fake.chatRequests.length).toBe(calls + 1);
    expect(fake.chatRequests.at(-1)!.closedEarlyAt).toBeNull();
  });

  it('a client that never comes back: the answer keeps streaming for the grace period, then ends stopped with its partial text', async () => {
    const sessionId = await newSession(w, student, robotId);
    fake.queue.push({ tokens: [...COUNT, ...COUNT, ...COUNT], delayMs: 150 });
    const { vanishedAt } = await sendAndVanish(base, student.token, { category_id: sessionId, question: '数很久', client_msg_id: 'never-back' }, 1);
    await expect.poll(() => fake.chatRequests.at(-1)!.closedEarlyAt, { timeout: 10_000 }).not.toBeNull();
    // Not a stop: the model call outlived the client by the grace period (a lower bound: load only makes it later).
    expect(fake.chatRequests.at(-1)!.closedEarlyAt! - vanishedAt).toBeGreaterThanOrEqual(GRACE_MS - 100);
    await expect.poll(async () => (await recordOf(t, sessionId)).status, { timeout: 5000 }).toBe('stopped');
    const row = await recordOf(t, sessionId);
    expect(row.answer.startsWith('一二')).toBe(true);
    expect(row.answer.length).toBeLessThan(30);
  });

  it('a resumed client that leaves too: the grace period starts again, and with nobody back the answer ends stopped', async () => {
    const sessionId = await newSession(w, student, robotId);
    const body = { category_id: sessionId, question: '数很久很久', client_msg_id: 'leave-twice' };
    fake.queue.push({ tokens: [...COUNT, ...COUNT, ...COUNT], delayMs: 150 });
    await sendAndVanish(base, student.token, body, 1);
    // The resume gets the text so far and one live piece, then its client goes too.
    const { first: resumed, vanishedAt: leftAt } = await sendAndVanish(base, student.token, body, 2);
    expect(resumed.answer.startsWith('一')).toBe(true);
    await expect.poll(() => fake.chatRequests.at(-1)!.closedEarlyAt, { timeout: 10_000 }).not.toBeNull();
    expect(fake.chatRequests.at(-1)!.closedEarlyAt! - leftAt).toBeGreaterThanOrEqual(GRACE_MS - 100);
    await expect.poll(async () => (await recordOf(t, sessionId)).status, { timeout: 5000 }).toBe('stopped');
  });

  it('a reply left streaming by a node that is gone is taken over exactly once by two concurrent resumes and continued as 继续', async () => {
    const sessionId = await newSession(w, student, robotId);
    await leftByDeadNode(t, w, student, robotId, sessionId, 'node-died', 'a-node-that-died');
    fake.queue.push({ tokens: ['五六七', '八九十'], delayMs: 100 });
    const calls = fake.chatRequests.length;
    const body = { category_id: sessionId, question: '从一数到十', client_msg_id: 'node-died' };
    const both = await Promise.all([streamChat(base, student.token, body), streamChat(base, student.token, body)]);
    for (const resumed of both) await expectResumedWhole(t, sessionId, resumed);
    // Exactly one continuation, with the stored partial as the assistant's text so far.
    expect(fake.chatRequests.length).toBe(calls + 1);
    expect(fake.chatRequests.at(-1)!.body.messages.at(-2)).toEqual({ role: 'assistant', content: '一二三四' });
    const taken = await recordOf(t, sessionId);
    expect(taken.streamNode).not.toBe('a-node-that-died');
    // The old holder, were it only frozen, writes nothing over the reply it lost.
    await saveProgress(t.deps.db, 'a-node-that-died', [{ id: taken.id, answer: '一二', reasoning: '', model: 'old' }]);
    await finishExchange(t.deps.db, taken.id, { status: 'interrupted', answer: '一二', reasoning: '', model: 'old' }, 'a-node-that-died');
    expect(await recordOf(t, sessionId)).toMatchObject({ status: 'done', answer: COUNT.join(''), streamNode: taken.streamNode });
  });
});

describe.skipIf(!hasRedis)('two nodes sharing Redis', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let fake: FakeOpenAI;
  let a: TestApp;
  let b: TestApp;
  let baseA: string;
  let baseB: string;
  let w: World;
  let student: Person;
  let robotId: number;

  beforeAll(async () => {
    redis = await startRedis();
    fake = await new FakeOpenAI().start();
    a = await createTestApp(envOf(fake, { REDIS_URL: redis.url, NODE_NAME: 'node-a' }));
    b = await createPeerApp(a, envOf(fake, { REDIS_URL: redis.url, NODE_NAME: 'node-b' }));
    [baseA, baseB] = [await listen(a), await listen(b)];
    ({ w, student, robotId } = await setUp(a));
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await fake?.stop();
    await redis?.stop();
  });

  it('an answer streaming on node A, its client reconnecting to node B: B relays the rest live and the text equals the stored answer', async () => {
    const sessionId = await newSession(w, student, robotId);
    const body = { category_id: sessionId, question: '从一数到十', client_msg_id: 'resume-across' };
    // The rest (7 × 300 ms) outlasts the grace period: only the resume keeps the answer going.
    fake.queue.push({ tokens: COUNT, delayMs: 300 });
    const calls = fake.chatRequests.length;
    const { first } = await sendAndVanish(baseA, student.token, body, 3);
    expect(first.answer).toBe('一二三');
    const resumed = await streamChat(baseB, student.token, body);
    await expectResumedWhole(a, sessionId, resumed);
    // Live: the snapshot, then the model's pieces one by one as A relays them (not the stored text in a block).
    expect(resumed.events.filter((e) => e.event === 'chat').length).toBeGreaterThanOrEqual(5);
    expect(fake.chatRequests.length).toBe(calls + 1);
    // Held by A from start to end: B only watched.
    expect((await recordOf(a, sessionId)).streamNode).toBe('node-a');
  });

  it('a reply whose node is gone, resumed on A and on B at once: taken over by exactly one node, both clients get the whole answer', async () => {
    const sessionId = await newSession(w, student, robotId);
    await leftByDeadNode(a, w, student, robotId, sessionId, 'node-died-2', 'node-c');
    fake.queue.push({ tokens: ['五六七', '八九十'], delayMs: 300 });
    const calls = fake.chatRequests.length;
    const body = { category_id: sessionId, question: '从一数到十', client_msg_id: 'node-died-2' };
    const both = await Promise.all([streamChat(baseA, student.token, body), streamChat(baseB, student.token, body)]);
    for (const resumed of both) await expectResumedWhole(a, sessionId, resumed);
    expect(fake.chatRequests.length).toBe(calls + 1);
    expect(['node-a', 'node-b']).toContain((await recordOf(a, sessionId)).streamNode);
  });
});
