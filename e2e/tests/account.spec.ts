import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '@xueban/contract/messages';
import { apiGet, apiPost, freshMobile, newUser, signIn, type TestUser } from '../support/api.ts';

/**
 * Account flows (spec §2 dialogs over home, §4 organisation invite, §5 organisation name and
 * avatar rules): register, reset-pass, branch, join-branch, account settings. /apply: apply.spec.ts.
 */

const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(400); // let the modal's opening animation finish
  await page.screenshot({ path: fileURLToPath(new URL(`../.artifacts/screenshots/account-${name}.png`, import.meta.url)) });
};
const sidebar = (page: Page) => page.getByRole('complementary', { name: '侧边栏' });
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text);

/** An organisation owned by `owner` (who is switched into it) and a live invite link to it. */
async function orgWithInvite(request: APIRequestContext, owner: TestUser) {
  const name = `邀请组织${freshMobile().slice(-5)}`;
  await apiPost(request, '/api/uc/groups/save', { name }, owner.token);
  const invite = await apiPost<{ code: string; expire_time: number; invite_url: string }>(
    request, '/api/uc/groups/createInvite', { expire_days: 7 }, owner.token);
  return { name, ...invite, path: invite.invite_url.replace(/^https?:\/\/[^/]+/, '') };
}

const currentGroupName = async (request: APIRequestContext, user: TestUser) =>
  (await apiGet<{ group_info: { name: string } | null }>(request, '/api/uc/passport/getUserInfo', {}, user.token)).group_info?.name;

test('register through the dialog, moving between login, register and reset-pass', async ({ page }) => {
  await page.goto('/home');
  const login = page.getByRole('dialog', { name: '登录' });
  await expect(login).toBeVisible();
  await shot(page, 'login');

  await login.getByRole('button', { name: '忘记密码' }).click();
  const reset = page.getByRole('dialog', { name: '重置密码' });
  await expect(reset).toBeVisible();
  await reset.getByLabel('账号').fill(freshMobile());
  await reset.getByRole('button', { name: '发送验证码' }).click();
  // The server allows one code a minute: the button counts down from 60 s.
  await expect(reset.getByRole('button', { name: /\d+ 秒后重发/ })).toBeDisabled();
  await expect(reset.getByText(/验证码已发送至/)).toBeVisible();
  await shot(page, 'reset-pass');

  await reset.getByRole('button', { name: '注册账号' }).click();
  const register = page.getByRole('dialog', { name: '注册' });
  await expect(register).toBeVisible();
  const account = freshMobile();
  await register.getByLabel('账号').fill(account);
  await register.getByLabel('姓名（选填）').fill('新注册同学');
  await register.getByLabel('密码', { exact: true }).fill('abc12');
  await register.getByLabel('确认密码').fill('abc12');
  await register.getByRole('button', { name: '注册', exact: true }).click();
  await expect(register.getByText(MSG.passwordRule)).toBeVisible();
  await register.getByLabel('密码', { exact: true }).fill('abc123456');
  await register.getByLabel('确认密码').fill('abc123456');
  await shot(page, 'register');
  await register.getByRole('button', { name: '注册', exact: true }).click();

  await expect(register).toBeHidden();
  await expect(toast(page, MSG.created)).toBeVisible();
  await expect(page.getByRole('banner').getByText('新注册同学')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('banner').getByText('新注册同学')).toBeVisible();
});

test('branch: the three organisation-name errors, then the new organisation becomes current', async ({ page, request }) => {
  await signIn(page, await newUser(request));
  await page.goto('/user/branch');
  await expect(page).toHaveURL(/\/home$/);
  const dialog = page.getByRole('dialog', { name: '创建组织' });
  const name = dialog.getByLabel('组织名称');
  const create = dialog.getByRole('button', { name: '创建', exact: true });

  await create.click();
  await expect(dialog.getByText(MSG.orgNameRequired)).toBeVisible();
  await name.fill('    ');
  await expect(dialog.getByText(MSG.orgNameBlank)).toBeVisible();
  await name.fill('一二三四五六七八九十一二三四五六七八九十一');
  await expect(dialog.getByText(MSG.orgNameTooLong)).toBeVisible();
  await shot(page, 'branch-error');

  const orgName = `新建组织${freshMobile().slice(-4)}`;
  await name.fill(`  ${orgName} `);
  await create.click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, MSG.created)).toBeVisible();
  await expect(sidebar(page).getByText(orgName)).toBeVisible();
  await expect(page.getByText(`当前组织：${orgName}`)).toBeVisible();
});

