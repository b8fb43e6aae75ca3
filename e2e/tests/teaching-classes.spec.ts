import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { Role } from '@xueban/contract/roles';
import { dailyQuotaReached } from '@xueban/contract/classes';
import { apiPost, newUser, signIn, type TestUser } from '../support/api.ts';
import { answers, ask, chatInput, createChatRobot, registerModels, removeProvider, type ChatRobot } from '../support/chat.ts';
import { startFakeModel, type FakeModel } from '../support/fake-model.ts';
import { failOnPageErrors, toast } from '../support/shell.ts';

/**
 * Classes (issue 17): a teacher creates a class on a robot in the console's 成员 tab, copies its
 * invite link; a student opens /studentPanel/{robotId}?join_room_code=… and joins; the teacher
 * sees them in the roster and sets a daily quota of 1; the student's second question gets the
 * quota message and stays in the input.
 */

const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: fileURLToPath(new URL(`../../docs/screenshots/teaching-classes-${name}.png`, import.meta.url)), fullPage: true });
};

let fake: FakeModel;
let providerId: number;
let robot: ChatRobot;
let teacher: TestUser;
let student: TestUser;

test.beforeAll(async ({ request }) => {
  fake = await startFakeModel(() => ({ content: ['光合作用', '是植物制造有机物的过程。'] }));
  const registered = await registerModels(request, fake.baseUrl, [{ model: 'e2e-class-model', capabilities: ['chat'] }]);
  providerId = registered.providerId;
  robot = await createChatRobot(request, { chat: registered.ids['e2e-class-model']! }, '班级测试');
  teacher = await newUser(request, { roles: [Role.TEACHER], truename: '王老师' });
  await apiPost(request, '/api/ai/Robot/joinRobot', { robot_id: robot.id, role: 'teacher' }, teacher.token);
  student = await newUser(request, { truename: '李同学' });
});
test.afterAll(async ({ request }) => {
  await removeProvider(request, providerId);
  await fake.close();
});

failOnPageErrors();

test('a teacher runs a class: create, invite, a student joins, roster, daily quota in the chat', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, teacher);

  // The console's 成员 tab: no class yet; 创建班级 opens the team dialogue.
  await page.goto(`/teacherCenter/console/${robot.id}/member`);
  await expect(page.getByText('还没有班级')).toBeVisible();
  await page.getByRole('button', { name: '创建班级' }).click();
  await page.getByPlaceholder('输入团队名称').fill('初二一班');
  await page.getByRole('dialog', { name: '创建团队' }).getByRole('button', { name: '创建', exact: true }).click();
  // The same dialogue turns into the invite step once the class exists.
  const invite = page.getByRole('dialog', { name: '邀请成员加入团队' });
  await expect(invite.getByRole('textbox', { name: '邀请链接' })).toHaveValue(/invite_code=/);
  await invite.getByRole('button', { name: '完成', exact: true }).click();
  const card = page.locator('[data-testid^="class-card-"]').filter({ hasText: '初二一班' });
  await expect(card).toBeVisible();

  // Copy the invite link.
  await card.getByRole('button', { name: '复制邀请链接' }).click();
  await expect(toast(page, '已复制')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain(`/studentPanel/${robot.id}?join_room_code=`);
  expect(await card.getByTestId('class-invite-link').inputValue()).toBe(link);

  // The student opens the link: the class, the robot and the teacher; 加入 leads into the chat.
  const studentContext = await browser.newContext();
  const sp = await studentContext.newPage();
  await signIn(sp, student);
  await sp.goto(new URL(link).pathname + new URL(link).search);
  await expect(sp.getByText('初二一班')).toBeVisible();
  await expect(sp.getByText(robot.name)).toBeVisible();
  await expect(sp.getByText('王老师')).toBeVisible();
  await shot(sp, 'join-panel');
  await sp.getByTestId('join-class').click();
  await expect(sp).toHaveURL(new RegExp(`/dialogueIndex\\?dialogueRid=${robot.id}`));

  // The teacher sees the student in the roster and sets a class quota of 1.
  await page.reload();
  await expect(card.getByRole('cell', { name: '李同学' })).toBeVisible({ timeout: 30_000 });
  await card.getByLabel('班级每日提问次数').fill('1');
  await card.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '每日提问次数已保存')).toBeVisible();

  // The first question is answered; the second is refused with the quota message and stays in the input.
  await ask(sp, '什么是光合作用？');
  await expect(answers(sp).last()).toContainText('是植物制造有机物的过程。');
  const asked = fake.requests.length;
  await ask(sp, '那呼吸作用呢？');
  await expect(toast(sp, dailyQuotaReached(1))).toBeVisible();
  await expect(chatInput(sp)).toHaveValue('那呼吸作用呢？');
  expect(fake.requests.length).toBe(asked);
  await studentContext.close();

  // The roster shows the student's question today against the quota.
  await page.reload();
  await expect(card.getByText('1 / 1')).toBeVisible({ timeout: 30_000 });
  await card.getByLabel('班级通知内容').fill('明天上课前复习第三章');
  await card.getByRole('button', { name: '发布班级通知' }).click();
  await expect(toast(page, '通知已发布')).toBeVisible();
  await shot(page, 'member-tab');

  // The teaching space and the robot's teaching overview.
  await page.goto('/teachingSpace/robot');
  await expect(page.getByTestId(`teaching-robot-${robot.id}`)).toContainText('1 个班级 · 1 名学生');
  await shot(page, 'teaching-space');
  await page.goto('/teachingSpace/index');
  await expect(page.getByRole('cell', { name: '初二一班', exact: true })).toBeVisible();
  await shot(page, 'overview');
  await page.goto(`/space/detail/${robot.id}`);
  await expect(page.getByRole('cell', { name: '初二一班', exact: true })).toBeVisible();
  await expect(page.getByText('明天上课前复习第三章')).toBeVisible();
  await shot(page, 'space-detail');
});

