import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { COURSE_MSG } from '@xueban/contract/constants/courses';
import { Role } from '@xueban/contract/roles';
import { apiGet, apiPost, newUser, signIn, type TestUser } from '../support/api.ts';
import { answers, ask, createChatRobot, registerModels, removeProvider, type ChatRobot } from '../support/chat.ts';
import { lastUserMessage, startFakeModel, textOf, type FakeModel } from '../support/fake-model.ts';
import { failOnPageErrors, toast } from '../support/shell.ts';

/**
 * Course plans (issue 17): a teacher builds a plan (a chapter, two lessons), publishes it to a
 * class and unlocks one lesson; the student sees the other greyed and cannot open it; once it is
 * unlocked they read it, mark it done and ask the robot about it (the lesson's text goes to the
 * scripted model); the teacher sees who studied it.
 */

const screenshot = async (page: Page, name: string) => {
  await page.waitForTimeout(400); // let opening animations finish
  await page.screenshot({ path: fileURLToPath(new URL(`../../docs/screenshots/teaching-course-${name}.png`, import.meta.url)) });
};

const LESSON_TEXT = '春眠不觉晓，处处闻啼鸟。夜来风雨声，花落知多少。';

let fake: FakeModel;
let providerId: number;
let robot: ChatRobot;
let teacher: TestUser;
let student: TestUser;

test.beforeAll(async ({ request }) => {
  fake = await startFakeModel((r) => (textOf(lastUserMessage(r)).includes('季节') ? { content: ['这首诗写的是', '春天的早晨。'] } : { content: ['好的。'] }));
  const registered = await registerModels(request, fake.baseUrl, [{ model: 'e2e-course-model', capabilities: ['chat'] }]);
  providerId = registered.providerId;
  robot = await createChatRobot(request, { chat: registered.ids['e2e-course-model']! }, '语文课');
  teacher = await newUser(request, { roles: [Role.TEACHER], truename: '王老师' });
  student = await newUser(request, { truename: '李同学' });
  await apiPost(request, '/api/ai/Robot/joinRobot', { robot_id: robot.id, role: 'teacher' }, teacher.token);
  const info = await apiGet<{ openid: string }>(request, '/api/uc/passport/getUserInfo', {}, student.token);
  await apiPost(request, '/api/ai/RobotTeam/save', { robot_id: robot.id, title: '七年级一班', users: [{ openid: info.openid, role: 'student' }] }, teacher.token);
});
test.afterAll(async ({ request }) => {
  await removeProvider(request, providerId);
  await fake.close();
});

failOnPageErrors();

const treeNode = (page: Page, title: string) => page.getByRole('navigation', { name: '课程目录' }).locator('.ant-tree-treenode', { hasText: title });

/** Fills the side panel of the node just added (it opens with its placeholder title) and saves it. */
async function editNode(page: Page, title: string, content: string) {
  const form = page.getByRole('form', { name: '编辑课时' });
  await expect(form.getByLabel('标题')).toHaveValue(/^未命名/);
  await form.getByLabel('标题').fill(title);
  await form.getByLabel('课时内容').fill(content);
  await form.getByRole('button', { name: '保存' }).click();
  await expect(treeNode(page, title)).toBeVisible();
}

