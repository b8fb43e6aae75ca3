import { expect, test, type Page } from '@playwright/test';
import { MSG } from '@xueban/contract/messages';
import type { Page as PageOf } from '@xueban/contract/codes';
import type { SensitiveWordItem } from '@xueban/contract/sensitive';
import { adminToken, apiGet, signIn } from '../support/api.ts';
import { failOnPageErrors, toast } from '../support/shell.ts';

/** 敏感词 (/admin/settings/sensitive): the super admin keeps the platform's word list. */

failOnPageErrors();

const cell = (page: Page, word: string) => page.getByRole('cell', { name: word, exact: true });

async function search(page: Page, keyword: string) {
  const box = page.getByLabel('搜索敏感词');
  await box.fill(keyword);
  await box.press('Enter');
}

test('the super admin adds, imports, searches and deletes sensitive words', async ({ page, request }) => {
  const admin = await adminToken(request);
  await signIn(page, { token: admin });
  const s = Date.now().toString(36);
  const first = `违禁${s}`;
  const [a, b, c, fromFile] = [`词甲${s}`, `词乙${s}`, `词丙${s}`, `文件词${s}`];

  await page.goto('/admin/settings/sensitive');

  // 添加: one word, trimmed; the same word again is refused with the server's message.
  await page.getByRole('button', { name: '添加' }).click();
  let dialog = page.getByRole('dialog', { name: '添加敏感词' });
  await dialog.getByRole('textbox', { name: '敏感词' }).fill(`  ${first} `);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, MSG.created)).toBeVisible();
  await expect(cell(page, first)).toBeVisible();

  await page.getByRole('button', { name: '添加' }).click();
  dialog = page.getByRole('dialog', { name: '添加敏感词' });
  await dialog.getByRole('textbox', { name: '敏感词' }).fill(first);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, MSG.sensitiveWordDuplicate)).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();

  // 批量导入: typed lines and commas plus a .txt file; the word already listed is skipped.
  await page.getByRole('button', { name: '批量导入' }).click();
  dialog = page.getByRole('dialog', { name: '批量导入敏感词' });
  await dialog.getByRole('textbox', { name: '敏感词列表' }).fill(`${a}\n${b}，${c}\n${first}\n`);
  await expect(dialog.getByText('共 4 个')).toBeVisible();
  await dialog.locator('input[type=file]').setInputFiles({ name: 'words.txt', mimeType: 'text/plain', buffer: Buffer.from(`${fromFile}\n`) });
  await expect(dialog.getByText('共 5 个')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: '敏感词列表' })).toHaveValue(new RegExp(fromFile));
  await dialog.getByRole('button', { name: '导入' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, `${MSG.sensitiveImportDone}：新增 4 个，跳过 1 个`)).toBeVisible();

  // Search.
  await search(page, b);
  await expect(cell(page, b)).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2); // header + one word
  await expect(page).toHaveURL(/keyword=/);

  // Multi-select delete, with confirmation.
  await search(page, s);
  for (const w of [first, a, b, c, fromFile]) await expect(cell(page, w)).toBeVisible();
  for (const w of [a, fromFile]) await page.getByRole('row').filter({ has: cell(page, w) }).getByRole('checkbox').check();
  await page.getByRole('button', { name: /删除（2）/ }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: MSG.sensitiveDeleteConfirm });
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(toast(page, MSG.deleted)).toBeVisible();
  await expect(cell(page, a)).toHaveCount(0);
  await expect(cell(page, fromFile)).toHaveCount(0);
  await expect(cell(page, b)).toBeVisible();

  const left = await apiGet<PageOf<SensitiveWordItem>>(request, '/api/ai/admin.Sensitive/lists', { keyword: s, limit: 100 }, admin);
  expect(left.data.map((r) => r.word).sort()).toEqual([first, b, c].sort());
});
