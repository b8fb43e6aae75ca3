import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { adminToken, apiGet, apiPost, newUser, signIn } from '../support/api.ts';

/**
 * Route guards and role-dependent chrome (spec §2, §4 "Login state", §6), per account role:
 * where each role lands on /home, /teachingSpace, /admin and /group and what it sees there.
 */

const ADMIN_MENU = ['用户管理', '机器人管理', '系统设置'];
const GROUP_MENU = ['机器人管理', '组织管理', '应用中心管理'];

interface Account { token: string; name: string; groups: number; developer?: boolean }

const roleUser = async (request: APIRequestContext, roles?: string[]): Promise<Account> => {
  const u = await newUser(request, roles ? { roles } : {});
  return { token: u.token, name: u.truename, groups: 1 };
};

/** A new account that creates its own organisation: a 30-day trial where it is ROLE_ORG_ADMIN. */
async function trialOrgAdmin(request: APIRequestContext): Promise<Account> {
  const u = await roleUser(request);
  await apiPost(request, '/api/uc/groups/save', { name: `试用学校${u.name.slice(-4)}` }, u.token);
  return { ...u, groups: 2 };
}

async function superAdmin(request: APIRequestContext): Promise<Account> {
  const token = await adminToken(request);
  const info = await apiGet<{ truename: string; name: string; groups: unknown[]; is_developer: boolean }>(
    request, '/api/uc/passport/getUserInfo', {}, token);
  return { token, name: info.truename || info.name, groups: info.groups.length, developer: info.is_developer };
}

const toast = (page: Page) => page.locator('.ant-message');
const sidebar = (page: Page) => page.getByRole('complementary', { name: '侧边栏' });
const topMenu = (page: Page) => page.getByRole('banner').getByRole('menuitem');
/** The page's URL is `p` (any query). */
const path = (p: string) => new RegExp(`^https?://[^/]+${p}(\\?.*)?$`);

async function signedIn(page: Page, account: Account) {
  await signIn(page, account);
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: `你好，${account.name}` })).toBeVisible();
}

/** The visit is refused: the toast 无访问权限 shows on the page it was sent to. */
async function expectRefused(page: Page, to: string) {
  await expect(page).toHaveURL(path(to));
  await expect(toast(page).getByText(MSG.noAccess)).toBeVisible();
}

