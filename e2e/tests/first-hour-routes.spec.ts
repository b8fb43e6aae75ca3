import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { BASE_URL, apiGet, apiPost, asUser, freshMobile, newUser, signIn } from '../support/api.ts';
import { failOnPageErrors } from '../support/shell.ts';

/**
 * Issue 27 "The first hour": the route defects (open routes open their own dialogue, a learner on
 * a resource page is told why, a missing robot's management page goes to the teaching space) and
 * the robot actions (进入操作端 opens the chat, 入驻 once then 进入控制端).
 */

failOnPageErrors();

const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(400); // let opening animations finish
  await page.screenshot({ path: fileURLToPath(new URL(`../.artifacts/screenshots/first-hour-${name}.png`, import.meta.url)) });
};
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text);
const infoPanel = (page: Page) => page.getByRole('complementary', { name: '机器人信息' });
/** The page's URL is `p` (any query). */
const at = (p: string) => new RegExp(`^https?://[^/]+${p}(\\?.*)?$`);

const PROLOGUE = '欢迎来提问，我们从哪里开始？';

/** A creator's robot for students and teachers (use_type [1, 2]), public within the organisation. */
async function seedRobot(request: APIRequestContext) {
  const creator = await newUser(request, { roles: [Role.CREATOR] });
  const scenes = await apiGet<{ id: number }[]>(request, '/api/ai/Robot/getRobotScenes', {}, creator.token);
  const name = `首小时${freshMobile().slice(-5)}`;
  const robot = await apiPost<{ id: number }>(request, '/api/ai/Robot/saveRobot', {
    name, scene_id: scenes[0]!.id, msg: '你好，我是学习助手。',
    extra: { use_type: [1, 2], introduce: '解答课程问题', cover_url: '' },
    config: { onboarding_info: { prologue: PROLOGUE, suggested_questions: ['问题一', '问题二'], suggested_questions_show_mode: 0 } },
  }, creator.token);
  await apiPost(request, '/api/ai/Robot/updateRobotSetting', { id: robot.id, is_show: 1, online_status: 1, is_public: 2 }, creator.token);
  return { id: robot.id, name, creator };
}

test.describe('open routes', () => {
  test('/user/register opens 注册, not 登录', async ({ page }) => {
    await page.goto('/user/register');
    await expect(page).toHaveURL(at('/home'));
    await expect(page.getByRole('dialog', { name: '注册' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: '登录' })).toHaveCount(0);
    await shot(page, 'register-route');
  });

  test('/user/reset-pass opens 重置密码, not 登录', async ({ page }) => {
    await page.goto('/user/reset-pass');
    await expect(page).toHaveURL(at('/home'));
    await expect(page.getByRole('dialog', { name: '重置密码' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: '登录' })).toHaveCount(0);
  });

  test('/home alone still opens 登录 for a visitor', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('dialog', { name: '登录' })).toBeVisible();
  });
});

test.describe('resource pages by role', () => {
  test('a learner on /repository and /resIntent is told who manages them: no 新建, no 没有操作权限 toast', async ({ page, request }) => {
    await signIn(page, await newUser(request));
    await page.goto('/repository');
    const main = page.getByRole('main');
    await expect(main.getByText('知识库由教师、创作者和组织管理员建立和维护')).toBeVisible();
    await expect(main.getByText(MSG.noOperationPermission)).toBeVisible();
    await expect(page.getByRole('button', { name: /新建知识库/ })).toHaveCount(0);
    await shot(page, 'learner-repository');
    await expect(toast(page, MSG.noOperationPermission)).toHaveCount(0);

    await page.goto('/resIntent');
    await expect(main.getByText('意图库由教师、创作者和组织管理员建立和维护')).toBeVisible();
    await expect(page.getByRole('button', { name: /新建分类|新建意图/ })).toHaveCount(0);
    await shot(page, 'learner-resintent');
    await expect(toast(page, MSG.noOperationPermission)).toHaveCount(0);

    await main.getByRole('button', { name: '去对话' }).click();
    await expect(page).toHaveURL(at('/home'));
  });

  test('a teacher on /repository and /resIntent can create', async ({ page, request }) => {
    await signIn(page, await newUser(request, { roles: [Role.TEACHER] }));
    await page.goto('/repository');
    await expect(page.getByRole('button', { name: /新建知识库/ }).first()).toBeVisible();
    await page.goto('/resIntent');
    await expect(page.getByRole('button', { name: /新建分类/ }).first()).toBeVisible();
    await expect(toast(page, MSG.noOperationPermission)).toHaveCount(0);
  });
});

