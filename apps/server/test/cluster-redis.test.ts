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

  it('answers 停止回答 for another user\'s session with 404, and stops nothing', async () => {
    const other = await w.personA();
    const session = await w.post(student.token, '/api/ai/ChatCategory/save', { r_id: robotId });
    const res = await w.post(other.token, '/api/ai/chat/stop', { category_id: session.data.id, client_msg_id: 'someone-else-1' });
    expect([res.status, res.msg]).toEqual([404, MSG.sessionNotFound]);
  });

  // Last: it stops the shared redis-server.
  it('while Redis is away: a login is refused as 服务器繁忙 (503, never let through uncounted), other calls go on', async () => {
    const user = await register(a.app);
    await redis.stop();
    const refused = await call(b.app, 'POST', '/api/uc/passport/doLogin', { body: { account: user.account, password: user.password } });
    expect([refused.status, refused.msg]).toEqual([503, MSG.serverError]);
    const reg = await call(a.app, 'POST', '/api/uc/passport/doReg', { body: { account: newMobile(), password: 'secret-123' } });
    expect(reg.code, reg.msg).toBe(20000);
    expect((await call(b.app, 'GET', '/api/uc/passport/getUserInfo', { token: user.token })).code).toBe(20000);
  });
});
