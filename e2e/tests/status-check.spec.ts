import { expect, test } from '@playwright/test';
import { adminToken, apiPost, newUser, signIn } from '../support/api.ts';

test('a user removed from the current organisation is logged out at the next page change (spec §4)', async ({ page, request }) => {
  const me = await newUser(request);
  await signIn(page, me);
  await page.goto('/home');
  const header = page.getByRole('banner');
  await expect(header.getByText(me.truename)).toBeVisible();

  await apiPost(request, '/api/uc/groups/removeMember', { uid: me.uid }, await adminToken(request));
  // The status check is locked for 3 s after the first one: wait it out, then change page in the app.
  await page.waitForTimeout(3200);
  await page.getByRole('complementary', { name: '侧边栏' }).getByText('机器人广场').click();

  await expect(page.getByRole('dialog', { name: '登录' })).toBeVisible();
  await expect(header.getByRole('button', { name: '登录', exact: true })).toBeVisible();
});
