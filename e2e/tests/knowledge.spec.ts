import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { apiGet, apiPost, freshMobile, newUser, signIn, type TestUser } from '../support/api.ts';
import { answers, ask } from '../support/chat.ts';
import { docx, servePage, textPdf, xlsx } from '../support/knowledge-files.ts';
import { failOnPageErrors, toast } from '../support/shell.ts';

/**
 * The knowledge base (知识库, spec §2 /repository and /repository/content/{id}): a creator makes
 * one, imports a PDF, a Word document, a spreadsheet, a web page (served on this machine) and
 * typed question/answer pairs, sees them train to 已就绪, reads and edits chunks, runs a 命中测试;
 * binds the base to a robot in its 资源库; a student's question to that robot is answered from
 * the PDF, which is named among the answer's sources.
 */

failOnPageErrors();

/** Screenshots for the docs: docs/screenshots/knowledge-*.png. */
const shot = async (page: Page, name: string) => {
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 6_000 }); // toasts gone
  await page.waitForTimeout(400); // let opening animations finish
  await page.screenshot({ path: fileURLToPath(new URL(`../../docs/screenshots/knowledge-${name}.png`, import.meta.url)) });
};

const PDF_NAME = 'Zephyr-valve-manual.pdf';
const PDF_LINES = [
  'Zephyr valve maintenance manual',
  'The Zephyr valve opens at 42 degrees and closes at 18 degrees.',
  'Inspect the Zephyr valve gasket every six months.',
];
const DOCX_NAME = '光合作用讲义.docx';
const XLSX_NAME = '元素周期表.xlsx';
const PAGE_TITLE = '细胞结构简介';

test.describe.configure({ mode: 'serial' });

let creator: TestUser;
let robot: { id: number; name: string };
let baseName: string;
let site: Awaited<ReturnType<typeof servePage>>;

test.beforeAll(async ({ request }) => {
  creator = await newUser(request, { roles: [Role.CREATOR] });
  const scenes = await apiGet<{ id: number }[]>(request, '/api/ai/Robot/getRobotScenes', {}, creator.token);
  const name = `知识库测试${freshMobile().slice(-5)}`;
  const made = await apiPost<{ id: number }>(request, '/api/ai/Robot/saveRobot', {
    name, scene_id: scenes[0]!.id, info: '知识库测试', extra: { use_type: [1, 2], introduce: '', cover_url: '' },
  }, creator.token);
  await apiPost(request, '/api/ai/Robot/updateRobotSetting', { id: made.id, is_show: 1, online_status: 1, is_public: 2 }, creator.token);
  robot = { id: made.id, name };
  baseName = `阀门资料${freshMobile().slice(-4)}`;
  site = await servePage(`<!doctype html><html><head><meta charset="utf-8"><title>${PAGE_TITLE}</title></head><body>
    <nav>首页 | 关于</nav><main><h1>${PAGE_TITLE}</h1><p>细胞由细胞膜、细胞质和细胞核组成。</p><p>线粒体是细胞进行有氧呼吸的主要场所，被称为细胞的动力车间。</p></main></body></html>`);
});
test.afterAll(async () => {
  await site?.close();
});

