import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Code } from '@xueban/contract/codes';
import { LIMITS, MB } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { hmac } from '../src/lib/crypto.ts';
import { ADMIN, call, createTestApp, login, register, type TestApp } from './harness.ts';
import { SIGNED_FILE_TTL_SECONDS, signFileUrl } from '../src/modules/files/file-links.ts';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { startFakeS3, type FakeS3 } from './fakes/s3-server.ts';
import { png } from './uploads.ts';

// ---------------------------------------------------------------------------------------------
// Fixtures: real (minimal) files built byte by byte, so the server's content sniffing is tested
// against what browsers and cameras really produce, not against the client's claims.
// ---------------------------------------------------------------------------------------------

const u16be = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const u16le = (n: number) => [n & 0xff, (n >> 8) & 0xff];
const u32le = (n: number) => { const b = Buffer.alloc(4); b.writeUInt32LE(n >>> 0); return b; };

/**
 * A valid baseline greyscale JPEG of w×h: one-code Huffman tables, every 8×8 block is
 * "DC diff 0, EOB" (bits 00). `appBytes` adds APP2 segments before the frame header, as large
 * EXIF/ICC metadata from phones does.
 */
function jpeg(w: number, h: number, appBytes = 0) {
  const seg = (marker: number, data: number[] | Buffer) => Buffer.concat([
    Buffer.from([0xff, marker, ...u16be(data.length + 2)]), Buffer.from(data),
  ]);
  const parts = [Buffer.from([0xff, 0xd8]), seg(0xe0, [...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0])];
  for (let left = appBytes; left > 0; left -= 65533) parts.push(seg(0xe2, Buffer.alloc(Math.min(left, 65533))));
  const oneCode = (cls: number) => [cls, 1, ...new Array(15).fill(0), 0]; // one code of length 1 → symbol 0
  parts.push(
    seg(0xdb, [0, ...new Array(64).fill(1)]),
    seg(0xc0, [8, ...u16be(h), ...u16be(w), 1, 1, 0x11, 0]),
    seg(0xc4, oneCode(0x00)), seg(0xc4, oneCode(0x10)),
    seg(0xda, [1, 1, 0x00, 0, 63, 0]),
  );
  const bits = 2 * Math.ceil(w / 8) * Math.ceil(h / 8);
  const scan = Buffer.alloc(Math.ceil(bits / 8));
  if (bits % 8) scan[scan.length - 1] = 0xff >> (bits % 8); // pad the last byte with 1 bits
  parts.push(scan, Buffer.from([0xff, 0xd9]));
  return Buffer.concat(parts);
}

/** A valid 1×1 GIF89a. */
const gif = () => Buffer.from([
  ...Buffer.from('GIF89a'), ...u16le(1), ...u16le(1), 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff,
  0x2c, 0, 0, 0, 0, ...u16le(1), ...u16le(1), 0, 2, 2, 0x44, 0x01, 0, 0x3b,
]);

/** A lossless WebP header (VP8L) of w×h. */
function webp(w: number, h: number) {
  const bits = (w - 1) | ((h - 1) << 14);
  const vp8l = Buffer.concat([Buffer.from([0x2f]), u32le(bits), Buffer.alloc(16)]);
  const chunk = Buffer.concat([Buffer.from('VP8L'), u32le(vp8l.length), vp8l]);
  return Buffer.concat([Buffer.from('RIFF'), u32le(4 + chunk.length), Buffer.from('WEBP'), chunk]);
}

/** A valid ZIP holding one stored entry. */
function zip(name = 'a.txt', content = 'hello zip') {
  const data = Buffer.from(content);
  const n = Buffer.from(name);
  const crc = crc32(data);
  const common = Buffer.concat([
    Buffer.from([20, 0, 0, 0, 0, 0, 0, 0, 0, 0]), u32le(crc), u32le(data.length), u32le(data.length), Buffer.from(u16le(n.length)), Buffer.from([0, 0]),
  ]);
  const local = Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), common, n, data]);
  const central = Buffer.concat([
    Buffer.from([0x50, 0x4b, 1, 2, 20, 0]), common, Buffer.alloc(10), u32le(0), n,
  ]);
  const end = Buffer.concat([
    Buffer.from([0x50, 0x4b, 5, 6, 0, 0, 0, 0, 1, 0, 1, 0]), u32le(central.length), u32le(local.length), Buffer.from([0, 0]),
  ]);
  return Buffer.concat([local, central, end]);
}