test('invite dialogue: dead link, already a member, and joining through join-branch', async ({ page, request }) => {
  const owner = await newUser(request);
  const org = await orgWithInvite(request, owner);
  const member = await newUser(request);
  const dialog = page.getByRole('dialog', { name: '组织邀请' });

  await signIn(page, member);
  await page.goto(`/home?invite_code=no-such-code&expire_time=${org.expire_time}&from=invite`);
  await expect(dialog.getByText(MSG.inviteInvalid)).toBeVisible();
  await page.waitForTimeout(600);
  // Said once, in the dialogue: the request layer's toast of the same message is not shown.
  await expect(page.getByText(MSG.inviteInvalid)).toHaveCount(1);
  await shot(page, 'invite-invalid');
  await dialog.getByRole('button', { name: '知道了' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/home$/);

  await page.context().clearCookies();
  await signIn(page, owner);
  await page.goto(org.path);
  await expect(dialog.getByText(MSG.alreadyInOrg)).toBeVisible();
  await shot(page, 'invite-joined');

  await page.context().clearCookies();
  await signIn(page, member);
  await page.goto(org.path);
  await expect(dialog.getByText(org.name)).toBeVisible();
  await shot(page, 'invite-open');
  await dialog.getByRole('button', { name: '加入' }).click();
  const join = page.getByRole('dialog', { name: '加入组织' });
  await expect(join.getByText(`即将加入组织：${org.name}`)).toBeVisible();
  await shot(page, 'join-branch');
  await join.getByRole('button', { name: '加入' }).click();
  await expect(join).toBeHidden();
  await expect(toast(page, MSG.joined)).toBeVisible();
  await expect(sidebar(page).getByText(org.name)).toBeVisible();
  expect(await currentGroupName(request, member)).toBe(org.name);
});

test('invite dialogue when logged out: log in first, then the invite shows', async ({ page, request }) => {
  const org = await orgWithInvite(request, await newUser(request));
  const guest = await newUser(request);
  await page.goto(org.path);
  const login = page.getByRole('dialog', { name: '登录' });
  await login.getByLabel('账号').fill(guest.account);
  await login.getByLabel('密码').fill(guest.password);
  await login.getByRole('button', { name: '登录', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '组织邀请' });
  await expect(dialog.getByText(org.name)).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/home$/);
});

test('account settings: profile name and avatar, password', async ({ page, request }) => {
  const user = await newUser(request);
  await signIn(page, user);
  await page.goto('/personal/index');
  const dialog = page.getByRole('dialog', { name: '账号设置' });
  await expect(dialog.getByRole('tab', { name: '个人资料', selected: true })).toBeVisible();

  await dialog.getByLabel('姓名').fill('改过的名字');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, MSG.updated)).toBeVisible();
  await expect(page.getByRole('banner').getByText('改过的名字')).toBeVisible();

  // Spec §5: jpg or png only, at most 2 MB — refused before any upload.
  const fileInput = dialog.locator('input[type=file]');
  await fileInput.setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(toast(page, MSG.avatarType)).toBeVisible();
  await fileInput.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
  await expect(toast(page, MSG.avatarTooLarge)).toBeVisible();
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(dialog.locator('img[alt="头像"]')).toHaveAttribute('src', /\/api\/files\//);
  await shot(page, 'settings-profile');

  await dialog.getByRole('tab', { name: '账号安全' }).click();
  await dialog.getByLabel('原密码').fill('wrong-old-password');
  await dialog.getByLabel('新密码', { exact: true }).fill('brand-new-pass');
  await dialog.getByLabel('确认新密码').fill('brand-new-pass');
  await dialog.getByRole('button', { name: '修改密码' }).click();
  await expect(toast(page, MSG.oldPasswordWrong)).toBeVisible();
  await dialog.getByLabel('原密码').fill(user.password);
  await dialog.getByRole('button', { name: '修改密码' }).click();
  await expect(toast(page, MSG.updated).last()).toBeVisible();
  await expect(dialog.getByLabel('原密码')).toHaveValue('');
  await shot(page, 'settings-security');
  await apiPost(request, '/api/uc/passport/doLogin', { account: user.account, password: 'brand-new-pass' });
});

test('account settings: switch organisation from 我的组织', async ({ page, request }) => {
  const user = await newUser(request);
  const orgName = `切换组织${freshMobile().slice(-4)}`;
  await apiPost(request, '/api/uc/groups/save', { name: orgName }, user.token);
  const demo = (await apiGet<{ groups: { name: string; group_id: number }[] }>(request, '/api/uc/passport/getUserInfo', {}, user.token))
    .groups.find((g) => g.name !== orgName)!.name;
  await signIn(page, user);
  await page.goto('/personal/mygroup');
  const dialog = page.getByRole('dialog', { name: '账号设置' });
  const list = dialog.getByRole('list', { name: '我的组织' });
  await expect(list.getByRole('listitem').filter({ hasText: orgName })).toContainText('当前组织');
  await shot(page, 'settings-mygroup');

  await list.getByRole('button', { name: `切换到 ${demo}` }).click();
  await expect(toast(page, MSG.done)).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: demo })).toContainText('当前组织');
  await expect(sidebar(page).getByText(demo)).toBeVisible();
  expect(await currentGroupName(request, user)).toBe(demo);
});
