import http from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import net, { type AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { ConfigError, loadConfig } from '../config.ts';
import { createEgress, createEgressFetch, EgressError } from './egress.ts';

/** A real HTTP server on 127.0.0.1 whose routes the tests script; it records every path it served. */
type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;
const routes = new Map<string, Handler>();
const seen: { path: string; headers: http.IncomingHttpHeaders }[] = [];
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    seen.push({ path: req.url!, headers: req.headers });
    const handler = routes.get(req.url!.split('?')[0]!);
    if (handler) handler(req, res, body);
    else res.writeHead(404).end('missing');
  });
});
let port = 0;
const at = (host: string, path: string) => `http://${host}:${port}${path}`;
const local = (path: string) => at('127.0.0.1', path);
/** The test server's own origin, as an operator would allow it. */
const self = (host = '127.0.0.1') => `http://${host}:${port}`;
const served = (path: string) => seen.some((s) => s.path === path);

/** Resolves when the server has received a request for `path` (so an abort really happens mid-flight). */
const arrived = (path: string) => new Promise<http.ServerResponse>((resolve) => {
  routes.set(path, (_req, res) => resolve(res));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  routes.set('/hello', (_req, res) => res.end('hello'));
  routes.set('/secret', (_req, res) => res.end('metadata'));
});
afterAll(() => new Promise<void>((resolve) => {
  server.closeAllConnections();
  server.close(() => resolve());
}));

const refused = async (p: Promise<unknown>) => {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(EgressError);
  expect((err as Error).message).toBe(MSG.egressRefused);
};