const elf = () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(56)]);
const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');
const svg = () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script></svg>');
const html = () => Buffer.from('<!doctype html><html><body><script>fetch("/api/uc/passport/getUserInfo")</script></body></html>');

/** `head`, then `size` bytes in total made of `head` and zeros, produced chunk by chunk. */
async function* padded(head: Buffer, size: number) {
  yield head;
  const zeros = Buffer.alloc(64 * 1024);
  for (let left = size - head.length; left > 0; left -= zeros.length) yield left >= zeros.length ? zeros : zeros.subarray(0, left);
}

// ---------------------------------------------------------------------------------------------
// Multipart bodies, built by hand with a boundary.
// ---------------------------------------------------------------------------------------------

const BOUNDARY = '----xuebanTestBoundary9f3c2a';
type FileData = Buffer | AsyncIterable<Buffer>;
interface Form {
  before?: Record<string, string>;
  file?: { filename: string; data: FileData; type?: string };
  after?: Record<string, string>;
}

const fieldPart = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

function multipartBody(form: Form): Buffer | Readable {
  const before = Object.entries(form.before ?? {}).map(([k, v]) => fieldPart(k, v)).join('');
  const after = Object.entries(form.after ?? {}).map(([k, v]) => fieldPart(k, v)).join('');
  const f = form.file;
  const head = Buffer.from(before + (f
    ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`
    : ''));
  const tail = Buffer.from(`${f ? '\r\n' : ''}${after}--${BOUNDARY}--\r\n`);
  if (!f || Buffer.isBuffer(f.data)) return Buffer.concat([head, (f?.data as Buffer | undefined) ?? Buffer.alloc(0), tail]);
  const data = f.data;
  // Large bodies are streamed: never held in memory as one buffer.
  return Readable.from((async function* () {
    yield head;
    yield* data;
    yield tail;
  })());
}

async function postForm(token: string | undefined, form: Form, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST', url: '/api/uc/upload/fileUpload',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...(token ? { 'x-token': token } : {}), ...headers },
    payload: multipartBody(form),
  });
  return { status: res.statusCode, headers: res.headers, ...(res.json() as { code: number; msg: string; data: any }) };
}

async function getToken(token: string, scene: 'avatar' | 'image' | 'file') {
  const res = await call(t.app, 'GET', '/api/uc/upload/getToken', { token, query: { scene } });
  expect(res.code).toBe(Code.OK);
  return res.data as { policy: string; signature: string; host: string; disk: string; max_size: number };
}

async function upload(token: string, scene: 'avatar' | 'image' | 'file', filename: string, data: FileData, type?: string) {
  const { policy, signature } = await getToken(token, scene);
  return postForm(token, { before: { policy, signature }, file: { filename, data, ...(type ? { type } : {}) } });
}

/** Every refusal is a client error in the envelope, never a 500. */
function expectRefused(res: { status: number; code: number; msg: string }, status: number, msg?: string) {
  expect(res.status).toBe(status);
  expect(res.code).not.toBe(Code.SERVER_ERROR);
  if (msg !== undefined) expect(res.msg).toBe(msg);
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let t: TestApp;
let alice: { token: string; uid: number };
let bob: { token: string; uid: number };

beforeAll(async () => {
  t = await createTestApp();
  alice = await register(t.app);
  bob = await register(t.app);
});
afterAll(async () => { await t?.close(); });

describe('upload policy', () => {
  it('getToken needs a login and returns a signed policy for the scene', async () => {
    const anon = await call(t.app, 'GET', '/api/uc/upload/getToken', { query: { scene: 'image' } });
    expect(anon.status).toBe(401);
    expect(anon.code).toBe(Code.TOKEN_INVALID);
    expect(anon.code).toBe(50008);

    const tok = await getToken(alice.token, 'image');
    expect(tok.policy).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(tok.signature).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(tok.host).toBe('/api/uc/upload/fileUpload');
    expect(tok.disk).toBe('local');
    expect(tok.max_size).toBe(LIMITS.upload.imageBytes);
    const decoded = JSON.parse(Buffer.from(tok.policy, 'base64url').toString());
    expect(decoded).toMatchObject({ scene: 'image', uid: alice.uid });

    const bad = await call(t.app, 'GET', '/api/uc/upload/getToken', { token: alice.token, query: { scene: 'etc' } });
    expectRefused(bad, 400);
  });

  it('fileUpload needs a login', async () => {
    const { policy, signature } = await getToken(alice.token, 'file');
    const res = await postForm(undefined, { before: { policy, signature }, file: { filename: 'a.txt', data: Buffer.from('hi') } });
    expectRefused(res, 401);
    expect(res.code).toBe(Code.TOKEN_INVALID);
  });

  it('refuses a missing, tampered, foreign or expired policy with a 4xx envelope', async () => {
    const file = { filename: 'a.txt', data: Buffer.from('hello') };
    const { policy, signature } = await getToken(alice.token, 'avatar');

    expectRefused(await postForm(alice.token, { file }), 403, MSG.uploadFailed);
    expectRefused(await postForm(alice.token, { before: { policy }, file }), 403, MSG.uploadFailed);
    expectRefused(await postForm(alice.token, { before: { policy, signature: 'x' }, file }), 403, MSG.uploadFailed);
    expectRefused(await postForm(alice.token, { before: { policy, signature: `${signature}x` }, file }), 403, MSG.uploadFailed);

    // Same signature, policy edited to widen the scene from avatar (2 MB) to file (950 MB).
    const claims = JSON.parse(Buffer.from(policy, 'base64url').toString());
    const widened = Buffer.from(JSON.stringify({ ...claims, scene: 'file' })).toString('base64url');
    expectRefused(await postForm(alice.token, { before: { policy: widened, signature }, file }), 403, MSG.uploadFailed);
    // Garbage that is not even JSON.
    expectRefused(await postForm(alice.token, { before: { policy: '%%%', signature }, file }), 403, MSG.uploadFailed);

    // Alice's valid policy used by Bob.
    const a = await getToken(alice.token, 'file');
    expectRefused(await postForm(bob.token, { before: { policy: a.policy, signature: a.signature }, file }), 403, MSG.uploadFailed);

    // A correctly signed policy whose time is up.
    const expired = Buffer.from(JSON.stringify({ ...claims, scene: 'file', exp: Math.floor(Date.now() / 1000) - 1 })).toString('base64url');
    const expiredSig = hmac(t.config.APP_SECRET, `upload:${expired}`);
    expectRefused(await postForm(alice.token, { before: { policy: expired, signature: expiredSig }, file }), 403, MSG.uploadFailed);
    // The same forgery with a live expiry is accepted, so the refusal above was the expiry.
    const live = Buffer.from(JSON.stringify({ ...claims, scene: 'file', exp: Math.floor(Date.now() / 1000) + 60 })).toString('base64url');
    const liveRes = await postForm(alice.token, { before: { policy: live, signature: hmac(t.config.APP_SECRET, `upload:${live}`) }, file });
    expect(liveRes.code).toBe(Code.OK);

    // Policy fields sent after the file are not trusted (they would arrive after the bytes).
    const late = await getToken(alice.token, 'file');
    expectRefused(await postForm(alice.token, { file, after: { policy: late.policy, signature: late.signature } }), 403, MSG.uploadFailed);
  });

  it('refuses a body that is not multipart, or has no file part', async () => {
    const json = await call(t.app, 'POST', '/api/uc/upload/fileUpload', { token: alice.token, body: { file: 'x' } });
    expectRefused(json, 400, MSG.uploadFailed);
    const { policy, signature } = await getToken(alice.token, 'file');
    expectRefused(await postForm(alice.token, { before: { policy, signature } }), 400, MSG.uploadFailed);
  });
});

describe('avatar', () => {
  it('accepts png and jpeg, whatever the client calls them', async () => {
    const p = await upload(alice.token, 'avatar', 'me.png', png(46, 46), 'image/png');
    expect(p.code).toBe(Code.OK);
    expect(p.data).toMatchObject({ type: 'image/png', filetype: 'png' });
    expect(p.data.key).toMatch(/^avatar\/\d{6}\/[A-Za-z0-9_-]{22}\.png$/);
    const j = await upload(alice.token, 'avatar', 'photo.JPG', jpeg(16, 16), 'image/jpeg');
    expect(j.code).toBe(Code.OK);
    expect(j.data).toMatchObject({ type: 'image/jpeg', filetype: 'jpg' });
  });

  it('refuses gif, webp, svg and non-images with MSG.avatarType', async () => {
    expectRefused(await upload(alice.token, 'avatar', 'a.gif', gif(), 'image/gif'), 415, MSG.avatarType);
    expectRefused(await upload(alice.token, 'avatar', 'a.webp', webp(46, 46), 'image/webp'), 415, MSG.avatarType);
    expectRefused(await upload(alice.token, 'avatar', 'a.svg', svg(), 'image/svg+xml'), 415, MSG.avatarType);
    // Named and typed as a PNG, but an SVG / a ZIP inside.
    expectRefused(await upload(alice.token, 'avatar', 'a.png', svg(), 'image/png'), 415, MSG.avatarType);
    expectRefused(await upload(alice.token, 'avatar', 'a.png', zip(), 'image/png'), 415, MSG.avatarType);
  });

  it('accepts exactly 2 MB and refuses one byte more with 413 MSG.avatarTooLarge', async () => {
    const atLimit = await upload(alice.token, 'avatar', 'big.png', padded(png(46, 46), LIMITS.upload.avatarBytes));
    expect(atLimit.code).toBe(Code.OK);
    expect(atLimit.data.size).toBe(2 * MB);
    expectRefused(await upload(alice.token, 'avatar', 'big.png', padded(png(46, 46), LIMITS.upload.avatarBytes + 1)), 413, MSG.avatarTooLarge);
  });

  it('refuses an avatar over 4096 px, however few bytes it takes', async () => {
    const bomb = png(20000, 20000);
    expect(bomb.length).toBeLessThan(LIMITS.upload.avatarBytes);
    expectRefused(await upload(alice.token, 'avatar', 'me.png', bomb), 413, MSG.imageTooWide);
  });
});

describe('image', () => {
  it('accepts png, jpeg and gif up to 4096 px', async () => {
    for (const [name, data] of [['a.png', png(4096, 4096)], ['a.jpg', jpeg(4096, 16)], ['a.gif', gif()]] as const) {
      const res = await upload(alice.token, 'image', name, data);
      expect(res.code, name).toBe(Code.OK);
    }
  });

  it('refuses more than 4096 px wide or high with MSG.imageTooWide', async () => {
    expectRefused(await upload(alice.token, 'image', 'wide.png', png(5000, 10)), 413, MSG.imageTooWide);
    expectRefused(await upload(alice.token, 'image', 'tall.png', png(10, 4097)), 413, MSG.imageTooWide);
    expectRefused(await upload(alice.token, 'image', 'wide.jpg', jpeg(5000, 8)), 413, MSG.imageTooWide);
    expectRefused(await upload(alice.token, 'image', 'wide.webp', webp(4097, 1)), 413, MSG.imageTooWide);
    // The same limit when an image arrives through the generic file scene.
    expectRefused(await upload(alice.token, 'file', 'wide.png', png(5000, 10)), 413, MSG.imageTooWide);
  });

  it('finds the size of a JPEG whose metadata pushes the frame header past 64 KiB', async () => {
    const ok = await upload(alice.token, 'image', 'phone.jpg', jpeg(640, 480, 200 * 1024));
    expect(ok.code).toBe(Code.OK);
    expectRefused(await upload(alice.token, 'image', 'phone-wide.jpg', jpeg(5000, 480, 200 * 1024)), 413, MSG.imageTooWide);
  });

  it('refuses non-images named .png with 415 MSG.fileTypeMismatch', async () => {
    for (const data of [zip(), elf(), svg(), html(), Buffer.from('just text')]) {
      expectRefused(await upload(alice.token, 'image', 'pic.png', data, 'image/png'), 415, MSG.fileTypeMismatch);
    }
    // A PNG signature with a broken header is not an image either.
    const broken = Buffer.concat([png(10, 10).subarray(0, 8), Buffer.from('garbage-garbage-garbage')]);
    expectRefused(await upload(alice.token, 'image', 'pic.png', broken, 'image/png'), 415);
  });

  it('accepts exactly 20 MB and refuses one byte more with 413, streaming the body', async () => {
    const atLimit = await upload(alice.token, 'image', 'big.png', padded(png(100, 100), LIMITS.upload.imageBytes));
    expect(atLimit.code).toBe(Code.OK);
    expect(atLimit.data.size).toBe(20 * MB);
    const res = await upload(alice.token, 'image', 'huge.png', padded(png(100, 100), LIMITS.upload.imageBytes + 1));
    expectRefused(res, 413, MSG.imageTooLarge);
  });
});

describe('file', () => {
  const cases = [
    { name: 'paper.pdf', data: pdf(), type: 'application/pdf', ext: 'pdf' },
    { name: 'bundle.zip', data: zip(), type: 'application/zip', ext: 'zip' },
    { name: 'notes.txt', data: Buffer.from('笔记\nline 2\n'), type: 'text/plain', ext: 'txt' },
    { name: 'scores.csv', data: Buffer.from('name,score\n张三,90\n'), type: 'text/csv', ext: 'csv' },
  ];

  it.each(cases)('accepts $name and reports the full result shape', async ({ name, data, type, ext }) => {
    const res = await upload(alice.token, 'file', name, data);
    expect(res.code).toBe(Code.OK);
    expect(res.data).toEqual({
      id: expect.any(Number), key: expect.stringMatching(new RegExp(`^file/\\d{6}/[A-Za-z0-9_-]{22}\\.${ext}$`)),
      url: `/api/files/${res.data.key}`, name, size: data.length, filetype: ext, type, hash: sha256(data),
    });
    const got = await t.app.inject({ method: 'GET', url: res.data.url, headers: { 'x-token': alice.token } });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(data)).toBe(true);
    expect(got.headers['content-type']).toContain(type);
    expect(got.headers['content-length']).toBe(String(data.length));
  });

  it('stores under a server-generated key, never the client name', async () => {
    for (const name of ['../../etc/passwd', '..\\..\\windows\\win.ini', '/etc/passwd', 'a/../../b.txt', '%2e%2e%2fx.txt', '秘密 文件.txt']) {
      const res = await upload(alice.token, 'file', name, Buffer.from('plain text'));
      expect(res.code, name).toBe(Code.OK);
      expect(res.data.key).toMatch(/^file\/\d{6}\/[A-Za-z0-9_-]{22}\.[a-z0-9]{1,8}$/);
      expect(res.data.key).not.toContain('passwd');
      expect(res.data.key).not.toContain('..');
      expect(res.data.name).not.toContain('/');
      const got = await t.app.inject({ method: 'GET', url: res.data.url, headers: { 'x-token': alice.token } });
      expect(got.body).toBe('plain text');
    }
    // Nothing but scene folders under the storage root.
    expect(readdirSync(path.join(t.config.DATA_DIR, 'files')).every((d) => ['avatar', 'image', 'file'].includes(d))).toBe(true);
  });

  it('holds an image sent as a plain file to the 20 MB image limit', async () => {
    expectRefused(await upload(alice.token, 'file', 'scan.png', padded(png(100, 100), LIMITS.upload.imageBytes + 1)), 413, MSG.imageTooLarge);
  });

  it('refuses a non-image named .png, and a document name that lies', async () => {
    expectRefused(await upload(alice.token, 'file', 'cat.png', zip()), 415, MSG.fileTypeMismatch);
    expectRefused(await upload(alice.token, 'file', 'cat.png', elf()), 415, MSG.fileTypeMismatch);
    expectRefused(await upload(alice.token, 'file', 'paper.pdf', html()), 415, MSG.fileTypeMismatch);
  });

  it('refuses a declared Content-Length above 950 MB + overhead with 413 before reading the body', async () => {
    const { policy, signature } = await getToken(alice.token, 'file');
    // The body is a few hundred bytes: had the server started reading, it would wait for the rest.
    const res = await postForm(alice.token, { before: { policy, signature }, file: { filename: 'a.txt', data: Buffer.from('tiny') } }, {
      'content-length': String(LIMITS.upload.fileBytes + 1024 * 1024),
    });
    expectRefused(res, 413, MSG.fileTooLarge);
  });
});

describe('serving', () => {
  it('serves images inline with their detected type', async () => {
    const bytes = png(12, 12);
    const up = await upload(alice.token, 'image', 'x.gif', bytes, 'image/gif');
    const res = await t.app.inject({ method: 'GET', url: up.data.url, headers: { 'x-token': alice.token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('serves uploaded SVG and HTML as attachments with nosniff', async () => {
    for (const [name, data] of [['logo.svg', svg()], ['page.html', html()], ['page.htm', html()]] as const) {
      const up = await upload(alice.token, 'file', name, data, name.endsWith('svg') ? 'image/svg+xml' : 'text/html');
      expect(up.code, name).toBe(Code.OK);
      const res = await t.app.inject({ method: 'GET', url: up.data.url, headers: { 'x-token': alice.token } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition'], name).toMatch(/^attachment/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-type']).not.toMatch(/svg/);
      expect(res.rawPayload.equals(data)).toBe(true);
    }
  });

  it('keeps the original name only in an encoded content-disposition', async () => {
    const name = '期末 报告; v2=final (1).txt';
    const up = await upload(alice.token, 'file', name, Buffer.from('x'));
    expect(up.code).toBe(Code.OK);
    expect(up.data.name).toBe(name);
    const res = await t.app.inject({ method: 'GET', url: up.data.url, headers: { 'x-token': alice.token } });
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename\*=UTF-8''[^";\s]+$/);
    expect(decodeURIComponent(disposition.split("''")[1]!)).toBe(name);
  });

  it('answers 404 in the envelope for unknown and invalid keys', async () => {
    const up = await upload(alice.token, 'file', 'gone.txt', Buffer.from('soon gone'));
    await t.deps.storage.delete(up.data.key);
    for (const url of [
      '/api/files/file/202501/AAAAAAAAAAAAAAAAAAAAAA.txt', '/api/files/nope', '/api/files/',
      '/api/files/..%2F..%2Fetc%2Fpasswd', '/api/files/file/202501/..%2F..%2F..%2Fetc%2Fpasswd',
      '/api/files/%00', up.data.url,
    ]) {
      const res = await call(t.app, 'GET', url, { token: alice.token });
      expect(res.status, url).toBe(404);
      expect(res.code, url).toBe(Code.NOT_FOUND);
      expect(res.msg).toBe(MSG.notFound);
    }
  });

  it('leaves no temporary files behind after refusals', () => {
    expect(readdirSync(path.join(t.config.DATA_DIR, 'tmp'))).toEqual([]);
  });
});

describe('who may read a file', () => {
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const refused = (res: { statusCode: number; json: () => any }) => {
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: Code.NOT_FOUND, msg: MSG.notFound, data: null, request_id: expect.any(String) });
  };
  let dora: { token: string; uid: number };
  let doraFile: string;
  let doraImage: string;

  beforeAll(async () => {
    // Dora founds her own school (and is switched into it): what she uploads now is that school's.
    dora = await register(t.app);
    const made = await call(t.app, 'POST', '/api/uc/groups/save', { token: dora.token, body: { name: '丁学校' } });
    expect(made.code, made.msg).toBe(Code.OK);
    doraFile = (await upload(dora.token, 'file', '成绩单.csv', Buffer.from('name,score\n丁,99\n'))).data.url;
    doraImage = (await upload(dora.token, 'image', '板书.png', png(8, 8))).data.url;
  });
  afterEach(() => { vi.useRealTimers(); });

  it('refuses a visitor and another organisation with 404, as if the file were not there', async () => {
    for (const url of [doraFile, doraImage]) {
      refused(await get(url));
      // Bob is in the demo organisation only; the cookie speaks for him as the header does.
      refused(await get(url, { 'x-token': bob.token }));
      refused(await get(url, { cookie: `token=${bob.token}` }));
      refused(await get(url, { 'x-token': 'not-a-session' }));
    }
  });

  it('serves the uploader, the members of the organisation (header or cookie) and the super admin', async () => {
    expect((await get(doraFile, { 'x-token': dora.token })).body).toBe('name,score\n丁,99\n');
    const mine = await upload(alice.token, 'image', 'a.png', png(4, 4));
    // Bob shares the demo organisation with Alice; a browser's <img> sends the cookie.
    const asBob = await get(mine.data.url, { cookie: `token=${bob.token}` });
    expect(asBob.statusCode).toBe(200);
    expect(asBob.headers['content-type']).toBe('image/png');
    expect(asBob.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const admin = await login(t.app, ADMIN.account, ADMIN.password);
    expect((await get(doraFile, { 'x-token': admin })).statusCode).toBe(200);
  });

  it('serves avatars to everyone, cacheable anywhere (robot square, logged-out pages)', async () => {
    const avatar = await upload(dora.token, 'avatar', 'me.png', png(16, 16));
    expect(avatar.code).toBe(Code.OK);
    const res = await get(avatar.data.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(png(16, 16))).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves a signed link to anyone until it expires, and refuses a tampered one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const signed = signFileUrl(t.config.APP_SECRET, doraFile);
    expect(signed).toMatch(/^\/api\/files\/file\/\d{6}\/[\w-]+\.csv\?exp=\d+&sig=[\w-]+$/);
    const ok = await get(signed);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('name,score\n丁,99\n');
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(ok.headers['cache-control']))![1]);
    expect(maxAge).toBeGreaterThanOrEqual(SIGNED_FILE_TTL_SECONDS - 5);
    expect(maxAge).toBeLessThanOrEqual(SIGNED_FILE_TTL_SECONDS + 3600);
    expect((await get(signed, { 'x-token': bob.token })).statusCode).toBe(200);

    const url = new URL(signed, 'http://x');
    const exp = Number(url.searchParams.get('exp'));
    const sig = url.searchParams.get('sig')!;
    const otherKey = new URL(signFileUrl(t.config.APP_SECRET, doraImage), 'http://x').searchParams.get('sig')!;
    for (const bad of [
      `${url.pathname}?exp=${exp}&sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`, // a changed signature
      `${url.pathname}?exp=${exp + 3600}&sig=${sig}`, // a later expiry
      `${url.pathname}?exp=${exp}&sig=${otherKey}`, // another file's signature
      `${url.pathname}?exp=${exp}`, `${url.pathname}?sig=${sig}`, `${url.pathname}?exp=soon&sig=${sig}`,
      doraImage + url.search, // the signature of one file does not open another
    ]) refused(await get(bad));

    // Still good just before it expires, refused after.
    vi.setSystemTime(exp * 1000 - 2000);
    expect((await get(signed)).statusCode).toBe(200);
    vi.setSystemTime(exp * 1000 + 1000);
    refused(await get(signed));
    expect(exp * 1000 - start).toBeGreaterThanOrEqual(SIGNED_FILE_TTL_SECONDS * 1000);
  });

  it('links elsewhere are not signed, and a signed link can be signed again', () => {
    expect(signFileUrl(t.config.APP_SECRET, 'https://example.com/a.pdf')).toBe('https://example.com/a.pdf');
    expect(signFileUrl(t.config.APP_SECRET, '/api/files/../../etc/passwd')).toBe('/api/files/../../etc/passwd');
    const once = signFileUrl(t.config.APP_SECRET, doraFile);
    expect(signFileUrl(t.config.APP_SECRET, once)).toBe(once);
  });
});

describe('over a real connection', () => {
  /** Posts a multipart upload of `size` streamed bytes; resolves with the answer and whether the socket was closed. */
  const agent = new http.Agent({ keepAlive: true });
  afterAll(() => agent.destroy());

  function send(url: string, token: string, fields: Record<string, string>, size: number) {
    return new Promise<{ status: number; body: any; connection: string | undefined; socketClosed: boolean }>((resolve, reject) => {
      const req = http.request(`${url}/api/uc/upload/fileUpload`, {
        method: 'POST', agent,
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'x-token': token },
      }, (res) => {
        const socket = res.socket;
        let text = '';
        res.on('data', (c) => { text += c; });
        res.on('end', () => {
          const answer = { status: res.statusCode!, body: JSON.parse(text), connection: res.headers.connection };
          if (answer.status < 400) return resolve({ ...answer, socketClosed: socket.destroyed });
          // Give the server a moment to hang up; a stalled socket stays open.
          const timer = setTimeout(() => resolve({ ...answer, socketClosed: false }), 3000);
          if (socket.destroyed) { clearTimeout(timer); resolve({ ...answer, socketClosed: true }); }
          socket.once('close', () => { clearTimeout(timer); resolve({ ...answer, socketClosed: true }); });
        });
      });
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code !== 'EPIPE' && err.code !== 'ECONNRESET') reject(err); // the server hung up mid-upload: expected
      });
      const head = Object.entries(fields).map(([k, v]) => fieldPart(k, v)).join('');
      req.write(`${head}--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\n`);
      const chunk = Buffer.alloc(1024 * 1024);
      let left = size;
      const pump = () => {
        while (left > 0 && !req.destroyed) {
          left -= chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        if (!req.destroyed) req.end(`\r\n--${BOUNDARY}--\r\n`);
      };
      pump();
    });
  }

  it('answers a refused upload at once and closes the connection instead of stalling on the unread body', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const bad = await send(url, alice.token, { policy: 'x', signature: 'y' }, 30 * MB);
    expect(bad.status).toBe(403);
    expect(bad.body.msg).toBe(MSG.uploadFailed);
    expect(bad.connection).toBe('close');
    expect(bad.socketClosed).toBe(true);

    const { policy, signature } = await getToken(alice.token, 'avatar');
    const big = await send(url, alice.token, { policy, signature }, 30 * MB);
    expect(big.status).toBe(413);
    expect(big.body.msg).toBe(MSG.avatarTooLarge);
    expect(big.socketClosed).toBe(true);

    // A good upload still works, and keeps its connection alive.
    const f = await getToken(alice.token, 'file');
    const good = await send(url, alice.token, { policy: f.policy, signature: f.signature }, 3 * MB);
    expect(good.status).toBe(200);
    expect(good.body.data.size).toBe(3 * MB);
    expect(good.connection).toBe('keep-alive');
    expect(good.socketClosed).toBe(false);
  });
});

describe('S3 storage', () => {
  let s3: FakeS3;
  let t3: TestApp;
  let carol: { token: string; uid: number };

  beforeAll(async () => {
    s3 = await startFakeS3();
    t3 = await createTestApp({
      S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.url, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    });
    carol = await register(t3.app);
  });
  afterAll(async () => {
    await t3?.close();
    await s3?.close();
  });

  it('uploads into the bucket and serves the bytes back', async () => {
    const tok = await call(t3.app, 'GET', '/api/uc/upload/getToken', { token: carol.token, query: { scene: 'image' } });
    expect(tok.data.disk).toBe('s3');
    const bytes = png(32, 32);
    const up = await t3.app.inject({
      method: 'POST', url: '/api/uc/upload/fileUpload',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'x-token': carol.token },
      payload: multipartBody({ before: { policy: tok.data.policy, signature: tok.data.signature }, file: { filename: 'c.png', data: bytes } }),
    });
    const body = up.json();
    expect(body.code).toBe(Code.OK);
    expect(body.data.hash).toBe(sha256(bytes));

    const stored = s3.objects.get(body.data.key);
    expect(stored?.body.equals(bytes)).toBe(true);
    expect(stored?.contentType).toBe('image/png');
    // A plain PUT with a Content-Length: S3-compatible stores (MinIO, OSS, COS) need no aws-chunked support.
    const put = s3.requests.find((r) => r.method === 'PUT')!;
    expect(put.url.startsWith(`/${s3.bucket}/${body.data.key}`)).toBe(true);
    expect(put.headers['content-length']).toBe(String(bytes.length));

    const got = await t3.app.inject({ method: 'GET', url: body.data.url, headers: { 'x-token': carol.token } });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-length']).toBe(String(bytes.length));
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect(readdirSync(path.join(t3.config.DATA_DIR, 'tmp'))).toEqual([]);
  });

  it('the fake also takes what the SDK sends by default: aws-chunked with a CRC32 trailer', async () => {
    const client = new S3Client({
      endpoint: s3.url, region: 'us-east-1', forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    const bytes = Buffer.from('chunked body '.repeat(1000));
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'probe/chunked.txt', Body: Readable.from([bytes]), ContentLength: bytes.length }));
    const put = s3.requests.findLast((r) => r.method === 'PUT')!;
    expect(put.headers['content-encoding']).toContain('aws-chunked');
    expect(put.headers['x-amz-trailer']).toBe('x-amz-checksum-crc32');
    expect(s3.objects.get('probe/chunked.txt')?.body.equals(bytes)).toBe(true);
    client.destroy();
  });

  it('answers 404 when the object is missing from the bucket', async () => {
    const tok = await call(t3.app, 'GET', '/api/uc/upload/getToken', { token: carol.token, query: { scene: 'file' } });
    const up = await t3.app.inject({
      method: 'POST', url: '/api/uc/upload/fileUpload',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'x-token': carol.token },
      payload: multipartBody({ before: { policy: tok.data.policy, signature: tok.data.signature }, file: { filename: 'n.txt', data: Buffer.from('notes') } }),
    });
    const { key, url } = up.json().data;
    expect(s3.objects.has(key)).toBe(true);
    await t3.deps.storage.delete(key);
    expect(s3.objects.has(key)).toBe(false);
    const res = await call(t3.app, 'GET', url, { token: carol.token });
    expect(res.status).toBe(404);
    expect(res.msg).toBe(MSG.notFound);
  });
});
