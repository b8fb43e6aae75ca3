import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { adminToken, apiGet, apiPost, freshMobile, newUser, signIn } from '../support/api.ts';
import { failOnPageErrors } from '../support/shell.ts';

/**
 * Rules of the robot about page and the team dialogue that a user notices: 机器人已关闭 (spec §2),
 * the 次复制 counter in template mode, an unknown robot from=recommend (spec §5), and the team
 * name field (虚拟组 for type 1, maxlength 20, rules checked on blur).
 */

failOnPageErrors();

const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: fileURLToPath(new URL(`../.artifacts/screenshots/robots-rules-${name}.png`, import.meta.url)) });
};
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text);
const infoPanel = (page: Page) => page.getByRole('complementary', { name: '机器人信息' });
const counter = (page: Page, suffix: string) => infoPanel(page).locator('.ant-statistic', { hasText: suffix });

/** A creator's robot for students and teachers, usable and public within the organisation. */
async function seedRobot(request: APIRequestContext, setting: Record<string, number> = {}) {
  const creator = await newUser(request, { roles: [Role.CREATOR] });
  const scenes = await apiGet<{ id: number }[]>(request, '/api/ai/Robot/getRobotScenes', {}, creator.token);
  const name = `规则测试${freshMobile().slice(-5)}`;
  const robot = await apiPost<{ id: number }>(request, '/api/ai/Robot/saveRobot', {
    name, scene_id: scenes[0]!.id, info: '规则', extra: { use_type: [1, 2], introduce: '', cover_url: '' },
  }, creator.token);
  await apiPost(request, '/api/ai/Robot/updateRobotSetting', { id: robot.id, is_show: 1, online_status: 1, is_public: 2, ...setting }, creator.token);
  return { id: robot.id, name, creator };
}

test('a closed robot (is_close) says 机器人已关闭 on its about page, and 进入操作端 is off', async ({ page, request }) => {
  const open = await seedRobot(request);
  const closed = await seedRobot(request, { is_close: 1 });
  await signIn(page, await newUser(request));

  await page.goto(`/robot/about/${open.id}`);
  await expect(infoPanel(page).getByRole('heading', { name: open.name })).toBeVisible();
  await expect(infoPanel(page).getByRole('button', { name: '进入操作端' })).toBeEnabled();
  await expect(page.getByText(MSG.robotClosed)).toHaveCount(0);

  await page.goto(`/robot/about/${closed.id}`);
  await expect(infoPanel(page).getByRole('heading', { name: closed.name })).toBeVisible();
  await expect(page.getByText(MSG.robotClosed)).toBeVisible();
  await expect(infoPanel(page).getByRole('button', { name: '进入操作端' })).toBeDisabled();
  await shot(page, 'closed');
});

test('a template robot counts 次复制 on its about page; a robot that is not a template shows no such counter', async ({ page, request }) => {
  const admin = await adminToken(request);
  const scenes = await apiGet<{ id: number }[]>(request, '/api/ai/Robot/getRobotScenes', {}, admin);
  const template = await apiPost<{ id: number }>(request, '/api/ai/Robot/saveRobot', { name: `模板${freshMobile().slice(-5)}`, scene_id: scenes[0]!.id }, admin);
  const review = await apiPost<{ id: number }>(request, '/api/ai/Robot/release', { id: template.id, target: 'template' }, admin);
  await apiPost(request, '/api/ai/admin.robot/audit', { id: review.id, status: 3 }, admin);
  const creator = await newUser(request, { roles: [Role.CREATOR] });
  await signIn(page, creator);

  await page.goto(`/robot/about/${template.id}`);
  await expect(counter(page, '次复制')).toHaveText('0次复制');
  for (const n of [1, 2]) {
    await apiPost(request, '/api/ai/Robot/copyClassRobot', { id: template.id, source: 1, name: `副本${n}`, info: '', industry_ids: [] }, creator.token);
  }
  await page.reload();
  await expect(counter(page, '次复制')).toHaveText('2次复制');
  await expect(counter(page, '次查看')).toBeVisible();
  await shot(page, 'template-copies');

  const plain = await seedRobot(request);
  await page.goto(`/robot/about/${plain.id}`);
  await expect(counter(page, '人加入')).toBeVisible();
  await expect(counter(page, '次复制')).toHaveCount(0);
});

