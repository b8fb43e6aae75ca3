import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

/** A built web app as `vite build` writes it: each file with its .br and .gz beside it. */
function writeDist(dir: string, files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    writeFileSync(`${file}.br`, brotliCompressSync(text));
    writeFileSync(`${file}.gz`, gzipSync(text));
  }
}

const SCRIPT = `console.log(${JSON.stringify('学伴'.repeat(400))});\n`;
const PAGE = `<!doctype html><html><head><script type="module" src="/assets/app-1234abcd.js"></script></head><body>${'<!-- 学伴 -->'.repeat(100)}</body></html>`;

describe('the web app is served compressed (spec §9: first load)', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'xueban-web-'));
    writeDist(dist, { 'index.html': PAGE, 'assets/app-1234abcd.js': SCRIPT, 'version.json': '{"version":"20261124-abc"}\n' });
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends brotli to a browser that accepts it, else gzip, else the file itself', async () => {
    const br = await get('/assets/app-1234abcd.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await get('/assets/app-1234abcd.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-1234abcd.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers any page path with index.html, compressed too and never cached', async () => {
    const page = await get('/home', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(PAGE);
  });

  it('answers the address itself and a folder of the build with index.html too', async () => {
    for (const url of ['/', '/assets', '/assets/']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(PAGE);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('has the release check (version.json) revalidated on every poll', async () => {
    const res = await get('/version.json');
    expect(res.json()).toEqual({ version: '20261124-abc' });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves files through one route as the per-file routes did: HEAD, missing files, other methods', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/assets/app-1234abcd.js' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A file that is not in the build is a page path like any other: the client router shows its 404.
    const missing = await get('/assets/gone-0000.js');
    expect(missing.statusCode).toBe(200);
    expect(missing.body).toBe(PAGE);
    const post = await t.app.inject({ method: 'POST', url: '/home' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ code: 40400 });
    // One wildcard route, not a route per file of the build.
    expect(t.app.hasRoute({ method: 'GET', url: '/assets/app-1234abcd.js' })).toBe(false);
    expect(t.app.hasRoute({ method: 'GET', url: '/*' })).toBe(true);
  });

  it('keeps unknown API paths a JSON 404', async () => {
    const res = await get('/api/ai/nothing/here', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 40400 });
  });
});
