/**
 * Egress cannot be turned against internal services (issue 15): with the model on loopback
 * (LLM_BASE_URL = a fake OpenAI server on 127.0.0.1:P) and another internal service on 127.0.0.1:Q
 * that counts every connection offered, no spelling of a loopback address, on either port, gets
 * through knowledge/parseWebUrl, URL training, an admin's provider URL (测试连接 and a chat with
 * it) or a redirect: each is refused before any connection. The web client reaches only its own
 * operator origin (EGRESS_WEB_ORIGINS), never the model's. A page that stalls answers 400.
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { createTestApp, listen, type TestApp } from './harness.ts';
import { World, type Person } from './robot-fixtures.ts';
import { FakeOpenAI } from './fakes/openai-server.ts';
import { streamChat } from './sse-client.ts';
import { chatRecords } from '../src/db/schema/chat.ts';

/** Every way a URL may name this machine's loopback (WHATWG URL folds the first six to 127.0.0.1). */
const SPELLINGS = [
  '127.0.0.1', '127.1', '2130706433', '0x7f000001', '017700000001', '127.0.0.1.',
  'user:pass@127.0.0.1', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[::1]', '0.0.0.0', 'localhost',
];
/** The spellings that are not the model's origin even on its own port. */
const OTHER_ORIGINS = ['user:pass@127.0.0.1', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[::1]', '0.0.0.0', 'localhost'];
const WEB_TIMEOUT_MS = 1500;

let t: TestApp;
let w: World;
let creator: Person;
let base: string;
let model: FakeOpenAI;
/** The internal service on another loopback port: serves nothing, counts connections. */
let internalConnections = 0;
const internal = net.createServer((socket) => {
  internalConnections++;
  socket.destroy();
});
let site: http.Server;
let siteUrl = '';
let P = 0;
let Q = 0;

beforeAll(async () => {
  model = await new FakeOpenAI().start();
  P = Number(new URL(model.url).port);
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  Q = (internal.address() as AddressInfo).port;
  // The operator's intranet site: the one origin the web client may reach besides public addresses.
  site = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://site');
    if (url.pathname === '/page') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<title>内网页面</title><p>可以读取</p>');
    if (url.pathname === '/to') return res.writeHead(302, { location: url.searchParams.get('u')! }).end();
    if (url.pathname === '/stall') return res.writeHead(200, { 'content-type': 'text/html' }).write('<title>卡住</title>');
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  t = await createTestApp({
    LLM_BASE_URL: model.url, LLM_API_KEY: 'sk-model', LLM_MODEL: 'fake-chat',
    EGRESS_WEB_ORIGINS: siteUrl, EGRESS_WEB_TIMEOUT_MS: String(WEB_TIMEOUT_MS),
  });
  base = await listen(t);
  w = await new World(t).init();
  creator = await w.personA(Role.CREATOR);
});
afterAll(async () => {
  await t?.close();
  await model?.stop();
  site?.closeAllConnections();
  site?.close();
  internal.close();
});

/** Every URL of `path` on both loopback ports in every spelling. */
const everyLoopbackUrl = (path: string) => SPELLINGS.flatMap((h) => [Q, P].map((port) => `http://${h}:${port}${path}`));
const parseWebUrl = (url: string) => w.post(creator.token, '/api/ai/knowledge/parseWebUrl', { url });

async function settledDocs(kbId: number) {
  const until = Date.now() + 60_000;
  for (;;) {
    const tasks = await w.get(creator.token, '/api/ai/knowledge/trainingtasks', { repository_id: kbId });
    if (tasks.data.queued + tasks.data.training === 0) break;
    if (Date.now() > until) throw new Error('training did not finish');
    await new Promise((r) => setTimeout(r, 200));
  }
  return (await w.get(creator.token, '/api/ai/knowledge/trainlists', { repository_id: kbId, limit: 100 })).data.data as { name: string; status: string; error: string; chunk_count: number }[];
}

describe('user-entered URLs (the web client)', () => {
  it('reads the operator\'s intranet site, and nothing else on loopback', async () => {
    const ok = await parseWebUrl(`${siteUrl}/page`);
    expect(ok.code, ok.msg).toBe(20000);
    expect(ok.data.title).toBe('内网页面');
  });

  it('parseWebUrl refuses every loopback spelling on the model\'s port and another, before connecting', async () => {
    const before = model.connections;
    for (const url of everyLoopbackUrl('/v1/models')) {
      const res = await parseWebUrl(url);
      expect([res.status, res.msg], url).toEqual([400, MSG.egressRefused]);
    }
    expect(internalConnections).toBe(0);
    expect(model.connections).toBe(before);
  });

  it('URL training of those addresses ends failed with the reason and no chunks', async () => {
    const before = model.connections;
    const kb = await w.post(creator.token, '/api/ai/knowledge/save', { name: '内网探测' });
    const urls = everyLoopbackUrl('/secret');
    for (const url of urls) {
      const res = await w.post(creator.token, '/api/ai/knowledge/training', { type: 'url', repository_id: kb.data.id, url });
      expect(res.code, res.msg).toBe(20000);
    }
    const docs = await settledDocs(kb.data.id);
    expect(docs).toHaveLength(urls.length);
    for (const d of docs) expect(d, d.name).toMatchObject({ status: 'failed', error: MSG.egressRefused, chunk_count: 0 });
    expect((await w.get(creator.token, '/api/ai/knowledge/hitTest', { repository_id: kb.data.id, query: 'models' })).data).toEqual([]);
    expect(internalConnections).toBe(0);
    expect(model.connections).toBe(before);
  });

  it('a redirect from the allowed site to any loopback spelling or port is refused, preview and training alike', async () => {
    const before = model.connections;
    const kb = await w.post(creator.token, '/api/ai/knowledge/save', { name: '重定向' });
    const hops = everyLoopbackUrl('/v1/models');
    for (const target of hops) {
      const url = `${siteUrl}/to?u=${encodeURIComponent(target)}`;
      const res = await parseWebUrl(url);
      expect([res.status, res.msg], target).toEqual([400, MSG.egressRefused]);
    }
    await w.post(creator.token, '/api/ai/knowledge/training', { type: 'url', repository_id: kb.data.id, url: `${siteUrl}/to?u=${encodeURIComponent(model.url)}/models` });
    expect(await settledDocs(kb.data.id)).toEqual([expect.objectContaining({ status: 'failed', error: MSG.egressRefused, chunk_count: 0 })]);
    expect(internalConnections).toBe(0);
    expect(model.connections).toBe(before);
  });

  it('a page that sends its headers and then stalls answers 400 within the configured time, and fails training', async () => {
    const started = Date.now();
    const res = await parseWebUrl(`${siteUrl}/stall`);
    const took = Date.now() - started;
    expect([res.status, res.msg]).toEqual([400, MSG.kbUrlTimeout]);
    expect(took).toBeGreaterThanOrEqual(WEB_TIMEOUT_MS - 100);
    expect(took).toBeLessThan(WEB_TIMEOUT_MS + 3000);

    const kb = await w.post(creator.token, '/api/ai/knowledge/save', { name: '卡住的网页' });
    await w.post(creator.token, '/api/ai/knowledge/training', { type: 'url', repository_id: kb.data.id, url: `${siteUrl}/stall` });
    expect(await settledDocs(kb.data.id)).toEqual([expect.objectContaining({ status: 'failed', error: MSG.kbUrlTimeout, chunk_count: 0 })]);
  });
});

describe("an admin's provider URLs (the model client)", () => {
  const saveKey = (base_url: string) => w.post(w.admin, '/api/ai/admin.AiKey/save', { name: '探测', base_url, api_key: 'sk-x' });

  it('测试连接 refuses every loopback spelling on another port, and the non-model spellings on its port', async () => {
    const before = model.connections;
    const urls = [...SPELLINGS.map((h) => `http://${h}:${Q}/v1`), ...OTHER_ORIGINS.map((h) => `http://${h}:${P}/v1`)];
    for (const url of urls) {
      const saved = await saveKey(url);
      // A URL with user:pass@ is not even saved; everything else is saved and refused when used.
      if (url.includes('@')) {
        expect([saved.status, saved.msg], url).toEqual([400, MSG.baseUrlInvalid]);
        continue;
      }
      expect(saved.code, `${url} ${saved.msg}`).toBe(20000);
      const tested = await w.post(w.admin, '/api/ai/admin.AiKey/test', { id: saved.data.id });
      expect([tested.status, tested.data], url).toEqual([200, { ok: 0, msg: MSG.providerBlocked, models: [] }]);
      await w.post(w.admin, '/api/ai/admin.AiKey/delete', { id: saved.data.id });
    }
    expect(internalConnections).toBe(0);
    expect(model.connections).toBe(before);
  });

  it('reaches the model\'s own origin however it is spelled (the operator allowed it)', async () => {
    for (const h of ['127.0.0.1', '127.1', '0x7f000001']) {
      const saved = await saveKey(`http://${h}:${P}/v1`);
      const tested = await w.post(w.admin, '/api/ai/admin.AiKey/test', { id: saved.data.id });
      expect(tested.data, h).toMatchObject({ ok: 1, models: ['fake-chat'] });
      await w.post(w.admin, '/api/ai/admin.AiKey/delete', { id: saved.data.id });
    }
  });

  it('a chat with a model on such a provider fails without connecting', async () => {
    const provider = await saveKey(`http://127.1:${Q}/v1`);
    const chosen = await w.post(w.admin, '/api/ai/admin.AiModel/save', { provider_id: provider.data.id, model: 'probe', label: '探测模型', capabilities: ['chat'] });
    expect(chosen.code, chosen.msg).toBe(20000);
    const robot = await w.robot(creator.token, { name: '探测助手' });
    expect((await w.post(creator.token, '/api/ai/Robot/setRobotModel', { id: robot.id, chat_model_id: chosen.data.id })).code).toBe(20000);
    const session = await w.post(creator.token, '/api/ai/ChatCategory/save', { r_id: robot.id });
    const r = await streamChat(base, creator.token, { category_id: session.data.id, question: '你好' });
    expect(r.events.map((e) => e.event)).toContain('error');
    const id = r.events.find((e) => e.event === 'records')!.data.id as number;
    const [row] = await t.deps.db.select().from(chatRecords).where(eq(chatRecords.id, id));
    expect(row).toMatchObject({ status: 'failed', answer: '' });
    expect(internalConnections).toBe(0);
  });
});
