/**
 * Robots as services (issue 25): keys, the OpenAI-compatible /v1 endpoints driven by the official
 * `openai` client, limits, embed tickets and share links, and what a key cannot reach.
 */
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { createTestApp, listen, type TestApp } from './harness.ts';
import { World, type OrgB, type Person } from './robot-fixtures.ts';

let t: TestApp;
let w: World;
let creator: Person;
let b: OrgB;
let base: string;
let robot: { id: number; code: string };
let other: { id: number; code: string };

const MANUAL = '# 图书馆使用指南\n\n## 开放时间\n\n图书馆周一至周五早上八点开放，晚上十点闭馆。周末开放时间为早上九点到下午五点。\n';

async function newKey(body: Record<string, unknown>, who = creator.token) {
  const res = await w.post(who, '/api/ai/RobotApiKey/create', { robot_id: robot.id, name: '微信机器人', ...body });
  expect(res.code, res.msg).toBe(20000);
  return res.data as { key: { id: number; prefix: string; status: string }; secret: string };
}

/** An OpenAI error body (or any JSON answer) as the test reads it. */
const json = async (r: Response): Promise<any> => r.json();
/** The HTTP status a client call failed with (0: it succeeded). */
const failed = (p: Promise<unknown>) => p.then(() => 0, (e: { status: number }) => e.status);

