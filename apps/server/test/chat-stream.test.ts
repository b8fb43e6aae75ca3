import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { aiModels, aiProviders, chatRecords } from '../src/db/schema/chat.ts';
import { sweepStaleReplies } from '../src/modules/chat/reply-store.ts';
import { queryRows } from '../src/db/client.ts';
import { createTestApp, listen, type TestApp } from './harness.ts';
import { World, type Person } from './robot-fixtures.ts';
import { FakeOpenAI } from './fakes/openai-server.ts';
import { names, streamChat, type StreamResult } from './sse-client.ts';

let fake: FakeOpenAI;
let t: TestApp;
let w: World;
let base: string;
let creator: Person;
let student: Person;
let robotId: number;

beforeAll(async () => {
  fake = await new FakeOpenAI().start();
  t = await createTestApp({
    LLM_BASE_URL: fake.url, LLM_API_KEY: 'sk-test', LLM_MODEL: 'fake-chat',
    CHAT_HEARTBEAT_MS: '150', LLM_FIRST_BYTE_TIMEOUT_MS: '1500', LLM_IDLE_TIMEOUT_MS: '600',
  });
  base = await listen(t);
  w = await new World(t).init();
  creator = await w.personA(Role.CREATOR);
  student = await w.personA();
  const robot = await w.robot(creator.token, { name: '数学助手', info: '帮助学生学习初中数学', is_public: 2 });
  robotId = robot.id;
  await w.setting(creator.token, robotId, { is_public: 2 });
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

async function newSession(token = student.token, rid = robotId) {
  const res = await w.post(token, '/api/ai/ChatCategory/save', { r_id: rid });
  expect(res.code, res.msg).toBe(20000);
  return res.data.id as number;
}

const ask = (category_id: number, question: unknown, extra: Record<string, unknown> = {}, onEvent?: Parameters<typeof streamChat>[3]) =>
  streamChat(base, student.token, { category_id, question, ...extra }, onEvent);

/** 停止回答 as the web sends it: by name, besides closing its connection (a closed connection alone waits for a resume). */
async function stopByName(category_id: number, client_msg_id: string) {
  const r = await w.post(student.token, '/api/ai/chat/stop', { category_id, client_msg_id });
  expect(r.code, r.msg).toBe(20000);
}

async function recordOf(r: StreamResult) {
  const id = r.events.find((e) => e.event === 'records')!.data.id as number;
  const [row] = await t.deps.db.select().from(chatRecords).where(eq(chatRecords.id, id));
  return row!;
}

describe('POST /api/ai/chat/stream with a model', () => {
  it('streams reasoning, the answer, finish, related questions, the record id and close, and stores the exchange', async () => {
    fake.queue.push({ reasoning: ['先想', '一想'], tokens: ['勾股', '定理', '是 a²+b²=c²'] });
    const id = await newSession();
    const r = await ask(id, '什么是勾股定理', { is_reason: 1 });
    expect(names(r)).toEqual(['reasoning', 'chat', 'finish', 'correlation_questions', 'records', 'close']);
    expect(r.events.filter((e) => e.event === 'reasoning').map((e) => e.data.content).join('')).toBe('先想一想');
    expect(r.answer).toBe('勾股定理是 a²+b²=c²');
    expect(r.events.find((e) => e.event === 'finish')!.data.status).toBe('done');
    expect(r.events.find((e) => e.event === 'correlation_questions')!.data).toEqual(['什么是勾股定理？', '怎么证明它？', '有哪些应用']);
    const row = await recordOf(r);
    expect(row).toMatchObject({ question: '什么是勾股定理', answer: '勾股定理是 a²+b²=c²', reasoning: '先想一想', status: 'done', model: 'fake-chat' });
    const sent = fake.chatRequests.at(-1)!.body;
    expect(sent.messages[0].role).toBe('system');
    expect(sent.messages[0].content).toContain('数学助手');
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: '什么是勾股定理' });
  });

  it('drops reasoning deltas when 深度思考 is off, and carries the conversation so far', async () => {
    const id = await newSession();
    fake.queue.push({ tokens: ['第一次回答'] });
    await ask(id, '第一问');
    fake.queue.push({ reasoning: ['内心独白'], tokens: ['第二次回答'] });
    const r = await ask(id, '第二问');
    expect(names(r)).not.toContain('reasoning');
    const msgs = fake.chatRequests.at(-1)!.body.messages.slice(1);
    expect(msgs).toEqual([
      { role: 'user', content: '第一问' }, { role: 'assistant', content: '第一次回答' }, { role: 'user', content: '第二问' },
    ]);
    // The history is read with the question's insert: in order, without the question itself.
    fake.queue.push({ tokens: ['第三次回答'] });
    await ask(id, '第三问');
    expect(fake.chatRequests.at(-1)!.body.messages.slice(1).map((m: { content: string }) => m.content))
      .toEqual(['第一问', '第一次回答', '第二问', '第二次回答', '第三问']);
  });

  it('the very next chat follows a change of the default model and of the robot\'s own model', async () => {
    const [envProvider] = await t.deps.db.select().from(aiProviders).where(eq(aiProviders.fromEnv, true));
    const saved = await w.post(w.admin, '/api/ai/admin.AiModel/save', { provider_id: envProvider!.id, model: 'fake-chat-2', label: '第二模型', capabilities: ['chat'] });
    expect(saved.code, saved.msg).toBe(20000);
    const [first] = await t.deps.db.select().from(aiModels).where(eq(aiModels.model, 'fake-chat'));
    const id = await newSession();
    const modelAsked = async () => {
      await ask(id, '你好');
      return fake.chatRequests.at(-1)!.body.model;
    };
    try {
      expect(await modelAsked()).toBe('fake-chat');
      expect((await w.post(w.admin, '/api/ai/admin.AiModel/setDefault', { id: saved.data.id })).code).toBe(20000);
      expect(await modelAsked()).toBe('fake-chat-2');
      const set = await w.post(creator.token, '/api/ai/Robot/setRobotModel', { id: robotId, chat_model_id: first!.id });
      expect(set.code, set.msg).toBe(20000);
      expect(await modelAsked()).toBe('fake-chat');
      await w.post(creator.token, '/api/ai/Robot/setRobotModel', { id: robotId, chat_model_id: null });
      expect(await modelAsked()).toBe('fake-chat-2');
    } finally {
      await w.post(w.admin, '/api/ai/admin.AiModel/setDefault', { id: first!.id });
      await w.post(w.admin, '/api/ai/admin.AiModel/delete', { id: saved.data.id });
    }
  });

  it('stores the question before the model answers, and heartbeats while waiting', async () => {
    fake.queue.push({ firstByteDelayMs: 500, tokens: ['好'] });
    const id = await newSession();
    let seenWhileWaiting: unknown = null;
    const r = await ask(id, '等一下', {}, (e) => {
      if (e.event === 'heartbeat' && !seenWhileWaiting) {
        void t.deps.db.select().from(chatRecords).where(eq(chatRecords.sessionId, id)).then((rows) => { seenWhileWaiting = rows[0]; });
      }
    });
    expect(names(r)).toContain('close');
    expect(r.events.some((e) => e.event === 'heartbeat')).toBe(true);
    expect(seenWhileWaiting).toMatchObject({ question: '等一下', status: 'streaming', answer: '' });
  });

  it('keeps a frame split inside a Chinese character whole', async () => {
    fake.queue.push({ tokens: ['中文', '字符', '不会', '断开'], splitInsideChar: true });
    const r = await ask(await newSession(), '测试');
    expect(r.answer).toBe('中文字符不会断开');
  });

  it('停止回答: the stop call (with the client\'s abort, as the web sends both) ends the upstream call within a second and saves the partial answer as stopped', async () => {
    fake.queue.push({ tokens: ['一', '二', '三', '四', '五', '六'], delayMs: 150 });
    const id = await newSession();
    let stoppedAt = 0;
    await ask(id, '数到六', { client_msg_id: 'stop-count-6' }, (e, stop) => {
      if (e.event === 'chat' && !stoppedAt) { stoppedAt = Date.now(); stop(); void stopByName(id, 'stop-count-6'); }
    });
    await expect.poll(() => fake.chatRequests.at(-1)!.closedEarlyAt, { timeout: 2000 }).not.toBeNull();
    expect(fake.chatRequests.at(-1)!.closedEarlyAt! - stoppedAt).toBeLessThan(1000);
    await expect.poll(async () => (await t.deps.db.select().from(chatRecords).where(eq(chatRecords.sessionId, id)))[0]?.status).toBe('stopped');
    const [row] = await t.deps.db.select().from(chatRecords).where(eq(chatRecords.sessionId, id));
    expect(row!.answer.startsWith('一')).toBe(true);
    expect(row!.answer.length).toBeLessThan(6);
  });

  it('继续 carries on a cut-off answer in the same record', async () => {
    fake.queue.push({ tokens: ['甲', '乙', '丙', '丁'], delayMs: 150 });
    const id = await newSession();
    const first = await ask(id, '天干', { client_msg_id: 'stop-stems' }, (e, stop) => { if (e.event === 'chat') { stop(); void stopByName(id, 'stop-stems'); } });
    expect(first.answer).toBe('甲');
    const [stopped] = await t.deps.db.select().from(chatRecords).where(eq(chatRecords.sessionId, id));
    await expect.poll(async () => (await t.deps.db.select().from(chatRecords).where(eq(chatRecords.id, stopped!.id)))[0]!.status).toBe('stopped');
    fake.queue.push({ tokens: ['乙丙丁'] });
    const more = await ask(id, '', { continue_id: stopped!.id });
    expect(more.answer).toBe('乙丙丁');
    const sent = fake.chatRequests.at(-1)!.body.messages;
    expect(sent.at(-2)).toEqual({ role: 'assistant', content: '甲' });
    const [row] = await t.deps.db.select().from(chatRecords).where(eq(chatRecords.id, stopped!.id));
    expect(row).toMatchObject({ answer: '甲乙丙丁', status: 'done' });
  });

  it('an upstream 500 ends with an error event and a failed reply', async () => {
    fake.queue.push({ status: 500 });
    const r = await ask(await newSession(), '会出错吗');
    expect(names(r)).toEqual(['error', 'finish', 'records', 'close']);
    expect(r.events[0]!.data.msg ?? r.events.find((e) => e.event === 'error')!.data.msg).toBe(MSG.modelUnavailable);
    expect(await recordOf(r)).toMatchObject({ status: 'failed', notice: MSG.modelUnavailable });
  });

  it('a model asking for a tool call (none is offered yet) ends failed with a notice, keeping the text it sent', async () => {
    fake.queue.push({ tokens: ['我先查一下'], toolCalls: [{ name: 'search_library', arguments: '{"q":"开放时间"}' }] });
    const r = await ask(await newSession(), '图书馆几点开门');
    expect(r.answer).toBe('我先查一下');
    expect(r.events.find((e) => e.event === 'error')!.data.msg).toBe(MSG.modelToolCallUnsupported);
    expect(await recordOf(r)).toMatchObject({ status: 'failed', answer: '我先查一下', notice: MSG.modelToolCallUnsupported });
    fake.queue.push({ toolCalls: [{ name: 'search_library', arguments: '{}' }] });
    expect(await recordOf(await ask(await newSession(), '再问一次'))).toMatchObject({ status: 'failed', answer: '' });
  });

  it('a dropped upstream connection keeps the partial answer as failed', async () => {
    fake.queue.push({ tokens: ['前半', '句', '后半句'], dropAfter: 2 });
    const r = await ask(await newSession(), '说一句话');
    expect(r.answer).toBe('前半句');
    expect(await recordOf(r)).toMatchObject({ status: 'failed', answer: '前半句' });
  });

  it('an error or a broken frame inside the stream keeps the partial answer as failed', async () => {
    for (const script of [{ errorAfter: 1 }, { garbleAfter: 1 }]) {
      fake.queue.push({ tokens: ['先说', '后面没了'], ...script });
      const r = await ask(await newSession(), '说一句话');
      expect(r.answer).toBe('先说');
      expect(r.events.find((e) => e.event === 'error')!.data.msg).toBe(MSG.modelUnavailable);
      expect(await recordOf(r)).toMatchObject({ status: 'failed', answer: '先说', notice: MSG.modelUnavailable });
    }
  });

  it('a stalled upstream hits the idle timeout', async () => {
    fake.queue.push({ tokens: ['开始', '然后'], stallAfter: 1 });
    const r = await ask(await newSession(), '会卡住');
    expect(r.answer).toBe('开始');
    expect(r.events.find((e) => e.event === 'error')!.data.msg).toBe(MSG.modelTimeout);
    expect(await recordOf(r)).toMatchObject({ status: 'failed', answer: '开始', notice: MSG.modelTimeout });
  });

  it('a retried send with the same client message id answers once', async () => {
    const id = await newSession();
    const before = fake.chatRequests.length;
    fake.queue.push({ tokens: ['只答', '一次'] });
    const first = await ask(id, '重试', { client_msg_id: 'retry-0001' });
    const again = await ask(id, '重试', { client_msg_id: 'retry-0001' });
    expect(fake.chatRequests.length - before).toBe(1);
    expect(again.answer).toBe(first.answer);
    expect((await recordOf(again)).id).toBe((await recordOf(first)).id);
    const rows = await t.deps.db.select().from(chatRecords).where(eq(chatRecords.sessionId, id));
    expect(rows).toHaveLength(1);
  });

  it('puts attachment text in the prompt and images as high-detail parts only for a vision model', async () => {
    const id = await newSession();
    await ask(id, [{ type: 'text', text: '看图' }, { type: 'image_url', image_url: { url: 'https://example.com/a.png' } }], {
      extra: { chat_annex: [{ name: '讲义.txt', url: '', text: '讲义里的秘密内容' }] },
    });
    let sent = fake.chatRequests.at(-1)!.body.messages;
    expect(sent[0].content).toContain('讲义里的秘密内容');
    expect(sent.at(-1)).toEqual({ role: 'user', content: '看图' });
    await t.deps.db.execute(sql`update ai_models set capabilities = '{chat,vision}'`);
    await ask(id, [{ type: 'text', text: '再看图' }, { type: 'image_url', image_url: { url: 'https://example.com/b.png' } }]);
    sent = fake.chatRequests.at(-1)!.body.messages;
    expect(sent.at(-1).content).toEqual([
      { type: 'text', text: '再看图' }, { type: 'image_url', image_url: { url: 'https://example.com/b.png', detail: 'high' } },
    ]);
    await t.deps.db.execute(sql`update ai_models set capabilities = '{chat}'`);
    // Stored as sent: the parts and attachments as JSON, and a text-only question without parts (SQL NULL).
    await ask(id, '只有文字');
    const rows = await queryRows<{ question: string; parts: unknown; no_parts: boolean; annex: unknown }>(t.deps.db, sql`
      select question, question_parts as parts, question_parts is null as no_parts, annex from chat_records where session_id = ${id} order by id`);
    expect(rows).toEqual([
      { question: '看图', parts: [{ type: 'text', text: '看图' }, { type: 'image_url', image_url: { url: 'https://example.com/a.png', detail: 'high' } }], no_parts: false, annex: [{ name: '讲义.txt', url: '', text: '讲义里的秘密内容' }] },
      { question: '再看图', parts: [{ type: 'text', text: '再看图' }, { type: 'image_url', image_url: { url: 'https://example.com/b.png', detail: 'high' } }], no_parts: false, annex: [] },
      { question: '只有文字', parts: null, no_parts: true, annex: [] },
    ]);
  });
});

