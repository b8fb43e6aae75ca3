import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { apiGet, apiPost, freshMobile, newUser, signIn } from '../support/api.ts';

/**
 * Recently used robots (spec §2: the sidebar's 最近使用, /my-used-robot and 移除), the app scene
 * robot list, and the manage page's 成员 tab.
 */

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text);
const recent = (page: Page) => page.getByRole('list', { name: '最近使用的机器人' });

/** A creator-role user makes a robot (they become its creator) in the first scene. */
async function seedRobot(request: APIRequestContext, token: string, name = `最近测试${freshMobile().slice(-5)}`) {
  const scenes = await apiGet<{ id: number }[]>(request, '/api/ai/Robot/getRobotScenes', {}, token);
  const sceneId = scenes[0]!.id;
  const robot = await apiPost<{ id: number }>(request, '/api/ai/Robot/saveRobot', {
    name,
    scene_id: sceneId,
    msg: '你好，我是学习助手。',
    extra: { use_type: [1, 2], introduce: '解答课程问题', cover_url: '' },
    config: { onboarding_info: { prologue: '欢迎来提问！', suggested_questions: [], suggested_questions_show_mode: 0 } },
  }, token);
  // New robots start hidden or offline: make it usable so students can join.
  await apiPost(request, '/api/ai/Robot/updateRobotSetting', { id: robot.id, is_show: 1, online_status: 1, is_public: 2 }, token);
  return { id: robot.id, name, sceneId };
}

test('joining a robot puts it in 最近使用 and /my-used-robot; 移除 takes it out', async ({ page, request }) => {
  const creator = await newUser(request, { roles: [Role.CREATOR] });
  const robot = await seedRobot(request, creator.token);
  await signIn(page, await newUser(request));

  await page.goto('/home');
  await expect(page.getByText('暂无最近使用的机器人')).toBeVisible();

  await page.goto(`/robot/about/${robot.id}`);
  const panel = page.getByRole('complementary', { name: '机器人信息' });
  await panel.getByRole('button', { name: '进入操作端' }).click();
  await expect(toast(page, MSG.joined)).toBeVisible();
  await expect(recent(page).getByRole('link', { name: robot.name })).toBeVisible();

  await recent(page).getByRole('link', { name: robot.name }).click();
  await expect(page).toHaveURL(new RegExp(`/robot/about/${robot.id}$`));

  await page.getByRole('link', { name: '查看全部' }).click();
  await expect(page).toHaveURL(/\/my-used-robot$/);
  const card = page.locator('.robot-card', { hasText: robot.name });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: '移除' }).click();
  await expect(page.getByText(MSG.confirmRemoveRobot)).toBeVisible();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '移除' }).click();
  await expect(toast(page, MSG.done)).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page).toHaveURL(/\/my-used-robot$/);
  await expect(recent(page)).toHaveCount(0);
  await expect(page.getByText('暂无最近使用的机器人').first()).toBeVisible();
});

test('RobotUsed/save lists robots newest first, and the sidebar loads more as it scrolls', async ({ page, request }) => {
  const creator = await newUser(request, { roles: [Role.CREATOR] });
  const user = await newUser(request);
  const robots = [];
  for (let i = 0; i < 9; i++) robots.push(await seedRobot(request, creator.token, `滚动${i}-${freshMobile().slice(-4)}`));
  for (const r of robots) await apiPost(request, '/api/ai/RobotUsed/save', { id: r.id }, user.token);
  await signIn(page, user);
  await page.goto('/home');
  const list = recent(page);
  await expect(list.getByRole('link').first()).toHaveText(robots[8]!.name);
  await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(list.getByRole('link')).toHaveCount(9);
  await expect(list.getByRole('link').last()).toHaveText(robots[0]!.name);
});

test('the app scene lists the scene robots and shows the one in rid', async ({ page, request }) => {
  const creator = await newUser(request, { roles: [Role.CREATOR] });
  const a = await seedRobot(request, creator.token);
  const b = await seedRobot(request, creator.token);
  await signIn(page, creator);
  await page.goto(`/appAssistant/appScene/${a.sceneId}?rid=${a.id}&r_tab=talk&pop`);
  const column = page.getByRole('complementary', { name: '机器人列表' });
  await expect(column.getByRole('heading', { name: '机器人列表' })).toBeVisible();
  await expect(column.getByRole('button', { name: '创建机器人' })).toBeVisible();
  await expect(column.locator('[aria-current="true"]')).toHaveText(a.name);
  await expect(page.getByRole('complementary', { name: '机器人信息' }).getByRole('heading', { name: a.name })).toBeVisible();
  await column.getByRole('button', { name: b.name }).click();
  await expect(page).toHaveURL(new RegExp(`rid=${b.id}`));
  await expect(page.getByRole('complementary', { name: '机器人信息' }).getByRole('heading', { name: b.name })).toBeVisible();
});

test('the creator adds a cooperator by user ID on 成员 and removes them', async ({ page, request }) => {
  const creator = await newUser(request, { roles: [Role.CREATOR] });
  const colleague = await newUser(request, { roles: [Role.TEACHER] });
  const robot = await seedRobot(request, creator.token);
  await signIn(page, creator);
  await page.goto(`/robot/manage/${robot.id}/member`);
  const table = page.locator('.ant-table');
  await expect(table.getByText('创建者')).toBeVisible();
  await page.getByLabel('协作者用户 ID').fill(String(colleague.uid));
  await page.getByRole('button', { name: '添加' }).click();
  const row = table.getByRole('row', { name: new RegExp(colleague.truename) });
  await expect(row.getByText('协作者')).toBeVisible();
  await row.getByRole('button', { name: '移除' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '移除' }).click();
  await expect(toast(page, MSG.deleted)).toBeVisible();
  await expect(row).toHaveCount(0);
});
