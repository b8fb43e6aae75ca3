import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const ADMIN_ACCOUNT = process.env.E2E_ADMIN_ACCOUNT ?? 'admin@e2e.local';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';
/** Created by the server's first boot (apps/server/src/bootstrap.ts). */
const ADMIN_NAME = '超级管理员';
const SCREENSHOT = fileURLToPath(new URL('../.artifacts/screenshots/home-logged-in.png', import.meta.url));

test('logs in through the dialog, stays logged in across a reload, logs out', async ({ page }) => {
  expect(ADMIN_PASSWORD, 'E2E_ADMIN_PASSWORD is set by e2e/run.mjs').not.toBe('');
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  await page.goto('/home');
  const header = page.getByRole('banner');
  const loginButton = header.getByRole('button', { name: '登录', exact: true });

  // Home needs a login: the prompt opens over it by itself (spec §2, §6).
  const dialog = page.getByRole('dialog', { name: '登录' });
  await expect(dialog).toBeVisible();
  await expect(loginButton).toBeVisible();
  await dialog.getByLabel('账号').fill(ADMIN_ACCOUNT);
  await dialog.getByLabel('密码').fill(ADMIN_PASSWORD);
  await dialog.getByRole('button', { name: '登录', exact: true }).click();

  await expect(dialog).toBeHidden();
  await expect(header.getByText(ADMIN_NAME)).toBeVisible();
  await expect(loginButton).toHaveCount(0);
  // The session lives only in the HttpOnly cookie: nothing of it is readable by page scripts.
  expect(await page.evaluate(() => document.cookie)).not.toContain('token=');
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toMatch(/token/i);
  await page.screenshot({ path: SCREENSHOT });

  await page.reload();
  await expect(header.getByText(ADMIN_NAME)).toBeVisible();
  await expect(loginButton).toHaveCount(0);

  await header.getByRole('button', { name: ADMIN_NAME }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(loginButton).toBeVisible();
  await expect(header.getByText(ADMIN_NAME)).toHaveCount(0);

  // The server revoked the session: a reload stays logged out.
  await page.reload();
  await expect(loginButton).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('the open route /user/login shows the login dialog over home', async ({ page }) => {
  await page.goto('/user/login');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('dialog', { name: '登录' })).toBeVisible();
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no-such-page/here');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