async function expect401(page: Page) {
  await expect(page).toHaveURL(path('/401'));
  await expect(page.getByText('401', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByText(MSG.noAccess)).toBeVisible();
  await expect(toast(page).getByText(MSG.noAccess)).toHaveCount(0);
}

async function expectTeachingSpace(page: Page) {
  await expect(page).toHaveURL(path('/teachingSpace'));
  await expect(page.getByRole('heading', { level: 1, name: '教学空间' })).toBeVisible();
}

async function expectConsole(page: Page, landing: string, menu: string[]) {
  await expect(page).toHaveURL(path(landing));
  await expect(topMenu(page)).toHaveText(menu);
  await expect(page.getByRole('button', { name: /更多管理/ })).toBeVisible();
  await expect(toast(page).getByText(MSG.noAccess)).toHaveCount(0);
}

/** The sidebar's role-dependent entries (spec §2 root layout). */
async function expectSidebar(page: Page, want: { teaching: boolean; create: boolean; apply: boolean }) {
  const bar = sidebar(page);
  await expect(bar.getByRole('menuitem', { name: '首页' })).toBeVisible();
  await expect(bar.getByRole('menuitem', { name: '教学空间' })).toHaveCount(want.teaching ? 1 : 0);
  await expect(bar.getByRole('button', { name: '创建机器人' })).toHaveCount(want.create ? 1 : 0);
  await expect(bar.getByRole('button', { name: '申请成为创作者' })).toHaveCount(want.apply ? 1 : 0);
}

/** The user panel's menu: 切换组织 with several organisations, 管理后台 for the super admin. */
async function expectUserPanel(page: Page, want: { switchOrg: boolean; admin: boolean }) {
  await sidebar(page).getByRole('button', { name: '用户菜单' }).click();
  const menu = page.getByRole('menu').filter({ hasText: '账号设置' });
  await expect(menu.getByText('账号设置')).toBeVisible();
  await expect(menu.getByText('切换组织')).toHaveCount(want.switchOrg ? 1 : 0);
  await expect(menu.getByText('管理后台')).toHaveCount(want.admin ? 1 : 0);
  await page.keyboard.press('Escape');
}

/** The header's 管理后台 link (to /group): VIP organisation and admin or above only. */
const expectHeaderAdminLink = (page: Page, shown: boolean) =>
  expect(page.getByRole('banner').getByRole('link', { name: '管理后台' })).toHaveCount(shown ? 1 : 0);

test.describe('per role', () => {
  // Each test registers an account (scrypt) and loads seven pages: slow on a busy 2-core machine.
  test.describe.configure({ timeout: 120_000 });

  test('student: no teaching space, no back office', async ({ page, request }) => {
    const me = await roleUser(request);
    await signedIn(page, me);
    await expectSidebar(page, { teaching: false, create: false, apply: false });
    await expectUserPanel(page, { switchOrg: false, admin: false });
    await expectHeaderAdminLink(page, false);

    await page.goto('/teachingSpace');
    await expect401(page);
    await page.goto('/admin');
    await expectRefused(page, '/home');
    await page.goto('/group');
    await expect401(page);
  });

  test('teacher: teaching space and 申请成为创作者, no back office', async ({ page, request }) => {
    const me = await roleUser(request, [Role.TEACHER]);
    await signedIn(page, me);
    await expectSidebar(page, { teaching: true, create: false, apply: true });
    await expectUserPanel(page, { switchOrg: false, admin: false });
    await expectHeaderAdminLink(page, false);

    await page.goto('/teachingSpace');
    await expectTeachingSpace(page);
    await page.goto('/admin');
    await expectRefused(page, '/home');
    await page.goto('/group');
    await expect401(page);
  });

  test('developer (ROLE_CREATOR): teaching space and 创建机器人, no back office', async ({ page, request }) => {
    const me = await roleUser(request, [Role.CREATOR]);
    await signedIn(page, me);
    await expectSidebar(page, { teaching: true, create: true, apply: false });
    await expectUserPanel(page, { switchOrg: false, admin: false });
    await expectHeaderAdminLink(page, false);

    await page.goto('/teachingSpace');
    await expectTeachingSpace(page);
    await page.goto('/admin');
    await expectRefused(page, '/home');
    await page.goto('/group');
    await expect401(page);
  });

  test('org admin of a VIP organisation: the organisation back office, not /admin', async ({ page, request }) => {
    const me = await roleUser(request, [Role.ORG_ADMIN]);
    await signedIn(page, me);
    await expectSidebar(page, { teaching: true, create: false, apply: false });
    await expectUserPanel(page, { switchOrg: false, admin: false });
    await expectHeaderAdminLink(page, true);

    await page.goto('/teachingSpace');
    await expectTeachingSpace(page);
    await page.goto('/admin');
    await expectRefused(page, '/home');
    await page.goto('/group');
    await expectConsole(page, '/group/robot/officialRobot', GROUP_MENU);

    // The header link leads there too.
    await page.goto('/home');
    await page.getByRole('banner').getByRole('link', { name: '管理后台' }).click();
    await expectConsole(page, '/group/robot/officialRobot', GROUP_MENU);
  });

  test('org admin of a trial organisation: /group sends to the organisation settings', async ({ page, request }) => {
    const me = await trialOrgAdmin(request);
    await signedIn(page, me);
    await expectSidebar(page, { teaching: true, create: false, apply: false });
    // Member of the demo organisation and of its own: two organisations.
    await expectUserPanel(page, { switchOrg: true, admin: false });
    await expectHeaderAdminLink(page, false);

    await page.goto('/teachingSpace');
    await expectTeachingSpace(page);
    await page.goto('/admin');
    await expectRefused(page, '/home');
    // /group → 无访问权限, then the organisation's settings (组织管理), open to a trial organisation.
    await page.goto('/group');
    await expectRefused(page, '/organization/settings');
    await expect(page.getByRole('heading', { name: '组织管理', level: 1 })).toBeVisible();
  });

  test('super admin: both back offices', async ({ page, request }) => {
    const me = await superAdmin(request);
    await signedIn(page, me);
    // The seeded super admin may also hold the creator role in the demo organisation.
    await expectSidebar(page, { teaching: true, create: !!me.developer, apply: false });
    await expectUserPanel(page, { switchOrg: me.groups > 1, admin: true });
    await expectHeaderAdminLink(page, true);

    await page.goto('/teachingSpace');
    await expectTeachingSpace(page);
    await page.goto('/admin');
    await expectConsole(page, '/admin/user/developer', ADMIN_MENU);
    await page.goto('/group');
    await expectConsole(page, '/group/robot/officialRobot', GROUP_MENU);

    // The user panel's 管理后台 leads to /admin.
    await page.goto('/home');
    await sidebar(page).getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menu').getByText('管理后台').click();
    await expectConsole(page, '/admin/user/developer', ADMIN_MENU);
  });
});

test.describe('logged out', () => {
  for (const target of ['/teachingSpace', '/admin', '/group', '/robotList']) {
    test(`${target} lands on /home with the login dialog`, async ({ page }) => {
      await page.goto(target);
      await expect(page).toHaveURL(path('/home'));
      await expect(page.getByRole('dialog', { name: '登录' })).toBeVisible();
      await expect(toast(page).getByText(MSG.noAccess)).toHaveCount(0);
    });
  }

  test('an unknown path lands on /404', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(path('/404'));
    await expect(page.getByText('404', { exact: true })).toBeVisible();
  });
});

