import { fileURLToPath } from 'node:url';
import { deflateRawSync, crc32 } from 'node:zlib';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { Role } from '@xueban/contract/roles';
import { BASE_URL, apiGet, apiPost, asUser, freshMobile, newUser, signIn, type TestUser } from '../support/api.ts';
import { docx, textPdf, xlsx, type FixtureFile } from '../support/knowledge-files.ts';
import { officeInstalled, presentationsConvert, pptx } from '../support/office-files.ts';
import { failOnPageErrors, PNG } from '../support/shell.ts';

/**
 * File preview (spec §2 file preview dialog, §8, §9): a creator opens a Word document, a
 * spreadsheet and a PDF from a knowledge base's document list, and a video (speed and seek), an
 * image (zoom), a zip (its entries) and a presentation (downloads, with why) from an intent's
 * recommend content (附件). Fixtures are made in the test; the video is recorded in the browser
 * with MediaRecorder (no ffmpeg on the machine). Where LibreOffice is installed the server converts
 * office documents to PDF (drawn by pdf.js); without it docx and xlsx render in the browser and a
 * presentation downloads with why. file-preview-office.spec.ts follows a conversion through.
 */

/** Conversions queue behind each other on a busy machine. */
const CONVERTED_MS = 90_000;

failOnPageErrors();

const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(400); // let opening animations finish
  await page.screenshot({ path: fileURLToPath(new URL(`../../docs/screenshots/files-${name}.png`, import.meta.url)) });
};

async function upload(request: APIRequestContext, token: string, scene: 'knowledge' | 'file', file: FixtureFile) {
  const t = await apiGet<{ policy: string; signature: string; host: string }>(request, '/api/uc/upload/getToken', { scene }, token);
  const res = await request.post(`${BASE_URL}${t.host}`, { headers: asUser(token), multipart: { policy: t.policy, signature: t.signature, file } });
  const body = (await res.json()) as { code: number; msg: string; data: { id: number; url: string } };
  if (body.code !== 20000) throw new Error(`upload ${file.name}: ${body.msg}`);
  return body.data;
}

/** A zip of one text file and a folder, built byte by byte (stored entries need no library). */
function zipFixture(): FixtureFile {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const u16 = (n: number) => { const b = Buffer.alloc(2); b.writeUInt16LE(n); return b; };
  const u32 = (n: number) => { const b = Buffer.alloc(4); b.writeUInt32LE(n >>> 0); return b; };
  for (const [name, text] of [['讲义/', ''], ['讲义/第一课.txt', '光合作用'.repeat(50)]] as const) {
    const raw = Buffer.from(text);
    const data = deflateRawSync(raw);
    const n = Buffer.from(name);
    const common = Buffer.concat([u16(20), u16(0x800), u16(8), u16(0), u16(0), u32(crc32(raw)), u32(data.length), u32(raw.length), u16(n.length), u16(0)]);
    const local = Buffer.concat([u32(0x04034b50), common, n, data]);
    central.push(Buffer.concat([u32(0x02014b50), u16(20), common, u16(0), u16(0), u16(0), u32(0), u32(offset), n]));
    parts.push(local);
    offset += local.length;
  }
  const dir = Buffer.concat(central);
  return { name: '课件包.zip', mimeType: 'application/zip', buffer: Buffer.concat([...parts, dir, u32(0x06054b50), u16(0), u16(0), u16(2), u16(2), u32(dir.length), u32(offset), u16(0)]) };
}

/** Two seconds of a moving square recorded by the browser as webm. */
async function recordVideo(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 120;
    const ctx = canvas.getContext('2d')!;
    const stream = canvas.captureStream(15);
    const rec = new MediaRecorder(stream, { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    rec.ondataavailable = (e) => chunks.push(e.data);
    let x = 0;
    const timer = setInterval(() => { ctx.fillStyle = '#fff'; ctx.fillRect(0, 0, 160, 120); ctx.fillStyle = '#3370ff'; ctx.fillRect(x = (x + 8) % 160, 40, 30, 30); }, 66);
    rec.start(250);
    await new Promise((r) => setTimeout(r, 3000));
    const stopped = new Promise((r) => { rec.onstop = r; });
    rec.stop();
    await stopped;
    clearInterval(timer);
    const buf = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let s = '';
    for (const c of buf) s += String.fromCharCode(c);
    return btoa(s);
  });
  return Buffer.from(b64, 'base64');
}