test('/robot/manage/{missing} says 机器人不存在 and goes to the teaching space\'s robots', async ({ page, request }) => {
  await signIn(page, await newUser(request, { roles: [Role.TEACHER] }));
  await page.goto('/robot/manage/99999999/design');
  await expect(toast(page, MSG.robotNotFound)).toBeVisible();
  await expect(page).toHaveURL(at('/teachingSpace/robot'));
  await expect(page.getByRole('heading', { level: 1, name: '教学空间' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '机器人', selected: true })).toBeVisible();
});

test('进入操作端 joins and opens the chat with the robot; again later it opens the chat at once', async ({ page, request }) => {
  const robot = await seedRobot(request);
  const student = await newUser(request);
  await signIn(page, student);
  await page.goto(`/robot/about/${robot.id}`);
  await infoPanel(page).getByRole('button', { name: '进入操作端' }).click();
  await expect(toast(page, MSG.joined)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dialogueIndex\\?dialogueRid=${robot.id}$`));
  await expect(page.getByText(PROLOGUE)).toBeVisible();
  await expect(page.getByPlaceholder('输入您的问题（Shift + Enter换行）')).toBeVisible();
  await shot(page, 'operator-side');
  expect((await apiGet<{ role: string }>(request, '/api/ai/Robot/detail', { id: robot.id }, student.token)).role).toBe('user');

  await page.goto(`/robot/about/${robot.id}`);
  await expect(infoPanel(page).getByText(MSG.alreadyJoinedRobot)).toBeVisible();
  await infoPanel(page).getByRole('button', { name: '进入操作端' }).click();
  await expect(page).toHaveURL(new RegExp(`/dialogueIndex\\?dialogueRid=${robot.id}$`));
  await expect(page.getByText(PROLOGUE)).toBeVisible();
});

test('a teacher settles (入驻) once: the robot then offers 进入控制端 to the copy\'s console, and a second settle is refused', async ({ page, request }) => {
  const robot = await seedRobot(request);
  const teacher = await newUser(request, { roles: [Role.TEACHER] });
  await signIn(page, teacher);
  await page.goto(`/robot/about/${robot.id}`);
  await infoPanel(page).getByRole('button', { name: '入驻' }).click();
  const team = page.getByRole('dialog', { name: '创建团队' });
  await expect(team).toBeVisible({ timeout: 15_000 });
  await team.getByRole('button', { name: '取消' }).click();
  // Closing the team step opens the copy's about page.
  await expect(page).not.toHaveURL(new RegExp(`/robot/about/${robot.id}$`));
  await expect(page).toHaveURL(/\/robot\/about\/\d+$/);
  const copyId = Number(/\/robot\/about\/(\d+)$/.exec(page.url())![1]);

  // Back on the robot it came from: no second 入驻, 进入控制端 leads to the copy's console.
  await page.goto(`/robot/about/${robot.id}`);
  await expect(infoPanel(page).getByRole('button', { name: '进入控制端' })).toBeVisible();
  await expect(infoPanel(page).getByRole('button', { name: '入驻' })).toHaveCount(0);
  await shot(page, 'settled-once');
  await infoPanel(page).getByRole('button', { name: '进入控制端' }).click();
  await expect(page).toHaveURL(at(`/teacherCenter/console/${copyId}`));

  // The server refuses a second copy for the same teacher, naming the first.
  const again = await request.post(`${BASE_URL}/api/ai/Robot/copyClassRobot`, { data: { id: robot.id, source: 2 }, headers: asUser(teacher.token) });
  expect(again.status()).toBe(409);
  expect(await again.json()).toMatchObject({ msg: MSG.alreadySettled, data: { robot_id: copyId } });
  const mine = await apiGet<{ data: { id: number; source_robot_id: number }[] }>(
    request, '/api/ai/Robot/lists', { fetch_type: 'my', role: 'teacher', limit: 100 }, teacher.token);
  expect(mine.data.filter((r) => r.source_robot_id === robot.id).map((r) => r.id)).toEqual([copyId]);
});
