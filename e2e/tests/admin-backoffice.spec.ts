import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { adminToken, apiGet, apiPost, freshMobile, newUser, signIn } from '../support/api.ts';
import { failOnPageErrors } from '../support/shell.ts';

/**
 * The super admin's back office (issue 18): an organisation is created, made paid, given an
 * admin and disabled, its user logged out at the next status check; every change is in 操作日志.
 * The other admin menu pages show content, never an empty frame.
 */

failOnPageErrors();
// Back-office pages load a lazy chunk and several lists; on a loaded machine they take a while.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(400); // let dialogs and charts settle
  await page.screenshot({ path: fileURLToPath(new URL(`../../docs/screenshots/admin-${name}.png`, import.meta.url)), fullPage: true });
};
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text);
const main = (page: Page) => page.getByRole('main');

test('the super admin creates an organisation, makes it paid, gives it an admin, disables it; its user is logged out and the trail shows each change', async ({ page, browser, request }) => {
  const admin = { token: await adminToken(request) };
  const teacher = await newUser(request);
  const orgName = `实验学校${freshMobile().slice(-5)}`;
  await signIn(page, admin);

  await page.goto('/admin/user/organization');
  await main(page).getByRole('button', { name: '新建组织' }).click();
  const create = page.getByRole('dialog', { name: '新建组织' });
  await create.getByLabel('组织名称').fill(orgName);
  await create.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, MSG.created)).toBeVisible();
  const row = main(page).getByRole('row', { name: new RegExp(orgName) });
  await expect(row.getByText('试用')).toBeVisible();

  await row.getByRole('button', { name: '服务等级' }).click();
  const tier = page.getByRole('dialog', { name: new RegExp('服务等级') });
  await tier.getByLabel('服务类型').click();
  await page.getByTitle('付费（vip_level 大于 1）').click();
  await tier.getByRole('button', { name: '保存' }).click();
  await expect(row.getByText('付费')).toBeVisible();
  const org = (await apiGet<{ data: { id: number; vip_end_time: number }[] }>(request, '/api/uc/admin.group/lists', { keyword: orgName }, admin.token)).data[0]!;
  // Paid until the end of the day 30 days from today, in the browser's time zone (Asia/Shanghai).
  const beijingDate = (ms: number) => new Date(ms).toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai' });
  expect(beijingDate(org.vip_end_time * 1000)).toBe(beijingDate(Date.now() + 30 * 86_400_000));
  expect(beijingDate(org.vip_end_time * 1000 + 1000)).not.toBe(beijingDate(org.vip_end_time * 1000));
  await shot(page, 'organizations');

  await row.getByRole('link', { name: '成员' }).click();
  await main(page).getByRole('button', { name: '添加成员' }).click();
  const add = page.getByRole('dialog', { name: '添加成员' });
  await add.getByLabel('手机号或邮箱').fill(teacher.account);
  await add.getByRole('button', { name: '保存' }).click();
  const member = main(page).getByRole('row', { name: new RegExp(teacher.truename) });
  await expect(member.getByText('学生')).toBeVisible();
  await member.getByRole('button', { name: '设置角色' }).click();
  const roles = page.getByRole('dialog', { name: /设置角色/ });
  await roles.getByRole('combobox', { name: /角色/ }).click();
  await page.locator('.ant-select-item-option', { hasText: '组织管理员' }).click();
  await page.locator('.ant-select-item-option', { hasText: '学生' }).click();
  await roles.getByText('设置角色：').click(); // close the option list
  await roles.getByRole('button', { name: '保存' }).click();
  await expect(member.getByText('组织管理员')).toBeVisible();
  await expect(member.getByText('学生')).toHaveCount(0);
  await shot(page, 'org-members');

  // The new org admin works in the organisation.
  await apiPost(request, '/api/uc/User/setCurrentGroup', { group_id: org.id }, teacher.token);
  const userPage = await browser.newPage();
  await signIn(userPage, teacher);
  await userPage.goto('/home');
  await expect(userPage.getByRole('banner').getByText(teacher.truename)).toBeVisible();

  await page.goto('/admin/user/organization');
  await main(page).getByRole('row', { name: new RegExp(orgName) }).getByRole('button', { name: '停用' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '停用' }).click();
  await expect(main(page).getByRole('row', { name: new RegExp(orgName) }).getByText('已停用')).toBeVisible();

  // The status check is locked for 3 s after the last one: wait it out, then change page in the app.
  await userPage.waitForTimeout(3200);
  await userPage.getByRole('complementary', { name: '侧边栏' }).getByText('机器人广场').click();
  await expect(userPage.getByRole('dialog', { name: '登录' })).toBeVisible();
  await userPage.close();

  await page.goto('/admin/settings/auditLog');
  await main(page).getByLabel('按对象筛选').fill(orgName);
  await main(page).getByLabel('按对象筛选').press('Enter');
  const trail = main(page).getByRole('table');
  await expect(trail.getByRole('row', { name: /停用\/启用组织/ })).toContainText('status：0');
  await expect(trail.getByRole('row', { name: /设置服务等级/ })).toContainText('tier：paid');
  await expect(trail.getByRole('row', { name: /新建组织/ })).toBeVisible();
  await main(page).getByLabel('按对象筛选').fill('');
  await main(page).getByLabel('按对象筛选').press('Enter');
  await expect(trail.getByRole('row', { name: new RegExp(`设置成员角色.*${teacher.truename}`) })).toContainText('ROLE_ORG_ADMIN');
  await shot(page, 'audit-log');
});

