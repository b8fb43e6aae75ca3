import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { chunkText } from './chunk.ts';
import { ParseError } from './errors.ts';
import { parseDocumentInProcess as parseDocument } from './in-process.ts';
import { findOffice } from './legacy.ts';
import { pptx } from './pptx-fixture.ts';
import { deflated, rejection, tempDir, zipOf } from './test-fixtures.ts';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => { tmp = await tempDir(); });
afterAll(() => tmp.remove());
afterEach(() => { vi.unstubAllEnvs(); });

/** Uploads are stored under random names without extensions; the user's file name picks the parser. */
let n = 0;
const stored = (data: string | Uint8Array) => tmp.file(`upload-${++n}`, data);

async function expectParseError(p: Promise<unknown>, message: string) {
  const err = await rejection(p);
  expect(err).toBeInstanceOf(ParseError);
  expect(err.message).toBe(message);
}

const REVIEW = [
  { n: 1, title: '期中复习', body: ['第一单元到第三单元'], notes: '先请学生回忆上节课的内容。' },
  { n: 2, title: '细胞的结构', body: ['细胞膜控制物质进出。', '细胞核\n是遗传信息库。'] },
  { n: 10, body: ['线粒体是有氧呼吸的主要场所。'] },
];

describe('pptx', () => {
  it('reads the slides in order (1, 2, 10), each a section headed 第N页 and its title, with speaker notes', async () => {
    const parsed = await parseDocument(await stored(await pptx(REVIEW)), '期中复习.PPTX');
    expect(parsed.text).toBe([
      '# 第1页 期中复习', '期中复习', '第一单元到第三单元', '备注：先请学生回忆上节课的内容。',
      '# 第2页 细胞的结构', '细胞的结构', '细胞膜控制物质进出。', '细胞核\n是遗传信息库。',
      '# 第3页', '线粒体是有氧呼吸的主要场所。',
    ].join('\n\n'));
    expect(parsed.text).not.toMatch(/^(1|2|10)$/m); // slide number placeholders are not content
  });

  it('goes by the part numbers when the slide list is missing', async () => {
    const parsed = await parseDocument(await stored(await pptx(REVIEW, { withoutList: true })), '复习.pptx');
    expect(parsed.text.split('\n').filter((l) => l.startsWith('# '))).toEqual(['# 第1页 期中复习', '# 第2页 细胞的结构', '# 第3页']);
    expect(parsed.text.indexOf('细胞膜')).toBeLessThan(parsed.text.indexOf('线粒体'));
  });

  it('follows the presentation\'s order when slides were moved (slide3 shown first)', async () => {
    const parsed = await parseDocument(await stored(await pptx([{ n: 3, title: '导入' }, { n: 1, title: '小结' }])), '顺序.pptx');
    expect(parsed.text).toBe('# 第1页 导入\n\n导入\n\n# 第2页 小结\n\n小结');
  });

  it('reads a table as one line a row, cells apart', async () => {
    const deck = await pptx([{ title: '成绩', table: [['姓名', '分数'], ['张三', '95'], ['', '']] }]);
    expect((await parseDocument(await stored(deck), '成绩.pptx')).text).toBe('# 第1页 成绩\n\n成绩\n\n姓名 | 分数\n张三 | 95');
  });

  it('chunks cite the slide their sentence is on', async () => {
    const parsed = await parseDocument(await stored(await pptx(REVIEW)), '期中复习.pptx');
    const chunks = chunkText(parsed);
    expect(chunks.find((c) => c.content.includes('细胞膜控制物质进出'))?.heading).toBe('第2页 细胞的结构');
    expect(chunks.find((c) => c.content.includes('线粒体'))?.heading).toBe('第3页');
  });

  it('refuses a slide declaring an external entity, never reading the entity\'s file', async () => {
    const secret = await tmp.file('secret.txt', 'XXE-SECRET-4410');
    const hostile = await pptx([{
      title: '外部实体', raw: '[&xxe;]', prolog: `<!DOCTYPE p:sld [<!ENTITY xxe SYSTEM "${pathToFileURL(secret).href}">]>`,
    }]);
    const err = await rejection(parseDocument(await stored(hostile), '外部实体.pptx'));
    expect(err).toBeInstanceOf(ParseError);
    expect(err.message).toBe(MSG.fileCorrupt);
    expect(err.message).not.toContain('XXE-SECRET');
  });

  it('refuses entity expansion (a billion laughs) in a slide', async () => {
    const laughs = `<!DOCTYPE p:sld [<!ENTITY a "哈哈哈哈哈哈哈哈哈哈">${Array.from({ length: 9 }, (_, i) => `<!ENTITY ${String.fromCharCode(98 + i)} "${`&${String.fromCharCode(97 + i)};`.repeat(10)}">`).join('')}]>`;
    await expectParseError(parseDocument(await stored(await pptx([{ title: '笑', raw: '&j;', prolog: laughs }])), 'laughs.pptx'), MSG.fileCorrupt);
  });

  it('refuses a zip bomb, an encrypted (OLE) pptx, a text file named .pptx, and a zip without slides', async () => {
    const zeros = deflated('ppt/media/zeros.bin', Buffer.alloc(20 * 1024 * 1024));
    const head = await JSZip.loadAsync(await pptx([{ title: '炸弹' }]));
    const entries = await Promise.all(Object.values(head.files).filter((f) => !f.dir)
      .map(async (f) => deflated(f.name, await f.async('nodebuffer'))));
    await expectParseError(parseDocument(await stored(zipOf([...entries, zeros])), 'bomb.pptx'), MSG.fileTooComplex);
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(504).fill(0)]);
    await expectParseError(parseDocument(await stored(ole), 'secret.pptx'), MSG.fileEncrypted);
    await expectParseError(parseDocument(await stored('just text, not a presentation'), 'fake.pptx'), MSG.fileContentMismatch);
    await expectParseError(parseDocument(await stored(zipOf([deflated('readme.txt', Buffer.from('hi'))])), 'empty.pptx'), MSG.fileCorrupt);
  });
});

