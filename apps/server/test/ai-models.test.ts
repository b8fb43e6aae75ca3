/** Model providers (密钥管理), models (AI 模型), a robot's own model and the chat panel's model info. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@xueban/contract/roles';
import { MSG } from '@xueban/contract/messages';
import { createTestApp, type TestApp } from './harness.ts';
import { World, type Person } from './robot-fixtures.ts';
import { aiModels, aiProviders } from '../src/db/schema/chat.ts';
import { open } from '../src/ai/secret-box.ts';
import { resolveChatModel } from '../src/modules/ai-models/model-choice.ts';
import { registerEnvProvider } from '../src/modules/ai-models/providers.service.ts';

/** An OpenAI-compatible server's GET /models on 127.0.0.1: answers only the right bearer key. */
async function fakeProvider(key: string) {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url !== '/v1/models') return json(404, { error: { message: 'Not found' } });
    if (req.headers.authorization !== `Bearer ${key}`) return json(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
    json(200, { object: 'list', data: [{ id: 'deepseek-chat', object: 'model' }, { id: 'deepseek-reasoner', object: 'model' }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A loopback port nobody listens on (taken and let go). */
async function closedPort() {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  return port;
}

const KEY = 'sk-test-1234567890abcdef';
/** The fake providers stand in for intranet model servers: the operator allows their origins. */
let ENV: Record<string, string>;
let deadPort = 0;
let t: TestApp;
let w: World;
let provider: Awaited<ReturnType<typeof fakeProvider>>;
let creator: Person;

beforeAll(async () => {
  provider = await fakeProvider(KEY);
  deadPort = await closedPort();
  ENV = { EGRESS_MODEL_ORIGINS: `${new URL(provider.url).origin},http://127.0.0.1:${deadPort}` };
  t = await createTestApp(ENV);
  w = await new World(t).init();
  creator = await w.personA(Role.CREATOR);
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const saveKey = (body: Record<string, unknown>) => w.post(w.admin, '/api/ai/admin.AiKey/save', body);
const saveModel = (body: Record<string, unknown>) => w.post(w.admin, '/api/ai/admin.AiModel/save', body);
async function newModel(providerId: number, model: string, capabilities: string[], extra: Record<string, unknown> = {}) {
  const res = await saveModel({ provider_id: providerId, model, label: model.toUpperCase(), capabilities, ...extra });
  expect(res.code, res.msg).toBe(20000);
  return res.data.id as number;
}

describe('chat model info before any model exists', () => {
  it('says the built-in engine answers, and whether web search is configured', async () => {
    const robot = await w.robot(creator.token);
    const student = await w.personA();
    await w.setting(creator.token, robot.id, { is_public: 2 });
    const info = await w.get(student.token, '/api/ai/Chat/modelInfo', { id: robot.id });
    expect(info.code, info.msg).toBe(20000);
    expect(info.data).toEqual({ model: '内置引擎', builtin: true, tips: MSG.builtinModelTips, reasoning: false, vision: false, network: false });
  });
});

describe('key management (providers)', () => {
  it('stores the key encrypted, lists it only masked, and keeps it when an edit leaves it blank', async () => {
    const created = await saveKey({ name: 'DeepSeek', base_url: `${provider.url}/`, api_key: KEY });
    expect(created.code, created.msg).toBe(20000);
    const id = created.data.id as number;
    expect(created.data.api_key).toBe('sk-****cdef');
    expect(created.data.base_url).toBe(provider.url);

    const [row] = await t.deps.db.select().from(aiProviders).where(eq(aiProviders.id, id));
    expect(row!.apiKeyEnc).not.toContain(KEY);
    expect(open(t.config.APP_SECRET, row!.apiKeyEnc)).toBe(KEY);

    const list = await w.get(w.admin, '/api/ai/admin.AiKey/lists');
    expect(JSON.stringify(list.data)).not.toContain(KEY);
    expect(list.data.find((p: { id: number }) => p.id === id)).toMatchObject({ name: 'DeepSeek', api_key: 'sk-****cdef', model_count: 0 });

    const renamed = await saveKey({ id, name: '深度求索', base_url: provider.url, api_key: '' });
    expect(renamed.code).toBe(20000);
    const [kept] = await t.deps.db.select().from(aiProviders).where(eq(aiProviders.id, id));
    expect(kept!.name).toBe('深度求索');
    expect(open(t.config.APP_SECRET, kept!.apiKeyEnc)).toBe(KEY);

    const rekeyed = await saveKey({ id, name: '深度求索', base_url: provider.url, api_key: 'sk-another-key-9999' });
    expect(rekeyed.data.api_key).toBe('sk-****9999');
    await saveKey({ id, name: '深度求索', base_url: provider.url, api_key: KEY });
  });

  it('refuses a base URL that is not http(s) and an empty name', async () => {
    for (const base_url of ['ftp://example.com/v1', 'file:///etc/passwd', 'not a url', 'http://user:pw@example.com']) {
      const res = await saveKey({ name: 'x', base_url, api_key: 'k' });
      expect(res.status, base_url).toBe(400);
      expect(res.msg).toBe(MSG.baseUrlInvalid);
    }
    expect((await saveKey({ name: ' ', base_url: 'https://api.example.com/v1' })).msg).toBe(MSG.providerNameRequired);
  });

  it('tests the connection against the provider and explains failures in Chinese', async () => {
    const good = (await saveKey({ name: '好的', base_url: provider.url, api_key: KEY })).data.id;
    const ok = await w.post(w.admin, '/api/ai/admin.AiKey/test', { id: good });
    expect(ok.status).toBe(200);
    expect(ok.data).toEqual({ ok: 1, msg: `${MSG.providerTestOk}（${MSG.providerTestModels}：2）`, models: ['deepseek-chat', 'deepseek-reasoner'] });
    expect(provider.seen).toContain('GET /v1/models');

    const wrongKey = (await saveKey({ name: '错的密钥', base_url: provider.url, api_key: 'sk-wrong-0000' })).data.id;
    const denied = await w.post(w.admin, '/api/ai/admin.AiKey/test', { id: wrongKey });
    expect(denied.status).toBe(200);
    expect(denied.data).toMatchObject({ ok: 0, msg: `${MSG.providerAuthFailed}（401）` });

    const wrongPath = (await saveKey({ name: '错的地址', base_url: provider.url.replace('/v1', '/api'), api_key: KEY })).data.id;
    expect((await w.post(w.admin, '/api/ai/admin.AiKey/test', { id: wrongPath })).data).toMatchObject({ ok: 0, msg: MSG.providerNoModelsApi });

    // An allowed origin nobody listens on: the connection is refused.
    const deadId = (await saveKey({ name: '关机', base_url: `http://127.0.0.1:${deadPort}/v1`, api_key: KEY })).data.id;
    const dead = await w.post(w.admin, '/api/ai/admin.AiKey/test', { id: deadId });
    expect(dead.status).toBe(200);
    expect(dead.data.ok).toBe(0);
    expect(dead.data.msg.startsWith(MSG.providerUnreachable)).toBe(true);

    for (const id of [wrongKey, wrongPath, deadId]) expect((await w.post(w.admin, '/api/ai/admin.AiKey/delete', { id })).code).toBe(20000);
    expect((await w.post(w.admin, '/api/ai/admin.AiKey/test', { id: deadId })).status).toBe(404);
  });

  it('answers 403 to a student or a creator on every admin call', async () => {
    const student = await w.personA();
    for (const who of [student.token, creator.token]) {
      expect((await w.get(who, '/api/ai/admin.AiKey/lists')).status).toBe(403);
      expect((await w.get(who, '/api/ai/admin.AiModel/lists')).status).toBe(403);
      expect((await w.post(who, '/api/ai/admin.AiKey/save', { name: 'x', base_url: 'https://a.example/v1' })).status).toBe(403);
      expect((await w.post(who, '/api/ai/admin.AiModel/setDefault', { id: 1 })).status).toBe(403);
    }
  });
});

describe('models', () => {
  let providerId = 0;
  beforeAll(async () => {
    providerId = (await saveKey({ name: '模型服务', base_url: provider.url, api_key: KEY })).data.id;
  });

  it('creates, lists with the provider, edits, refuses a duplicate, and deletes', async () => {
    const id = await newModel(providerId, 'qwen-max', ['chat', 'vision'], { context_window: 32000, tips: '通义千问' });
    const list = await w.get(w.admin, '/api/ai/admin.AiModel/lists');
    expect(list.data.find((m: { id: number }) => m.id === id)).toMatchObject({
      provider_id: providerId, provider_name: '模型服务', model: 'qwen-max', label: 'QWEN-MAX',
      capabilities: ['chat', 'vision'], context_window: 32000, tips: '通义千问', is_default: 0, enabled: 1,
    });
    const dup = await saveModel({ provider_id: providerId, model: 'qwen-max', label: '重复', capabilities: ['chat'] });
    expect(dup.status).toBe(400);
    expect(dup.msg).toBe(MSG.modelDuplicate);
    const noCaps = await saveModel({ provider_id: providerId, model: 'x', label: 'x', capabilities: [] });
    expect(noCaps.msg).toBe(MSG.modelCapabilityRequired);

    const edited = await saveModel({ id, provider_id: providerId, model: 'qwen-max', label: '通义', capabilities: ['chat'], enabled: 0 });
    expect(edited.data).toMatchObject({ label: '通义', capabilities: ['chat'], enabled: 0 });
    expect((await w.post(w.admin, '/api/ai/admin.AiModel/delete', { id })).code).toBe(20000);
    expect((await w.post(w.admin, '/api/ai/admin.AiModel/delete', { id })).status).toBe(404);
  });

  it('leaves exactly one default after five concurrent setDefault calls', async () => {
    const ids = await Promise.all(['m1', 'm2', 'm3', 'm4', 'm5'].map((m) => newModel(providerId, m, ['chat'])));
    const results = await Promise.all(ids.map((id) => w.post(w.admin, '/api/ai/admin.AiModel/setDefault', { id })));
    expect(results.map((r) => r.code)).toEqual([20000, 20000, 20000, 20000, 20000]);
    const defaults = await t.deps.db.select().from(aiModels).where(eq(aiModels.isDefault, true));
    expect(defaults).toHaveLength(1);
    expect(ids).toContain(defaults[0]!.id);

    const embedding = await newModel(providerId, 'bge-m3', ['embedding']);
    expect((await w.post(w.admin, '/api/ai/admin.AiModel/setDefault', { id: embedding })).msg).toBe(MSG.modelNeedsChat);
    await Promise.all([...ids, embedding].map((id) => w.post(w.admin, '/api/ai/admin.AiModel/delete', { id })));
  });
});

describe("a robot's own model", () => {
  let robotId = 0;
  const ids = { fallback: 0, chosen: 0, thinker: 0, seer: 0 };
  beforeAll(async () => {
    const providerId = (await saveKey({ name: '机器人模型', base_url: provider.url, api_key: KEY })).data.id;
    ids.fallback = await newModel(providerId, 'base-chat', ['chat'], { tips: '默认模型' });
    ids.chosen = await newModel(providerId, 'chosen-chat', ['chat'], { tips: '机器人专用' });
    ids.thinker = await newModel(providerId, 'thinker', ['reasoning']);
    ids.seer = await newModel(providerId, 'seer', ['chat', 'vision'], { sort: 9 });
    await w.post(w.admin, '/api/ai/admin.AiModel/setDefault', { id: ids.fallback });
    robotId = (await w.robot(creator.token)).id;
  });

  const resolve = (needs = {}) => resolveChatModel(t.deps, robotId, needs).then((m) => m?.model);

  it('answers with the default until the robot picks its own, then honours reasoning and vision needs', async () => {
    expect(await resolve()).toBe('base-chat');
    expect(await resolve({ reasoning: true })).toBe('thinker');
    expect(await resolve({ vision: true })).toBe('seer');

    const set = await w.post(creator.token, '/api/ai/Robot/setRobotModel', { id: robotId, chat_model_id: ids.chosen, reasoning_model_id: ids.thinker });
    expect(set.code, set.msg).toBe(20000);
    expect(await resolve()).toBe('chosen-chat');
    const got = await w.get(creator.token, '/api/ai/Robot/getRobotModel', { id: robotId });
    expect(got.data).toMatchObject({ chat_model_id: ids.chosen, reasoning_model_id: ids.thinker });
    expect(got.data.models.map((m: { id: number }) => m.id)).toEqual(expect.arrayContaining(Object.values(ids)));

    const info = await w.get(creator.token, '/api/ai/Chat/modelInfo', { id: robotId });
    expect(info.data).toEqual({ model: 'CHOSEN-CHAT', builtin: false, tips: '机器人专用', reasoning: true, vision: true, network: false });

    // null: back to the platform default; omitted: unchanged.
    await w.post(creator.token, '/api/ai/Robot/setRobotModel', { id: robotId, chat_model_id: null });
    expect(await resolve()).toBe('base-chat');
    expect((await w.get(creator.token, '/api/ai/Robot/getRobotModel', { id: robotId })).data.reasoning_model_id).toBe(ids.thinker);
  });

  it('refuses a model that cannot do the job, and a student', async () => {
    const notReasoning = await w.post(creator.token, '/api/ai/Robot/setRobotModel', { id: robotId, reasoning_model_id: ids.chosen });
    expect(notReasoning.status).toBe(400);
    expect(notReasoning.msg).toBe(MSG.modelNeedsReasoning);
    const notChat = await w.post(creator.token, '/api/ai/Robot/setRobotModel', { id: robotId, chat_model_id: ids.thinker });
    expect(notChat.msg).toBe(MSG.modelNeedsChat);
    const student = await w.personA();
    expect((await w.post(student.token, '/api/ai/Robot/setRobotModel', { id: robotId, chat_model_id: null })).status).toBe(403);
    expect((await w.get(student.token, '/api/ai/Robot/getRobotModel', { id: robotId })).status).toBe(403);
  });

  it("hides another organisation's robot", async () => {
    const b = await w.orgB();
    expect((await w.get(b.token, '/api/ai/Chat/modelInfo', { id: robotId })).status).toBe(404);
    expect((await w.post(b.token, '/api/ai/Robot/setRobotModel', { id: robotId, chat_model_id: null })).status).toBe(404);
  });
});

describe('LLM_* environment variables', () => {
  let e: TestApp;
  beforeAll(async () => {
    e = await createTestApp({ ...ENV, LLM_BASE_URL: provider.url, LLM_API_KEY: KEY, LLM_MODEL: 'env-model', WEB_SEARCH_URL: 'http://127.0.0.1:1/search' });
  });
  afterAll(async () => { await e?.close(); });

  it('registers a default provider and model at boot, once however often it runs', async () => {
    await registerEnvProvider(e.deps.db, e.config);
    await registerEnvProvider(e.deps.db, e.config);
    const providers = await e.deps.db.select().from(aiProviders);
    const models = await e.deps.db.select().from(aiModels);
    expect(providers).toHaveLength(1);
    expect(providers[0]).toMatchObject({ baseUrl: provider.url, fromEnv: true });
    expect(open(e.config.APP_SECRET, providers[0]!.apiKeyEnc)).toBe(KEY);
    expect(models).toHaveLength(1);
    expect(models[0]).toMatchObject({ model: 'env-model', isDefault: true, enabled: true });
  });

  it('is what a robot answers with, and the model info says web search is available', async () => {
    const ew = await new World(e).init();
    const robot = await ew.robot(ew.admin);
    expect((await resolveChatModel(e.deps, robot.id))?.model).toBe('env-model');
    const info = await ew.get(ew.admin, '/api/ai/Chat/modelInfo', { id: robot.id });
    expect(info.data).toMatchObject({ model: 'env-model', builtin: false, network: true });
  });
});
