import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { Role } from '@xueban/contract/roles';
import { BASE_URL, adminToken, apiGet, apiPost, asUser, newUser, signIn, type TestUser } from '../support/api.ts';
import { docx, type FixtureFile } from '../support/knowledge-files.ts';
import { officeInstalled } from '../support/office-files.ts';
import { failOnPageErrors } from '../support/shell.ts';

/**
 * Issue 21, the rest: a teacher opens a lesson's files from the teaching view
 * (/teacher/project-detail): a Word document converted to PDF by LibreOffice on the server
 * (正在生成预览 while it runs), a broken one (a clear error), an mp4 and a recording, both seeking
 * over range requests; an admin opens a feedback picture in the same preview dialog.
 * The mp4 is a committed 10 KB fixture (e2e/fixtures/clip.mp4, 4 s of a test pattern, H.264).
 */

failOnPageErrors();

const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(400); // let opening animations finish
  await page.screenshot({ path: fileURLToPath(new URL(`../../docs/screenshots/files-${name}.png`, import.meta.url)) });
};

async function upload(request: APIRequestContext, token: string, scene: 'file' | 'image', file: FixtureFile) {
  const t = await apiGet<{ policy: string; signature: string; host: string }>(request, '/api/uc/upload/getToken', { scene }, token);
  const res = await request.post(`${BASE_URL}${t.host}`, { headers: asUser(token), multipart: { policy: t.policy, signature: t.signature, file } });
  const body = (await res.json()) as { code: number; msg: string; data: { url: string; size: number } };
  if (body.code !== 20000) throw new Error(`upload ${file.name}: ${body.msg}`);
  return body.data;
}

/** Three seconds of a 440 Hz tone as 8 kHz mono PCM WAV (a header and samples: no encoder needed). */
function toneWav(): FixtureFile {
  const rate = 8000;
  const samples = rate * 3;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  const head = Buffer.alloc(44);
  head.write('RIFF', 0);
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8);
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36);
  head.writeUInt32LE(data.length, 40);
  return { name: '朗读示范.wav', mimeType: 'audio/wav', buffer: Buffer.concat([head, data]) };
}

