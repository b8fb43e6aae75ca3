import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { BASE_URL, apiGet, apiPost, asUser, freshMobile, signIn, type TestUser } from '../support/api.ts';
import { answers, ask, chatInput, createChatRobot, questions, registerModels, removeProvider, studentOf, type ChatRobot } from '../support/chat.ts';
import { startFakeModel, textOf, type FakeModel } from '../support/fake-model.ts';
import { docx, xlsx, type FixtureFile } from '../support/knowledge-files.ts';
import { officeInstalled, presentationsConvert, pptx } from '../support/office-files.ts';
import { failOnPageErrors } from '../support/shell.ts';

/**
 * Issue 21's acceptance journey. A creator's knowledge base holds a Word document, a spreadsheet, a
 * presentation (trained slide by slide) and a PDF that carries JavaScript; its documents page previews each. A learner attaches a docx, an
 * xlsx, that PDF, a pptx, a zip, an mp4, an mp3 and a program (.exe) in a chat with a robot (the
 * model is the scripted fake); each file tag in the sent questions opens the preview: office
 * documents as the PDF LibreOffice made (in the browser without it), the video at 1.5x and seeked,
 * the audio playing, the zip's entries; the program downloads instead. The PDF's script never runs.
 */

/** LibreOffice conversions queue behind each other on a busy machine. */
const CONVERTED_MS = 90_000;
const ANSWER = '文件都收到了。';

failOnPageErrors();

const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(400); // let opening animations finish
  await page.screenshot({ path: fileURLToPath(new URL(`../../docs/screenshots/files-${name}.png`, import.meta.url)) });
};

const fixture = (file: string, name: string, mimeType: string): FixtureFile =>
  ({ name, mimeType, buffer: readFileSync(fileURLToPath(new URL(`../fixtures/${file}`, import.meta.url))) });