/** Closes a preview dialog as a user would (Esc) and waits until it is gone. */
async function closeDialog(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

let creator: TestUser;

test.beforeAll(async ({ request }) => {
  creator = await newUser(request, { roles: [Role.CREATOR] });
});

test('a Word document, a spreadsheet and a PDF open in the preview from the knowledge base', async ({ page, request }) => {
  test.setTimeout(120_000);
  const baseName = `预览资料${freshMobile().slice(-4)}`;
  const base = await apiPost<{ id: number }>(request, '/api/ai/knowledge/save', { name: baseName, info: '' }, creator.token);
  const files = await Promise.all([
    docx('光合作用讲义.docx', '光合作用', ['植物利用光能把二氧化碳和水合成有机物。']),
    xlsx('元素周期表.xlsx', [['元素', '符号'], ['氢', 'H'], ['氦', 'He']]),
    textPdf('valve-manual.pdf', ['Zephyr valve maintenance manual']),
  ]);
  const ids = [];
  for (const f of files) ids.push((await upload(request, creator.token, 'knowledge', f)).id);
  await apiPost(request, '/api/ai/knowledge/training', { type: 'file', repository_id: base.id, file_ids: ids }, creator.token);

  await signIn(page, creator);
  await page.goto('/repository');
  await expect(page.getByText(baseName)).toBeVisible({ timeout: 30_000 });
  await page.goto(`/repository/content/${base.id}`);
  await expect(page.getByRole('heading', { name: baseName })).toBeVisible({ timeout: 30_000 });

  await page.getByTestId('file-preview-link').filter({ hasText: '光合作用讲义.docx' }).click();
  let dialog = page.getByRole('dialog', { name: '光合作用讲义.docx' });
  if (officeInstalled) await expect(dialog.locator('canvas[data-page="1"]')).toBeVisible({ timeout: CONVERTED_MS });
  else await expect(dialog.getByTestId('preview-docx').getByText('植物利用光能把二氧化碳和水合成有机物。')).toBeVisible();
  await shot(page, 'docx');
  await closeDialog(page, dialog);

  await page.getByTestId('file-preview-link').filter({ hasText: '元素周期表.xlsx' }).click();
  dialog = page.getByRole('dialog', { name: '元素周期表.xlsx' });
  if (officeInstalled) {
    await expect(dialog.locator('canvas[data-page="1"]')).toBeVisible({ timeout: CONVERTED_MS });
  } else {
    await expect(dialog.getByRole('cell', { name: '氦', exact: true })).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Sheet1' })).toBeVisible();
  }
  await shot(page, 'xlsx');
  await closeDialog(page, dialog);

  await page.getByTestId('file-preview-link').filter({ hasText: 'valve-manual.pdf' }).click();
  dialog = page.getByRole('dialog', { name: 'valve-manual.pdf' });
  await expect(dialog.locator('canvas[data-page="1"]')).toBeVisible({ timeout: 30_000 }); // pdf.js is a large chunk
  await shot(page, 'pdf');
});

test('a video (speed, seek), an image (zoom), a zip (entries) and a presentation open from recommend content', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page, creator);
  await page.goto('/resIntent');
  const video = await recordVideo(page);
  const category = await apiPost<{ id: number }>(request, '/api/ai/intentCategory/save', { name: `预览${freshMobile().slice(-4)}` }, creator.token);
  const intent = await apiPost<{ id: number }>(request, '/api/ai/intent/save', { category_id: category.id, name: '课件资料' }, creator.token);
  const annex = async (file: FixtureFile) => {
    const up = await upload(request, creator.token, 'file', file);
    await apiPost(request, '/api/ai/intentContent/save', { intent_id: intent.id, content_type: 'annex', content: { url: up.url, title: file.name } }, creator.token);
  };
  await annex({ name: '实验录像.webm', mimeType: 'video/webm', buffer: video });
  await annex({ name: '细胞图.png', mimeType: 'image/png', buffer: PNG });
  await annex(zipFixture());
  await annex(await pptx('期中复习.pptx', ['期中复习', '细胞的结构']));

  await page.goto(`/resIntent/content?id=${intent.id}`);

  await page.getByTestId('file-preview-link').filter({ hasText: '实验录像.webm' }).click();
  let dialog = page.getByRole('dialog', { name: '实验录像.webm' });
  const player = dialog.getByTestId('preview-video');
  await expect(player).toBeVisible();
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  await dialog.getByText('1.5x').click();
  expect(await player.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
  // Seeking asks the file route for a byte range; the player lands where it was sent.
  // A recording has no index (cues), so the browser may need a few range reads to land: wait for `seeked`.
  const landed = await player.evaluate((v: HTMLVideoElement) => new Promise<number>((resolve) => {
    v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
    v.currentTime = 1;
  }));
  expect(landed).toBeGreaterThan(0.5);
  await shot(page, 'video');
  await closeDialog(page, dialog);

  await page.getByTestId('file-preview-link').filter({ hasText: '细胞图.png' }).click();
  dialog = page.getByRole('dialog', { name: '细胞图.png' });
  await dialog.getByTestId('preview-image').click();
  // antd's image preview: zoom in and rotate from its toolbar.
  const big = page.locator('.ant-image-preview img').first();
  await expect(big).toBeVisible();
  await page.locator('.ant-image-preview .anticon-zoom-in').click();
  await page.locator('.ant-image-preview .anticon-rotate-right').click();
  await expect.poll(() => big.evaluate((img) => {
    const m = new DOMMatrix(getComputedStyle(img).transform);
    return Math.round(Math.hypot(m.a, m.b) * 10) / 10; // the scale, whatever the rotation
  })).toBeGreaterThan(1);
  await shot(page, 'image');
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-image-preview')).toBeHidden();
  await closeDialog(page, dialog);

  await page.getByTestId('file-preview-link').filter({ hasText: '课件包.zip' }).click();
  dialog = page.getByRole('dialog', { name: '课件包.zip' });
  await expect(dialog.getByText('讲义/第一课.txt')).toBeVisible();
  await expect(dialog.getByText('文件夹')).toBeVisible();
  await shot(page, 'zip');
  await closeDialog(page, dialog);

  await page.getByTestId('file-preview-link').filter({ hasText: '期中复习.pptx' }).click();
  dialog = page.getByRole('dialog', { name: '期中复习.pptx' });
  if (presentationsConvert) await expect(dialog.locator('canvas[data-page="2"]')).toBeVisible({ timeout: CONVERTED_MS }); // one page a slide
  else await expect(dialog.getByText('该格式暂不支持在线预览，请下载后用 Office 或 WPS 打开')).toBeVisible();
  const download = page.waitForEvent('download');
  await dialog.getByTestId('preview-download').click();
  expect((await download).suggestedFilename()).toBe('期中复习.pptx');
  await shot(page, 'pptx');
});