const client = (apiKey: string) => new OpenAI({ baseURL: `${base}/v1`, apiKey, maxRetries: 0 });

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  w = await new World(t).init();
  creator = await w.personA(Role.CREATOR);
  b = await w.orgB();
  // A robot with a knowledge base: the built-in engine answers from it and cites it.
  robot = await w.robotWithDocument(creator.token, '图书馆助手', '图书馆指南.md', MANUAL);
  other = await w.robot(creator.token, { name: '另一个助手' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the OpenAI-compatible endpoints', () => {
  it('the openai client lists the robot as a model and streams an answer that cites the knowledge document', async () => {
    const { secret, key } = await newKey({});
    expect(secret.startsWith(key.prefix)).toBe(true);
    const api = client(secret);

    const models = await api.models.list();
    expect(models.data.map((m) => m.id)).toEqual([robot.code]);

    const stream = await api.chat.completions.create({
      model: robot.code, stream: true, user: 'wechat-42', messages: [{ role: 'user', content: '图书馆周末几点开门？' }],
    });
    let answer = '';
    let sources: { document_name?: string }[] = [];
    let finish: string | null = null;
    for await (const chunk of stream) {
      answer += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      const extra = chunk as unknown as { sources?: typeof sources };
      if (extra.sources) sources = extra.sources;
    }
    expect(answer).toContain('周末开放时间为早上九点到下午五点');
    expect(finish).toBe('stop');
    expect(sources[0]).toMatchObject({ document_name: '图书馆指南.md' });

    // Not streamed: the same answer in one body, the sources beside the choices.
    const whole = await api.chat.completions.create({
      model: robot.code, user: 'wechat-42',
      messages: [{ role: 'user', content: '图书馆周末几点开门？' }, { role: 'assistant', content: answer }, { role: 'user', content: '图书馆平时几点闭馆？' }],
    });
    expect(whole.choices[0]!.message.content).toContain('晚上十点闭馆');
    expect((whole as unknown as { sources: { document_name: string }[] }).sources[0]!.document_name).toBe('图书馆指南.md');

    // Stored under the key's API session, with the caller's user, in the robot's records.
    const records = await w.get(creator.token, '/api/ai/ChatRecords/lists', { robot_id: robot.id, limit: 50 });
    const mine = records.data.data.filter((r: { session_name: string }) => r.session_name === 'API · wechat-42');
    expect(mine).toHaveLength(2);
    expect(mine[0].user.truename).toBe('API：微信机器人');

    // Usage per key and per robot.
    const keys = await w.get(creator.token, '/api/ai/RobotApiKey/lists', { robot_id: robot.id });
    expect(keys.data.find((k: { id: number }) => k.id === key.id)).toMatchObject({ used_today: 2, used_total: 2, status: 'active' });
    expect(JSON.stringify(keys.data)).not.toContain(secret);
    const usage = await w.get(creator.token, '/api/ai/RobotApiKey/usage', { robot_id: robot.id });
    expect(usage.data.today).toBeGreaterThanOrEqual(2);
    expect(usage.data.days).toHaveLength(7);
    expect(usage.data.days.at(-1).count).toBe(usage.data.today);
  });

  it('a revoked key gets 401 in OpenAI error shape, which the client reads', async () => {
    const { secret, key } = await newKey({ name: '脚本' });
    const api = client(secret);
    expect((await api.models.list()).data).toHaveLength(1);
    const revoked = await w.post(creator.token, '/api/ai/RobotApiKey/revoke', { id: key.id });
    expect(revoked.data.status).toBe('revoked');
    const err = await api.models.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((err as InstanceType<typeof OpenAI.AuthenticationError>).status).toBe(401);
    const raw = await fetch(`${base}/v1/chat/completions`, {
      method: 'POST', headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: robot.code, messages: [{ role: 'user', content: '你好' }] }),
    });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toEqual({ error: { message: 'API 密钥已被吊销', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } });
    // No key, an unknown key, bad input and an unknown path: the same shape.
    const none = await fetch(`${base}/v1/models`);
    expect(none.status).toBe(401);
    expect((await json(none)).error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_api_key', param: null });
    const unknown = await client('xb-api-nothing').models.list().catch((e: unknown) => e);
    expect((unknown as { status: number }).status).toBe(401);
    const { secret: live } = await newKey({ name: '格式' });
    const bad = await fetch(`${base}/v1/chat/completions`, {
      method: 'POST', headers: { authorization: `Bearer ${live}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: robot.code, messages: [] }),
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error).toMatchObject({ type: 'invalid_request_error', param: 'messages', code: 'invalid_value' });
    const lost = await fetch(`${base}/v1/embeddings`, { method: 'POST', headers: { authorization: `Bearer ${live}` } });
    expect(lost.status).toBe(404);
    expect((await json(lost)).error).toMatchObject({ type: 'invalid_request_error', code: 'unknown_url' });
  });

  it('past the per-minute limit the client gets 429 with Retry-After, and nothing is answered', async () => {
    const { secret } = await newKey({ name: '限流', per_minute: 2 });
    const api = client(secret);
    const ask = () => api.chat.completions.create({ model: robot.code, messages: [{ role: 'user', content: '图书馆几点开门？' }] });
    await ask();
    await ask();
    const before = (await w.get(creator.token, '/api/ai/ChatRecords/lists', { robot_id: robot.id, limit: 100 })).data.total;
    const err = await ask().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.RateLimitError);
    const limited = err as InstanceType<typeof OpenAI.RateLimitError>;
    expect(limited.status).toBe(429);
    expect(Number(limited.headers?.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers?.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(limited.error).toMatchObject({ type: 'rate_limit_exceeded', code: 'rate_limit_exceeded' });
    expect((await w.get(creator.token, '/api/ai/ChatRecords/lists', { robot_id: robot.id, limit: 100 })).data.total).toBe(before);
  });
});

describe('the chat panel\'s rules apply to the API', () => {
  it("a bound intent's recommend content comes beside the answer; a sensitive question is refused and nothing stored", async () => {
    const category = await w.post(creator.token, '/api/ai/intentCategory/save', { name: '教务' });
    const intent = await w.post(creator.token, '/api/ai/intent/save', { category_id: category.data.id, name: '请假流程' });
    await w.post(creator.token, '/api/ai/intentContent/save', {
      intent_id: intent.data.id, sort: 0, content_type: 'text', content: { content: '在教务系统提交请假申请，班主任审批。' },
    });
    expect((await w.post(creator.token, '/api/ai/intent/bindCategory', { robot_id: other.id, ids: [category.data.id] })).code).toBe(20000);
    const res = await w.post(creator.token, '/api/ai/RobotApiKey/create', { robot_id: other.id, name: '教务脚本' });
    const api = client(res.data.secret);
    const answer = await api.chat.completions.create({ model: other.code, messages: [{ role: 'user', content: '我想知道请假流程怎么走' }] });
    expect((answer as unknown as { recommend_content: { content: { content: string } }[] }).recommend_content[0]!.content.content).toBe('在教务系统提交请假申请，班主任审批。');

    const word = await w.post(w.admin, '/api/ai/group.Sensitive/save', { word: '考试答案泄露' });
    expect(word.code, word.msg).toBe(20000);
    const before = (await w.get(creator.token, '/api/ai/ChatRecords/lists', { robot_id: other.id })).data.total;
    const raw = await fetch(`${base}/v1/chat/completions`, {
      method: 'POST', headers: { authorization: `Bearer ${res.data.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: other.code, messages: [{ role: 'user', content: '哪里有考试答案泄露' }] }),
    });
    expect(raw.status).toBe(400);
    expect((await json(raw)).error).toMatchObject({ message: MSG.sensitiveQuestion, type: 'invalid_request_error', param: null });
    expect((await w.get(creator.token, '/api/ai/ChatRecords/lists', { robot_id: other.id })).data.total).toBe(before);
  });
});