test('the student reads the class news in 动态; a code typed by hand shows its class', async ({ page, request }) => {
  const other = await newUser(request, { truename: '赵同学' });
  const team = await apiPost<{ id: number; code: string }>(request, '/api/ai/RobotTeam/save', { robot_id: robot.id, title: '初二二班', users: [] }, teacher.token);
  await apiPost(request, '/api/ai/TeamClass/postNotice', { id: team.id, title: '本周五交实验报告' }, teacher.token);
  await signIn(page, other);
  await page.goto(`/studentPanel/${robot.id}`);
  await page.getByLabel('邀请码').fill(team.code.toLowerCase());
  await page.getByRole('button', { name: '查看班级' }).click();
  await expect(page.getByText('初二二班')).toBeVisible();
  await page.getByTestId('join-class').click();
  await expect(page).toHaveURL(/\/dialogueIndex/);
  await page.goto(`/dialogueIndex/dynamic?dialogueRid=${robot.id}`);
  await expect(page.getByText('本周五交实验报告')).toBeVisible();
  await expect(page.getByText('明天上课前复习第三章')).toHaveCount(0);
  await shot(page, 'class-news');
});

test('the teacher adds a student of the school by mobile number; an unknown account is named back', async ({ page, request }) => {
  const added = await newUser(request, { truename: '孙同学' });
  await apiPost(request, '/api/ai/RobotTeam/save', { robot_id: robot.id, title: '初二三班', users: [] }, teacher.token);
  await signIn(page, teacher);
  await page.goto(`/teacherCenter/console/${robot.id}/member`);
  const card = page.locator('[data-testid^="class-card-"]').filter({ hasText: '初二三班' });
  await card.getByLabel('学生账号').fill(`${added.account}，13900000000`);
  await card.getByRole('button', { name: '添加学生' }).click();
  await expect(toast(page, '添加完成')).toBeVisible();
  await expect(page.locator('.ant-message').getByText(/以下账号未添加.*13900000000/)).toBeVisible();
  await expect(card.getByRole('cell', { name: '孙同学' })).toBeVisible({ timeout: 30_000 });
  await expect(card.getByLabel('学生账号')).toHaveValue('13900000000');
});
