import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { apiGet, apiPost, freshMobile, newUser, signIn } from '../support/api.ts';
import { failOnPageErrors } from '../support/shell.ts';

/**
 * Robot management by robot role (spec §2 /robot/manage and /creator/robot, §4, §6): the creator
 * sees every tab, a cooperator design, data and release, a teacher data; a tab the role may not
 * see goes to its first tab; no role goes to /no-permission.
 */

failOnPageErrors();

const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: fileURLToPath(new URL(`../.artifacts/screenshots/robots-manage-${name}.png`, import.meta.url)) });
};
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text);
const tabNames = (page: Page) => page.getByRole('main').getByRole('tab').allTextContents();

/** A creator's robot for students and teachers, usable and public within the organisation. */
async function seedRobot(request: APIRequestContext) {
  const creator = await newUser(request, { roles: [Role.CREATOR] });
  const scenes = await apiGet<{ id: number }[]>(request, '/api/ai/Robot/getRobotScenes', {}, creator.token);
  const name = `管理测试${freshMobile().slice(-5)}`;
  const robot = await apiPost<{ id: number }>(request, '/api/ai/Robot/saveRobot', {
    name, scene_id: scenes[0]!.id, info: '管理页测试', extra: { use_type: [1, 2], introduce: '', cover_url: '' },
  }, creator.token);
  await apiPost(request, '/api/ai/Robot/updateRobotSetting', { id: robot.id, is_show: 1, online_status: 1, is_public: 2 }, creator.token);
  return { id: robot.id, name, creator };
}

test('a cooperator sees design, data and release; on 设置 or 成员 it lands on 设计', async ({ page, request }) => {
  const robot = await seedRobot(request);
  const colleague = await newUser(request, { roles: [Role.TEACHER] });
  await apiPost(request, '/api/ai/RobotMember/addRobotUser', { robot_id: robot.id, uid: colleague.uid }, robot.creator.token);
  await signIn(page, colleague);

  await page.goto(`/robot/manage/${robot.id}/setting`);
  await expect(page).toHaveURL(new RegExp(`/robot/manage/${robot.id}/design$`));
  await expect(page.getByRole('form', { name: '机器人设计' }).getByLabel('机器人名称')).toHaveValue(robot.name);
  expect(await tabNames(page)).toEqual(['设计', '数据', '发布']);
  await shot(page, 'cooperator');

  await page.goto(`/robot/manage/${robot.id}/member`);
  await expect(page).toHaveURL(new RegExp(`/robot/manage/${robot.id}/design$`));
  await page.getByRole('tab', { name: '发布' }).click();
  await expect(page).toHaveURL(/\/release$/);
  await expect(page.getByRole('button', { name: '申请发布到机器人广场' })).toBeEnabled();

  // The creator centre's robot page follows the same rule: no 成员 and no 设置 content of the owner.
  await page.goto(`/creator/robot/${robot.id}/member`);
  await expect(page).toHaveURL(new RegExp(`/creator/robot/${robot.id}/library$`));
  await expect(page.getByRole('tab', { name: '资源库', selected: true })).toBeVisible();
  expect(await tabNames(page)).toEqual(['资源库', '数据统计', '发布', '设置']);
  // A cooperator may bind knowledge bases too (the server lets designers change bindings).
  await expect(page.getByRole('button', { name: '关联知识库' })).toBeVisible();
  await page.getByRole('tab', { name: '设置' }).click();
  await expect(page.getByRole('form', { name: '机器人设计' })).toBeVisible();
  await expect(page.getByRole('switch', { name: '上架' })).toHaveCount(0);
});

test('a teacher of the robot sees only 数据; a teacher account without a role on it goes to /no-permission', async ({ page, request }) => {
  const robot = await seedRobot(request);
  const teacher = await newUser(request, { roles: [Role.TEACHER] });
  await apiPost(request, '/api/ai/Robot/joinRobot', { robot_id: robot.id, role: 'teacher' }, teacher.token);
  await signIn(page, teacher);
  await page.goto(`/robot/manage/${robot.id}/design`);
  await expect(page).toHaveURL(new RegExp(`/robot/manage/${robot.id}/stats$`));
  await expect(page.getByText('次查看')).toBeVisible();
  expect(await tabNames(page)).toEqual(['数据']);
  await expect(page.getByRole('form', { name: '机器人设计' })).toHaveCount(0);
  await shot(page, 'teacher');

  // Joined as a student (role user): a teacher-level account, but no management role on this robot.
  const joinedAsStudent = await newUser(request, { roles: [Role.TEACHER] });
  await apiPost(request, '/api/ai/Robot/joinRobot', { robot_id: robot.id, role: 'user' }, joinedAsStudent.token);
  await signIn(page, joinedAsStudent);
  await page.goto(`/robot/manage/${robot.id}/design`);
  await expect(page).toHaveURL(/\/no-permission$/);
  await expect(page.locator('.ant-result').getByText(MSG.noOperationPermission)).toBeVisible();
  await page.goto(`/creator/robot/${robot.id}`);
  await expect(page).toHaveURL(/\/no-permission$/);
});

test('the creator works every tab of /creator/robot/{rid}: the library lists what it draws on, AI marking lists the work teachers set on it', async ({ page, request }) => {
  const robot = await seedRobot(request);
  await signIn(page, robot.creator);
  await page.goto('/creator/robot');
  await page.locator('.robot-card', { hasText: robot.name }).getByRole('button', { name: '详情' }).click();
  await expect(page).toHaveURL(new RegExp(`/creator/robot/${robot.id}$`));
  await expect(page.getByRole('tab', { name: '资源库', selected: true })).toBeVisible();
  expect(await tabNames(page)).toEqual(['资源库', '数据统计', '发布', '成员', '设置', 'AI 批阅', 'API 密钥']);
  // 资源库: the robot's knowledge bases (none yet), intent libraries and resources.
  await expect(page.getByRole('button', { name: '关联知识库' })).toBeVisible();
  await expect(page.getByText('还没有关联知识库')).toBeVisible();

  await page.getByRole('tab', { name: '数据统计' }).click();
  await expect(page).toHaveURL(/\/stats$/);
  await expect(page.getByText('次查看')).toBeVisible();

  await page.getByRole('tab', { name: '成员' }).click();
  await expect(page.locator('.ant-table').getByText('创建者')).toBeVisible();

  await page.getByRole('tab', { name: '设置' }).click();
  await expect(page).toHaveURL(/\/setup$/);
  const design = page.getByRole('form', { name: '机器人设计' });
  await design.getByLabel('机器人能力').fill('创作中心里改的能力介绍');
  await design.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, MSG.updated)).toBeVisible();
  const saved = await apiGet<{ extra: { introduce: string } }>(request, '/api/ai/Robot/getRobotDesignInfo', { id: robot.id }, robot.creator.token);
  expect(saved.extra.introduce).toBe('创作中心里改的能力介绍');
  await page.getByRole('switch', { name: '关闭' }).click();
  await expect(page.getByRole('switch', { name: '关闭' })).toBeChecked();
  await shot(page, 'creator-setup');

  await page.getByRole('tab', { name: '发布' }).click();
  await page.getByRole('button', { name: '申请发布到模板库' }).click();
  await expect(toast(page, MSG.applyPending)).toBeVisible();
  await expect(page.getByText('审核中')).toBeVisible();

  await page.getByRole('tab', { name: 'AI 批阅' }).click();
  await expect(page).toHaveURL(/\/mark$/);
  await expect(page.getByText('还没有老师在这个机器人上布置作业')).toBeVisible();
});
