import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { adminToken, apiGet, apiPost, newUser, signIn } from '../support/api.ts';

/** /apply (route name apply): a teacher applies to become a creator; the page shows the server's state. */

const SCREENSHOT = fileURLToPath(new URL('../.artifacts/screenshots/account-apply-pending.png', import.meta.url));

test('/apply: apply to become a creator; pending, rejected with its reason, approved', async ({ page, request }) => {
  const teacher = await newUser(request, { roles: [Role.TEACHER] });
  await signIn(page, teacher);
  await page.goto('/apply');
  await page.getByLabel('申请理由').fill('我想做一个物理实验助手');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.locator('.ant-result').getByText(MSG.applyPending)).toBeVisible();
  await expect(page.getByText('我想做一个物理实验助手')).toBeVisible();
  await page.screenshot({ path: SCREENSHOT });

  const admin = await adminToken(request);
  const first = await apiGet<{ id: number }>(request, '/api/uc/User/getUserDeveloperApply', {}, teacher.token);
  await apiPost(request, '/api/uc/User/auditDeveloperApply', { id: first.id, status: -2, reason: '请补充机器人用途' }, admin);
  await page.reload();
  await expect(page.getByText('申请未通过')).toBeVisible();
  await expect(page.getByText('原因：请补充机器人用途')).toBeVisible();
  await page.getByRole('button', { name: '重新申请' }).click();
  await expect(page.locator('.ant-result').getByText(MSG.applyPending)).toBeVisible();

  const second = await apiGet<{ id: number }>(request, '/api/uc/User/getUserDeveloperApply', {}, teacher.token);
  await apiPost(request, '/api/uc/User/auditDeveloperApply', { id: second.id, status: 3 }, admin);
  await page.reload();
  await expect(page.getByText(MSG.alreadyDeveloper)).toBeVisible();
  await page.getByRole('button', { name: '进入创作中心' }).click();
  await expect(page).toHaveURL(/\/creator/);
});