test.describe('embedding and the header switch', () => {
  test('embed=1 hides the header and sidebar, also after navigating', async ({ page, request }) => {
    const me = await roleUser(request, [Role.TEACHER]);
    await signIn(page, me);
    await page.goto('/home?embed=1');
    await expect(page.getByRole('heading', { name: `你好，${me.name}` })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(sidebar(page)).toHaveCount(0);

    // A new page load without the flag, then an in-app navigation (the 404 page's button).
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(path('/404'));
    await expect(page.getByRole('banner')).toHaveCount(0);
    await page.getByRole('button', { name: '返回首页' }).click();
    await expect(page).toHaveURL(path('/home'));
    await expect(page.getByRole('heading', { name: `你好，${me.name}` })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(sidebar(page)).toHaveCount(0);

    // embed=0 brings the chrome back.
    await page.goto('/home?embed=0');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(sidebar(page)).toBeVisible();
  });

  test('isTopMenu=0 shows the admin top menu in the header', async ({ page, request }) => {
    await signIn(page, await roleUser(request));
    await page.goto('/home');
    await expect(topMenu(page).first()).toHaveText('首页');
    await page.goto('/home?isTopMenu=0');
    await expect(topMenu(page)).toHaveText(ADMIN_MENU);
  });
});

test.describe('sidebar size by viewport', () => {
  for (const [width, expected] of [[1366, 330], [1100, 180], [900, 96]] as const) {
    test(`${width} px wide: the sidebar is ${expected} px`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 800 });
      await signedIn(page, await roleUser(request, [Role.TEACHER]));
      const box = await sidebar(page).boundingBox();
      expect(box?.width).toBe(expected);
    });
  }

  test('below 768 px it is a drawer that closes on navigation', async ({ page, request }) => {
    await page.setViewportSize({ width: 600, height: 800 });
    await signedIn(page, await roleUser(request, [Role.TEACHER]));
    await expect(sidebar(page)).toBeHidden();
    const drawer = page.getByRole('dialog').filter({ has: page.getByRole('navigation') });
    await expect(drawer).toHaveCount(0);

    await page.getByRole('button', { name: '打开菜单' }).click();
    await expect(drawer).toBeVisible();
    await drawer.getByRole('menuitem', { name: '教学空间' }).click();
    await expectTeachingSpace(page);
    await expect(drawer).toBeHidden();
  });
});