describe('what a key can reach', () => {
  it("a key of one robot cannot use another robot, another organisation's robot, or the /api calls", async () => {
    const { secret } = await newKey({ name: '只给图书馆' });
    const api = client(secret);
    const theirs = await w.robot(b.token, { name: '乙校助手' });
    for (const model of [other.code, theirs.code, 'gpt-4o']) {
      const err = await api.chat.completions.create({ model, messages: [{ role: 'user', content: '你好' }] }).catch((e: unknown) => e);
      expect((err as { status: number }).status).toBe(404);
      expect((err as { error: { code: string; param: string } }).error).toMatchObject({ code: 'model_not_found', param: 'model' });
    }
    expect((await api.models.list()).data.map((m) => m.id)).toEqual([robot.code]);
    // The key is no session: the house API does not take it.
    const asApi = await fetch(`${base}/api/ai/Robot/detail?id=${robot.id}`, { headers: { authorization: `Bearer ${secret}` } });
    expect(asApi.status).toBe(401);
  });

  it("another organisation's admin can neither list, revoke nor read the usage of a robot's keys", async () => {
    const { key, secret } = await newKey({ name: '甲校密钥' });
    expect((await w.get(b.token, '/api/ai/RobotApiKey/lists', { robot_id: robot.id })).status).toBe(404);
    expect((await w.get(b.token, '/api/ai/RobotApiKey/usage', { robot_id: robot.id })).status).toBe(404);
    expect((await w.post(b.token, '/api/ai/RobotApiKey/revoke', { id: key.id })).status).toBe(404);
    expect((await w.post(b.token, '/api/ai/RobotApiKey/create', { robot_id: robot.id, name: '越界' })).status).toBe(404);
    expect((await client(secret).models.list()).data).toHaveLength(1);
    // A student of the same organisation is no manager.
    const student = await w.personA();
    expect((await w.get(student.token, '/api/ai/RobotApiKey/lists', { robot_id: robot.id })).status).toBe(403);
  });

  it('validates what a creator enters, naming the field', async () => {
    const noOrigin = await w.post(creator.token, '/api/ai/RobotApiKey/create', { robot_id: robot.id, name: '嵌入', kind: 'embed' });
    expect([noOrigin.status, noOrigin.msg]).toEqual([400, '嵌入网页至少要填写一个允许的来源']);
    const badOrigin = await w.post(creator.token, '/api/ai/RobotApiKey/create', { robot_id: robot.id, name: '嵌入', kind: 'embed', allowed_origins: ['https://a.com/page'] });
    expect(badOrigin.status).toBe(400);
    const noName = await w.post(creator.token, '/api/ai/RobotApiKey/create', { robot_id: robot.id, name: ' ' });
    expect([noName.status, noName.msg]).toEqual([400, '请输入密钥名称']);
  });
});

