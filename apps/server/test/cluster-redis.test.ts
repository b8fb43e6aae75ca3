import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { call, createPeerApp, createTestApp, listen, newMobile, register, type TestApp } from './harness.ts';
import { World, type Person } from './robot-fixtures.ts';
import { FakeOpenAI } from './fakes/openai-server.ts';
import { streamChat } from './sse-client.ts';
import { chatRecords } from '../src/db/schema/chat.ts';
import { hasRedis, startRedis } from './redis-server.ts';

/**
 * Two nodes (two apps on one database, each with its own process state) sharing one real
 * redis-server, as two servers behind a load balancer: what one node counts or changes, the other sees.
 */
describe.skipIf(!hasRedis)('two nodes sharing Redis', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let fake: FakeOpenAI;
  let a: TestApp;
  let b: TestApp;
  let baseB: string;
  let w: World;
  let student: Person;
  let robotId: number;

  beforeAll(async () => {
    redis = await startRedis();
    fake = await new FakeOpenAI().start();
    const env = {
      REDIS_URL: redis.url, LOGIN_RATE_LIMIT: '4', REGISTER_RATE_LIMIT: '3',
      LLM_BASE_URL: fake.url, LLM_API_KEY: 'sk-test', LLM_MODEL: 'fake-chat',
    };
    a = await createTestApp(env);
    b = await createPeerApp(a, env);
    baseB = await listen(b);
    w = await new World(a).init();
    const creator = await w.personA(Role.CREATOR);
    student = await w.personA();
    robotId = (await w.robot(creator.token, { name: '数学助手', is_public: 2 })).id;
    await w.setting(creator.token, robotId, { is_public: 2 });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await fake?.stop();
    await redis?.stop();
  });

  it('counts wrong passwords spread over both nodes as one: at the limit even the right password is refused, on either node', async () => {
    const user = await register(a.app);
    const ip = '10.20.30.40';
    const tryLogin = (t: TestApp, password: string) => call(t.app, 'POST', '/api/uc/passport/doLogin', { body: { account: user.account, password }, ip });
    // Four failures (the limit), alternating nodes: each node alone has seen only two.
    for (const t of [a, b, a, b]) expect((await tryLogin(t, 'wrong-pass')).msg).toBe(MSG.wrongCredentials);
    for (const t of [a, b]) {
      const refused = await tryLogin(t, user.password);
      expect([refused.status, refused.msg]).toEqual([429, MSG.tooManyAttempts]);
    }
  });

  it('counts registrations from one address over both nodes against one limit', async () => {
    const ip = '10.20.30.41';
    const reg = (t: TestApp) => call(t.app, 'POST', '/api/uc/passport/doReg', { body: { account: newMobile(), password: 'secret-123' }, ip });
    for (const t of [a, b, a]) expect((await reg(t)).code).toBe(20000);
    const refused = await reg(b);
    expect([refused.status, refused.msg]).toEqual([429, MSG.tooManyAttempts]);
  });

  it('drops a sensitive-word list on every node at once: a word added on node A is refused on node B\'s very next question', async () => {
    const session = await w.post(student.token, '/api/ai/ChatCategory/save', { r_id: robotId });
    expect(session.code, session.msg).toBe(20000);
    const ask = (question: string) => streamChat(baseB, student.token, { category_id: session.data.id, question });
    // Node B answers once, so it holds the platform's list in its cache (fresh for ten seconds without Redis).
    fake.queue.push({ tokens: ['你好'] });
    const first = await ask('集群暗号是什么');
    expect([first.status, first.answer]).toEqual([200, '你好']);

    const saved = await w.post(w.admin, '/api/ai/admin.Sensitive/save', { word: '集群暗号' });
    expect(saved.code, saved.msg).toBe(20000);
    const before = fake.chatRequests.length;
    const refused = await ask('集群暗号是什么');
    expect([refused.status, refused.envelope?.msg]).toEqual([400, MSG.sensitiveQuestion]);
    expect(fake.chatRequests.length).toBe(before);
  });

  it('停止回答 sent to node A stops the answer node B is streaming: the upstream call ends and the reply is saved stopped with its partial text', async () => {
    const session = await w.post(student.token, '/api/ai/ChatCategory/save', { r_id: robotId });
    const clientMsgId = `stop-across-${Date.now()}`;
    fake.queue.push({ tokens: ['一', '二', '三', '四', '五', '六', '七', '八'], delayMs: 200 });
    let stoppedAt = 0;
    const streamed = streamChat(baseB, student.token, { category_id: session.data.id, question: '数到八', client_msg_id: clientMsgId }, (e) => {
      if (e.event !== 'chat' || stoppedAt) return;
      stoppedAt = Date.now();
      // The browser's own connection (to B) stays open: only the stop call, sent to the other node, may end it.
      void w.post(student.token, '/api/ai/chat/stop', { category_id: session.data.id, client_msg_id: clientMsgId })
        .then((r) => expect(r.code, r.msg).toBe(20000));
    });
    const r = await streamed;
    expect(r.status).toBe(200);
    await expect.poll(() => fake.chatRequests.at(-1)!.closedEarlyAt, { timeout: 3000 }).not.toBeNull();
    expect(fake.chatRequests.at(-1)!.closedEarlyAt! - stoppedAt).toBeLessThan(1500);
    const stored = async () => (await a.deps.db.select().from(chatRecords).where(eq(chatRecords.sessionId, session.data.id)))[0];
    await expect.poll(async () => (await stored())?.status).toBe('stopped');
    const row = (await stored())!;
    expect(row.answer.startsWith('一')).toBe(true);
    expect(row.answer).not.toContain('八');
  });

  it('停止回答 still reaches the answer after the same send was retried (the retry watches the answer, it does not take it over)', async () => {
    const session = await w.post(student.token, '/api/ai/ChatCategory/save', { r_id: robotId });
    const body = { category_id: session.data.id, question: '再数到八', client_msg_id: `stop-retried-${Date.now()}` };
    fake.queue.push({ tokens: ['一', '二', '三', '四', '五', '六', '七', '八'], delayMs: 200 });
    let retried: Promise<Awaited<ReturnType<typeof streamChat>>> | undefined;
    let stopped = false;
    const streamed = streamChat(baseB, student.token, body, (e) => {
      if (e.event !== 'chat' || retried) return;
      // A client retrying its send (same id) on the same node: it gets the stored exchange so far, then the rest live.
      retried = streamChat(baseB, student.token, body, (r) => {
        if (r.event !== 'chat' || stopped) return;
        stopped = true;
        void w.post(student.token, '/api/ai/chat/stop', { category_id: body.category_id, client_msg_id: body.client_msg_id })
          .then((stop) => expect(stop.code, stop.msg).toBe(20000));
      });
    });
    await streamed;
    const retry = (await retried)!;
    expect(retry.status).toBe(200);
    const stored = async () => (await a.deps.db.select().from(chatRecords).where(eq(chatRecords.sessionId, session.data.id)))[0];
    await expect.poll(async () => (await stored())?.status).toBe('stopped');
    expect((await stored())!.answer).not.toContain('八');
    // The retried stream ends as the answer did: its text is the stored one, its finish says stopped.
    expect(retry.answer).toBe((await stored())!.answer);
    expect(retry.events.find((e) => e.event === 'finish')?.data.status).toBe('stopped');
  });

  it('counts one user\'s open streams over both nodes against one cap (429 on the node that has only one), and gives them back', async () => {
    const baseA = await listen(a);
    const sessions: number[] = [];
    for (let i = 0; i < 4; i++) sessions.push((await w.post(student.token, '/api/ai/ChatCategory/save', { r_id: robotId })).data.id);
    // Streams that hold until stopped: the cap is checked while all three are surely open.
    const holding = (base: string, sessionId: number, i: number) => {
      fake.queue.push({ tokens: ['先说', '一半'], stallAfter: 1 });
      const body = { category_id: sessionId, question: '慢一点回答', client_msg_id: `slots-${Date.now()}-${i}` };
      let opened!: () => void;
      const started = new Promise<void>((resolve) => { opened = resolve; });
      const done = streamChat(base, student.token, body, (e) => { if (e.event === 'chat') opened(); });
      return { started, done, stop: () => w.post(student.token, '/api/ai/chat/stop', { category_id: sessionId, client_msg_id: body.client_msg_id }) };
    };
    // CHAT_STREAMS_PER_USER is 3: two open on node A, one on node B.
    const held = [holding(baseA, sessions[0]!, 0), holding(baseA, sessions[1]!, 1), holding(baseB, sessions[2]!, 2)];
    await Promise.all(held.map((h) => h.started));
    const refused = await streamChat(baseB, student.token, { category_id: sessions[3], question: '第四个问题' });
    expect([refused.status, refused.envelope?.msg]).toEqual([429, MSG.chatStreamsPerUser]);
    expect(await a.deps.db.select().from(chatRecords).where(eq(chatRecords.sessionId, sessions[3]!))).toEqual([]);
    // Stopped, each gives its slot back, on whichever node it was taken.
    await Promise.all(held.map((h) => h.stop()));
    expect((await Promise.all(held.map((h) => h.done))).map((r) => r.status)).toEqual([200, 200, 200]);
    // A slot is given back just after its stream's last byte: the next send may have to try again, at once.
    fake.queue.push({ tokens: ['轮到你了'] });
    let after: Awaited<ReturnType<typeof streamChat>> | undefined;
    await expect.poll(async () => (after = await streamChat(baseB, student.token, { category_id: sessions[3], question: '第四个问题' })).status).toBe(200);
    expect(after!.answer).toBe('轮到你了');
  });

  it('lets the stream slots of a node that died lapse: a lease not renewed goes after its time, a renewed one stays', async () => {
    const keys = [`streams:user:lapse-${Date.now()}`];
    expect(await a.deps.cluster.lease(keys, [1], 'node-a:1', 300)).toBe(-1);
    expect(await b.deps.cluster.lease(keys, [1], 'node-b:1', 60_000)).toBe(0);
    // Node A renews (it is alive): still held well past the first 300 ms.
    await a.deps.cluster.renew(keys, 'node-a:1', 3000);
    await new Promise((r) => setTimeout(r, 500));
    expect(await b.deps.cluster.lease(keys, [1], 'node-b:1', 60_000)).toBe(0);
    // Then it stops renewing (killed): the slot comes back.
    await expect.poll(() => b.deps.cluster.lease(keys, [1], 'node-b:1', 60_000), { timeout: 8000, interval: 250 }).toBe(-1);
    await b.deps.cluster.unlease(keys, 'node-b:1');
    expect(await a.deps.cluster.lease(keys, [1], 'node-a:2', 60_000)).toBe(-1);
  });

  it('answers 停止回答 for another user\'s session with 404, and stops nothing', async () => {
    const other = await w.personA();
    const session = await w.post(student.token, '/api/ai/ChatCategory/save', { r_id: robotId });
    const res = await w.post(other.token, '/api/ai/chat/stop', { category_id: session.data.id, client_msg_id: 'someone-else-1' });
    expect([res.status, res.msg]).toEqual([404, MSG.sessionNotFound]);
  });

  // Last: it stops the shared redis-server.
  it('while Redis is away: a login is refused as 服务器繁忙 (503, never let through uncounted), other calls and chat go on', async () => {
    const user = await register(a.app);
    await redis.stop();
    const refused = await call(b.app, 'POST', '/api/uc/passport/doLogin', { body: { account: user.account, password: user.password } });
    expect([refused.status, refused.msg]).toEqual([503, MSG.serverError]);
    const reg = await call(a.app, 'POST', '/api/uc/passport/doReg', { body: { account: newMobile(), password: 'secret-123' } });
    expect(reg.code, reg.msg).toBe(20000);
    expect((await call(b.app, 'GET', '/api/uc/passport/getUserInfo', { token: user.token })).code).toBe(20000);
    // A chat is answered: its stream slot is granted without Redis (a cap on capacity, not a lock).
    const session = await w.post(student.token, '/api/ai/ChatCategory/save', { r_id: robotId });
    fake.queue.push({ tokens: ['照常回答'] });
    const answered = await streamChat(baseB, student.token, { category_id: session.data.id, question: '现在还能提问吗' });
    expect([answered.status, answered.answer]).toEqual([200, '照常回答']);
  });
});