describe('refusals before streaming', () => {
  it('answers plain envelopes: 输入为空！, someone else\'s session, a closed or offline robot, no login', async () => {
    const id = await newSession();
    const blank = await ask(id, '   ');
    expect([blank.status, blank.envelope!.msg]).toEqual([400, MSG.emptyInput]);
    const other = await streamChat(base, creator.token, { category_id: id, question: '偷看' });
    expect([other.status, other.envelope!.msg, other.envelope!.data]).toEqual([404, MSG.sessionNotFound, null]);
    const anon = await fetch(`${base}/api/ai/chat/stream`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ category_id: id, question: 'hi' }) });
    expect(anon.status).toBe(401);
    await w.setting(creator.token, robotId, { is_close: 1 });
    expect((await ask(id, '在吗')).envelope!.msg).toBe(MSG.robotClosed);
    await w.setting(creator.token, robotId, { is_close: 0, online_status: 0 });
    expect((await ask(id, '在吗')).envelope!.msg).toBe(MSG.robotOffline);
    await w.setting(creator.token, robotId, { online_status: 1 });
    // The question is read, checked and stored in one statement: a refused send stores nothing.
    expect(await t.deps.db.select().from(chatRecords).where(eq(chatRecords.sessionId, id))).toEqual([]);
  });

  it('stores the question exactly when the robot is usable, for every combination of its switches', async () => {
    const id = await newSession();
    for (const online_status of [0, 1]) for (const is_show of [0, 1]) for (const is_close of [0, 1]) {
      await w.setting(creator.token, robotId, { online_status, is_show, is_close });
      const usable = online_status === 1 && is_show === 1 && is_close === 0;
      const before = (await t.deps.db.select().from(chatRecords).where(eq(chatRecords.sessionId, id))).length;
      if (usable) fake.queue.push({ tokens: ['好'] });
      const r = await ask(id, '在吗');
      const stored = (await t.deps.db.select().from(chatRecords).where(eq(chatRecords.sessionId, id))).length - before;
      expect([r.status, stored], JSON.stringify({ online_status, is_show, is_close })).toEqual([usable ? 200 : 403, usable ? 1 : 0]);
    }
    await w.setting(creator.token, robotId, { online_status: 1, is_show: 1, is_close: 0 });
  });

  it('refuses a question with a sensitive word without calling the model, and cuts an answer that streams one before the word', async () => {
    const saved = await w.post(w.admin, '/api/ai/admin.Sensitive/save', { word: '违禁词' });
    expect(saved.code, saved.msg).toBe(20000);
    const before = fake.chatRequests.length;
    const id = await newSession();
    const refused = await ask(id, '这里有违禁词吗');
    expect([refused.status, refused.envelope!.msg]).toEqual([400, MSG.sensitiveQuestion]);
    expect(fake.chatRequests.length).toBe(before);
    expect(await t.deps.db.select().from(chatRecords).where(eq(chatRecords.sessionId, id))).toEqual([]);
    // The session and the robot are still checked first: someone else's session is a 404, whatever the question.
    const other = await streamChat(base, creator.token, { category_id: id, question: '这里有违禁词吗' });
    expect([other.status, other.envelope!.msg]).toEqual([404, MSG.sessionNotFound]);

    fake.queue.push({ tokens: ['正常内容', '违', '禁词', '后面'] });
    const r = await ask(id, '随便说说');
    // '违' is held back while it may start a listed word (issue 28): the answer is cut before it,
    // the safe part stays shown and stored, and a notice follows it.
    expect(names(r)).toEqual(['chat', 'msg', 'finish', 'records', 'close']);
    expect(r.events.find((e) => e.event === 'chat')!.data.content).toBe('正常内容');
    expect(r.events.find((e) => e.event === 'msg')!.data.content).toBe(MSG.sensitiveAnswer);
    expect(await recordOf(r)).toMatchObject({ answer: '正常内容', notice: MSG.sensitiveAnswer, status: 'done' });
  });
});

