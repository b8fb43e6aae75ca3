import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { call, createPeerApp, createTestApp, listen, newMobile, register, type TestApp } from './harness.ts';
import { World, type Person } from './robot-fixtures.ts';
import { FakeOpenAI } from './fakes/openai-server.ts';
import { streamChat } from './sse-client.ts';
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
});
