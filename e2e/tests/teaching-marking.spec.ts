import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { Role } from '@xueban/contract/roles';
import { apiPost, newUser, signIn, type TestUser } from '../support/api.ts';
import { createChatRobot, registerModels, removeProvider, type ChatRobot } from '../support/chat.ts';
import { startFakeModel, textOf, type FakeModel } from '../support/fake-model.ts';
import { failOnPageErrors, toast } from '../support/shell.ts';

/**
 * AI 批阅 (issue 17) end to end: a teacher sets an assignment with a two-criterion rubric for
 * their class, a student hands in text, the scripted model drafts the marks, the teacher
 * overrides one score and releases, the student sees the mark, the teacher downloads the xlsx.
 */

const DRAFT = { scores: [{ name: '内容', score: 52 }, { name: '语言表达', score: 33 }], comment: '结构清楚，语言生动，结尾可以再点题。' };
const ESSAY = '我的家乡在江南水乡，小桥流水，四季如画。春天柳树发芽，夏天荷花盛开。';

let fake: FakeModel;
let providerId: number;
let robot: ChatRobot;
let teacher: TestUser;
let student: TestUser;

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: fileURLToPath(new URL(`../../docs/screenshots/teaching-marking-${name}.png`, import.meta.url)) });

test.beforeAll(async ({ request }) => {
  fake = await startFakeModel(() => ({ content: ['```json\n', JSON.stringify(DRAFT), '\n```'], gapMs: 50 }));
  const registered = await registerModels(request, fake.baseUrl, [{ model: 'e2e-marker', capabilities: ['chat'] }]);
  providerId = registered.providerId;
  robot = await createChatRobot(request, { chat: registered.ids['e2e-marker']! }, '作文批改');
  teacher = await newUser(request, { roles: [Role.TEACHER], truename: '王老师' });
  await apiPost(request, '/api/ai/Robot/joinRobot', { robot_id: robot.id, role: 'teacher' }, teacher.token);
  const team = await apiPost<{ id: number; code: string }>(request, '/api/ai/RobotTeam/save', { robot_id: robot.id, title: '五年级一班' }, teacher.token);
  student = await newUser(request, { truename: '李小明' });
  await apiPost(request, '/api/ai/RobotTeam/joinTeam', { team_id: team.id, invite_code: team.code }, student.token);
});
test.afterAll(async ({ request }) => {
  await removeProvider(request, providerId);
  await fake.close();
});

failOnPageErrors();

test('a teacher sets, the model drafts, the teacher overrides and releases, the student sees the mark, the xlsx downloads', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signIn(page, teacher);
  await page.goto('/teacherCenter/reading');
  await expect(page.getByText('还没有布置作业')).toBeVisible();

  // The assignment form: class, title, instructions, a two-criterion rubric.
  await page.getByRole('button', { name: '布置作业' }).click();
  const dialog = page.getByRole('dialog', { name: '布置作业' });
  await expect(dialog.getByText(/五年级一班/)).toBeVisible();
  await dialog.getByLabel('作业标题').fill('我的家乡');
  await dialog.getByLabel('作业要求').fill('写一篇 300 字左右的短文，介绍你的家乡。');
  await dialog.getByLabel('评分项名称').nth(1).fill('语言表达');
  await screenshot(page, 'assignment-form');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '作业已布置')).toBeVisible();
  const row = page.getByRole('row', { name: /我的家乡/ });
  await expect(row).toContainText('五年级一班');
  await expect(row).toContainText('0 / 1');

  // The student hands in text on their robot's resource tab.
  const studentContext = await browser.newContext();
  const studentPage = await studentContext.newPage();
  await studentPage.setViewportSize({ width: 1280, height: 1000 });
  await signIn(studentPage, student);
  await studentPage.goto(`/dialogueIndex/resource?dialogueRid=${robot.id}`);
  const card = studentPage.locator('.ant-card').filter({ hasText: '我的作业' }).first();
  await expect(card.getByText('我的家乡')).toBeVisible();
  await card.getByLabel('作业内容').fill(ESSAY);
  await card.getByRole('button', { name: '提交作业' }).click();
  await expect(toast(studentPage, '提交成功')).toBeVisible();
  await expect(card.getByText('已提交 · 等待老师批阅')).toBeVisible();

  // The model drafts in the background; the review screen shows the draft per criterion.
  await page.reload();
  await expect(page.getByRole('row', { name: /我的家乡/ })).toContainText('1 / 1');
  await page.getByRole('button', { name: '批阅' }).first().click();
  await expect(page.getByText('李小明 的作业')).toBeVisible();
  await expect(page.getByText(ESSAY)).toBeVisible();
  await expect(page.getByText('AI 评语：结构清楚，语言生动，结尾可以再点题。')).toBeVisible({ timeout: 30_000 });
  expect(fake.requests.some((r) => r.messages.some((m) => textOf(m).includes('小桥流水')))).toBe(true);
  const content = page.getByLabel('内容得分');
  await expect(content).toHaveValue('52');
  await expect(page.getByLabel('语言表达得分')).toHaveValue('33');
  await content.fill('55');
  await page.getByLabel('评语').fill('结构清楚，语言生动。结尾再点题会更好！');
  await page.getByText('李小明 的作业').scrollIntoViewIfNeeded();
  await screenshot(page, 'review');
  await page.getByRole('button', { name: '发布', exact: true }).click();
  await expect(toast(page, '已发布，学生可以看到批阅结果')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: '李小明' })).toContainText('已发布');

  // The student sees the released mark per criterion and the comment.
  await studentPage.reload();
  await expect(card.getByText('88 / 100 分')).toBeVisible();
  await expect(card.getByRole('row', { name: /^内容 / })).toContainText('55 / 60');
  await expect(card.getByRole('row', { name: /^语言表达 / })).toContainText('33 / 40');
  await expect(card.getByText('结构清楚，语言生动。结尾再点题会更好！')).toBeVisible();
  await screenshot(studentPage, 'student-result');
  await studentContext.close();

  // The class's results as xlsx: one row per student.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出成绩' }).click();
  const file = await (await download).path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  expect(rows[0]).toEqual(['姓名', '内容（60分）', '语言表达（40分）', '总分', '评语', '状态', '提交时间']);
  expect(rows.slice(1).map((r) => r.slice(0, 6))).toEqual([['李小明', 55, 33, 88, '结构清楚，语言生动。结尾再点题会更好！', '已发布']]);

  // The reading desk with its counts.
  await page.getByRole('button', { name: '返回作业列表' }).click();
  await expect(page.getByRole('row', { name: /我的家乡/ })).toContainText('1 / 1');
  await screenshot(page, 'reading-desk');

  // The console's mark tab lists the same assignment for this robot.
  await page.goto(`/teacherCenter/console/${robot.id}/mark`);
  await expect(page.getByRole('row', { name: /我的家乡/ })).toContainText('1 / 1');
});