test('every page of the admin menu shows content: overview, robots and their tabs, settings, AI marking, users; the organisation sees its own robots', async ({ page, request }) => {
  const admin = { token: await adminToken(request) };
  const creator = await newUser(request, { roles: [Role.CREATOR] });
  const scenes = await apiGet<{ id: number }[]>(request, '/api/ai/Robot/getRobotScenes', {}, creator.token);
  const robotName = `后台机器人${freshMobile().slice(-5)}`;
  const robot = await apiPost<{ id: number }>(request, '/api/ai/Robot/saveRobot', { name: robotName, scene_id: scenes[0]!.id }, creator.token);
  await signIn(page, admin);

  await page.goto('/admin/index');
  await expect(main(page).getByText('用户', { exact: true })).toBeVisible();
  await expect(main(page).getByRole('img', { name: '每日提问数、活跃用户与新增用户' }).locator('canvas')).toBeVisible();
  await shot(page, 'overview');

  await page.goto('/admin/robot/officialRobot');
  await main(page).getByLabel('搜索机器人').fill(robotName);
  await main(page).getByLabel('搜索机器人').press('Enter');
  const row = main(page).getByRole('row', { name: new RegExp(robotName) });
  await expect(row.getByText(creator.truename)).toBeVisible();
  await row.getByRole('button', { name: '关闭' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(row.getByText('已关闭')).toBeVisible();
  await shot(page, 'robots');
  await row.getByRole('link', { name: '管理' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/robot/${robot.id}`));
  await expect(main(page).getByRole('tab')).toHaveText(['资源库', '数据统计', '成员', '设置', '发布']);
  await main(page).getByRole('tab', { name: '数据统计' }).click();
  await expect(main(page).getByText('次查看')).toBeVisible();
  await shot(page, 'robot-detail');

  await page.goto('/admin/settings/index');
  await expect(main(page).getByLabel('网站名称')).not.toHaveValue('');
  await expect(main(page).getByText('横幅', { exact: true })).toBeVisible();
  await shot(page, 'settings');

  await page.goto('/admin/match/robotList');
  await expect(main(page).getByText(/AI 批阅|审核列表/).first()).toBeVisible();
  await shot(page, 'match');

  await page.goto('/admin/user/list');
  await main(page).getByLabel('搜索用户').fill(creator.account);
  await main(page).getByLabel('搜索用户').press('Enter');
  await expect(main(page).getByRole('row', { name: new RegExp(creator.truename) })).toContainText('创作者');
  await shot(page, 'users');

  for (const path of ['/admin/index', '/admin/user/organization', '/admin/user/organization/content', '/admin/user/list', '/admin/robot/officialRobot', `/admin/robot/${robot.id}/stats`, '/admin/settings/index', '/admin/match/robotList', '/admin/settings/auditLog', '/admin/settings/helpCenter']) {
    await page.goto(path);
    await expect(main(page).locator('.ant-table, .ant-card, .ant-tabs, form, canvas, .ant-empty').first()).toBeVisible();
    // The frame's placeholder is an Empty whose description is 暂无数据 (its picture is also titled so: not counted).
    await expect(main(page).locator('.ant-empty-description').filter({ hasText: /^暂无数据$/ }), path).toHaveCount(0);
  }
});

test('an organisation admin manages only the organisation\'s robots in /group, with the same tabs', async ({ page, request }) => {
  const admin = await adminToken(request);
  const owner = await newUser(request);
  const org = await apiPost<{ group_id: number }>(request, '/api/uc/groups/save', { name: `组织后台${freshMobile().slice(-5)}` }, owner.token);
  await apiPost(request, '/api/uc/admin.group/setTier', { group_id: org.group_id, vip_level: 2, vip_end_time: Math.floor(Date.now() / 1000) + 30 * 86_400 }, admin);
  const scenes = await apiGet<{ id: number }[]>(request, '/api/ai/Robot/getRobotScenes', {}, owner.token);
  const robotName = `本校机器人${freshMobile().slice(-5)}`;
  const robot = await apiPost<{ id: number }>(request, '/api/ai/Robot/saveRobot', { name: robotName, scene_id: scenes[0]!.id }, owner.token);
  await signIn(page, owner);

  await page.goto('/group/robot/officialRobot');
  const rows = main(page).getByRole('table').getByRole('row');
  await expect(rows.filter({ hasText: robotName })).toBeVisible();
  await expect(rows).toHaveCount(2); // the header and the organisation's one robot
  await shot(page, 'group-robots');
  await rows.filter({ hasText: robotName }).getByRole('link', { name: '管理' }).click();
  await expect(page).toHaveURL(new RegExp(`/group/robot/${robot.id}`));
  await expect(main(page).getByRole('tab')).toHaveText(['资源库', '数据统计', '成员', '设置', '发布']);

  // The organisation's own MCP services (issue 19), from the same left menu.
  await page.getByRole('menuitem', { name: 'MCP 管理' }).click();
  await expect(page).toHaveURL(/\/group\/robot\/mcp$/);
  await expect(main(page).getByRole('button', { name: '新增服务' })).toBeVisible();
  await expect(main(page).locator('.ant-empty-description').filter({ hasText: /^暂无数据$/ })).toHaveCount(0);
});
