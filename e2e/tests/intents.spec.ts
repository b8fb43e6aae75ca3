import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { adminToken, freshMobile, newUser, signIn } from '../support/api.ts';
import { failOnPageErrors, openedDialog, toast } from '../support/shell.ts';

/**
 * 意图库 (/resIntent) and scenes (/admin/robot/scene) through their dialogues: a creator makes a
 * category and an intent with keywords, renames the category; the super admin adds a scene.
 */

failOnPageErrors();

test('a creator makes an intent category and an intent through their dialogues, and renames the category', async ({ page, request }) => {
  const suffix = freshMobile().slice(-4);
  await signIn(page, await newUser(request, { roles: [Role.CREATOR] }));
  await page.goto('/resIntent');

  await page.getByRole('button', { name: '新建分类' }).first().click();
  const dialog = await openedDialog(page, '新建意图分类');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText(MSG.intentCategoryNameRequired)).toBeVisible();
  await dialog.getByLabel('分类名称').fill(`教务${suffix}`);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, MSG.created)).toBeVisible();
  await expect(dialog).toBeHidden();
  const categories = page.getByRole('complementary', { name: '意图分类' });
  await expect(categories.getByText(`教务${suffix}`)).toBeVisible();

  await page.getByRole('button', { name: '新建意图' }).click();
  const intent = page.getByRole('dialog', { name: '新建意图' });
  await intent.getByLabel('意图名称').fill('请假流程');
  await intent.getByLabel('关键词').fill('病假');
  await intent.getByLabel('关键词').press('Enter');
  await intent.getByRole('button', { name: '保存' }).click();
  await expect(intent).toBeHidden();
  // A new intent opens its content page, where its recommend content is added.
  await expect(page).toHaveURL(/\/resIntent\/content/);
  await expect(page.getByText('请假流程').first()).toBeVisible();
  await expect(page.getByText('病假', { exact: true })).toBeVisible();

  await page.goto('/resIntent');

  await categories.getByRole('button', { name: `编辑分类 教务${suffix}` }).click();
  const edit = page.getByRole('dialog', { name: '编辑意图分类' });
  await expect(edit.getByLabel('分类名称')).toHaveValue(`教务${suffix}`);
  await edit.getByLabel('分类名称').fill(`教务咨询${suffix}`);
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, MSG.updated)).toBeVisible();
  await expect(categories.getByText(`教务咨询${suffix}`)).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 6_000 });
  await page.screenshot({ path: fileURLToPath(new URL('../../docs/screenshots/intents-library.png', import.meta.url)) });
});

test('the super admin adds a scene through its dialogue', async ({ page, request }) => {
  const name = `场景${freshMobile().slice(-4)}`;
  await signIn(page, { token: await adminToken(request) });
  await page.goto('/admin/robot/scene');
  await page.getByRole('button', { name: '添加场景' }).click();
  const dialog = await openedDialog(page, '添加场景');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText(MSG.sceneNameRequired)).toBeVisible();
  await dialog.getByLabel('场景名称').fill(name);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, MSG.created)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
});