test('a creator builds a knowledge base: files, a web page and pairs train to 已就绪; chunks and 命中测试 show the text', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, creator);
  await page.goto('/repository');
  await expect(page.getByRole('heading', { name: '知识库' })).toBeVisible();

  // 新建知识库: the name is required and at most 30 characters.
  await page.getByRole('button', { name: '新建知识库' }).first().click();
  const dialog = page.getByRole('dialog', { name: '新建知识库' });
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText(MSG.kbNameRequired, { exact: true }).last()).toBeVisible();
  await dialog.getByLabel('知识库名称').fill('名'.repeat(31));
  await expect(dialog.getByText(MSG.kbNameTooLong)).toBeVisible();
  await dialog.getByLabel('知识库名称').fill(baseName);
  await dialog.getByLabel('知识库简介').fill('Zephyr 阀门的维护手册与生物课资料');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, MSG.created)).toBeVisible();
  // A new base opens at once, ready for documents.
  await expect(page).toHaveURL(/\/repository\/content\/\d+$/);
  await expect(page.getByRole('heading', { name: baseName })).toBeVisible();
  await expect(page.getByText('暂无文档')).toBeVisible();

  // 导入 → 上传文件: a PDF, a Word document and a spreadsheet at once; another type is refused.
  await page.getByRole('button', { name: '导入' }).click();
  const importer = page.getByRole('dialog', { name: '导入文档' });
  const picker = importer.locator('input[type=file]');
  await picker.setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(importer.getByRole('alert')).toHaveText(`tool.exe：${MSG.kbFileType}`);
  await picker.setInputFiles([
    textPdf(PDF_NAME, PDF_LINES, 'Zephyr valve manual'),
    await docx(DOCX_NAME, '光合作用', ['光合作用是绿色植物利用光能，把二氧化碳和水转化成储存能量的有机物，并释放出氧气的过程。', '光合作用的场所是叶绿体。']),
    await xlsx(XLSX_NAME, [['元素', '符号', '原子序数'], ['氢', 'H', 1], ['氦', 'He', 2], ['锂', 'Li', 3]]),
  ]);
  await shot(page, 'import-files');
  await importer.getByRole('button', { name: '导入 3 个文件' }).click();
  await expect(toast(page, MSG.kbTrainQueued)).toBeVisible();
  await expect(importer).toBeHidden();

  // 导入 → 网页链接: 预览 shows the page's title and text, then 导入.
  await page.getByRole('button', { name: '导入' }).click();
  await importer.getByRole('tab', { name: '网页链接' }).click();
  await importer.getByLabel('网页地址').fill('not a url');
  await importer.getByRole('button', { name: /预\s*览/ }).click();
  await expect(importer.getByRole('alert')).toHaveText(MSG.kbUrlInvalid);
  await importer.getByLabel('网页地址').fill(site.url);
  await importer.getByRole('button', { name: /预\s*览/ }).click();
  const preview = importer.getByRole('region', { name: '网页预览' });
  await expect(preview).toContainText(PAGE_TITLE);
  await expect(preview).toContainText('线粒体是细胞进行有氧呼吸的主要场所');
  await shot(page, 'import-url');
  await importer.getByRole('button', { name: /^导\s*入$/ }).click();
  await expect(importer).toBeHidden();

  // 导入 → 问答对: a half-filled row is refused; two pairs are queued as one document.
  await page.getByRole('button', { name: '导入' }).click();
  await importer.getByRole('tab', { name: '问答对' }).click();
  await importer.getByLabel('问题 1').fill('Zephyr 阀门多久检查一次垫片？');
  await importer.getByRole('button', { name: /^导\s*入$/ }).click();
  await expect(importer.getByRole('alert')).toHaveText(MSG.kbQaIncomplete);
  await importer.getByLabel('答案 1').fill('每六个月检查一次垫片。');
  await importer.getByRole('button', { name: /添加一组/ }).click();
  await importer.getByLabel('问题 2').fill('线粒体有什么作用？');
  await importer.getByLabel('答案 2').fill('线粒体是有氧呼吸的主要场所。');
  await importer.getByLabel('文档名称').fill('常见问答');
  await shot(page, 'import-qa');
  await importer.getByRole('button', { name: /^导\s*入$/ }).click();
  await expect(importer).toBeHidden();

  // Training is followed live (trainingtasks every 2 s) until every document is 已就绪.
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(5);
  await expect(rows.filter({ hasText: '已就绪' })).toHaveCount(5, { timeout: 90_000 });
  for (const [name, type] of [[PDF_NAME, '文件'], [DOCX_NAME, '文件'], [XLSX_NAME, '文件'], ['常见问答', '问答对']] as const) {
    await expect(rows.filter({ hasText: name })).toContainText(type);
  }
  await expect(rows.filter({ hasText: '网页' })).toHaveCount(1);
  await shot(page, 'content');

  // 查看分段: the PDF's text, and the docx's chunk edited.
  await rows.filter({ hasText: PDF_NAME }).getByRole('button', { name: '查看分段' }).click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.getByTestId('kb-chunk').first()).toContainText('The Zephyr valve opens at 42 degrees');
  await shot(page, 'chunks');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await rows.filter({ hasText: DOCX_NAME }).getByRole('button', { name: '查看分段' }).click();
  const chunk = drawer.getByTestId('kb-chunk').first();
  await expect(chunk).toContainText('光合作用的场所是叶绿体');
  await chunk.getByRole('button', { name: '编辑' }).click();
  await chunk.getByLabel('分段内容').fill('光合作用在叶绿体中进行，需要光、二氧化碳和水。');
  await chunk.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, MSG.updated)).toBeVisible();
  await expect(chunk).toContainText('光合作用在叶绿体中进行');
  await expect(chunk).toContainText('已编辑');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // 命中测试: the question finds the PDF's chunk, with a score.
  await page.getByRole('tab', { name: '命中测试' }).click();
  // Not 测试用户… in the header: the panel's own button (its icon is labelled search).
  const runTest = page.getByRole('button', { name: /^(search\s+)?测\s*试$/ });
  await runTest.click();
  await expect(page.getByText(MSG.kbEmptyQuery)).toBeVisible();
  await page.getByLabel('测试问题').fill('Zephyr valve opens at how many degrees');
  await runTest.click();
  const hits = page.getByTestId('kb-hit');
  await expect(hits.first()).toContainText(PDF_NAME);
  await expect(hits.first()).toContainText('42 degrees');
  await expect(hits.first().getByLabel('相关度得分')).toHaveText(/^\d+\.\d{4}$/);
  // How this deployment retrieves (keywords only without an embedding model), and why.
  await expect(page.getByRole('note', { name: '检索方式' })).toContainText(/检索方式：(关键词检索|混合检索)/);
  await shot(page, 'hit-test');

  // The list shows the base with its counts.
  await page.goto('/repository');
  const card = page.getByTestId('kb-card').filter({ hasText: baseName });
  await expect(card).toContainText('文档 5');
  await expect(card).toContainText(creator.truename);
  await shot(page, 'list');
});

