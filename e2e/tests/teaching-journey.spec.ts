import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { Role } from '@xueban/contract/roles';
import { COURSE_MSG } from '@xueban/contract/constants/courses';
import { apiPost, newUser, signIn, type TestUser } from '../support/api.ts';
import { answers, ask, createChatRobot, readyToSend, registerModels, removeProvider, type ChatRobot } from '../support/chat.ts';
import { startFakeModel, textOf, type FakeModel } from '../support/fake-model.ts';
import { failOnPageErrors, toast } from '../support/shell.ts';

/**
 * Issue 17's whole story in one journey, with a scripted model: a teacher settles (入驻) into a
 * robot and creates a class; a student joins with the invite code; the teacher publishes a course
 * plan with a locked lesson, which the student cannot open until it is unlocked; the student asks
 * the robot about the lesson; the teacher sees that conversation in follow and the student in
 * user-data, corrects the answer; sets an assignment with a rubric; the student submits; the model
 * drafts a mark; the teacher overrides and releases; the student sees the mark; the teacher exports
 * the class's results. A screenshot of each screen: docs/screenshots/teaching-journey-*.png.
 */

const LESSON = '《春晓》';
const LESSON_TEXT = '春眠不觉晓，处处闻啼鸟。夜来风雨声，花落知多少。';
const WRONG = '这首诗写的是秋天。';
const CORRECTED = '这首诗写的是春天的早晨：春眠、啼鸟、花落都是春天的景象。';
const ESSAY = '我读《春晓》，仿佛听见了清晨的鸟叫，看见了满地的落花。';
const DRAFT = { scores: [{ name: '内容', score: 50 }, { name: '语言表达', score: 30 }], comment: '理解准确，语言清新。' };

let fake: FakeModel;
let providerId: number;
let modelId: number;
let robot: ChatRobot;
let teacher: TestUser;
let student: TestUser;

const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(400); // let opening animations finish
  await page.screenshot({ path: fileURLToPath(new URL(`../../docs/screenshots/teaching-journey-${name}.png`, import.meta.url)) });
};
const treeNode = (page: Page, title: string) => page.getByRole('navigation', { name: '课程目录' }).locator('.ant-tree-treenode', { hasText: title });

test.beforeAll(async ({ request }) => {
  // The marking request carries the student's work; everything else is a chat question.
  fake = await startFakeModel((r) => (r.messages.some((m) => textOf(m).includes('清晨的鸟叫'))
    ? { content: [JSON.stringify(DRAFT)] }
    : { content: [WRONG] }));
  const registered = await registerModels(request, fake.baseUrl, [{ model: 'e2e-journey', capabilities: ['chat'] }]);
  providerId = registered.providerId;
  modelId = registered.ids['e2e-journey']!;
  robot = await createChatRobot(request, { chat: modelId }, '语文助教');
  teacher = await newUser(request, { roles: [Role.TEACHER], truename: '王老师' });
  student = await newUser(request, { truename: '李同学' });
});
test.afterAll(async ({ request }) => {
  await removeProvider(request, providerId);
  await fake.close();
});

failOnPageErrors();