describe('embedding and share links', () => {
  const SITE = 'http://school.example:8080';

  it('an allowed page gets a ticket its visitors chat with, limited per visitor; other pages are refused', async () => {
    const { secret } = await newKey({ name: '学校官网', kind: 'embed', allowed_origins: [SITE], per_minute: 1 });
    const script = await fetch(`${base}/embed.js`);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(script.headers.get('cross-origin-resource-policy')).toBe('cross-origin');

    const ticketFor = (origin: string) => fetch(`${base}/v1/embed/ticket`, {
      method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify({ key: secret }),
    });
    const refused = await ticketFor('https://evil.example');
    expect(refused.status).toBe(403);
    expect((await json(refused)).error.code).toBe('origin_not_allowed');
    const granted = await ticketFor(SITE);
    expect(granted.status).toBe(200);
    const { ticket, chat_url: chatUrl } = await granted.json() as { ticket: string; chat_url: string };
    expect(granted.headers.get('access-control-allow-origin')).toBe(SITE);

    // The chat page may be framed by that page only.
    const page = await t.app.inject({ method: 'GET', url: new URL(chatUrl).pathname + new URL(chatUrl).search });
    expect(String(page.headers['content-security-policy'])).toContain(`frame-ancestors ${SITE}`);
    const forged = await t.app.inject({ method: 'GET', url: `/external-dialogue?embed=1&ticket=${ticket}x` });
    expect(String(forged.headers['content-security-policy'])).toContain("frame-ancestors 'none'");

    // The embed key itself is no bearer; the ticket is, for one visitor at a time within the limit.
    expect(await failed(client(secret).models.list())).toBe(403);
    const visitor = client(ticket);
    const info = await fetch(`${base}/v1/embed/robot`, { headers: { authorization: `Bearer ${ticket}` } });
    expect(await info.json()).toMatchObject({ id: robot.id, name: '图书馆助手' });
    const ask = (user: string) => visitor.chat.completions.create({ model: robot.code, user, messages: [{ role: 'user', content: '图书馆几点开门？' }] });
    expect((await ask('visitor-a')).choices[0]!.message.content).toContain('八点');
    expect(await failed(ask('visitor-a'))).toBe(429);
    expect((await ask('visitor-b')).choices[0]!.message.content).toContain('八点');
    // A visitor needs a visitor id.
    expect(await failed(visitor.chat.completions.create({ model: robot.code, messages: [{ role: 'user', content: '你好' }] }))).toBe(400);
    // The frame's own calls come from this server's pages; another site's page cannot use a ticket.
    const elsewhere = await fetch(`${base}/v1/embed/robot`, { headers: { authorization: `Bearer ${ticket}`, origin: 'https://evil.example' } });
    expect(elsewhere.status).toBe(403);
  });

  it('a share link works until it expires', async () => {
    const live = await newKey({ name: '分享', kind: 'share', expire_time: Math.floor(Date.now() / 1000) + 3600 });
    const ask = (secret: string) => client(secret).chat.completions.create({ model: robot.code, user: 'browser-1', messages: [{ role: 'user', content: '图书馆几点开门？' }] });
    expect((await ask(live.secret)).choices[0]!.message.content).toContain('八点');
    const soon = await newKey({ name: '快过期', kind: 'share', expire_time: Math.floor(Date.now() / 1000) + 1 });
    await new Promise((r) => setTimeout(r, 1100));
    const err = await ask(soon.secret).catch((e: unknown) => e) as { status: number; error: { code: string; message: string } };
    expect(err.status).toBe(401);
    expect(err.error).toMatchObject({ code: 'expired_api_key', message: '分享链接已过期' });
    const list = await w.get(creator.token, '/api/ai/RobotApiKey/lists', { robot_id: robot.id });
    expect(list.data.find((k: { id: number }) => k.id === soon.key.id).status).toBe('expired');
  });
});