describe('egress guard', () => {
  it('refuses loopback by address and by name unless the exact origin is allowed', async () => {
    const guarded = createEgressFetch();
    await refused(guarded(local('/hello')));
    await refused(guarded(at('localhost', '/hello')));
    expect(served('/hello')).toBe(false);

    const byAddress = createEgressFetch({ origins: [self()] });
    expect(await (await byAddress(local('/hello'))).text()).toBe('hello');
    // The origin is the address's, not the name's: localhost is another origin.
    await refused(byAddress(at('localhost', '/hello')));
    const byName = createEgressFetch({ origins: [`http://LOCALHOST:${port}/`] });
    expect(await (await byName(at('localhost', '/hello'))).text()).toBe('hello');
    await refused(byName(local('/hello')));
  });

  it('refuses private, metadata, mapped and non-http addresses before connecting', async () => {
    const guarded = createEgressFetch();
    for (const url of [
      `http://[::ffff:127.0.0.1]:${port}/probe`, `http://[::ffff:7f00:1]:${port}/probe`,
      'http://0.0.0.0/', 'http://169.254.169.254/latest/meta-data/', 'http://[::ffff:169.254.169.254]/',
      'http://10.1.2.3/', 'http://172.16.0.1/', 'http://192.168.1.1/', 'http://100.64.0.1/',
      'http://2130706433/', 'http://0x7f.1/', 'http://224.0.0.1/', 'http://255.255.255.255/',
      'http://[::1]/', 'http://[::]/', 'http://[fd00::1]/', 'http://[fe80::1]/', 'http://[ff02::1]/',
      'http://[64:ff9b::a9fe:a9fe]/', 'http://[2002:7f00:1::]/',
      'ftp://example.com/file', 'file:///etc/passwd', 'data:text/plain,hi',
    ]) await refused(guarded(url));
    expect(served('/probe')).toBe(false);
  });

  it('follows redirects, checking every hop, and drops credentials when the origin changes', async () => {
    routes.set('/to-hello', (_req, res) => res.writeHead(302, { location: '/hello' }).end());
    routes.set('/to-named', (_req, res) => res.writeHead(307, { location: at('localhost', '/hello') }).end());
    routes.set('/to-secret', (_req, res) => res.writeHead(302, { location: at('localhost', '/secret') }).end());
    routes.set('/to-mapped', (_req, res) => res.writeHead(301, { location: `http://[::ffff:127.0.0.1]:${port}/secret` }).end());
    routes.set('/to-metadata', (_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/' }).end());
    routes.set('/loop', (_req, res) => res.writeHead(302, { location: '/loop' }).end());

    const onlyLoopbackIp = createEgressFetch({ origins: [self()] });
    const res = await onlyLoopbackIp(local('/to-hello'));
    expect(await res.text()).toBe('hello');
    expect(res.url).toBe(local('/hello'));
    expect(res.redirected).toBe(true);

    await refused(onlyLoopbackIp(local('/to-secret')));
    await refused(onlyLoopbackIp(local('/to-mapped')));
    await refused(onlyLoopbackIp(local('/to-metadata')));
    expect(served('/secret')).toBe(false);

    const loops = await onlyLoopbackIp(local('/loop')).catch((e: unknown) => e);
    expect(loops).toBeInstanceOf(EgressError);
    expect((loops as Error).message).toBe(MSG.egressTooManyRedirects);
    expect(seen.filter((s) => s.path === '/loop')).toHaveLength(6);

    const both = createEgressFetch({ origins: [self(), self('localhost')] });
    seen.length = 0;
    await both(local('/to-named'), { headers: { authorization: 'Bearer sk-secret', 'x-api-key': 'k', accept: 'text/plain' } });
    const [first, second] = seen;
    expect(first!.headers.authorization).toBe('Bearer sk-secret');
    expect(second!.path).toBe('/hello');
    expect(second!.headers.authorization).toBeUndefined();
    expect(second!.headers['x-api-key']).toBeUndefined();
    expect(second!.headers.accept).toBe('text/plain');
  });

  it('gives up on a server that never answers, with a Chinese timeout', async () => {
    void arrived('/never');
    const slow = createEgressFetch({ origins: [self()], timeoutMs: 200 });
    const started = Date.now();
    const err = await slow(local('/never')).catch((e: unknown) => e);
    expect((err as Error).name).toBe('TimeoutError');
    expect((err as Error).message).toBe(MSG.egressTimeout);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('ends a body that goes silent, but not one that keeps flowing past the limit', async () => {
    routes.set('/stall', (_req, res) => res.writeHead(200).write('first'));
    routes.set('/trickle', (_req, res) => {
      res.writeHead(200);
      let n = 0;
      const tick = setInterval(() => (++n < 6 ? res.write(`${n}`) : (clearInterval(tick), res.end())), 80);
    });
    const f = createEgressFetch({ origins: [self()], timeoutMs: 200 });
    const stalled = await f(local('/stall'));
    const err = await stalled.text().catch((e: unknown) => e);
    expect((err as Error).name).toBe('TimeoutError');
    // 6 × 80 ms > 200 ms in total, yet never 200 ms of silence.
    expect(await (await f(local('/trickle'))).text()).toBe('12345');
  });

  it("passes the caller's abort to the upstream connection", async () => {
    const f = createEgressFetch({ origins: [self()] });
    const waiting = arrived('/hold');
    const controller = new AbortController();
    const pending = f(local('/hold'), { signal: controller.signal });
    const upstream = await waiting;
    const closed = new Promise((resolve) => upstream.on('close', resolve));
    controller.abort();
    expect(((await pending.catch((e: unknown) => e)) as Error).name).toBe('AbortError');
    await closed;

    // Mid-body too: the stream errors and the server sees the connection go.
    const streaming = arrived('/stream-hold');
    const second = new AbortController();
    const res = f(local('/stream-hold'), { signal: second.signal });
    const up = await streaming;
    up.writeHead(200).write('partial');
    const reader = (await res).body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('partial');
    const gone = new Promise((resolve) => up.on('close', resolve));
    second.abort();
    expect(((await reader.read().catch((e: unknown) => e)) as Error).name).toBe('AbortError');
    await gone;
  });

  it('asks for and decodes compressed bodies as fetch does, and sends fetch\'s default headers', async () => {
    routes.set('/gzip', (_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('压缩的正文')));
    routes.set('/br', (_req, res) => res.writeHead(200, { 'content-encoding': 'br' }).end(brotliCompressSync('brotli body')));
    routes.set('/odd', (_req, res) => res.writeHead(200, { 'content-encoding': 'x-unknown' }).end('as sent'));
    const f = createEgressFetch({ origins: [self()] });
    seen.length = 0;
    expect(await (await f(local('/gzip'))).text()).toBe('压缩的正文');
    expect(await (await f(local('/br'), { headers: { 'user-agent': 'xueban' } })).text()).toBe('brotli body');
    expect(await (await f(local('/odd'))).text()).toBe('as sent');
    // As fetch: br is asked for over https only.
    expect(seen[0]!.headers).toMatchObject({ 'accept-encoding': 'gzip, deflate', accept: '*/*', 'user-agent': 'undici' });
    expect(seen[1]!.headers['user-agent']).toBe('xueban');
  });

  it('sends form, search-params and byte bodies with their content type', async () => {
    const bodies: { type: string | undefined; body: string }[] = [];
    routes.set('/echo', (req, res, body) => {
      bodies.push({ type: req.headers['content-type'], body });
      res.end('ok');
    });
    const f = createEgressFetch({ origins: [self()] });
    const form = new FormData();
    form.set('field', '值');
    await f(local('/echo'), { method: 'POST', body: form });
    await f(local('/echo'), { method: 'POST', body: new URLSearchParams({ q: '搜索' }) });
    await f(local('/echo'), { method: 'POST', body: new TextEncoder().encode('bytes'), headers: { 'content-type': 'application/octet-stream' } });
    expect(bodies[0]!.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(bodies[0]!.body).toContain('值');
    expect(bodies[1]).toEqual({ type: 'application/x-www-form-urlencoded;charset=UTF-8', body: 'q=%E6%90%9C%E7%B4%A2' });
    expect(bodies[2]).toEqual({ type: 'application/octet-stream', body: 'bytes' });
  });

  it('refuses a body over maxBytes', async () => {
    routes.set('/big', (_req, res) => res.writeHead(200).end('x'.repeat(5000)));
    const f = createEgressFetch({ origins: [self()], maxBytes: 1000 });
    const err = await f(local('/big')).then((r) => r.text()).catch((e: unknown) => e);
    expect((err as Error).message).toBe(MSG.egressTooLarge);
  });

  it('is a drop-in fetch for the openai SDK, relaying a chunked stream chunk by chunk', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let received: { body: string; auth: string | undefined } | undefined;
    const sse = (content: string) => `data: ${JSON.stringify({
      id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'm',
      choices: [{ index: 0, delta: { content }, finish_reason: null }],
    })}\n\n`;
    routes.set('/v1/chat/completions', (req, res, body) => {
      received = { body, auth: req.headers.authorization };
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(sse('你好'));
      // The second chunk is only sent once the client has seen the first: buffering would hang here.
      void gate.then(() => res.end(`${sse('世界')}data: [DONE]\n\n`));
    });
    const client = new OpenAI({
      baseURL: local('/v1'), apiKey: 'sk-test', maxRetries: 0,
      fetch: createEgressFetch({ origins: [self()] }),
    });
    const stream = await client.chat.completions.create({ model: 'm', stream: true, messages: [{ role: 'user', content: '嗨' }] });
    const parts: string[] = [];
    for await (const chunk of stream) {
      parts.push(chunk.choices[0]?.delta.content ?? '');
      if (parts.length === 1) release();
    }
    expect(parts).toEqual(['你好', '世界']);
    expect(received!.auth).toBe('Bearer sk-test');
    expect(JSON.parse(received!.body)).toMatchObject({ model: 'm', stream: true });

    const guarded = new OpenAI({ baseURL: local('/v1'), apiKey: 'k', maxRetries: 0, fetch: createEgressFetch() });
    const err = await guarded.chat.completions.create({ model: 'm', messages: [] }).catch((e: unknown) => e);
    expect(String((err as Error & { cause?: unknown }).cause ?? err)).toContain(MSG.egressRefused);
  });
});

/** A listener that serves nothing and counts the connections it was offered: zero proves none was tried. */
async function trap() {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() { return connections; },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Ways to write a loopback address in a URL's host (WHATWG URL folds the first ones to 127.0.0.1). */
const LOOPBACK_SPELLINGS = ['127.0.0.1', '127.1', '2130706433', '0x7f000001', '017700000001', '0x7f.1', '127.0.0.1.', 'user:pass@127.0.0.1', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[::1]', '0.0.0.0', 'localhost'];

describe('egress policies', () => {
  it('normalises every spelling of an address before the check', () => {
    for (const host of ['127.1', '2130706433', '0x7f000001', '017700000001', '0x7f.1', '127.0.0.1.']) {
      expect(new URL(`http://${host}:81/`).origin, host).toBe('http://127.0.0.1:81');
    }
    expect(new URL('http://[::ffff:127.0.0.1]/').hostname).toBe('[::ffff:7f00:1]');
  });

  it('reaches an allowed origin but refuses every other port of its host, in every spelling, before connecting', async () => {
    const other = await trap();
    try {
      const f = createEgressFetch({ origins: [self()] });
      for (const host of LOOPBACK_SPELLINGS) await refused(f(`http://${host}:${other.port}/x`));
      // On the allowed port itself: a spelling that folds to the allowed origin is that origin; the rest are other origins.
      seen.length = 0;
      for (const host of ['127.1', '2130706433', '0x7f000001', '017700000001']) {
        expect(await (await f(`http://${host}:${port}/hello`)).text()).toBe('hello');
      }
      for (const host of ['user:pass@127.0.0.1', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[::1]', '0.0.0.0', 'localhost']) {
        await refused(f(`http://${host}:${port}/hello`));
      }
      await refused(f(`https://127.0.0.1:${port}/hello`));
      expect(seen).toHaveLength(4);
      expect(other.connections).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('refuses a redirect from an allowed origin to another port of the same host', async () => {
    const other = await trap();
    try {
      for (const host of ['127.0.0.1', '127.1', '0x7f000001', 'localhost', '[::1]']) {
        routes.set('/to-other', (_req, res) => res.writeHead(302, { location: `http://${host}:${other.port}/` }).end());
        await refused(createEgressFetch({ origins: [self()] })(local('/to-other')));
      }
      expect(other.connections).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('keeps public addresses to the allowed ports, and refuses user:pass@ anywhere', async () => {
    const web = createEgressFetch({ ports: [80, 443] });
    // TEST-NET addresses would be refused anyway; these are public, so only the port can refuse them before connecting.
    for (const url of ['http://93.184.215.14:8080/', 'https://93.184.215.14:22/', 'http://93.184.215.14:6379/']) await refused(web(url));
    await refused(web('http://user:pass@93.184.215.14/'));
    await refused(createEgressFetch()('https://user@93.184.215.14/'));
  });

  it("gives each feature only its own operator origins: the model's origin is not reachable through web or search", async () => {
    const other = await trap();
    try {
      const egress = createEgress(loadConfig({
        NODE_ENV: 'test', DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent',
        LLM_BASE_URL: local('/v1'), WEB_SEARCH_URL: `http://127.0.0.1:${other.port}/searx`,
        EGRESS_WEB_ORIGINS: `http://localhost:${port}`,
      }));
      expect(await (await egress.model(local('/hello'))).text()).toBe('hello');
      await refused(egress.web(local('/hello')));
      await refused(egress.search(local('/hello')));
      expect(await (await egress.web(at('localhost', '/hello'))).text()).toBe('hello');
      await refused(egress.model(at('localhost', '/hello')));
      // The search origin is the search client's alone.
      await refused(egress.model(`http://127.0.0.1:${other.port}/searx`));
      await refused(egress.web(`http://127.0.0.1:${other.port}/searx`));
      expect(other.connections).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('egress configuration', () => {
  const env = { NODE_ENV: 'test', DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' };

  it('refuses to boot with EGRESS_ALLOW_HOSTS, naming its replacements', () => {
    expect(() => loadConfig({ ...env, EGRESS_ALLOW_HOSTS: '127.0.0.1' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, EGRESS_ALLOW_HOSTS: '127.0.0.1' })).toThrow(/EGRESS_MODEL_ORIGINS.*EGRESS_WEB_ORIGINS/);
  });

  it('takes origins and ports, normalised, and refuses anything else', () => {
    const config = loadConfig({ ...env, EGRESS_MODEL_ORIGINS: 'http://10.0.0.5:11434/, HTTP://Ollama.Local:11434', EGRESS_WEB_ORIGINS: 'https://intranet.school:443', EGRESS_WEB_PORTS: '8080, 8443' });
    expect(config.egressModelOrigins).toEqual(['http://10.0.0.5:11434', 'http://ollama.local:11434']);
    expect(config.egressWebOrigins).toEqual(['https://intranet.school']);
    expect(config.egressWebPorts).toEqual([8080, 8443]);
    for (const bad of ['10.0.0.5:11434', 'http://10.0.0.5:11434/v1', 'ftp://10.0.0.5', 'http://u:p@10.0.0.5']) {
      expect(() => loadConfig({ ...env, EGRESS_MODEL_ORIGINS: bad }), bad).toThrow(/EGRESS_MODEL_ORIGINS/);
    }
    expect(() => loadConfig({ ...env, EGRESS_WEB_PORTS: '80,http' })).toThrow(/EGRESS_WEB_PORTS/);
  });
});
