import { readdirSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Code } from '@xueban/contract/codes';
import { PREVIEW_TOKEN_TTL_MS } from '@xueban/contract/preview';
import { call, createTestApp, register, type TestApp } from './harness.ts';
import { uploadFile } from './uploads.ts';
import { startFakeS3, type FakeS3 } from './fakes/s3-server.ts';
import { PREVIEW_NOTES } from '../src/modules/files/preview.service.ts';
import { rarOf } from './rar-fixture.ts';

const u16 = (n: number) => { const b = Buffer.alloc(2); b.writeUInt16LE(n); return b; };
const u32 = (n: number) => { const b = Buffer.alloc(4); b.writeUInt32LE(n >>> 0); return b; };

/**
 * A real zip of deflated entries: `{ name, size }` holds `size` zero bytes, so a few of them
 * make a zip bomb (megabytes that inflate to gigabytes); names are written as given (`../`).
 */
function zipOf(entries: { name: string; size: number }[]) {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const raw = Buffer.alloc(e.size);
    const data = deflateRawSync(raw, { level: 9 });
    const name = Buffer.from(e.name, 'utf8');
    const common = Buffer.concat([u16(20), u16(0x800), u16(8), u16(0), u16(0), u32(crc32(raw)), u32(data.length), u32(e.size), u16(name.length), u16(0)]);
    const local = Buffer.concat([u32(0x04034b50), common, name, data]);
    centrals.push(Buffer.concat([u32(0x02014b50), u16(20), common, u16(0), u16(0), u16(0), u32(0), u32(offset), name]));
    locals.push(local);
    offset += local.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.concat([u32(0x06054b50), u16(0), u16(0), u16(entries.length), u16(entries.length), u32(dir.length), u32(offset), u16(0)]);
  return Buffer.concat([...locals, dir, end]);
}

const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');
/** 1 000 bytes whose every byte names its offset mod 251, so a wrong range shows. */
const counted = () => Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

type User = Awaited<ReturnType<typeof register>>;

const filesUnder = (dir: string): string[] => readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((d) => d.isFile()).map((d) => path.join(d.parentPath, d.name));

async function preview(t: TestApp, token: string, url: string) {
  return call(t.app, 'GET', '/api/uc/File/filePreview', { token, query: { url } });
}

/** Range reads through the file route, the same for local storage and S3. */
function rangeSuite(name: string, make: () => Promise<{ t: TestApp; close?: () => Promise<void> }>) {
  describe(`range requests (${name})`, () => {
    let t: TestApp;
    let close: (() => Promise<void>) | undefined;
    let me: User;
    let url: string;
    beforeAll(async () => {
      ({ t, close } = await make());
      me = await register(t.app);
      url = (await uploadFile(t.app, me.token, 'file', 'clip.bin', counted())).data.url;
    });
    afterAll(async () => { await t?.close(); await close?.(); });

    it('answers 206 with the asked bytes, for a seek into a video, an open end and a suffix', async () => {
      const info = await preview(t, me.token, url);
      const link = info.data.preview_url as string;
      const get = (range: string) => t.app.inject({ method: 'GET', url: link, headers: { range } });
      const whole = counted();
      const mid = await get('bytes=100-199');
      expect(mid.statusCode).toBe(206);
      expect(mid.headers['content-range']).toBe('bytes 100-199/1000');
      expect(mid.headers['accept-ranges']).toBe('bytes');
      expect(mid.rawPayload.equals(whole.subarray(100, 200))).toBe(true);
      const open = await get('bytes=990-');
      expect(open.headers['content-range']).toBe('bytes 990-999/1000');
      expect(open.rawPayload.equals(whole.subarray(990))).toBe(true);
      const suffix = await get('bytes=-5');
      expect(suffix.rawPayload.equals(whole.subarray(995))).toBe(true);
      const beyond = await get('bytes=5000-');
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe('bytes */1000');
      const all = await t.app.inject({ method: 'GET', url: link });
      expect(all.statusCode).toBe(200);
      expect(all.rawPayload.equals(whole)).toBe(true);
    });
  });
}

rangeSuite('local storage', async () => ({ t: await createTestApp() }));
rangeSuite('S3', async () => {
  const s3: FakeS3 = await startFakeS3();
  const t = await createTestApp({
    S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.url, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  });
  return { t, close: () => s3.close() };
});

