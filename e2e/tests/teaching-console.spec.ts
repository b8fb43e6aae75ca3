import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { Role } from '@xueban/contract/roles';
import { CLASS_NOTICE } from '@xueban/contract/constants/teaching-console';
import { apiGet, apiPost, newUser, signIn, type TestUser } from '../support/api.ts';
import { answers, ask, createChatRobot, readyToSend, registerModels, removeProvider, studentOf, type ChatRobot } from '../support/chat.ts';
import { lastUserMessage, startFakeModel, textOf, type FakeModel } from '../support/fake-model.ts';
import { failOnPageErrors } from '../support/shell.ts';

/**
 * The teacher console (issue 17): a student of a class asks; the teacher follows the conversation,
 * opens its context and corrects the answer; the student sees 老师订正 under it; the teacher sets
 * 引导提问 and an instruction, which the model then receives for that student; data and user-data
 * show the student. Screenshots of each tab go to docs/screenshots/teaching-console-*.png.
 */

const QUESTION = '光合作用需要什么条件？';
const WRONG = '光合作用只需要水。';
const CORRECTED = '光合作用需要光照、水和二氧化碳，在叶绿体中进行。';
const INSTRUCTION = '多用生活中的例子';

let fake: FakeModel;
let providerId: number;
let robot: ChatRobot;
let teacher: TestUser;
let student: TestUser;

const screenshot = async (page: Page, name: string) => {
  await page.waitForTimeout(400); // let opening animations finish
  await page.screenshot({ path: fileURLToPath(new URL(`../../docs/screenshots/teaching-console-${name}.png`, import.meta.url)), fullPage: true });
};

test.beforeAll(async ({ request }) => {
  fake = await startFakeModel((r) => ({ content: [textOf(lastUserMessage(r)) === QUESTION ? WRONG : '我们一起想一想：植物白天和晚上有什么不同？'] }));
  const registered = await registerModels(request, fake.baseUrl, [{ model: 'e2e-teaching', capabilities: ['chat'] }]);
  providerId = registered.providerId;
  robot = await createChatRobot(request, { chat: registered.ids['e2e-teaching']! }, '生物课堂');
  const kb = await apiPost<{ id: number }>(request, '/api/ai/knowledge/save', { name: `初中生物教材${robot.id}`, info: '人教版八年级上册' }, robot.creator.token);
  await apiPost(request, '/api/ai/Robot/bindContent', { robot_id: robot.id, type: 'repository', ids: [kb.id] }, robot.creator.token);
  teacher = await newUser(request, { roles: [Role.TEACHER], truename: '王老师' });
  await apiPost(request, '/api/ai/Robot/joinRobot', { robot_id: robot.id, role: 'teacher' }, teacher.token);
  student = await studentOf(request, robot);
  const info = await apiGet<{ openid: string }>(request, '/api/uc/passport/getUserInfo', {}, student.token);
  await apiPost(request, '/api/ai/RobotTeam/save', { robot_id: robot.id, title: '初二一班', users: [{ openid: info.openid, role: 'student' }] }, teacher.token);
});
test.afterAll(async ({ request }) => {
  await removeProvider(request, providerId);
  await fake.close();
});

failOnPageErrors();

test('a teacher follows, corrects and guides a student of their class; data and user-data show the student', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // The student asks, and is told the teacher can read the conversation.
  await signIn(page, student);
  await page.goto('/home');
  await expect(page.getByText(CLASS_NOTICE)).toBeVisible();
  await ask(page, QUESTION);
  await expect(answers(page).last()).toContainText(WRONG);

  // The teacher sees the conversation in follow and corrects the answer from its context.
  const teacherPage = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await signIn(teacherPage, teacher);
  await teacherPage.goto(`/teacherCenter/console/${robot.id}/follow`);
  const row = teacherPage.getByRole('row').filter({ hasText: QUESTION });
  await expect(row).toContainText(student.truename);
  await expect(row).toContainText('初二一班');
  await screenshot(teacherPage, 'follow');
  await row.getByRole('button', { name: '查看上下文' }).click();
  await expect(teacherPage).toHaveURL(/record_id=\d+/);
  const drawer = teacherPage.locator('.ant-drawer');
  await expect(drawer.locator('.tc-exchange-target')).toContainText(WRONG);
  await drawer.getByRole('button', { name: '订正' }).click();
  await drawer.getByLabel('订正内容').fill(CORRECTED);
  await screenshot(teacherPage, 'context');
  await drawer.getByRole('button', { name: '保存订正' }).click();
  await expect(drawer.getByLabel('老师订正')).toContainText(CORRECTED);
  // The link a safety alert uses opens the same exchange.
  await teacherPage.reload();
  await expect(teacherPage.locator('.ant-drawer .tc-exchange-target')).toContainText(CORRECTED);
  await teacherPage.keyboard.press('Escape');

  // The student sees the correction under the answer.
  await page.reload();
  await expect(page.locator('.chat-answer').last().getByLabel('老师订正')).toContainText(CORRECTED);
  await screenshot(page, 'student-correction');

  // The teacher sets 引导提问 and an instruction; the model receives them for this student.
  await teacherPage.goto(`/teacherCenter/console/${robot.id}/setting`);
  await teacherPage.getByText('引导提问', { exact: true }).click();
  await teacherPage.getByPlaceholder('写给机器人的补充说明').fill(INSTRUCTION);
  await teacherPage.getByRole('button', { name: '保存', exact: true }).click();
  await expect(teacherPage.getByText('设置已保存')).toBeVisible();
  await screenshot(teacherPage, 'setting');
  await readyToSend(page);
  await ask(page, '植物为什么需要阳光？');
  await expect(answers(page).last()).toContainText('我们一起想一想');
  const system = textOf(fake.requests.filter((r) => r.stream === true).at(-1)!.messages[0]);
  expect(system).toContain('引导提问');
  expect(system).toContain(`老师的补充说明：${INSTRUCTION}`);

  // Data and user-data show the student.
  await teacherPage.goto(`/teacherCenter/console/${robot.id}/data`);
  await expect(teacherPage.locator('.ant-statistic').filter({ hasText: '活跃学生' })).toContainText('1');
  await expect(teacherPage.locator('.ant-card').filter({ hasText: '热门问题' })).toContainText(QUESTION);
  await screenshot(teacherPage, 'data');
  await teacherPage.goto(`/teacherCenter/console/${robot.id}/user-data`);
  await expect(teacherPage.getByText(student.truename).first()).toBeVisible();
  await expect(teacherPage.locator('.ant-statistic').filter({ hasText: '提问数' })).toContainText('2');
  await expect(teacherPage.locator('.ant-card').filter({ hasText: '常问话题' })).toContainText('光合');
  await screenshot(teacherPage, 'user-data');
  await teacherPage.goto(`/teacherCenter/console/${robot.id}/resource`);
  await expect(teacherPage.locator('.ant-card').filter({ hasText: '知识库' })).toContainText(`初中生物教材${robot.id}`);
  await screenshot(teacherPage, 'resource');

  // The student's own data tab.
  await page.goto(`/dialogueIndex/data?dialogueRid=${robot.id}`);
  await expect(page.locator('.ant-card').filter({ hasText: '老师的订正' })).toContainText(CORRECTED);
  await screenshot(page, 'my-data');
  await teacherPage.close();
});