/** A 320×200 PNG of colour bands (a screenshot-sized picture), encoded here: RGB rows, deflated, CRC'd chunks. */
function bandsPng(): Buffer {
  const [w, h] = [320, 200];
  const colours = [[51, 112, 255], [82, 196, 26], [250, 173, 20], [245, 34, 45]];
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const c = colours[Math.floor((x / w) * colours.length)]!;
      rows.set(c, y * (w * 3 + 1) + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

const mp4: FixtureFile = {
  name: '实验演示.mp4', mimeType: 'video/mp4', buffer: readFileSync(fileURLToPath(new URL('../fixtures/clip.mp4', import.meta.url))),
};

/** Seeks a player to `to` seconds and resolves where it landed (the browser reads that part by a range request). */
const seek = (player: Locator, to: number) => player.evaluate((m: HTMLMediaElement, t) => new Promise<number>((resolve) => {
  m.addEventListener('seeked', () => resolve(m.currentTime), { once: true });
  m.currentTime = t;
}), to);

async function closeDialog(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

let teacher: TestUser;

test.beforeAll(async ({ request }) => {
  teacher = await newUser(request, { roles: [Role.TEACHER], truename: '赵老师' });
});

test("a lesson's files open in the preview: a Word document as PDF, a broken one with why, an mp4 and a recording with seeking", async ({ page, request }) => {
  test.setTimeout(180_000);
  const lessonDoc = await docx('第一课讲义.docx', '第一课 细胞', ['细胞是生物体结构和功能的基本单位。']);
  const broken = { ...lessonDoc, name: '损坏的讲义.docx', buffer: lessonDoc.buffer.subarray(0, lessonDoc.buffer.length >> 1) };
  const files = [];
  for (const f of [lessonDoc, broken, mp4, toneWav()]) {
    const up = await upload(request, teacher.token, 'file', f);
    files.push({ name: f.name, url: up.url, size: up.size, is_main_file: files.length === 0 });
  }
  const plan = await apiPost<{ id: number }>(request, '/api/ai/coursePlan/save', { title: '生物 · 细胞', description: '' }, teacher.token);
  await apiPost(request, '/api/ai/courseNode/save', { plan_id: plan.id, pid: 0, title: '第一课 细胞', content: '本课认识细胞。', files }, teacher.token);

  await signIn(page, teacher);
  await page.goto(`/teacher/project-detail/${plan.id}`);
  await page.getByRole('navigation', { name: '课程目录' }).getByText('第一课 细胞').click();
  const lessonFiles = page.getByRole('region', { name: '课时文件' });
  await expect(lessonFiles).toBeVisible();

  if (officeInstalled) {
    await lessonFiles.getByTestId('file-preview-link').filter({ hasText: '第一课讲义.docx' }).click();
    let dialog = page.getByRole('dialog', { name: '第一课讲义.docx' });
    // The first preview converts on the server's queue; the dialog waits with 正在生成预览, then draws the PDF.
    const converting = dialog.getByTestId('preview-converting');
    await expect(converting.or(dialog.locator('canvas[data-page="1"]'))).toBeVisible();
    if (await converting.isVisible()) await page.screenshot({ path: fileURLToPath(new URL('../../docs/screenshots/files-office-converting.png', import.meta.url)) });
    await expect(dialog.locator('canvas[data-page="1"]')).toBeVisible({ timeout: 90_000 });
    await expect(dialog.getByTestId('preview-download')).toBeVisible();
    await shot(page, 'office-docx');
    await closeDialog(page, dialog);

    await lessonFiles.getByTestId('file-preview-link').filter({ hasText: '损坏的讲义.docx' }).click();
    dialog = page.getByRole('dialog', { name: '损坏的讲义.docx' });
    await expect(dialog.getByText('预览生成失败：文件已损坏或格式无法识别，请下载后查看')).toBeVisible({ timeout: 90_000 });
    await shot(page, 'office-failed');
    await closeDialog(page, dialog);
  } else {
    test.info().annotations.push({ type: 'notice', description: 'LibreOffice (soffice) is not installed: the office preview part was skipped' });
  }

  await lessonFiles.getByTestId('file-preview-link').filter({ hasText: '实验演示.mp4' }).click();
  let dialog = page.getByRole('dialog', { name: '实验演示.mp4' });
  const video = dialog.getByTestId('preview-video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((v: HTMLVideoElement) => Math.round(v.duration))).toBe(4);
  expect(await seek(video, 3)).toBeCloseTo(3, 0);
  await dialog.getByText('2x').click();
  expect(await video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(2);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(160); // decoded: a picture, not a black box
  await shot(page, 'mp4');
  await closeDialog(page, dialog);

  await lessonFiles.getByTestId('file-preview-link').filter({ hasText: '朗读示范.wav' }).click();
  dialog = page.getByRole('dialog', { name: '朗读示范.wav' });
  const audio = dialog.getByTestId('preview-audio');
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThanOrEqual(1);
  expect(await audio.evaluate((a: HTMLAudioElement) => Math.round(a.duration))).toBe(3);
  expect(await seek(audio, 2)).toBeCloseTo(2, 0);
  await shot(page, 'audio');
});

test('a feedback picture opens in the preview dialog from the admin feedback list', async ({ page, request }) => {
  const user = await newUser(request);
  const picture = await upload(request, user.token, 'image', { name: 'screen.png', mimeType: 'image/png', buffer: bandsPng() });
  const text = `预览页面打不开 ${Date.now()}`;
  await apiPost(request, '/api/uc/Tool/sendFeedBack', { content: text, contact: '', picture_data: [picture.url] }, user.token);

  await signIn(page, { token: await adminToken(request) });
  await page.goto('/admin/settings/feedback');
  const row = page.getByRole('row').filter({ hasText: text });
  await row.getByRole('img', { name: '反馈图片' }).click();
  const dialog = page.getByRole('dialog', { name: '反馈图片 1' });
  await expect(dialog.getByTestId('preview-image')).toBeVisible();
  await expect.poll(() => dialog.getByRole('img', { name: 'screen.png' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await expect(dialog.getByTestId('preview-download')).toBeVisible();
  await shot(page, 'feedback-image');
});
