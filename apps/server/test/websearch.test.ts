import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { loadConfig } from '../src/config.ts';
import { createEgress, createEgressFetch } from '../src/lib/egress.ts';
import { createWebSearch } from '../src/ai/websearch.ts';

/**
 * One fake search server on 127.0.0.1 speaking the three real protocols: SearXNG `GET /search`
 * (format=json), Bing v7 `GET /v7.0/search` and Bocha `POST /v1/web-search`. `mode` scripts failures.
 */
let mode: 'ok' | 'error' | 'html' | 'hang' = 'ok';
/** Where `/moved/search` redirects to. */
let redirectTo = '';
const requests: { method: string; url: URL; headers: http.IncomingHttpHeaders; body: string }[] = [];
const long = '长'.repeat(400);
const searxResults = [
  { title: '  勾股定理 - 百科 ', url: 'https://baike.example/gougu', content: '直角三角形\n两条直角边的平方和   等于斜边的平方。' },
  { title: '坏链接', url: 'javascript:alert(1)', content: '不该出现' },
  { title: '长文', url: 'http://long.example/', content: long },
  { title: '', url: 'https://untitled.example/', content: '' },
  { title: '第五', url: 'https://five.example/', content: '5' },
  { title: '第六', url: 'https://six.example/', content: '6' },
  { title: '第七', url: 'https://seven.example/', content: '7' },
];
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    const url = new URL(req.url!, 'http://fake');
    requests.push({ method: req.method!, url, headers: req.headers, body });
    if (mode === 'hang') return;
    if (mode === 'error') return res.writeHead(500).end('{"error":"boom"}');
    if (mode === 'html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>');
    const json = (v: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(v));
    if (url.pathname === '/searx/search') return json({ query: url.searchParams.get('q'), results: searxResults });
    if (url.pathname === '/moved/search') return res.writeHead(302, { location: redirectTo }).end();
    if (url.pathname === '/v7.0/search') {
      return json({ webPages: { value: [{ name: '必应结果', url: 'https://bing.example/a', snippet: '必应摘要' }] } });
    }
    if (url.pathname === '/v1/web-search') {
      return json({ code: 200, data: { webPages: { value: [
        { name: '博查结果', url: 'https://bocha.example/a', snippet: '', summary: '博查长摘要' },
        { name: '博查二', url: 'ftp://bocha.example/b', snippet: '丢弃' },
      ] } } });
    }
    res.writeHead(404).end();
  });
});
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => {
  server.closeAllConnections();
  server.close(() => resolve());
}));
beforeEach(() => {
  mode = 'ok';
  requests.length = 0;
});

/** Wired as deps.ts wires it: the search client, which allows WEB_SEARCH_URL's origin and public addresses. */
function searchWith(env: Record<string, string>, overrides = {}) {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', ...env });
  return createWebSearch(config, createEgress(config).search, overrides);
}

/** Bing and Bocha are public APIs: their stand-in on loopback is reached through a client that allows its origin. */
function keyedSearch(env: Record<string, string>, overrides = {}) {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', ...env });
  return createWebSearch(config, createEgressFetch({ origins: [base] }), overrides);
}

const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as Error);

