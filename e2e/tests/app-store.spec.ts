import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { Role } from '@xueban/contract/roles';
import { adminToken, apiGet, apiPost, newUser, signIn, type TestUser } from '../support/api.ts';
import { answers, ask, registerModels, removeProvider } from '../support/chat.ts';
import { startFakeModel, type FakeModel } from '../support/fake-model.ts';
import { failOnPageErrors, toast, trialUser } from '../support/shell.ts';

/**
 * The app store (issue 20): a developer lists a robot as a paid app, the super admin approves it,
 * an admin of another organisation installs it from the store, one of its students chats with the
 * installed copy (the scripted model answers), and the developer's revenue centre shows the install.
 */

const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: fileURLToPath(new URL(`../../docs/screenshots/store-${name}.png`, import.meta.url)), fullPage: true });
};
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const ANSWER = '牛顿第二定律：物体的加速度与所受合力成正比，F=ma。';

let fake: FakeModel;
let providerId = 0;
let dev: TestUser;
let robotName = '';
let robotId = 0;
let schoolAdmin: TestUser;
let student: TestUser;
const appName = `物理助教${Date.now() % 1e5}`;

test.beforeAll(async ({ request }) => {
  fake = await startFakeModel(() => ({ content: [ANSWER.slice(0, 8), ANSWER.slice(8)] }));
  const registered = await registerModels(request, fake.baseUrl, [{ model: 'store-model', capabilities: ['chat'] }]);
  providerId = registered.providerId;
  const admin = await adminToken(request);

  // The developer's robot (in the demo organisation), answered by the scripted model.
  dev = await newUser(request, { roles: [Role.CREATOR], truename: '李开发' });
  const scenes = await apiGet<{ id: number }[]>(request, '/api/ai/Robot/getRobotScenes', {}, dev.token);
  robotName = `力学答疑${Date.now() % 1e5}`;
  const made = await apiPost<{ id: number }>(request, '/api/ai/Robot/saveRobot', { name: robotName, scene_id: scenes[0]!.id, msg: '你好，我来解答物理问题。' }, dev.token);
  robotId = made.id;
  await apiPost(request, '/api/ai/Robot/updateRobotSetting', { id: robotId, is_show: 1, online_status: 1 }, dev.token);
  await apiPost(request, '/api/ai/Robot/setRobotModel', { id: robotId, chat_model_id: registered.ids['store-model'], reasoning_model_id: null }, dev.token);

  // Another, paid organisation with a student working in it.
  const school = await trialUser(request);
  schoolAdmin = school.user;
  await apiPost(request, '/api/uc/groups/setVip', { group_id: school.groupId, vip_level: 2, vip_end_time: Math.floor(Date.now() / 1000) + 30 * 86400 }, admin);
  student = await newUser(request, { truename: '王同学' });
  await apiPost(request, '/api/uc/GroupManage/addMember', { account: student.account }, schoolAdmin.token);
  await apiPost(request, '/api/uc/User/setCurrentGroup', { group_id: school.groupId }, student.token);
});
test.afterAll(async ({ request }) => {
  await removeProvider(request, providerId);
  await fake.close();
});

failOnPageErrors();

