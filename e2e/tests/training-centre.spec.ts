import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { Role } from '@xueban/contract/roles';
import { adminToken, apiPost, newUser, signIn, type TestUser } from '../support/api.ts';
import { createChatRobot, PROLOGUE, registerModels, removeProvider, type ChatRobot } from '../support/chat.ts';
import { startFakeModel, textOf, type FakeModel } from '../support/fake-model.ts';
import { failOnPageErrors, toast } from '../support/shell.ts';

/**
 * Issue 20 points 6–8 end to end: a teacher sets up a training scenario on a robot, a learner
 * practises three rounds with the scripted model and sees the scored debrief, the teacher sees
 * the result; the dialogue centre lists the robot and opens its chat; the help centre shows a
 * published FAQ (never a draft) and finds it by search.
 */

const DEBRIEF = { scores: [{ name: '倾听', score: 35, comment: '耐心回应了家长的担心' }, { name: '建议', score: 45, comment: '建议具体可行' }], summary: '沟通有温度，建议清楚。' };
const ROLE_REPLIES = ['那我回家该怎么帮他呢？', '好的，我试试看。'];
const TITLE = `家长沟通${Date.now() % 1e5}`;
const FAQ = { title: `如何开始训练${Date.now() % 1e5}`, content: '打开**训练中心**，选择一个场景，点击“开始训练”。' };

let fake: FakeModel;
let providerId: number;
let robot: ChatRobot;
let teacher: TestUser;
let student: TestUser;
let admin: string;
const articles: number[] = [];

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: fileURLToPath(new URL(`../../docs/screenshots/train-${name}.png`, import.meta.url)) });

test.beforeAll(async ({ request }) => {
  let roleTurn = 0;
  // The debrief request is the coach's; every other one is the role's next line.
  fake = await startFakeModel((r) => textOf(r.messages[0]).includes('训练教练')
    ? { content: ['```json\n', JSON.stringify(DEBRIEF), '\n```'], gapMs: 30 }
    : { content: [ROLE_REPLIES[roleTurn++ % ROLE_REPLIES.length]!], gapMs: 30 });
  const registered = await registerModels(request, fake.baseUrl, [{ model: 'e2e-trainer', capabilities: ['chat'] }]);
  providerId = registered.providerId;
  robot = await createChatRobot(request, { chat: registered.ids['e2e-trainer']! }, '家校沟通');
  teacher = await newUser(request, { roles: [Role.TEACHER], truename: '陈老师' });
  await apiPost(request, '/api/ai/Robot/joinRobot', { robot_id: robot.id, role: 'teacher' }, teacher.token);
  const team = await apiPost<{ id: number; code: string }>(request, '/api/ai/RobotTeam/save', { robot_id: robot.id, title: '新教师培训班' }, teacher.token);
  student = await newUser(request, { truename: '赵小雨' });
  await apiPost(request, '/api/ai/RobotTeam/joinTeam', { team_id: team.id, invite_code: team.code }, student.token);
  await apiPost(request, '/api/ai/RobotUsed/save', { id: robot.id }, student.token);
  admin = await adminToken(request);
  for (const a of [{ ...FAQ, status: 'published' }, { title: `草稿训练说明${Date.now() % 1e5}`, content: '还没写完的训练说明', status: 'draft' }]) {
    articles.push((await apiPost<{ id: number }>(request, '/api/uc/HelpCenter/save', { type: 'faq', sort: 0, ...a }, admin)).id);
  }
});
test.afterAll(async ({ request }) => {
  for (const id of articles) await apiPost(request, '/api/uc/HelpCenter/delete', { id }, admin);
  await removeProvider(request, providerId);
  await fake.close();
});

failOnPageErrors();