test('a teacher builds and publishes a plan, unlocks lessons; a student studies and asks the robot; the teacher sees it', async ({ page, browser }) => {
  test.setTimeout(240_000); // one long story on a shared, busy machine
  // ── The teacher builds the plan in the course library ──
  await signIn(page, teacher);
  await page.goto('/teachingSpace/project');
  await expect(page.getByText('还没有课程')).toBeVisible();
  await page.getByRole('button', { name: '新建课程' }).click();
  await page.getByLabel('课程名称').fill('古诗二首');
  await page.getByLabel('课程简介').fill('七年级上册 · 古诗文单元');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/resource\/project-detail\?plan_id=\d+/);
  const planId = Number(new URL(page.url()).searchParams.get('plan_id'));

  await page.getByRole('button', { name: '添加章节' }).click();
  await editNode(page, '第一章 古诗', '本章学习两首唐诗。');
  await page.getByRole('button', { name: '添加课时' }).click();
  await editNode(page, '《静夜思》', '床前明月光，疑是地上霜。');
  await treeNode(page, '第一章 古诗').getByText('第一章 古诗').click();
  await page.getByRole('button', { name: '添加课时' }).click();
  await editNode(page, '《春晓》', LESSON_TEXT);
  // Lessons indent 30 px under their chapter (spec §2).
  const chapterX = (await treeNode(page, '第一章 古诗').getByText('第一章 古诗').boundingBox())!.x;
  const lessonX = (await treeNode(page, '《春晓》').getByText('《春晓》').boundingBox())!.x;
  expect(Math.round(lessonX - chapterX)).toBe(30);
  await page.getByRole('heading', { name: '古诗二首' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'editor');

  await page.getByRole('button', { name: '发布到班级' }).click();
  await page.getByRole('switch', { name: '发布到七年级一班' }).click();
  await expect(toast(page, COURSE_MSG.published)).toBeVisible();
  await expect(page.getByRole('switch', { name: '发布到七年级一班' })).toBeChecked();
  await page.keyboard.press('Escape');

  await page.goto('/teachingSpace/project');
  await expect(page.getByText('已发布到 1 个班级')).toBeVisible();
  await screenshot(page, 'library');

  // ── The teacher opens the teaching view from the console and unlocks 《静夜思》 only ──
  await page.goto(`/teacherCenter/console/${robot.id}/course`);
  await page.getByRole('row', { name: /古诗二首/ }).getByRole('button', { name: '进入教学' }).click();
  await expect(page).toHaveURL(new RegExp(`/teacher/project-detail/${planId}`));
  await treeNode(page, '《静夜思》').getByRole('button', { name: '解锁' }).click();
  await expect(toast(page, COURSE_MSG.unlocked)).toBeVisible();
  await expect(treeNode(page, '《春晓》').getByRole('button', { name: '解锁' })).toBeVisible();

  // ── The student: 《春晓》 is greyed and does not open ──
  const studentContext = await browser.newContext();
  const sp = await studentContext.newPage();
  await signIn(sp, student);
  await sp.goto(`/dialogueIndex/resource?dialogueRid=${robot.id}`);
  await expect(sp.getByText('已解锁 2/3')).toBeVisible();
  await screenshot(sp, 'class-resources');
  await sp.getByRole('button', { name: '开始学习' }).click();
  await expect(sp).toHaveURL(new RegExp(`/student/project-detail/${planId}`));
  await expect(sp.getByRole('heading', { name: '《静夜思》' })).toBeVisible();
  await expect(treeNode(sp, '《春晓》')).toHaveClass(/ant-tree-treenode-disabled/);
  await treeNode(sp, '《春晓》').getByText('《春晓》').click({ force: true });
  await expect(sp.getByRole('heading', { name: '《春晓》' })).toHaveCount(0);
  await screenshot(sp, 'study-locked');

  // ── The teacher unlocks it; the student opens it, marks it done ──
  await treeNode(page, '《春晓》').getByRole('button', { name: '解锁' }).click();
  await expect(treeNode(page, '《春晓》').getByRole('button', { name: '锁定' })).toBeVisible();
  await sp.reload();
  await treeNode(sp, '《春晓》').getByText('《春晓》').click();
  await expect(sp.getByRole('heading', { name: '《春晓》' })).toBeVisible();
  await expect(sp.getByText(LESSON_TEXT)).toBeVisible();
  await sp.getByRole('button', { name: '标记学完' }).click();
  await expect(toast(sp, COURSE_MSG.studied)).toBeVisible();
  await expect(treeNode(sp, '《春晓》').getByText('已学完')).toBeVisible();
  await screenshot(sp, 'study');

  // ── 向机器人提问: the robot answers with the lesson as context ──
  await sp.getByRole('button', { name: '向机器人提问' }).click();
  await expect(sp).toHaveURL(/\/dialogueIndex\?.*plan_id=\d+.*node_id=\d+/);
  await expect(sp.getByText('正在围绕课时「《春晓》」向机器人提问')).toBeVisible();
  await ask(sp, '这首诗写的是哪个季节？');
  await expect(answers(sp).last()).toContainText('春天的早晨。');
  const system = textOf(fake.requests.at(-1)!.messages[0]);
  expect(system).toContain('《春晓》');
  expect(system).toContain(LESSON_TEXT);
  await screenshot(sp, 'ask-robot');
  await studentContext.close();

  // ── The teacher sees who studied it ──
  await page.reload();
  await treeNode(page, '《春晓》').getByText('《春晓》').click();
  await expect(page.getByText('学习情况（1/1 人已学，1 人学完）')).toBeVisible();
  const studied = page.locator('.ant-list-item', { hasText: '李同学' });
  await expect(studied).toBeVisible();
  await expect(studied.getByText('已学完')).toBeVisible();
  await screenshot(page, 'teaching');
});