test('the creator binds the base to a robot in its 资源库; a student\'s answer names the PDF among its sources', async ({ page, request }) => {
  await signIn(page, creator);
  await page.goto(`/creator/robot/${robot.id}/library`);
  await expect(page.getByText('还没有关联知识库')).toBeVisible();
  await page.getByRole('button', { name: '关联知识库' }).click();
  const picker = page.getByRole('dialog', { name: '关联知识库' });
  await picker.getByRole('checkbox', { name: baseName }).check();
  await picker.getByRole('button', { name: '关联 1 个' }).click();
  await expect(toast(page, MSG.bindingDone)).toBeVisible();
  const row = page.locator('.ant-table-row', { hasText: baseName });
  await expect(row).toBeVisible();
  await expect(row.getByRole('switch')).toBeChecked();
  // Switched off and on again: the robot keeps the binding either way.
  await row.getByRole('switch').click();
  await expect(row.getByRole('switch')).not.toBeChecked();
  await row.getByRole('switch').click();
  await expect(row.getByRole('switch')).toBeChecked();
  const sections = page.getByRole('main').locator('.ant-segmented');
  await sections.getByText('意图库 (0)').click();
  await expect(page.getByText('还没有关联意图库')).toBeVisible();
  await sections.getByText('资源', { exact: true }).click();
  await expect(page.getByText('暂无资源')).toBeVisible();
  await sections.getByText('知识库 (1)').click();
  await shot(page, 'robot-library');

  const bound = await apiGet<{ name: string; status: number }[]>(request, '/api/ai/Robot/bindedContent', { robot_id: robot.id, type: 'repository' }, creator.token);
  expect(bound).toEqual([expect.objectContaining({ name: baseName, status: 1 })]);

  // A student asks the robot (no model configured: the built-in engine answers from retrieval).
  const student = await newUser(request);
  await apiPost(request, '/api/ai/RobotUsed/save', { id: robot.id }, student.token);
  await signIn(page, student);
  await page.goto('/home');
  await ask(page, 'When does the Zephyr valve open?');
  const answer = answers(page).last();
  await expect(answer.locator('.chat-sources')).toContainText(PDF_NAME, { timeout: 30_000 });
  await expect(answer).toContainText('42 degrees');
  await shot(page, 'chat-sources');
});