test('a teacher sets up a scenario, a learner practises three rounds and sees the debrief, the teacher sees the result', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signIn(page, teacher);
  await page.goto('/trainCenter');
  await page.getByRole('button', { name: '新建训练场景' }).click();
  const dialog = page.getByRole('dialog', { name: '新建训练场景' });
  await dialog.getByLabel('机器人', { exact: true }).click();
  await page.locator('.ant-select-item-option', { hasText: robot.name }).click();
  await dialog.getByLabel('场景名称').fill(TITLE);
  await dialog.getByLabel('机器人扮演的角色').fill('你是一位焦虑的家长，孩子最近成绩下滑。');
  await dialog.getByLabel('学员的训练目标').fill('安抚家长并给出可行的建议');
  await dialog.getByLabel('评分项名称').fill('倾听');
  await dialog.getByLabel('满分').fill('40');
  await dialog.getByRole('button', { name: '添加评分项' }).click();
  await dialog.getByLabel('评分项名称').nth(1).fill('建议');
  await dialog.getByLabel('满分').nth(1).fill('60');
  await dialog.getByLabel('开场白').fill('老师，我家孩子最近成绩怎么掉得这么厉害？');
  await screenshot(page, 'setup-form');
  await dialog.getByRole('button', { name: '保存草稿' }).click();
  await expect(page).toHaveURL(/\/trainCenter\/\d+\/setup$/);
  const scenarioUrl = page.url().replace(/\/setup$/, '');
  await page.getByRole('button', { name: '发布', exact: true }).click();
  await expect(toast(page, '已发布')).toBeVisible();
  await expect(page.getByText('已发布：本组织的成员都可以练习')).toBeVisible();
  await screenshot(page, 'setup');

  // The learner practises three rounds; the last one is answered by the scored debrief.
  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  await learner.setViewportSize({ width: 1280, height: 1000 });
  await signIn(learner, student);
  await learner.goto('/trainCenter');
  const scenarioCard = learner.locator('.ant-card', { hasText: TITLE });
  await expect(scenarioCard).toContainText('训练目标：安抚家长并给出可行的建议');
  await screenshot(learner, 'list');
  await scenarioCard.click();
  await expect(learner.getByRole('tab', { name: '设置' })).toHaveCount(0);
  await learner.getByRole('button', { name: '开始训练' }).click();
  await expect(learner.getByText('老师，我家孩子最近成绩怎么掉得这么厉害？')).toBeVisible();
  const input = learner.getByLabel('你的回答');
  const answers = ['您先别着急，我们一起看看原因。', '可以每天陪他复盘二十分钟作业。', '我们保持联系，下周再沟通一次。'];
  for (const [i, text] of answers.entries()) {
    await input.fill(text);
    await learner.getByRole('button', { name: '发送' }).click();
    if (i < 2) await expect(learner.getByText(ROLE_REPLIES[i]!)).toBeVisible();
  }
  const debrief = learner.getByTestId('train-debrief');
  await expect(debrief).toBeVisible();
  await expect(debrief).toContainText('总分 80 分（满分 100 分）');
  await expect(debrief).toContainText('建议具体可行');
  await expect(learner.getByRole('region', { name: '我的训练记录' }).getByText('80 / 100')).toBeVisible();
  await learner.waitForTimeout(300);
  await screenshot(learner, 'debrief');

  // The teacher sees the student's result and opens it.
  await page.goto(`${scenarioUrl}/train`);
  const results = page.getByRole('region', { name: '学员成绩' });
  const row = results.getByRole('row', { name: /赵小雨/ });
  await expect(row).toContainText('新教师培训班');
  await expect(row).toContainText('80 / 100');
  await results.scrollIntoViewIfNeeded();
  await screenshot(page, 'results');
  await row.getByRole('button', { name: '查看' }).click();
  await expect(page.locator('.ant-drawer', { hasText: '赵小雨的训练记录' }).getByText(answers[2]!)).toBeVisible();
  await page.waitForTimeout(300);
  await screenshot(page, 'result-detail');

  // The dialogue centre lists the robot with a way into its chat.
  await learner.goto('/dialogueCenter');
  const card = learner.locator('.dialogue-robot-card', { hasText: robot.name });
  await expect(card).toBeVisible();
  await learner.waitForTimeout(300);
  await screenshot(learner, 'dialogue-centre');
  await card.getByRole('button', { name: /开始对话|继续对话/ }).click();
  await expect(learner).toHaveURL(new RegExp(`/index/${robot.id}$`));
  await expect(learner.getByText(PROLOGUE)).toBeVisible();
  await screenshot(learner, 'robot-index');

  // The help centre from the user menu: the published FAQ, found by search; the draft never shows.
  await learner.locator('.user-menu-trigger').click();
  await learner.getByRole('menuitem', { name: '帮助中心' }).click();
  const help = learner.locator('.ant-drawer', { hasText: '帮助中心' });
  await expect(help.getByText(FAQ.title)).toBeVisible();
  await expect(help.getByText('草稿训练说明')).toHaveCount(0);
  await help.getByLabel('搜索帮助文章').fill('开始训练');
  await help.getByLabel('搜索帮助文章').press('Enter');
  await expect(help.locator('.ant-collapse-item')).toHaveCount(1);
  await help.getByText(FAQ.title).click();
  await expect(help.locator('strong', { hasText: '训练中心' })).toBeVisible();
  await learner.waitForTimeout(300);
  await screenshot(learner, 'help-centre');
  await learnerContext.close();
});