test('settle, class, course with a locked lesson, a question about it, follow and correct, assignment marked by the model, released, exported', async ({ page, browser, request }) => {
  test.setTimeout(360_000); // the whole story on a shared, busy machine
  await page.setViewportSize({ width: 1366, height: 900 });

  // ── 1. The teacher settles into the robot and creates a class in the dialogue that follows ──
  await signIn(page, teacher);
  await page.goto(`/robot/about/${robot.id}`);
  await page.getByRole('button', { name: '入驻', exact: true }).click();
  const teamDialog = page.getByRole('dialog', { name: '创建团队' });
  await expect(teamDialog).toBeVisible({ timeout: 20_000 });
  await teamDialog.getByPlaceholder('输入团队名称').fill('七年级一班');
  await teamDialog.getByRole('button', { name: '创建', exact: true }).click();
  const invite = page.getByRole('dialog', { name: '邀请成员加入团队' });
  const copyId = Number(/\/robot\/about\/(\d+)/.exec(await invite.getByRole('textbox', { name: '邀请链接' }).inputValue())![1]);
  await invite.getByRole('button', { name: '完成' }).click();
  await expect(page).toHaveURL(new RegExp(`/robot/about/${copyId}$`));
  expect(copyId).not.toBe(robot.id);
  // The settled copy answers with the same model as the robot it came from.
  await apiPost(request, '/api/ai/Robot/setRobotModel', { id: copyId, chat_model_id: modelId, reasoning_model_id: null }, teacher.token);

  // The console's 成员 tab holds the class and its invite link.
  await page.goto(`/teacherCenter/console/${copyId}/member`);
  const card = page.locator('[data-testid^="class-card-"]').filter({ hasText: '七年级一班' });
  await expect(card).toBeVisible();
  const link = await card.getByTestId('class-invite-link').inputValue();
  expect(link).toContain(`/studentPanel/${copyId}?join_room_code=`);
  await shot(page, '1-class');

  // ── 2. The student joins with the invite code ──
  const studentContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const sp = await studentContext.newPage();
  await signIn(sp, student);
  await sp.goto(new URL(link).pathname + new URL(link).search);
  await expect(sp.getByText('七年级一班')).toBeVisible();
  await shot(sp, '2-join');
  await sp.getByTestId('join-class').click();
  await expect(sp).toHaveURL(new RegExp(`/dialogueIndex\\?dialogueRid=${copyId}`));
  await page.reload();
  await expect(card.getByRole('cell', { name: '李同学' })).toBeVisible({ timeout: 30_000 });

  // ── 3. The teacher builds a course plan and publishes it to the class ──
  await page.goto('/teachingSpace/project');
  await page.getByRole('button', { name: '新建课程' }).click();
  await page.getByLabel('课程名称').fill('古诗两首');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/resource\/project-detail\?plan_id=\d+/);
  const form = page.getByRole('form', { name: '编辑课时' });
  const addNode = async (button: string, title: string, content: string) => {
    await page.getByRole('button', { name: button }).click();
    await expect(form.getByLabel('标题')).toHaveValue(/^未命名/);
    await form.getByLabel('标题').fill(title);
    await form.getByLabel('课时内容').fill(content);
    await form.getByRole('button', { name: '保存' }).click();
    await expect(treeNode(page, title)).toBeVisible();
  };
  await addNode('添加章节', '第一单元', '两首唐诗。');
  await addNode('添加课时', '《静夜思》', '床前明月光，疑是地上霜。');
  await treeNode(page, '第一单元').getByText('第一单元').click();
  await addNode('添加课时', LESSON, LESSON_TEXT);
  await shot(page, '3-plan-editor');
  await page.getByRole('button', { name: '发布到班级' }).click();
  await page.getByRole('switch', { name: '发布到七年级一班' }).click();
  await expect(toast(page, COURSE_MSG.published)).toBeVisible();
  await page.keyboard.press('Escape');

  // The teaching view: only 《静夜思》 is unlocked.
  await page.goto(`/teacherCenter/console/${copyId}/course`);
  await page.getByRole('row', { name: /古诗两首/ }).getByRole('button', { name: '进入教学' }).click();
  await treeNode(page, '《静夜思》').getByRole('button', { name: '解锁' }).click();
  await expect(toast(page, COURSE_MSG.unlocked)).toBeVisible();
  await shot(page, '4-teaching-view');

  // ── 4. The student sees 《春晓》 greyed and cannot open it ──
  await sp.goto(`/dialogueIndex/resource?dialogueRid=${copyId}`);
  await sp.getByRole('button', { name: '开始学习' }).click();
  await expect(sp.getByRole('heading', { name: '《静夜思》' })).toBeVisible();
  await expect(treeNode(sp, LESSON)).toHaveClass(/ant-tree-treenode-disabled/);
  await treeNode(sp, LESSON).getByText(LESSON).click({ force: true });
  await expect(sp.getByRole('heading', { name: LESSON })).toHaveCount(0);
  await shot(sp, '5-locked-lesson');

  // The teacher unlocks it; now it opens.
  await treeNode(page, LESSON).getByRole('button', { name: '解锁' }).click();
  await expect(treeNode(page, LESSON).getByRole('button', { name: '锁定' })).toBeVisible();
  await sp.reload();
  await treeNode(sp, LESSON).getByText(LESSON).click();
  await expect(sp.getByText(LESSON_TEXT)).toBeVisible();
  await shot(sp, '6-lesson-open');

  // ── 5. The student asks the robot about the lesson; the lesson goes to the model ──
  await sp.getByRole('button', { name: '向机器人提问' }).click();
  await ask(sp, '这首诗写的是哪个季节？');
  await expect(answers(sp).last()).toContainText(WRONG);
  expect(textOf(fake.requests.at(-1)!.messages[0])).toContain(LESSON_TEXT);
  await shot(sp, '7-ask-about-lesson');

  // ── 6. The teacher follows the conversation, sees the student in user-data, corrects the answer ──
  await page.goto(`/teacherCenter/console/${copyId}/follow`);
  const row = page.getByRole('row').filter({ hasText: '这首诗写的是哪个季节？' });
  await expect(row).toContainText('李同学');
  await expect(row).toContainText('七年级一班');
  await shot(page, '8-follow');
  await page.goto(`/teacherCenter/console/${copyId}/user-data`);
  await expect(page.getByText('李同学').first()).toBeVisible();
  await expect(page.locator('.ant-statistic').filter({ hasText: '提问数' })).toContainText('1');
  await shot(page, '9-user-data');
  await page.goto(`/teacherCenter/console/${copyId}/follow`);
  await page.getByRole('row').filter({ hasText: '这首诗写的是哪个季节？' }).getByRole('button', { name: '查看上下文' }).click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.locator('.tc-exchange-target')).toContainText(WRONG);
  await drawer.getByRole('button', { name: '订正' }).click();
  await drawer.getByLabel('订正内容').fill(CORRECTED);
  await drawer.getByRole('button', { name: '保存订正' }).click();
  await expect(drawer.getByLabel('老师订正')).toContainText(CORRECTED);
  await shot(page, '10-correction');
  await page.keyboard.press('Escape');
  await sp.goto(`/dialogueIndex?dialogueRid=${copyId}`);
  await expect(sp.locator('.chat-answer').last().getByLabel('老师订正')).toContainText(CORRECTED);
  await readyToSend(sp);

  // ── 7. An assignment with a rubric; the student submits; the model drafts ──
  await page.goto('/teacherCenter/reading');
  await page.getByRole('button', { name: '布置作业' }).click();
  const dialog = page.getByRole('dialog', { name: '布置作业' });
  await expect(dialog.getByText(/七年级一班/)).toBeVisible();
  await dialog.getByLabel('作业标题').fill('读《春晓》有感');
  await dialog.getByLabel('作业要求').fill('写一段 100 字左右的读后感。');
  await dialog.getByLabel('评分项名称').nth(1).fill('语言表达');
  await shot(page, '11-assignment');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '作业已布置')).toBeVisible();

  await sp.goto(`/dialogueIndex/resource?dialogueRid=${copyId}`);
  const homework = sp.locator('.ant-card').filter({ hasText: '我的作业' }).first();
  await homework.getByLabel('作业内容').fill(ESSAY);
  await homework.getByRole('button', { name: '提交作业' }).click();
  await expect(toast(sp, '提交成功')).toBeVisible();

  // ── 8. The teacher reviews the draft, overrides a score and releases ──
  await page.reload();
  await expect(page.getByRole('row', { name: /读《春晓》有感/ })).toContainText('1 / 1');
  await page.getByRole('button', { name: '批阅' }).first().click();
  await expect(page.getByText(`AI 评语：${DRAFT.comment}`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('内容得分')).toHaveValue('50');
  await page.getByLabel('内容得分').fill('56');
  await shot(page, '12-review');
  await page.getByRole('button', { name: '发布', exact: true }).click();
  await expect(toast(page, '已发布，学生可以看到批阅结果')).toBeVisible();

  // ── 9. The student sees the mark ──
  await sp.reload();
  await expect(homework.getByText('86 / 100 分')).toBeVisible();
  await shot(sp, '13-student-mark');
  await studentContext.close();

  // ── 10. The class's results as xlsx ──
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出成绩' }).click();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile(await (await download).path())) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  expect(rows.slice(1).map((r) => r.slice(0, 4))).toEqual([['李同学', 56, 30, 86]]);
});