describe('old .ppt', () => {
  it('without LibreOffice tells the user to convert it', async () => {
    vi.stubEnv('PATH', path.join(tmp.dir, 'no-such-bin'));
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(504).fill(0)]);
    await expectParseError(parseDocument(await stored(ole), '旧课件.ppt'), '读取 ppt 文件失败 (可转换成 pptx)');
  });

  const office = findOffice();
  it.skipIf(!office)('reads a .ppt through LibreOffice, slide by slide', async ({ skip }) => {
    const source = await tmp.file('source.pptx', await pptx(REVIEW.slice(0, 2)));
    const out = path.join(tmp.dir, 'legacy-ppt');
    await promisify(execFile)(office!, [
      '--headless', '--norestore', `-env:UserInstallation=${pathToFileURL(path.join(tmp.dir, 'profile-ppt')).href}`,
      '--convert-to', 'ppt', '--outdir', out, source,
    ], { timeout: 120_000 });
    const ppt = path.join(out, 'source.ppt');
    // Distributions split LibreOffice: without Impress nothing can write (or read) .ppt.
    if (!existsSync(ppt)) return skip('LibreOffice Impress is not installed here: soffice cannot make a .ppt to read back');
    const text = (await parseDocument(ppt, '旧课件.ppt')).text;
    expect(text).toMatch(/^# 第1页 期中复习/);
    expect(text).toContain('备注：先请学生回忆上节课的内容。');
    // The fixture has no slide layouts, so LibreOffice keeps only the first title a placeholder: slide 2's is plain text.
    expect(text).toMatch(/# 第2页[^\n]*\n\n细胞的结构\n\n细胞膜控制物质进出。/);
  }, 240_000);
});
