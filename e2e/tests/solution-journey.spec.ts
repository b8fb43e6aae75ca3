import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { Role } from '@xueban/contract/roles';
import { adminToken, apiGet, apiPost, freshMobile, newUser, signIn, type TestUser } from '../support/api.ts';
import { answers, ask, registerModels, removeProvider } from '../support/chat.ts';
import { startFakeModel, textOf, type FakeModel } from '../support/fake-model.ts';
import { failOnPageErrors, toast, trialUser } from '../support/shell.ts';

/**
 * Issue 20's whole journey, across the three centres: a creator's course plan and knowledge base
 * are published and approved; a solution bundles the robot with them; packaged as an app and
 * approved for the store, it is installed by an admin of another organisation, who chats with the
 * installed robot and is answered from the copied knowledge; the revenue centre counts the install.
 * The steps each centre's own spec already drives through its pages (publishing, the training
 * centre, the help centre) are set up here through the API; the pages of this journey are the
 * store, the installed robot's chat (/index/{rid}) and the revenue centre.
 */

const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: fileURLToPath(new URL(`../../docs/screenshots/journey-${name}.png`, import.meta.url)), fullPage: true });
};
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

const suffix = freshMobile().slice(-4);
const FACT = `新生报到时间为8月${20 + (Number(suffix) % 9)}日上午8点，地点在学校东门体育馆`;
const QUESTION = '新生什么时候报到？';
const APP = `新生入学咨询${suffix}`;

let fake: FakeModel;
let providerId = 0;
let creator: TestUser;
let schoolAdmin: TestUser;
let robotId = 0;
let robotName = '';

test.beforeAll(async ({ request }) => {
  // The scripted model answers from whatever knowledge reached its prompt, and says so when none did.
  fake = await startFakeModel((req) => {
    const prompt = req.messages.map(textOf).join('\n');
    return { content: [prompt.includes(FACT) ? `根据学校资料：${FACT}。` : '资料里没有找到相关内容。'] };
  });
  const registered = await registerModels(request, fake.baseUrl, [{ model: 'journey-model', capabilities: ['chat'] }]);
  providerId = registered.providerId;
  const admin = await adminToken(request);

  // The creator's knowledge base, course plan and robot (demo organisation).
  creator = await newUser(request, { roles: [Role.CREATOR, Role.TEACHER], truename: '周老师' });
  const orgAdmin = await newUser(request, { roles: [Role.ORG_ADMIN], truename: '吴主任' });
  const kb = await apiPost<{ id: number }>(request, '/api/ai/knowledge/save', { name: `迎新资料${suffix}`, info: '报到须知' }, creator.token);
  await apiPost(request, '/api/ai/knowledge/training', { type: 'qa', repository_id: kb.id, qa: [{ question: QUESTION, answer: FACT }] }, creator.token);
  await expect.poll(async () => (await apiGet<{ ready: number }>(request, '/api/ai/knowledge/trainingtasks', { repository_id: kb.id }, creator.token)).ready, { timeout: 30_000 }).toBe(1);
  const plan = await apiPost<{ id: number }>(request, '/api/ai/coursePlan/save', { title: `入学教育${suffix}`, description: '新生第一周' }, creator.token);
  await apiPost(request, '/api/ai/courseNode/save', { plan_id: plan.id, title: '报到与注册', content: FACT }, creator.token);
  const scenes = await apiGet<{ id: number }[]>(request, '/api/ai/Robot/getRobotScenes', {}, creator.token);
  robotName = `迎新助手${suffix}`;
  robotId = (await apiPost<{ id: number }>(request, '/api/ai/Robot/saveRobot', { name: robotName, scene_id: scenes[0]!.id, msg: '你好，我来解答入学问题。' }, creator.token)).id;
  await apiPost(request, '/api/ai/Robot/updateRobotSetting', { id: robotId, is_show: 1, online_status: 1 }, creator.token);
  await apiPost(request, '/api/ai/Robot/setRobotModel', { id: robotId, chat_model_id: registered.ids['journey-model'], reasoning_model_id: null }, creator.token);
  await apiPost(request, '/api/ai/Robot/bindContent', { robot_id: robotId, type: 'repository', ids: [kb.id] }, creator.token);

  // Published to the resource centre and approved by the organisation admin.
  for (const [kind, id] of [['course', plan.id], ['knowledge', kb.id]] as const) {
    const pub = await apiPost<{ id: number }>(request, '/api/ai/publish/save', { kind, content_id: id, scope: 'platform' }, creator.token);
    await apiPost(request, '/api/ai/publish/review', { id: pub.id, status: 3 }, orgAdmin.token);
  }

  // The solution (the robot with its bound knowledge, and the plan), packaged as a paid app, approved for the store.
  const solution = await apiPost<{ id: number }>(request, '/api/ai/solution/save', { name: APP, robot_ids: [robotId], course_ids: [plan.id] }, creator.token);
  const app = await apiPost<{ id: number }>(request, '/api/ai/DeveloperApp/create', {
    kind: 'solution', solution_id: solution.id, name: APP, intro: '迎新机器人、迎新资料与入学教育课程', price: 5,
  }, creator.token);
  await apiPost(request, '/api/ai/DeveloperApp/submit', { id: app.id }, creator.token);
  await apiPost(request, '/api/ai/admin.app/audit', { id: app.id, status: 3 }, admin);

  // Another, paid organisation.
  const school = await trialUser(request);
  schoolAdmin = school.user;
  await apiPost(request, '/api/uc/groups/setVip', { group_id: school.groupId, vip_level: 2, vip_end_time: Math.floor(Date.now() / 1000) + 30 * 86400 }, admin);
});
test.afterAll(async ({ request }) => {
  await removeProvider(request, providerId);
  await fake.close();
});