test('a file without text shows 训练失败 with the reason and offers 重试; documents and bases are deleted, bases renamed, in the creator centre too', async ({ page, request }) => {
  test.setTimeout(120_000);
  const name = `临时库${freshMobile().slice(-4)}`;
  const base = await apiPost<{ id: number }>(request, '/api/ai/knowledge/save', { name, info: '' }, creator.token);
  await signIn(page, creator);
  await page.goto(`/repository/content/${base.id}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // A PDF of empty pages (as a scan would be): no text to train on.
  await page.getByRole('button', { name: '导入' }).click();
  const importer = page.getByRole('dialog', { name: '导入文档' });
  await importer.locator('input[type=file]').setInputFiles(textPdf('scan.pdf', []));
  await importer.getByRole('button', { name: '导入 1 个文件' }).click();
  await expect(importer).toBeHidden();
  const row = page.locator('.ant-table-row', { hasText: 'scan.pdf' });
  await expect(row).toContainText('训练失败', { timeout: 60_000 });
  await expect(row).toContainText(/未提取到文字|未生成任何分段/);
  await expect(row.getByRole('button', { name: '查看分段' })).toHaveCount(0);
  await shot(page, 'failed');
  await row.getByRole('button', { name: /重\s*试/ }).click();
  await expect(toast(page, MSG.kbRetryQueued)).toBeVisible();
  await expect(row).toContainText('训练失败', { timeout: 60_000 });

  // 问答对 from a spreadsheet: a header row, then one pair per row.
  await page.getByRole('button', { name: '导入' }).click();
  await importer.getByRole('tab', { name: '问答对' }).click();
  await importer.locator('.ant-segmented').getByText('上传文件').click();
  await importer.locator('input[type=file][accept=".csv,.xlsx"]').setInputFiles(await xlsx('问答.xlsx', [['问题', '答案'], ['地球有几个卫星？', '地球有一个天然卫星：月球。'], ['水的沸点是多少？', '标准大气压下是100摄氏度。']]));
  await expect(importer.getByText('问答.xlsx')).toBeVisible();
  await importer.getByRole('button', { name: /^导\s*入$/ }).click();
  await expect(importer).toBeHidden();
  const qaRow = page.locator('.ant-table-row', { hasText: '问答.xlsx' });
  await expect(qaRow).toContainText('问答对');
  await expect(qaRow).toContainText('已就绪', { timeout: 60_000 });
  await expect(qaRow.locator('td').nth(4)).toHaveText('2');

  // Both documents deleted at once.
  await page.getByRole('checkbox').first().check();
  await page.getByRole('button', { name: /批量删除/ }).click();
  const bulk = page.getByRole('dialog', { name: /确定删除选中的 2 个文档/ });
  await expect(bulk).toBeVisible();
  await page.waitForTimeout(300); // the confirmation's opening animation
  const deleted = page.waitForResponse((r) => r.url().includes('/api/ai/knowledge/deltrain'));
  await bulk.getByRole('button', { name: /删\s*除/ }).click();
  expect(((await (await deleted).json()) as { code: number }).code).toBe(20000);
  await expect(bulk).toBeHidden();
  await expect(toast(page, MSG.deleted)).toBeVisible();
  await expect(page.getByText('暂无文档')).toBeVisible();

  // The creator centre's 知识库 tab lists the same bases: rename one, then delete it.
  await page.goto('/creator/repository');
  await expect(page.getByRole('tab', { name: '知识库', selected: true })).toBeVisible();
  const card = page.getByTestId('kb-card').filter({ hasText: name });
  await card.getByRole('button', { name: `${name} 更多操作` }).click();
  await page.getByRole('menuitem', { name: '编辑' }).click();
  const editor = page.getByRole('dialog', { name: '编辑知识库' });
  await expect(editor.getByLabel('知识库名称')).toHaveValue(name);
  await editor.getByLabel('知识库名称').fill(`${name}改`);
  await editor.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, MSG.updated)).toBeVisible();
  const renamed = page.getByTestId('kb-card').filter({ hasText: `${name}改` });
  await expect(renamed).toBeVisible();
  await renamed.getByRole('button', { name: `${name}改 更多操作` }).click();
  await page.getByRole('menuitem', { name: '删除' }).click();
  const confirmBase = page.getByRole('dialog', { name: /确定删除知识库/ });
  await expect(confirmBase).toBeVisible();
  await page.waitForTimeout(300); // the confirmation's opening animation
  await confirmBase.getByRole('button', { name: /删\s*除/ }).click();
  await expect(toast(page, MSG.deleted)).toBeVisible();
  await expect(renamed).toHaveCount(0);
  await expect(page.getByTestId('kb-card').filter({ hasText: baseName })).toBeVisible();

  // The teaching space's 知识库 tab shows the same list.
  await page.goto('/teachingSpace/repository');
  await expect(page.getByRole('tab', { name: '知识库', selected: true })).toBeVisible();
  await expect(page.getByTestId('kb-card').filter({ hasText: baseName })).toBeVisible();
});
