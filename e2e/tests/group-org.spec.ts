import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL, adminToken, apiGet, apiPost, freshMobile, newUser, signIn } from '../support/api.ts';
import { LANE } from '../support/lane.ts';
import { failOnPageErrors, trialUser } from '../support/shell.ts';
import { startFakeIdp, type FakeIdp } from '../support/oidc-idp.ts';

/** Issue 18, the organisation half: 组织管理 for every tier, the /group area, single sign-on, the remaining routes. */

const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: fileURLToPath(new URL(`../../docs/screenshots/group-${name}.png`, import.meta.url)), fullPage: true });
};
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text);
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

failOnPageErrors();

test('a paid organisation\'s admin adds a member, gives a role, installs an app, and sees each change in the audit log', async ({ page, request }) => {
  test.setTimeout(180_000); // one long journey through four pages
  const admin = await adminToken(request);
  const { user, groupId } = await trialUser(request);
  await apiPost(request, '/api/uc/groups/setVip', { group_id: groupId, vip_level: 2, vip_end_time: Math.floor(Date.now() / 1000) + 30 * 86400 }, admin);
  // Another paid organisation with an app of its own: never visible here.
  const other = await trialUser(request);
  await apiPost(request, '/api/uc/groups/setVip', { group_id: other.groupId, vip_level: 2, vip_end_time: Math.floor(Date.now() / 1000) + 30 * 86400 }, admin);
  const foreignApp = await apiPost<{ id: number }>(request, '/api/uc/GroupApp/install', { name: '别校应用', seats: 5 }, other.user.token);

  await signIn(page, user);
  await page.goto('/group');
  await expect(page).toHaveURL(/\/group\/robot\/officialRobot$/);
  await page.goto('/group/user/organization');
  await expect(page.locator('.ant-card').filter({ hasText: '组织信息' }).getByText('标准版', { exact: true })).toBeVisible({ timeout: 30_000 });

  // Members: add a teacher-to-be who has no account yet, then give the teacher role.
  await page.goto('/group/user/organization/content');
  await page.getByRole('button', { name: '添加成员' }).click();
  const dialog = page.getByRole('dialog', { name: '添加成员' });
  const mobile = freshMobile();
  await dialog.getByLabel('手机号或邮箱').fill(mobile);
  await dialog.getByLabel('姓名').fill('周老师');
  await dialog.getByLabel('初始密码').fill('first-123');
  await dialog.getByRole('button', { name: '添加' }).click();
  await expect(toast(page, '已新建账号并加入组织')).toBeVisible();
  await expect(row(page, '周老师')).toContainText('学生');
  await row(page, '周老师').getByRole('button', { name: '设置 周老师 的角色' }).click();
  const roles = page.getByRole('dialog', { name: /设置角色/ });
  await roles.getByRole('checkbox', { name: '教师' }).check();
  await roles.getByRole('checkbox', { name: '学生' }).uncheck();
  await roles.getByRole('button', { name: '保存' }).click();
  await expect(row(page, '周老师')).toContainText('教师');
  await expect(row(page, '周老师')).not.toContainText('学生');
  await shot(page, 'members');

  // The app centre: install an app with seats, give the new teacher a seat.
  await page.goto('/group/workbench/appList');
  await expect(page.getByText('还没有安装应用')).toBeVisible();
  await page.getByRole('button', { name: '添加应用' }).click();
  const install = page.getByRole('dialog', { name: '添加应用' });
  await install.getByLabel('应用名称').fill('作文批改助手');
  await install.getByLabel('席位数').fill('30');
  await install.getByRole('button', { name: '添加' }).click();
  await expect(row(page, '作文批改助手')).toContainText('0 / 30');
  await expect(page.getByText('别校应用')).toHaveCount(0);
  await shot(page, 'app-list');
  await row(page, '作文批改助手').getByRole('link', { name: '管理' }).click();
  await expect(page).toHaveURL(/\/group\/workbench\/appList\/appManage\/\d+$/);
  await page.getByLabel('选择成员').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '周老师' }).click();
  await page.getByRole('button', { name: '分配席位' }).click();
  await expect(row(page, '周老师')).toBeVisible();
  await expect(page.getByText('已分配 1 / 共 30')).toBeVisible();
  await shot(page, 'app-manage');

  // Another organisation's app: 应用不存在 (the server answers 404).
  await page.goto(`/group/workbench/appList/appManage/${foreignApp.id}`);
  await expect(page.getByText('应用不存在')).toBeVisible();
  await expect(page.getByText('别校应用')).toHaveCount(0);

  // Each change, in the group's audit log, with before and after.
  await page.goto('/group/user/audit');
  await expect(row(page, '分配席位')).toBeVisible();
  await expect(row(page, '安装应用')).toContainText('作文批改助手');
  await expect(row(page, '设置角色')).toContainText('roles: 学生');
  await expect(row(page, '设置角色')).toContainText('roles: 教师');
  await expect(row(page, '添加成员')).toContainText('周老师');
  await expect(page.getByText('别校应用')).toHaveCount(0);
  await shot(page, 'audit');
});

