import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BASE_URL, apiGet, apiPost, asUser } from '../support/api.ts';
import { createChatRobot, registerModels, removeProvider, type ChatRobot } from '../support/chat.ts';
import { startFakeModel, type FakeModel } from '../support/fake-model.ts';
import { failOnPageErrors } from '../support/shell.ts';

/**
 * Robots as services (issue 25): a creator issues an embed key in the robot's API 密钥 tab; a
 * school's page on another origin carries the one-line script, and a visitor without an account
 * chats through its bubble (the answer names the knowledge document); a page whose origin the key
 * does not allow gets no bubble; the robot's 数据统计 counts the questions; the key is revoked.
 */

failOnPageErrors();
test.describe.configure({ mode: 'serial' });

const DOCUMENT = '校车时刻表.txt';
const PASSAGE = '校车每天早上七点从东门出发，下午五点半从图书馆返回。';

let fake: FakeModel;
let providerId: number;
let robot: ChatRobot;
let snippet = '';
const sites: Server[] = [];

const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(400); // let opening animations finish
  await page.screenshot({ path: fileURLToPath(new URL(`../../docs/screenshots/api-${name}.png`, import.meta.url)) });
};

/** Another site: a page served by the test on its own loopback port, carrying `body`. */
async function site(body: () => string): Promise<string> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head><meta charset="utf-8"><title>实验中学</title></head><body><h1>实验中学</h1><p>欢迎访问学校官网。</p>${body()}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sites.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function trainText(request: APIRequestContext, token: string, kbId: number) {
  const t = await apiGet<{ policy: string; signature: string; host: string }>(request, '/api/uc/upload/getToken', { scene: 'knowledge' }, token);
  const res = await request.post(`${BASE_URL}${t.host}`, {
    headers: asUser(token),
    multipart: { policy: t.policy, signature: t.signature, file: { name: DOCUMENT, mimeType: 'text/plain', buffer: Buffer.from(PASSAGE) } },
  });
  const file = ((await res.json()) as { data: { id: number } }).data;
  await apiPost(request, '/api/ai/knowledge/training', { type: 'file', repository_id: kbId, file_ids: [file.id] }, token);
  await expect.poll(async () => (await apiGet<{ ready: number }>(request, '/api/ai/knowledge/trainingtasks', { repository_id: kbId }, token)).ready, { timeout: 30_000 }).toBe(1);
}

let allowed = '';
let refused = '';

test.beforeAll(async ({ request }) => {
  fake = await startFakeModel(() => ({ content: ['校车早上', '七点从东门出发。'] }));
  const registered = await registerModels(request, fake.baseUrl, [{ model: 'e2e-api', capabilities: ['chat'] }]);
  providerId = registered.providerId;
  robot = await createChatRobot(request, { chat: registered.ids['e2e-api']! }, '校车助手');
  const kb = await apiPost<{ id: number }>(request, '/api/ai/knowledge/save', { name: `校车${robot.id}`, info: '' }, robot.creator.token);
  await trainText(request, robot.creator.token, kb.id);
  await apiPost(request, '/api/ai/Robot/bindContent', { robot_id: robot.id, type: 'repository', ids: [kb.id] }, robot.creator.token);
  allowed = await site(() => snippet);
  refused = await site(() => snippet);
});
test.afterAll(async ({ request }) => {
  await removeProvider(request, providerId);
  await fake.close();
  for (const s of sites) {
    s.closeAllConnections();
    s.close();
  }
});