/** A one-page PDF whose opening action is JavaScript that would set `window.__pdfScriptRan` and alert. */
function scriptedPdf(name: string): FixtureFile {
  const text = 'BT /F1 14 Tf 72 720 Td (Lab safety rules: goggles on.) Tj ET';
  const objs = [
    '',
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 6 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /S /JavaScript /JS (window.__pdfScriptRan = 1; app.alert\\(1\\);) >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let i = 1; i < objs.length; i++) {
    offsets.push(out.length);
    out += `${i} 0 obj\n${objs[i]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objs.length}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(out, 'latin1') };
}

async function zipFixture(): Promise<FixtureFile> {
  const zip = new JSZip();
  zip.folder('讲义');
  zip.file('讲义/第一课.txt', '光合作用'.repeat(50));
  zip.file('实验记录.csv', '组别,结果\n1,变蓝\n');
  return { name: '课件包.zip', mimeType: 'application/zip', buffer: await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }) };
}

async function upload(request: APIRequestContext, token: string, file: FixtureFile) {
  const t = await apiGet<{ policy: string; signature: string; host: string }>(request, '/api/uc/upload/getToken', { scene: 'knowledge' }, token);
  const res = await request.post(`${BASE_URL}${t.host}`, { headers: asUser(token), multipart: { policy: t.policy, signature: t.signature, file } });
  const body = (await res.json()) as { code: number; msg: string; data: { id: number; url: string } };
  if (body.code !== 20000) throw new Error(`upload ${file.name}: ${body.msg}`);
  return body.data;
}

async function closeDialog(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** Where a media element landed after being sent to `to` (the browser reads that part by a range request). */
const seek = (player: Locator, to: number) => player.evaluate((m: HTMLMediaElement, t) => new Promise<number>((resolve) => {
  m.addEventListener('seeked', () => resolve(m.currentTime), { once: true });
  m.currentTime = t;
}), to);

/** An office document in the open preview: the server's PDF with LibreOffice, else the in-browser rendering. */
async function expectOffice(dialog: Locator, inBrowser: Locator) {
  if (officeInstalled) await expect(dialog.locator('canvas[data-page="1"]')).toBeVisible({ timeout: CONVERTED_MS });
  else await expect(inBrowser).toBeVisible();
}

/** The PDF drew, and its script did nothing: no marker on the page, no alert. */
async function expectInertPdf(page: Page, dialog: Locator, alerts: string[]) {
  await expect(dialog.locator('canvas[data-page="1"]')).toBeVisible({ timeout: 30_000 }); // pdf.js is a large chunk
  expect(await page.evaluate(() => (window as { __pdfScriptRan?: number }).__pdfScriptRan)).toBeUndefined();
  expect(alerts).toEqual([]);
}

let fake: FakeModel;
let providerId: number;
let robot: ChatRobot;
let learner: TestUser;
const files: Record<string, FixtureFile> = {};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  fake = await startFakeModel(() => ({ content: [ANSWER], gapMs: 20 }));
  const registered = await registerModels(request, fake.baseUrl, [{ model: 'files-journey', capabilities: ['chat'] }]);
  providerId = registered.providerId;
  robot = await createChatRobot(request, { chat: registered.ids['files-journey']! }, '文件预览');
  learner = await studentOf(request, robot);
  Object.assign(files, {
    docx: await docx('光合作用讲义.docx', '光合作用', ['植物利用光能把二氧化碳和水合成有机物。']),
    xlsx: await xlsx('元素周期表.xlsx', [['元素', '符号'], ['氢', 'H'], ['氦', 'He']]),
    pdf: scriptedPdf('实验室安全守则.pdf'),
    pptx: await pptx('期中复习.pptx', ['期中复习', '细胞的结构']),
    zip: await zipFixture(),
    mp4: fixture('clip.mp4', '实验演示.mp4', 'video/mp4'),
    mp3: fixture('tone.mp3', '朗读示范.mp3', 'audio/mpeg'),
    exe: { name: 'setup.exe', mimeType: 'application/vnd.microsoft.portable-executable', buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2046)]) },
  });
});
test.afterAll(async ({ request }) => {
  await removeProvider(request, providerId);
  await fake.close();
});

test('a Word document, a spreadsheet, a presentation and a PDF with a script train and preview from the knowledge base', async ({ page, request }) => {
  test.setTimeout(240_000);
  const creator = robot.creator;
  const baseName = `预览资料${freshMobile().slice(-4)}`;
  const base = await apiPost<{ id: number }>(request, '/api/ai/knowledge/save', { name: baseName, info: '' }, creator.token);
  const ids = [];
  for (const f of [files.docx!, files.xlsx!, files.pptx!, files.pdf!]) {
    const up = await upload(request, creator.token, f);
    ids.push(up.id);
    // Asking for the preview queues the conversion now, while the page loads.
    await apiGet(request, '/api/uc/File/filePreview', { url: up.url }, creator.token);
  }
  await apiPost(request, '/api/ai/knowledge/training', { type: 'file', repository_id: base.id, file_ids: ids }, creator.token);
  // The presentation is read slide by slide like the others (issue 21: pptx as a knowledge document).
  const statusOf = async (name: string) => {
    const list = await apiGet<{ data: { name: string; status: string; error: string }[] }>(request, '/api/ai/knowledge/trainlists', { repository_id: base.id, limit: 50 }, creator.token);
    const doc = list.data.find((d) => d.name === name);
    return doc ? `${doc.status}${doc.error ? `: ${doc.error}` : ''}` : 'missing';
  };
  await expect.poll(() => statusOf('期中复习.pptx'), { timeout: CONVERTED_MS }).toBe('ready');

  const alerts: string[] = [];
  page.on('dialog', (d) => { alerts.push(d.message()); void d.dismiss(); });
  await signIn(page, creator);
  await page.goto(`/repository/content/${base.id}`);
  await expect(page.getByRole('heading', { name: baseName })).toBeVisible({ timeout: 30_000 });
  const open = async (name: string) => {
    await page.getByTestId('file-preview-link').filter({ hasText: name }).click();
    return page.getByRole('dialog', { name });
  };

  let dialog = await open('光合作用讲义.docx');
  await expectOffice(dialog, dialog.getByTestId('preview-docx').getByText('植物利用光能把二氧化碳和水合成有机物。'));
  await shot(page, 'docx-knowledge');
  await closeDialog(page, dialog);

  dialog = await open('元素周期表.xlsx');
  await expectOffice(dialog, dialog.getByRole('cell', { name: '氦', exact: true }));
  await shot(page, 'xlsx-knowledge');
  await closeDialog(page, dialog);

  await expect(page.getByRole('row').filter({ hasText: '期中复习.pptx' })).toContainText('已就绪');
  dialog = await open('期中复习.pptx');
  if (presentationsConvert) await expect(dialog.locator('canvas[data-page="2"]')).toBeVisible({ timeout: CONVERTED_MS }); // a page a slide
  else await expect(dialog.getByText('该格式暂不支持在线预览，请下载后用 Office 或 WPS 打开')).toBeVisible();
  await shot(page, 'pptx-knowledge');
  await closeDialog(page, dialog);

  dialog = await open('实验室安全守则.pdf');
  await expectInertPdf(page, dialog, alerts);
  await shot(page, 'pdf-knowledge');
});

test('a learner attaches eight kinds of file in a chat; each opens from the question, the program downloads', async ({ page }) => {
  test.setTimeout(300_000);
  const alerts: string[] = [];
  page.on('dialog', (d) => { alerts.push(d.message()); void d.dismiss(); });
  await signIn(page, learner);
  await page.goto('/home');
  await expect(chatInput(page)).toBeVisible();
  const picker = page.getByTestId('chat-attach-input');
  const pending = page.getByLabel('附件', { exact: true }).locator('.ant-tag');

  // Five files a question (spec §5): documents, a presentation and an archive, then the media and the program.
  const batches = [['docx', 'xlsx', 'pdf', 'pptx', 'zip'], ['mp4', 'mp3', 'exe']];
  for (const [i, batch] of batches.entries()) {
    await picker.setInputFiles(batch.map((k) => files[k]!));
    await expect(pending).toHaveText(batch.map((k) => files[k]!.name));
    await expect(pending.locator('.anticon-loading')).toHaveCount(0); // read and stored
    const before = fake.requests.length;
    await ask(page, i === 0 ? '请看看这些资料' : '还有这些文件');
    await expect(answers(page).nth(i)).toContainText(ANSWER);
    await expect(questions(page).nth(i).getByTestId('file-preview-link')).toHaveText(batch.map((k) => files[k]!.name));
    const system = textOf(fake.requests[before]!.messages.find((m) => m.role === 'system'));
    if (i === 0) {
      // The documents' text reaches the robot; the presentation and the archive by name.
      expect(system).toContain('植物利用光能把二氧化碳和水合成有机物。');
      expect(system).toContain('Lab safety rules');
      expect(system).toContain('【期中复习.pptx】、【课件包.zip】');
    } else {
      expect(system).toContain('【实验演示.mp4】、【朗读示范.mp3】、【setup.exe】');
    }
  }
  await expect(pending).toHaveCount(0);
  await questions(page).first().scrollIntoViewIfNeeded();
  await shot(page, 'attachments-chat');

  const open = async (name: string) => {
    await questions(page).getByTestId('file-preview-link').filter({ hasText: name }).click();
    return page.getByRole('dialog', { name });
  };

  let dialog = await open('光合作用讲义.docx');
  await expectOffice(dialog, dialog.getByTestId('preview-docx').getByText('植物利用光能把二氧化碳和水合成有机物。'));
  await shot(page, 'docx-chat');
  await closeDialog(page, dialog);

  dialog = await open('元素周期表.xlsx');
  await expectOffice(dialog, dialog.getByRole('cell', { name: '氦', exact: true }));
  await shot(page, 'xlsx-chat');
  await closeDialog(page, dialog);

  dialog = await open('实验室安全守则.pdf');
  await expectInertPdf(page, dialog, alerts);
  await shot(page, 'pdf-chat');
  await closeDialog(page, dialog);

  dialog = await open('期中复习.pptx');
  if (presentationsConvert) await expect(dialog.locator('canvas[data-page="2"]')).toBeVisible({ timeout: CONVERTED_MS }); // a page a slide
  else await expect(dialog.getByText('该格式暂不支持在线预览，请下载后用 Office 或 WPS 打开')).toBeVisible();
  await shot(page, 'pptx-chat');
  await closeDialog(page, dialog);

  dialog = await open('课件包.zip');
  await expect(dialog.getByText('讲义/第一课.txt')).toBeVisible();
  await expect(dialog.getByText('实验记录.csv')).toBeVisible();
  await expect(dialog.getByText('文件夹')).toBeVisible();
  await shot(page, 'zip-chat');
  await closeDialog(page, dialog);

  dialog = await open('实验演示.mp4');
  const video = dialog.getByTestId('preview-video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  await dialog.getByText('1.5x').click();
  expect(await seek(video, 3)).toBeCloseTo(3, 0);
  expect(await video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
  expect(await video.evaluate((v: HTMLVideoElement) => Math.round(v.currentTime))).toBe(3);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(160); // decoded: a picture
  await shot(page, 'mp4-chat');
  await closeDialog(page, dialog);

  dialog = await open('朗读示范.mp3');
  const audio = dialog.getByTestId('preview-audio');
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThanOrEqual(1);
  expect(await audio.evaluate((a: HTMLAudioElement) => Math.round(a.duration))).toBe(3);
  // It plays (muted: the machine has no speaker to spare): time moves on.
  await audio.evaluate((a: HTMLAudioElement) => { a.muted = true; return a.play(); });
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0.2);
  await shot(page, 'mp3-chat');
  await closeDialog(page, dialog);

  // A program is not shown: the dialog says so and downloads it under its own name.
  dialog = await open('setup.exe');
  await expect(dialog.getByTestId('preview-unsupported')).toBeVisible();
  await shot(page, 'exe-chat');
  const download = page.waitForEvent('download');
  await dialog.getByTestId('preview-download').click();
  expect((await download).suggestedFilename()).toBe('setup.exe');
  await closeDialog(page, dialog);

  // Opened again later, the questions keep their files: the stored record holds the links.
  await page.reload();
  await expect(questions(page).getByTestId('file-preview-link')).toHaveCount(8);
  dialog = await open('课件包.zip');
  await expect(dialog.getByText('讲义/第一课.txt')).toBeVisible();
});