test('an unknown robot opened from a recommendation says 机器人不存在 and goes home', async ({ page, request }) => {
  await signIn(page, await newUser(request));
  await page.goto('/robot/about/99999999?from=recommend');
  await expect(toast(page, MSG.robotNotFound)).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/robot/about/99999999');
  await expect(toast(page, MSG.robotNotFound)).toBeVisible();
  await expect(page).toHaveURL(/\/robotList$/);
});

test('the team dialogue: 虚拟组 (type 1) is selectable and names the field; the name keeps 20 characters and is checked on blur', async ({ page, browser, request }) => {
  const robot = await seedRobot(request);
  const teacher = await newUser(request, { roles: [Role.TEACHER] });
  await signIn(page, teacher);
  await page.goto(`/robot/about/${robot.id}`);
  await infoPanel(page).getByRole('button', { name: '入驻' }).click();

  let dialog = page.getByRole('dialog', { name: '创建团队' });
  await expect(dialog.getByLabel('团队名称')).toBeVisible();
  await dialog.getByRole('radio', { name: '虚拟组' }).check();
  dialog = page.getByRole('dialog', { name: '创建虚拟组' });
  const name = dialog.getByLabel('虚拟组名称');
  await expect(name).toBeVisible();
  const errors = dialog.locator('.ant-form-item-explain-error');

  // maxlength 20: the 25th character never gets in; the 15-character rule speaks only on blur.
  await name.fill('');
  await name.pressSequentially('一二三四五六七八九十一二三四五六七八九十一二三四五');
  await expect(name).toHaveValue('一二三四五六七八九十一二三四五六七八九十');
  await expect(errors).toHaveCount(0);
  await name.blur();
  await expect(errors).toHaveText([MSG.teamNameTooLong]);

  await name.fill('');
  await expect(errors).toHaveText([MSG.teamNameTooLong]);
  await name.blur();
  await expect(errors).toHaveText([MSG.teamNameRequired]);

  const mine = await apiGet<{ data: { id: number }[] }>(request, '/api/ai/Robot/lists', { fetch_type: 'my', role: 'teacher' }, teacher.token);
  const copyId = mine.data[0]!.id;
  await apiPost(request, '/api/ai/RobotTeam/save', { title: '兴趣小组', robot_id: copyId }, teacher.token);
  await name.fill('兴趣小组');
  await name.blur();
  await expect(errors).toHaveText([MSG.teamNameTaken]);
  await name.fill('阅读小组');
  await name.blur();
  await expect(errors).toHaveCount(0);
  await shot(page, 'virtual-group');
  await dialog.getByRole('button', { name: '创建' }).click();

  const invite = page.getByRole('dialog', { name: '邀请成员加入虚拟组' });
  const code = (await invite.getByTestId('team-invite-code').textContent())!.trim();
  expect(code).not.toBe('');
  const teams = await apiGet<{ data: { title: string; team_category_id: number }[] }>(request, '/api/ai/RobotTeam/lists', { robot_id: copyId }, teacher.token);
  expect(teams.data.find((t) => t.title === '阅读小组')?.team_category_id).toBe(1);
  expect(teams.data.find((t) => t.title === '兴趣小组')?.team_category_id).toBe(0);
  await invite.getByRole('button', { name: '完成' }).click();

  // The student invited sees the group called 虚拟组 too.
  const ctx = await browser.newContext();
  const student = await ctx.newPage();
  await signIn(student, await newUser(request));
  await student.goto(`/robot/about/${copyId}?invite_code=${encodeURIComponent(code)}`);
  const ask = student.getByRole('dialog', { name: MSG.confirmJoinRobot });
  await expect(ask.locator('.ant-descriptions-item', { hasText: '虚拟组' })).toContainText('阅读小组');
  await ctx.close();
});