test('a creator issues an embed key for the school site in API 密钥 and copies its one-line script', async ({ page }) => {
  await page.context().addCookies([{ name: 'token', value: robot.creator.token, url: BASE_URL, httpOnly: true, sameSite: 'Lax' }]);
  await page.goto(`/creator/robot/${robot.id}/api`);
  await expect(page.getByRole('tab', { name: 'API 密钥' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('还没有密钥')).toBeVisible();
  await page.getByRole('button', { name: '新建密钥' }).click();
  const dialog = page.getByRole('dialog', { name: '新建密钥' });
  await dialog.getByText('网页嵌入').click();
  await dialog.getByLabel('名称').fill('学校官网');
  await dialog.getByRole('button', { name: /创\s*建/ }).click();
  await expect(dialog.getByText('嵌入网页至少要填写一个允许的来源')).toBeVisible();
  await dialog.getByLabel('允许的来源').fill(allowed);
  await dialog.getByLabel('允许的来源').press('Enter');
  await dialog.getByLabel('每分钟提问上限').fill('5');
  await shot(page, 'new-key');
  await dialog.getByRole('button', { name: /创\s*建/ }).click();

  const created = page.getByRole('dialog', { name: '密钥已创建' });
  await expect(created.getByText('关闭后将无法再次查看')).toBeVisible();
  snippet = (await created.getByLabel('使用方式').textContent()) ?? '';
  expect(snippet).toMatch(/^<script src="http:\/\/127\.0\.0\.1:\d+\/embed\.js" data-key="xb-embed-[\w-]+" async><\/script>$/);
  await shot(page, 'key-created');
  await created.getByRole('button', { name: '我已保存' }).click();
  const row = page.getByRole('row', { name: /学校官网/ });
  await expect(row.getByText('有效', { exact: true })).toBeVisible();
  await expect(row.getByText(allowed)).toBeVisible();
  await expect(row.getByText('5 次/分钟')).toBeVisible();
  await expect(row.getByText('每位访客')).toBeVisible();
  await shot(page, 'keys');
});

test('a visitor on the school site chats through the bubble without an account; another site gets no bubble', async ({ page }) => {
  await page.goto(`${allowed}/`);
  await page.locator('[data-xueban-bubble]').click();
  const chat = page.frameLocator('iframe[data-xueban-chat]');
  await expect(chat.getByText(robot.name).first()).toBeVisible();
  await chat.getByLabel('输入问题').fill('校车几点出发？');
  await chat.getByLabel('输入问题').press('Enter');
  await expect(chat.getByText('校车早上七点从东门出发。')).toBeVisible();
  // The answer names the knowledge document it drew on.
  await expect(chat.getByText(DOCUMENT)).toBeVisible();
  // The model got the robot's knowledge with the question.
  expect(JSON.stringify(fake.requests.at(-1)?.messages)).toContain('下午五点半从图书馆返回');
  await shot(page, 'visitor-chat');

  // The conversation stays in this browser.
  await page.reload();
  await page.locator('[data-xueban-bubble]').click();
  await expect(page.frameLocator('iframe[data-xueban-chat]').getByText('校车几点出发？')).toBeVisible();

  // A page on an origin the key does not allow: the server refuses the ticket and no bubble shows.
  const ticket = page.waitForResponse((r) => r.url().endsWith('/v1/embed/ticket'));
  await page.goto(`${refused}/`);
  expect((await ticket).status()).toBe(403);
  await expect(page.getByRole('heading', { name: '实验中学' })).toBeVisible();
  await expect(page.locator('[data-xueban-bubble]')).toHaveCount(0);
});

test("the robot's 数据统计 counts the visitor's questions, and a revoked key stops the bubble", async ({ page }) => {
  await page.context().addCookies([{ name: 'token', value: robot.creator.token, url: BASE_URL, httpOnly: true, sameSite: 'Lax' }]);
  await page.goto(`/creator/robot/${robot.id}/stats`);
  const usage = page.getByLabel('API 调用');
  // The page's first reads can be slow on a loaded machine: wait for what the creator sees.
  await expect(usage.getByText('今日提问')).toBeVisible({ timeout: 30_000 });
  await expect(usage.getByRole('row', { name: /学校官网/ })).toContainText('1');
  await shot(page, 'stats');

  await page.getByRole('tab', { name: 'API 密钥' }).click();
  await page.getByRole('row', { name: /学校官网/ }).getByRole('button', { name: '吊销' }).click();
  await page.getByRole('button', { name: /吊\s*销/ }).last().click();
  await expect(page.getByRole('row', { name: /学校官网/ }).getByText('已吊销')).toBeVisible();

  const ticket = page.waitForResponse((r) => r.url().endsWith('/v1/embed/ticket'));
  await page.goto(`${allowed}/`);
  expect((await ticket).status()).toBe(401);
  await expect(page.locator('[data-xueban-bubble]')).toHaveCount(0);
});