test('a developer lists an app, the super admin approves it, another organisation installs it, its student chats, the revenue centre counts it', async ({ page, request }) => {
  test.setTimeout(240_000); // one journey through five people's pages

  // 1. The developer packages the robot as a paid app and submits it.
  await signIn(page, dev);
  await page.goto('/developer/index');
  await expect(page.getByText('还没有应用')).toBeVisible();
  await page.getByRole('button', { name: '新建应用' }).click();
  const dialog = page.getByRole('dialog', { name: '新建应用' });
  await dialog.getByRole('combobox', { name: '机器人' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: robotName }).click();
  await dialog.getByLabel('应用名称').fill(appName);
  await dialog.getByLabel('一句话介绍').fill('高一物理力学答疑');
  await dialog.getByLabel('应用介绍').fill('覆盖牛顿运动定律、受力分析与常见题型，24 小时答疑。');
  await dialog.getByText('按席位按月收费').click();
  await dialog.getByLabel('每席位每月（元）').fill('9.9');
  await shot(page, 'new-app');
  await dialog.getByRole('button', { name: '保存草稿' }).click();
  await expect(page).toHaveURL(/\/developer\/user-app-detail\?id=\d+$/);
  await expect(page.getByText('¥9.90/席位/月')).toBeVisible();
  await page.getByRole('button', { name: '提交审核' }).click();
  await expect(page.getByText('审核中：超级管理员审核通过后，应用会出现在应用商店。')).toBeVisible();
  await shot(page, 'app-detail');
  await page.goto('/developer/index');
  await expect(row(page, appName)).toContainText('待审核');
  await shot(page, 'developer');

  // 2. The super admin approves it.
  await signIn(page, { token: await adminToken(request) });
  await page.goto('/admin/user/developer?view=apps');
  await expect(row(page, appName)).toContainText('李开发');
  await row(page, appName).getByRole('button', { name: '通过' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '通过' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(row(page, appName)).toHaveCount(0);
  await page.getByText('已上架', { exact: true }).click();
  await expect(row(page, appName)).toBeVisible();
  await shot(page, 'review');

  // 3. The other organisation's admin installs it from the store.
  await signIn(page, schoolAdmin);
  await page.goto('/group/workbench/appList?tab=store');
  const card = page.locator('.ant-card').filter({ hasText: appName });
  await expect(card).toContainText('¥9.90/席位/月');
  await shot(page, 'store');
  await card.getByRole('button', { name: '安装' }).click();
  const install = page.getByRole('dialog', { name: `安装「${appName}」` });
  await install.getByLabel('席位数').fill('20');
  await install.getByRole('button', { name: '安装' }).click();
  await expect(toast(page, '安装成功，本组织成员现在就可以使用')).toBeVisible();
  await expect(card).toContainText('已安装');
  await page.getByRole('tab', { name: '已安装' }).click();
  await expect(row(page, appName)).toContainText('应用商店');
  await expect(row(page, appName)).toContainText('0 / 20');
  await shot(page, 'installed');

  // 4. A student of that organisation talks to the installed copy at once.
  const installed = await apiGet<{ data: { name: string; robot_ids: number[] }[] }>(request, '/api/uc/GroupApp/lists', {}, schoolAdmin.token);
  const copyId = installed.data.find((a) => a.name === appName)!.robot_ids[0]!;
  expect(copyId).not.toBe(robotId);
  await apiPost(request, '/api/ai/RobotUsed/save', { id: copyId }, student.token);
  await signIn(page, student);
  await page.goto('/home');
  await expect(page.getByText(robotName).first()).toBeVisible();
  await ask(page, '什么是牛顿第二定律？');
  await expect(answers(page).last()).toContainText(ANSWER);
  await shot(page, 'chat');

  // 5. The developer's revenue centre shows the install, the seats and the question.
  await signIn(page, dev);
  await page.goto('/creator/app');
  await expect(page.getByText('结算由平台运营人员线下完成', { exact: false }).first()).toBeVisible();
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
  const statement = row(page, appName).filter({ hasText: month });
  await expect(statement).toContainText('¥9.90/席位/月');
  await expect(statement.getByRole('cell').nth(3)).toHaveText('1'); // 安装数
  await expect(statement.getByRole('cell').nth(5)).toHaveText('20'); // 计费席位
  await expect(statement.getByRole('cell').nth(7)).toHaveText('1'); // 问答数
  await shot(page, 'revenue');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 Excel' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

  // The creator's AI 批阅 tab on the robot: read-only, empty until a teacher sets work.
  await page.goto(`/creator/robot/${robotId}/mark`);
  await expect(page.getByText('还没有老师在这个机器人上布置作业')).toBeVisible();
  await shot(page, 'creator-mark');
});
