import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { adminToken, apiGet, apiPost, freshMobile, newUser, signIn } from '../support/api.ts';

/**
 * Joining robots (spec §2 robot about page, §4 joining / teacher settle / invite flow, §5 team
 * names, §6 about-page buttons) and the admin release review.
 */

const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: fileURLToPath(new URL(`../.artifacts/screenshots/robots-join-${name}.png`, import.meta.url)) });
};
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text);

/** The super admin creates a robot for students and teachers (use_type [1, 2]). */
async function seedRobot(request: APIRequestContext, name = `加入测试${freshMobile().slice(-5)}`) {
  const token = await adminToken(request);
  const scenes = await apiGet<{ id: number }[]>(request, '/api/ai/Robot/getRobotScenes', {}, token);
  const robot = await apiPost<{ id: number }>(request, '/api/ai/Robot/saveRobot', {
    name,
    scene_id: scenes[0]!.id,
    msg: '你好，我是学习助手。',
    extra: { use_type: [1, 2], introduce: '解答课程问题', cover_url: '' },
    config: { onboarding_info: { prologue: '欢迎来提问！', suggested_questions: ['问题一', '问题二', '问题三', '问题四'], suggested_questions_show_mode: 0 } },
  }, token);
  return { id: robot.id, name, token };
}

test('a student opens the about page and joins through 进入操作端', async ({ page, request }) => {
  const robot = await seedRobot(request);
  await signIn(page, await newUser(request));
  await page.goto(`/robot/about/${robot.id}`);
  const panel = page.getByRole('complementary', { name: '机器人信息' });
  await expect(panel.getByRole('heading', { name: robot.name })).toBeVisible();
  await expect(page.getByText('欢迎来提问！')).toBeVisible();
  await expect(page.getByText('问题三')).toBeVisible();
  await expect(page.getByText('问题四')).toHaveCount(0);
  await expect(panel.getByText('机器人能力')).toBeVisible();
  await expect(panel.getByRole('button', { name: '入驻' })).toHaveCount(0);
  await shot(page, 'about-student');

  await panel.getByRole('button', { name: '进入操作端' }).click();
  await expect(toast(page, MSG.joined)).toBeVisible();
  // The operator side: the chat with this robot.
  await expect(page).toHaveURL(new RegExp(`/dialogueIndex\\?dialogueRid=${robot.id}$`));
  await expect(page.getByText('欢迎来提问！')).toBeVisible();
  await page.goto(`/robot/about/${robot.id}`);
  await expect(panel.getByText(MSG.alreadyJoinedRobot)).toBeVisible();
  await expect(panel.getByText('人加入')).toBeVisible();
});

test('an unknown robot says 机器人不存在 and goes back to the list', async ({ page, request }) => {
  await signIn(page, await newUser(request));
  await page.goto('/robot/about/99999999');
  await expect(toast(page, MSG.robotNotFound)).toBeVisible();
  await expect(page).toHaveURL(/\/robotList$/);
});