failOnPageErrors();

test('a solution from the store answers another school from its copied knowledge, and the revenue centre counts it', async ({ page, request }) => {
  test.setTimeout(180_000); // three people's pages in one journey

  // The published plan and knowledge base are in the resource centre for everyone.
  await signIn(page, schoolAdmin);
  await page.goto('/resCenter');
  await expect(page.getByText(`入学教育${suffix}`)).toBeVisible();
  await expect(page.getByText(`迎新资料${suffix}`)).toBeVisible();

  // The other school's admin installs the solution from the store.
  await page.goto('/group/workbench/appList?tab=store');
  const card = page.locator('.ant-card').filter({ hasText: APP });
  await expect(card).toContainText('¥5.00/席位/月');
  await card.getByRole('button', { name: '安装' }).click();
  const install = page.getByRole('dialog', { name: `安装「${APP}」` });
  await install.getByLabel('席位数').fill('10');
  await install.getByRole('button', { name: '安装' }).click();
  await expect(toast(page, '安装成功，本组织成员现在就可以使用')).toBeVisible();
  await shot(page, 'installed');

  // The installed copy is the school's own robot, and it answers from the copied knowledge.
  const installed = await apiGet<{ data: { name: string; robot_ids: number[] }[] }>(request, '/api/uc/GroupApp/lists', {}, schoolAdmin.token);
  const copyId = installed.data.find((a) => a.name === APP)!.robot_ids[0]!;
  expect(copyId).not.toBe(robotId);
  await page.goto(`/index/${copyId}`);
  await expect(page.getByText(robotName).first()).toBeVisible();
  await ask(page, QUESTION);
  await expect(answers(page).last()).toContainText(FACT);
  await shot(page, 'answer');

  // The creator's revenue centre counts the install and its seats.
  await signIn(page, creator);
  await page.goto('/creator/app');
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
  const statement = row(page, APP).filter({ hasText: month });
  await expect(statement.getByRole('cell').nth(3)).toHaveText('1'); // 安装数
  await expect(statement.getByRole('cell').nth(5)).toHaveText('10'); // 计费席位
  await expect(statement.getByRole('cell').nth(7)).toHaveText('1'); // 问答数
  await shot(page, 'revenue');
});