describe('preview info', () => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await register(t.app);
    bob = await register(t.app);
    // Alice founds her own school (and is switched into it): her uploads are that school's; Bob stays in the demo one.
    const made = await call(t.app, 'POST', '/api/uc/groups/save', { token: alice.token, body: { name: '甲学校' } });
    expect(made.code, made.msg).toBe(Code.OK);
  });
  afterAll(async () => { await t?.close(); });
  afterEach(() => { vi.useRealTimers(); vi.unstubAllEnvs(); });

  it('names the category and how the file previews, with a preview link that needs no session', async () => {
    const up = await uploadFile(t.app, alice.token, 'file', '讲义.pdf', pdf());
    const res = await preview(t, alice.token, up.data.url);
    expect(res.code).toBe(20000);
    expect(res.data).toMatchObject({ name: '讲义.pdf', file_category: 'doc', previewable: true, preview_kind: 'pdf', preview_region: 'local' });
    expect(res.data.PreviewURL).toBe(res.data.preview_url);
    const now = Date.now();
    expect(res.data.AccessTokenExpiredTime).toBeGreaterThan(now + PREVIEW_TOKEN_TTL_MS - 60_000);
    expect(res.data.AccessTokenExpiredTime).toBeLessThanOrEqual(now + PREVIEW_TOKEN_TTL_MS);
    const opened = await t.app.inject({ method: 'GET', url: res.data.preview_url });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
  });

  it('tells a file that cannot be shown to download, with why (a presentation without LibreOffice, an executable)', async () => {
    vi.stubEnv('PATH', '/nonexistent'); // office previews: file-preview-office.test.ts
    const pptx = zipOf([{ name: '[Content_Types].xml', size: 10 }, { name: 'ppt/presentation.xml', size: 10 }]);
    const p = await preview(t, alice.token, (await uploadFile(t.app, alice.token, 'file', '课件.pptx', pptx)).data.url);
    expect(p.data).toMatchObject({ file_category: 'doc', previewable: false, preview_kind: 'download', note: PREVIEW_NOTES.office });
    const exe = await uploadFile(t.app, alice.token, 'file', 'setup.exe', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]));
    const e = await preview(t, alice.token, exe.data.url);
    expect(e.data).toMatchObject({ file_category: 'other', previewable: false, preview_kind: 'download' });
  });

  it("answers 404 for another organisation's file, and for a link that is not ours", async () => {
    const up = await uploadFile(t.app, alice.token, 'file', '讲义.pdf', pdf());
    const res = await preview(t, bob.token, up.data.url);
    expect(res.code).toBe(Code.NOT_FOUND);
    expect((await preview(t, alice.token, 'https://example.com/a.pdf')).code).toBe(Code.NOT_FOUND);
  });

  it('the access token lapses after 600 000 ms; the refresh token buys a new one', async () => {
    const up = await uploadFile(t.app, alice.token, 'file', '讲义.pdf', pdf());
    const info = (await preview(t, alice.token, up.data.url)).data;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + PREVIEW_TOKEN_TTL_MS + 1000 });
    expect((await t.app.inject({ method: 'GET', url: info.preview_url })).statusCode).toBe(404);
    // Bob holds the refresh token (say it leaked): it was issued to Alice, so it buys him nothing.
    const stolen = await call(t.app, 'POST', '/api/uc/File/refreshPreviewInfo', { token: bob.token, body: { refresh_token: info.RefreshToken } });
    expect(stolen.code).not.toBe(20000);
    // An access token is not a refresh token.
    const swapped = await call(t.app, 'POST', '/api/uc/File/refreshPreviewInfo', { token: alice.token, body: { refresh_token: info.AccessToken } });
    expect(swapped.code).not.toBe(20000);
    const fresh = await call(t.app, 'POST', '/api/uc/File/refreshPreviewInfo', { token: alice.token, body: { refresh_token: info.RefreshToken, access_token: info.AccessToken } });
    expect(fresh.code).toBe(20000);
    expect(fresh.data.region).toBe('local');
    expect(fresh.data.access_token_expired_time).toBeGreaterThan(Date.now());
    expect((await t.app.inject({ method: 'GET', url: fresh.data.url })).statusCode).toBe(200);
    // A token opens only the file it was issued for.
    const other = await uploadFile(t.app, alice.token, 'file', '别的.pdf', pdf());
    const forged = `${other.data.url}?token=${encodeURIComponent(fresh.data.access_token)}`;
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
  });

  it('lists a hostile zip (a bomb, path traversal names) from its directory without inflating or writing anything', async () => {
    const GB = 1024 ** 3;
    const bomb = zipOf([
      { name: '../../etc/passwd', size: 1000 },
      { name: '/abs/evil.sh', size: 1000 },
      ...Array.from({ length: 3 }, (_, i) => ({ name: `zeros-${i}.bin`, size: 16 * 1024 * 1024 })),
    ]);
    // Declare gigabytes: rewrite each central entry's uncompressed size (what a bomb claims).
    let at = bomb.indexOf(Buffer.from([0x50, 0x4b, 1, 2]));
    for (let i = 0; at >= 0; i++, at = bomb.indexOf(Buffer.from([0x50, 0x4b, 1, 2]), at + 4)) {
      if (i >= 2) bomb.writeUInt32LE(4 * GB - 1, at + 24);
    }
    const up = await uploadFile(t.app, alice.token, 'file', '资料.zip', bomb);
    expect(up.code).toBe(20000);
    const before = filesUnder(t.config.DATA_DIR);
    const heap = process.memoryUsage().heapUsed;
    const res = await preview(t, alice.token, up.data.url);
    expect(res.code).toBe(20000);
    expect(res.data).toMatchObject({ file_category: 'archive', previewable: true, preview_kind: 'archive', entries_truncated: false });
    expect(res.data.entries.map((e: { name: string }) => e.name)).toEqual(['../../etc/passwd', '/abs/evil.sh', 'zeros-0.bin', 'zeros-1.bin', 'zeros-2.bin']);
    expect(res.data.entries[2].size).toBe(4 * GB - 1);
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(32 * 1024 * 1024);
    expect(filesUnder(t.config.DATA_DIR)).toEqual(before);
  });

  it('lists a RAR from its headers (folders, names as text, nothing extracted); a broken one downloads with why', async () => {
    const rar = rarOf([{ name: '课件/' }, { name: '课件/第一课.txt', text: '光合作用'.repeat(30) }, { name: '../../etc/passwd', text: 'x' }]);
    const up = await uploadFile(t.app, alice.token, 'file', '课件包.rar', rar);
    expect(up.code, up.msg).toBe(20000);
    const before = filesUnder(t.config.DATA_DIR);
    const res = await preview(t, alice.token, up.data.url);
    expect(res.data).toMatchObject({ file_category: 'archive', previewable: true, preview_kind: 'archive', entries_truncated: false });
    expect(res.data.entries).toEqual([
      { name: '课件/', size: 0, compressed_size: 0, dir: true },
      { name: '课件/第一课.txt', size: 360, compressed_size: 360, dir: false },
      { name: '../../etc/passwd', size: 1, compressed_size: 1, dir: false },
    ]);
    expect(filesUnder(t.config.DATA_DIR)).toEqual(before); // the temporary copy is gone, nothing was extracted
    const damaged = Buffer.from(rar);
    damaged.writeUInt8(damaged.readUInt8(8) ^ 0xff, 8); // the main header's checksum no longer matches
    const cut = await uploadFile(t.app, alice.token, 'file', '坏的.rar', damaged);
    const broken = await preview(t, alice.token, cut.data.url);
    expect(broken.data).toMatchObject({ file_category: 'archive', previewable: false, preview_kind: 'download', note: PREVIEW_NOTES.rar });
  });

  it('getOverseaToken and getStsToken hand out the server-route policy, which uploads like getToken', async () => {
    for (const name of ['getOverseaToken', 'getStsToken']) {
      const tok = await call(t.app, 'GET', `/api/uc/upload/${name}`, { token: alice.token, query: { scene: 'file' } });
      expect(tok.code).toBe(20000);
      expect(tok.data).toMatchObject({ host: '/api/uc/upload/fileUpload', disk: 'local', dir: 'file/' });
      expect(tok.data.max_size).toBe(950 * 1024 * 1024);
    }
  });
});