test('a teacher settles, creates a team, and a student joins it by the invite link', async ({ page, browser, request }) => {
  const robot = await seedRobot(request);
  const teacher = await newUser(request, { roles: [Role.TEACHER] });
  await signIn(page, teacher);
  await page.goto(`/robot/about/${robot.id}`);
  const panel = page.getByRole('complementary', { name: '机器人信息' });
  await panel.getByRole('button', { name: '入驻' }).click();
  await expect(page.locator('[aria-valuenow="100"]')).toBeVisible();

  const dialog = page.getByRole('dialog', { name: '创建团队' });
  await expect(dialog).toBeVisible();
  const name = dialog.getByLabel('团队名称');
  await name.fill('');
  await name.blur();
  await expect(dialog.getByText(MSG.teamNameRequired, { exact: true }).last()).toBeVisible();
  await name.fill('这是一个超过十五个字的很长很长的团队名');
  await name.blur();
  await expect(dialog.getByText(MSG.teamNameTooLong)).toBeVisible();
  // A name already used on this robot (by a team made through the API) is refused on blur.
  const mine = await apiGet<{ data: { id: number }[] }>(request, '/api/ai/Robot/lists', { fetch_type: 'my', role: 'teacher' }, teacher.token);
  await apiPost(request, '/api/ai/RobotTeam/save', { title: '重名班', robot_id: mine.data[0]!.id }, teacher.token);
  await name.fill('重名班');
  await name.blur();
  await expect(dialog.getByText(MSG.teamNameTaken)).toBeVisible();
  await name.fill('一班');
  await name.blur();
  await shot(page, 'team-create');
  await dialog.getByRole('button', { name: '创建' }).click();

  const invite = page.getByRole('dialog', { name: '邀请成员加入团队' });
  await expect(invite.getByTestId('team-invite-code')).not.toBeEmpty();
  const code = (await invite.getByTestId('team-invite-code').textContent())!.trim();
  const link = await invite.getByRole('textbox', { name: '邀请链接' }).inputValue();
  const copyId = Number(/\/robot\/about\/(\d+)/.exec(link)![1]);
  expect(copyId).not.toBe(robot.id);
  await shot(page, 'team-invite');
  await invite.getByRole('button', { name: '完成' }).click();
  await expect(page).toHaveURL(new RegExp(`/robot/about/${copyId}$`));
  await expect(panel.getByRole('button', { name: '进入控制端' })).toBeVisible();

  const ctx = await browser.newContext();
  const student = await ctx.newPage();
  await signIn(student, await newUser(request));
  await student.goto(`/robot/about/${copyId}?invite_code=${encodeURIComponent(code)}`);
  const ask = student.getByRole('dialog', { name: MSG.confirmJoinRobot });
  await expect(ask.getByText('一班')).toBeVisible();
  await shot(student, 'team-invite-ask');
  await ask.getByRole('button', { name: '同意加入' }).click();
  await expect(toast(student, MSG.joined)).toBeVisible();
  await expect(student.getByRole('complementary', { name: '机器人信息' }).getByText(MSG.alreadyJoinedRobot)).toBeVisible();
  await expect(student).not.toHaveURL(/invite_code/);

  const tampered = `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`;
  await student.goto(`/robot/about/${copyId}?invite_code=${encodeURIComponent(tampered)}`);
  await expect(toast(student, MSG.inviteInvalid)).toBeVisible();
  await expect(student.getByRole('dialog', { name: MSG.confirmJoinRobot })).toHaveCount(0);
  await ctx.close();
});

test('the super admin approves a pending release in the audit page', async ({ page, request }) => {
  const robot = await seedRobot(request);
  await apiPost(request, '/api/ai/Robot/release', { id: robot.id, target: 'square' }, robot.token);
  await signIn(page, { token: robot.token });
  await page.goto('/admin/match/auditList/2');
  const row = page.getByRole('row', { name: new RegExp(robot.name) });
  await expect(row).toBeVisible();
  await shot(page, 'audit-list');
  await row.getByRole('button', { name: '通过' }).click();
  await expect(toast(page, MSG.done)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(robot.name) })).toHaveCount(0);
});

test('the super admin rejects a pending release with a reason', async ({ page, request }) => {
  const robot = await seedRobot(request);
  await apiPost(request, '/api/ai/Robot/release', { id: robot.id, target: 'template' }, robot.token);
  await signIn(page, { token: robot.token });
  await page.goto('/admin/match/auditList/2');
  await page.getByRole('row', { name: new RegExp(robot.name) }).getByRole('button', { name: '驳回' }).click();
  const dialog = page.getByRole('dialog', { name: '驳回发布申请' });
  await dialog.getByRole('button', { name: '驳回' }).click();
  await expect(dialog.getByText('请填写驳回原因')).toBeVisible();
  await dialog.getByLabel('驳回原因').fill('介绍不完整');
  await dialog.getByRole('button', { name: '驳回' }).click();
  await expect(toast(page, MSG.done)).toBeVisible();
  await page.getByText('已驳回', { exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(robot.name) }).getByText('介绍不完整')).toBeVisible();
});
