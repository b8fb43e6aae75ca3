import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { MSG } from '@xueban/contract/messages';
import type { McpServiceItem } from '@xueban/contract/mcp';
import { adminToken, apiGet, apiPost, signIn } from '../support/api.ts';
import { answers, ask, createChatRobot, registerModels, removeProvider, studentOf, type ChatRobot } from '../support/chat.ts';
import { startFakeModel, textOf, type FakeModel } from '../support/fake-model.ts';
import { startEverythingMcp } from '../support/mcp-server.ts';
import { failOnPageErrors } from '../support/shell.ts';

/**
 * Tools (issue 19): the super admin adds an MCP service (server-everything from npm) in MCP 管理,
 * the robot's creator enables its echo tool in 设计 → 工具, a student asks, the model calls the
 * tool, and the student sees the tool's activity card and the answer built on its result.
 */

const ECHOED = '三年二班今天第一节是数学';
let fake: FakeModel;
let mcp: Awaited<ReturnType<typeof startEverythingMcp>>;
let providerId: number;
let robot: ChatRobot;
const service = `课表工具${Date.now().toString(36)}`;

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: fileURLToPath(new URL(`../../docs/screenshots/mcp-${name}.png`, import.meta.url)) });

test.beforeAll(async ({ request }) => {
  mcp = await startEverythingMcp();
  // The model calls the offered echo tool first; with the tool's result back, it answers from it.
  fake = await startFakeModel((r) => {
    const result = r.messages.find((m) => m.role === 'tool');
    if (result) return { content: ['查到了：', `${textOf(result).replace(/^Echo: /, '')}。`] };
    const echo = r.tools?.find((t) => t.function.name.endsWith('_echo'));
    return echo ? { content: [], toolCalls: [{ name: echo.function.name, arguments: JSON.stringify({ message: ECHOED }) }] } : { content: ['没有工具可用。'] };
  });
  const registered = await registerModels(request, fake.baseUrl, [{ model: 'e2e-tools', capabilities: ['chat'] }]);
  providerId = registered.providerId;
  robot = await createChatRobot(request, { chat: registered.ids['e2e-tools']! }, '课表助手');
});
test.afterAll(async ({ request }) => {
  const admin = await adminToken(request);
  const made = (await apiGet<McpServiceItem[]>(request, '/api/ai/admin.Mcp/lists', {}, admin)).find((s) => s.name === service);
  if (made) await apiPost(request, '/api/ai/admin.Mcp/delete', { id: made.id }, admin);
  await removeProvider(request, providerId);
  await fake.close();
  await mcp.close();
});

failOnPageErrors();

test('an admin adds an MCP service, a robot enables its tool, a student sees the tool call and the answer', async ({ page, request }) => {
  // Three people's pages in one journey, on a machine shared with other work.
  test.setTimeout(150_000);
  await signIn(page, { token: await adminToken(request) });
  await page.goto('/admin/robot/mcp');
  await page.getByRole('button', { name: '新增服务' }).click();
  // The page is the left menu's MCP 管理 entry.
  await expect(page.locator('.ant-menu-item-selected', { hasText: 'MCP 管理' })).toBeVisible();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('服务名称').fill(service);
  // A private address the operator did not allow is refused with a clear message.
  await dialog.getByLabel('服务地址').fill('http://169.254.169.254/latest/meta-data/');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('.ant-message').getByText(MSG.mcpAddressRefused)).toBeVisible();
  await dialog.getByLabel('服务地址').fill(mcp.url);
  await dialog.getByRole('button', { name: '添加请求头' }).click();
  await dialog.getByLabel('请求头名称1').fill('Authorization');
  await dialog.getByLabel('请求头的值1').fill('Bearer school-secret-123456');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(service) });
  await expect(row.getByText('Bea****3456')).toBeVisible();
  await expect(page.getByText('school-secret-123456')).toHaveCount(0);
  await row.getByRole('button', { name: /展开行|Expand row/ }).click();
  await expect(page.getByRole('cell', { name: /Echo Tool/ })).toBeVisible();
  await page.waitForTimeout(300);
  await screenshot(page, 'admin-services');

  // The creator enables the echo tool on the robot's design page (工具).
  await signIn(page, robot.creator);
  await page.goto(`/robot/manage/${robot.id}/design`);
  const tools = page.getByLabel('工具', { exact: true });
  const toggle = tools.getByRole('switch', { name: '机器人使用工具 Echo Tool' });
  await toggle.click();
  await expect(toggle).toBeChecked();
  await toggle.scrollIntoViewIfNeeded();
  await screenshot(page, 'robot-tools');

  // A student asks: the tool's card shows with its state, then the answer from its result.
  await signIn(page, await studentOf(request, robot));
  await page.goto('/home');
  await expect(page.getByText(robot.name).first()).toBeVisible();
  await ask(page, '三年二班今天第一节是什么课？');
  await expect(answers(page).last()).toContainText(`查到了：${ECHOED}。`);
  const card = page.getByRole('group', { name: MSG.activityList }).locator('.chat-activity-card').first();
  await expect(card).toContainText('Echo Tool');
  await expect(card).toContainText(MSG.mcpToolDone);
  await page.waitForTimeout(300);
  await screenshot(page, 'chat-activity');
  // Opened again, the stored reply shows the card again.
  await page.goto('/home');
  await expect(answers(page).last()).toContainText(`查到了：${ECHOED}。`, { timeout: 30_000 });
  await expect(page.getByRole('group', { name: MSG.activityList }).getByText('Echo Tool')).toBeVisible({ timeout: 30_000 });

  // The super admin's 对话管理 shows the call with what was sent and what came back.
  await signIn(page, { token: await adminToken(request) });
  await page.goto('/admin/robot/dialogueRecord');
  const recordRow = page.getByRole('row').filter({ hasText: '三年二班今天第一节是什么课？' });
  await expect(recordRow).toContainText('Echo Tool', { timeout: 30_000 });
  await expect(recordRow).toContainText('参数：');
  await expect(recordRow).toContainText(`结果：`);
  await screenshot(page, 'admin-records');
});
