import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { adminToken, apiGet, apiPost, freshMobile, newUser, signIn, type TestUser } from '../support/api.ts';
import { failOnPageErrors, toast } from '../support/shell.ts';

/**
 * The super admin's knowledge back office: /admin/robot/repository lists every organisation's
 * knowledge bases with their owner, /admin/robot/knowledge (知识管理) every document with its
 * training state; either can be deleted from there.
 */

failOnPageErrors();

/** A base with one typed Q&A document, trained to ready, owned by `who`. */
async function baseWithPairs(request: APIRequestContext, who: TestUser, name: string, question: string) {
  const base = await apiPost<{ id: number }>(request, '/api/ai/knowledge/save', { name }, who.token);
  await apiPost(request, '/api/ai/knowledge/training', { type: 'qa', repository_id: base.id, name: `${name}问答`, qa: [{ question, answer: '答案' }] }, who.token);
  await expect.poll(async () => (await apiGet<{ queued: number; training: number; ready: number }>(
    request, '/api/ai/knowledge/trainingtasks', { repository_id: base.id }, who.token)).ready, { timeout: 30_000 }).toBe(1);
  return base.id;
}

test('the super admin sees and deletes every organisation\'s knowledge', async ({ page, request }) => {
  const suffix = freshMobile().slice(-4);
  const creator = await newUser(request, { roles: [Role.CREATOR] });
  const stranger = await newUser(request);
  const orgName = `乙校${suffix}`;
  await apiPost(request, '/api/uc/groups/save', { name: orgName }, stranger.token);
  await baseWithPairs(request, creator, `甲校资料${suffix}`, '甲校的问题');
  await baseWithPairs(request, stranger, `乙校资料${suffix}`, '乙校的问题');

  await signIn(page, { token: await adminToken(request) });
  await page.goto(`/admin/robot/repository?keyword=${suffix}`);
  // No embedding model in this run: keyword retrieval, and the page says why.
  await expect(page.getByRole('alert').filter({ hasText: '检索方式：关键词检索' })).toContainText(MSG.kbRetrievalNoEmbedding);
  const bases = page.locator('.ant-table-tbody');
  await expect(bases.getByRole('row', { name: new RegExp(`甲校资料${suffix}.*示例学校`) })).toBeVisible();
  await expect(bases.getByRole('row', { name: new RegExp(`乙校资料${suffix}.*${orgName}`) })).toBeVisible();
  await page.screenshot({ path: fileURLToPath(new URL('../../docs/screenshots/knowledge-admin-bases.png', import.meta.url)) });

  await page.getByRole('button', { name: '知识管理（全部文档）' }).click();
  await expect(page).toHaveURL(/\/admin\/robot\/knowledge$/);
  await page.goto(`/admin/robot/knowledge?keyword=${suffix}`);
  const docs = page.locator('.ant-table-tbody');
  const theirs = docs.getByRole('row', { name: new RegExp(`乙校资料${suffix}问答.*已就绪.*乙校资料${suffix}.*${orgName}`) });
  await expect(theirs).toBeVisible();
  await expect(docs.getByRole('row', { name: new RegExp(`甲校资料${suffix}问答`) })).toBeVisible();
  await page.getByRole('combobox', { name: '文档状态' }).click();
  await page.getByTitle('训练失败').click();
  await expect(page.getByText('没有找到相关文档')).toBeVisible();
  await page.goto(`/admin/robot/knowledge?keyword=${suffix}`);
  await expect(theirs).toBeVisible();
  await page.screenshot({ path: fileURLToPath(new URL('../../docs/screenshots/knowledge-admin-documents.png', import.meta.url)) });
  await theirs.getByRole('button', { name: '删除' }).click();
  await page.getByRole('button', { name: '删除', exact: true }).last().click();
  await expect(toast(page, MSG.deleted)).toBeVisible();
  await expect(theirs).toHaveCount(0);
});