describe('without a model: the built-in engine', () => {
  it('answers from the robot\'s own content, says no model is configured, and cites it', async () => {
    await t.deps.db.update(aiProviders).set({ enabled: false });
    try {
      await w.post(creator.token, '/api/ai/Robot/updateRobotConfigData', {
        id: robotId, config: { onboarding_info: { prologue: '你好，我是数学助手，可以讲解一元二次方程和函数。', suggested_questions: ['什么是函数？', '怎么解方程？'], suggested_questions_show_mode: 0 } },
      });
      const before = fake.chatRequests.length;
      const r = await ask(await newSession(), '一元二次方程怎么学');
      expect(fake.chatRequests.length).toBe(before);
      expect(r.answer).toContain(MSG.noModelConfigured);
      expect(r.answer).toContain('一元二次方程');
      const finish = r.events.find((e) => e.event === 'finish')!.data;
      expect(finish.sources.map((s: { title: string }) => s.title)).toContain('开场白');
      expect(r.events.find((e) => e.event === 'correlation_questions')!.data).toEqual(['什么是函数？', '怎么解方程？']);
      expect((await recordOf(r)).model).toBe('builtin');
    } finally {
      await t.deps.db.update(aiProviders).set({ enabled: true });
    }
  });
});

describe('nothing is lost', () => {
  it('the sweeper marks replies that stopped saving as interrupted, keeping their text', async () => {
    const id = await newSession();
    const [row] = await t.deps.db.insert(chatRecords).values({
      sessionId: id, groupId: (await w.get(student.token, '/api/uc/passport/getUserInfo')).data.group_id,
      userId: student.uid, robotId, question: '崩溃前', answer: '说到一半', updatedAt: new Date(Date.now() - 10 * 60_000),
    }).returning();
    expect(await sweepStaleReplies(t.deps.db, 60_000)).toBeGreaterThanOrEqual(1);
    const [after] = await t.deps.db.select().from(chatRecords).where(eq(chatRecords.id, row!.id));
    expect(after).toMatchObject({ status: 'interrupted', answer: '说到一半' });
  });

  it('shutting down (SIGTERM → app.close) saves an in-flight reply as interrupted', async () => {
    const t2 = await createTestApp({ LLM_BASE_URL: fake.url, LLM_MODEL: 'fake-chat', CHAT_HEARTBEAT_MS: '150', LLM_IDLE_TIMEOUT_MS: '30000' });
    try {
      await t2.app.listen({ port: 0, host: '127.0.0.1' });
      const base2 = `http://127.0.0.1:${(t2.app.server.address() as AddressInfo).port}`;
      const w2 = await new World(t2).init();
      const robot = await w2.robot(w2.admin);
      const session = await w2.post(w2.admin, '/api/ai/ChatCategory/save', { r_id: robot.id });
      fake.queue.push({ tokens: ['保存', '中途', '永远不来'], stallAfter: 2 });
      let closing: Promise<void> | null = null;
      let shown = '';
      await streamChat(base2, w2.admin, { category_id: session.data.id, question: '关机测试' }, (e) => {
        if (e.event === 'chat') shown += e.data.content;
        if (shown === '保存中途' && !closing) closing = t2.app.close();
      });
      await closing;
      const [row] = await t2.deps.db.select().from(chatRecords).where(eq(chatRecords.sessionId, session.data.id));
      expect(row).toMatchObject({ status: 'interrupted', answer: '保存中途' });
    } finally {
      await t2.close().catch(() => {});
    }
  });
});