test('a trial organisation\'s admin opens 组织管理 from the user panel and invites a member', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { user } = await trialUser(request);
  await signIn(page, user);
  // /group is for paid organisations: 无访问权限, then the organisation's settings.
  await page.goto('/group');
  await expect(page).toHaveURL(/\/organization\/settings$/);
  await expect(toast(page, '无访问权限')).toBeVisible();

  await page.goto('/home');
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menu').getByText('组织管理').click();
  await expect(page).toHaveURL(/\/organization\/settings$/);
  await expect(page.locator('.ant-card').filter({ hasText: '组织信息' }).getByText('试用版', { exact: true })).toBeVisible({ timeout: 30_000 });

  const invites = page.locator('.ant-card').filter({ hasText: '邀请链接' });
  await invites.getByLabel('加入后角色').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '教师' }).click();
  await invites.getByRole('button', { name: '生成邀请链接' }).click();
  await expect(toast(page, '邀请链接已生成')).toBeVisible();
  const link = await invites.getByRole('row').filter({ hasText: 'invite_code=' }).locator('.ant-typography').first().innerText();
  expect(link).toContain('invite_code=');

  // The invited teacher follows the link (the join dialog has its own tests) and joins.
  const url = new URL(link);
  const teacher = await newUser(request, { truename: '吴老师' });
  await apiPost(request, '/api/uc/groups/join', { invite_code: url.searchParams.get('invite_code'), expire_time: Number(url.searchParams.get('expire_time')) }, teacher.token);
  await page.reload();
  const members = page.locator('.ant-card').filter({ hasText: '组织成员' }).first();
  await expect(members.getByRole('row').filter({ hasText: '吴老师' })).toContainText('教师', { timeout: 30_000 });
  const audit = page.locator('.ant-card').filter({ hasText: '操作日志' });
  await expect(audit.getByRole('row').filter({ hasText: '生成邀请链接' })).toContainText('教师');
  await shot(page, 'trial-org-settings');
});

test.describe('single sign-on', () => {
  let idp: FakeIdp;
  test.beforeAll(async () => { idp = await startFakeIdp([`${BASE_URL}/oauth`], LANE.ssoPort); });
  test.afterAll(async () => { await idp?.close(); });

  test('logs a school\'s user in through its OpenID Connect provider into the organisation and role; another origin is refused', async ({ page, request }) => {
    const admin = await adminToken(request);
    const { groupId } = await trialUser(request);
    await apiPost(request, '/api/uc/Sso/save', {
      group_id: groupId, issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret,
      account_claim: 'email', default_role: 'ROLE_TEACHER',
    }, admin);

    const email = `sso${freshMobile()}@school.test`;
    await page.goto(`/oauth?group_id=${groupId}&redirect_uri=/robotList`);
    await expect(page.getByRole('heading', { name: '学校统一身份认证' })).toBeVisible();
    await page.getByLabel('学校账号').fill(email);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page).toHaveURL(/\/robotList$/);
    const token = (await page.context().cookies()).find((c) => c.name === 'token')!.value;
    const me = await apiGet<{ email: string; group_id: number; roles: string[] }>(request, '/api/uc/passport/getUserInfo', {}, token);
    expect(me).toMatchObject({ email, group_id: groupId, roles: ['ROLE_TEACHER'] });

    await page.goto(`/oauth?group_id=${groupId}&redirect_uri=${encodeURIComponent('https://evil.example/steal')}`);
    await expect(page.getByText('登录失败')).toBeVisible();
    await expect(page.locator('.ant-result-subtitle').getByText('redirect_uri 不在允许的范围内')).toBeVisible();
    expect(new URL(page.url()).origin).toBe(BASE_URL);
  });
});

test('the remaining routes show their content: /test, /icons, /microapp/uc-page, and SSO settings for the super admin', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await adminToken(request);
  await signIn(page, { token: admin });
  await page.goto('/test');
  await expect(page.getByRole('listitem', { name: '数据库' })).toContainText('正常', { timeout: 30_000 });
  await expect(page.getByRole('listitem', { name: '文件存储' })).toContainText('正常');
  await expect(page.getByText('Node.js')).toBeVisible();
  await shot(page, 'self-check');
  await page.goto('/icons');
  await expect(page.locator('.ant-card[aria-label="RobotOutlined"]')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('搜索图标').fill('robot');
  await expect(page.locator('.ant-card[aria-label="HomeOutlined"]')).toHaveCount(0);
  await page.goto('/microapp/uc-page');
  await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();
  await expect(page.getByText('当前组织')).toBeVisible();
  await shot(page, 'uc-page');
  await page.goto('/organization/settings');
  await expect(page.getByText('统一身份认证（OpenID Connect）')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('/oauth', { exact: false }).first()).toBeVisible();
  await shot(page, 'org-settings-sso');

  // A student: /test is the super admin's.
  const student = await newUser(request);
  await page.context().clearCookies();
  await signIn(page, student);
  await page.goto('/test');
  await expect(page).toHaveURL(/\/home$/);
});