describe('web search', () => {
  it('is absent when no provider is configured', () => {
    expect(searchWith({})).toBeNull();
  });

  it('asks SearXNG for JSON and returns clean, bounded, http(s)-only sources', async () => {
    const search = searchWith({ WEB_SEARCH_URL: `${base}/searx` })!;
    expect(search.name).toBe('searxng');
    const sources = await search.search('  勾股定理 是什么？ ');
    expect(requests[0]!.url.pathname).toBe('/searx/search');
    expect(requests[0]!.url.searchParams.get('q')).toBe('勾股定理 是什么？');
    expect(requests[0]!.url.searchParams.get('format')).toBe('json');

    expect(sources).toHaveLength(5);
    expect(sources[0]).toEqual({
      title: '勾股定理 - 百科', url: 'https://baike.example/gougu', snippet: '直角三角形 两条直角边的平方和 等于斜边的平方。',
    });
    expect(sources.map((s) => s.url)).not.toContain('javascript:alert(1)');
    expect(Array.from(sources[1]!.snippet)).toHaveLength(300);
    expect(sources[2]!.title).toBe('https://untitled.example/');
    expect(await search.search('x', { limit: 2 })).toHaveLength(2);
  });

  it('prefers SearXNG, then Bing, then Bocha', () => {
    expect(searchWith({ WEB_SEARCH_URL: `${base}/searx`, BING_SEARCH_KEY: 'b', BOCHA_API_KEY: 'c' })!.name).toBe('searxng');
    expect(searchWith({ BING_SEARCH_KEY: 'b', BOCHA_API_KEY: 'c' })!.name).toBe('bing');
    expect(searchWith({ BOCHA_API_KEY: 'c' })!.name).toBe('bocha');
  });

  it('speaks Bing Web Search v7 with the subscription key', async () => {
    const search = keyedSearch({ BING_SEARCH_KEY: 'bing-key' }, { bingEndpoint: `${base}/v7.0/search` })!;
    expect(await search.search('牛顿第一定律', { limit: 3 })).toEqual([
      { title: '必应结果', url: 'https://bing.example/a', snippet: '必应摘要' },
    ]);
    const [req] = requests;
    expect(req!.headers['ocp-apim-subscription-key']).toBe('bing-key');
    expect(req!.url.searchParams.get('q')).toBe('牛顿第一定律');
    expect(req!.url.searchParams.get('count')).toBe('3');
  });

  it('speaks Bocha with a bearer key, falling back to the summary', async () => {
    const search = keyedSearch({ BOCHA_API_KEY: 'bocha-key' }, { bochaEndpoint: `${base}/v1/web-search` })!;
    expect(await search.search('光合作用')).toEqual([
      { title: '博查结果', url: 'https://bocha.example/a', snippet: '博查长摘要' },
    ]);
    const [req] = requests;
    expect(req!.method).toBe('POST');
    expect(req!.headers.authorization).toBe('Bearer bocha-key');
    expect(JSON.parse(req!.body)).toEqual({ query: '光合作用', count: 5, summary: true });
  });

  it('rejects in Chinese on an HTTP error, a non-JSON answer and a timeout', async () => {
    const search = searchWith({ WEB_SEARCH_URL: `${base}/searx` }, { timeoutMs: 200 })!;
    for (const m of ['error', 'html', 'hang'] as const) {
      mode = m;
      expect((await failure(search.search('问题')))?.message).toBe(MSG.webSearchFailed);
    }
  });

  it("passes the caller's stop through as an abort, not a search failure", async () => {
    mode = 'hang';
    const search = searchWith({ WEB_SEARCH_URL: `${base}/searx` })!;
    const controller = new AbortController();
    const pending = failure(search.search('问题', { signal: controller.signal }));
    await new Promise((r) => setTimeout(r, 50));
    controller.abort();
    expect((await pending)?.name).toBe('AbortError');
  });

  it('goes through the egress guard: a keyed API pointed at a private address is refused', async () => {
    const search = searchWith({ BING_SEARCH_KEY: 'k' }, { bingEndpoint: `${base}/v7.0/search` })!;
    const err = await failure(search.search('问题'));
    expect(err?.message).toBe(MSG.webSearchFailed);
    expect((err?.cause as Error).message).toBe(MSG.egressRefused);
    expect(requests).toHaveLength(0);
  });

  describe('cannot be turned against internal services', () => {
    /** Stands in for an internal service on another loopback port: counts any connection offered. */
    let connections = 0;
    const internal = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    let other = 0;
    beforeAll(async () => {
      await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
      other = (internal.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => internal.close(() => resolve())));
    const own = () => Number(new URL(base).port);
    const SPELLINGS = ['127.0.0.1', '127.1', '2130706433', '0x7f000001', '017700000001', 'user:pass@127.0.0.1', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[::1]', '0.0.0.0', 'localhost'];

    it('a keyed API endpoint on any loopback spelling and port is refused before connecting', async () => {
      for (const host of SPELLINGS) {
        for (const port of [other, own()]) {
          // The model's origin is the model client's: it does not open the search client.
          const search = searchWith({ BING_SEARCH_KEY: 'k', LLM_BASE_URL: `${base}/v1` }, { bingEndpoint: `http://${host}:${port}/v7.0/search` })!;
          const err = await failure(search.search('问题'));
          expect(err?.message, host).toBe(MSG.webSearchFailed);
          expect((err?.cause as Error).message, `${host}:${port}`).toBe(MSG.egressRefused);
        }
      }
      expect(requests).toHaveLength(0);
      expect(connections).toBe(0);
    });

    it("WEB_SEARCH_URL's origin does not follow a redirect to another port or host spelling", async () => {
      const search = searchWith({ WEB_SEARCH_URL: `${base}/moved` })!;
      for (const host of SPELLINGS) {
        redirectTo = `http://${host}:${other}/search`;
        const err = await failure(search.search('问题'));
        expect((err?.cause as Error).message, host).toBe(MSG.egressRefused);
      }
      expect(connections).toBe(0);
      expect(requests.every((r) => r.url.pathname === '/moved/search')).toBe(true);
    });
  });
});
