import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { BASE_URL, adminToken, asUser, apiGet, apiPost, freshMobile, newUser, signIn, type TestUser } from '../support/api.ts';
import { failOnPageErrors } from '../support/shell.ts';

/**
 * One robot's life, told in order (issue "Robots", done-when): a creator makes it from a template
 * (the progress popup climbs to 100 % and lands on design), designs it and asks for the robot
 * square; the super admin approves it in the audit list; it is in the square; a student opens
 * its invite link and joins; a teacher settles (入驻) and creates a team; a second student joins
 * the team through its code; a tampered code is refused. Each step starts from where the last
 * one left the world, so the steps run in order and stop at the first failure.
 */

test.describe.configure({ mode: 'serial' });
failOnPageErrors();

const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: fileURLToPath(new URL(`../.artifacts/screenshots/robots-story-${name}.png`, import.meta.url)) });
};
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text);
const infoPanel = (page: Page) => page.getByRole('complementary', { name: '机器人信息' });

/** Every value the progress bar in an open dialogue shows, in order (recorded in the page). */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    new MutationObserver(() => {
      const value = document.querySelector('.ant-modal [role="progressbar"]')?.getAttribute('aria-valuenow');
      if (value != null && seen.at(-1) !== Number(value)) seen.push(Number(value));
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
}

/** Spec §4: from 0, up 21 to 25 every step; 99 is where it waits for the server; it ends at 100. */
function expectClimb(values: number[]) {
  expect(values[0]).toBe(0);
  expect(values.at(-1)).toBe(100);
  for (let i = 1; i < values.length; i++) {
    const step = values[i]! - values[i - 1]!;
    if (values[i]! < 99) expect(step, `step ${values.join(' → ')}`).toBeGreaterThanOrEqual(21);
    expect(step, `step ${values.join(' → ')}`).toBeLessThanOrEqual(25);
    expect(step).toBeGreaterThan(0);
  }
}

const suffix = freshMobile().slice(-5);
const templateName = `故事模板${suffix}`;
const robotName = `口语学伴${suffix}`;
let creator: TestUser;
let robotId = 0;
let teacher: TestUser;
let copyId = 0;
let teamId = 0;
let teamCode = '';
let teamLink = '';
let secondStudent: TestUser;

/** The platform template the creator starts from: made by the super admin, approved for the library. */
async function seedTemplate(request: APIRequestContext) {
  const admin = await adminToken(request);
  const scenes = await apiGet<{ id: number }[]>(request, '/api/ai/Robot/getRobotScenes', {}, admin);
  const robot = await apiPost<{ id: number }>(request, '/api/ai/Robot/saveRobot', {
    name: templateName, scene_id: scenes[0]!.id, info: '英语口语练习模板', extra: { introduce: '陪你练口语' },
  }, admin);
  const review = await apiPost<{ id: number }>(request, '/api/ai/Robot/release', { id: robot.id, target: 'template' }, admin);
  await apiPost(request, '/api/ai/admin.robot/audit', { id: review.id, status: 3 }, admin);
}

test('1. a creator creates a robot from a template: the progress popup climbs to 100 % and lands on design', async ({ page, request }) => {
  await seedTemplate(request);
  creator = await newUser(request, { roles: [Role.CREATOR], truename: `创作者${suffix}` });
  await signIn(page, creator);
  await page.goto('/creator/robot');
  await page.getByRole('main').getByRole('button', { name: '创建机器人' }).click();
  const dialog = page.getByRole('dialog', { name: '创建机器人' });
  await dialog.getByRole('tab', { name: '从模板创建' }).click();
  await dialog.getByLabel('搜索机器人').fill(templateName);
  await dialog.getByLabel('搜索机器人').press('Enter');
  await dialog.locator('.robot-card', { hasText: templateName }).getByRole('button', { name: '复制' }).click();

  const form = page.getByRole('dialog', { name: '复制机器人' });
  await expect(form.getByLabel('机器人名称')).toHaveValue(templateName);
  await form.getByLabel('机器人名称').fill(robotName);
  const progressSeen = await recordProgress(page);
  await form.getByRole('button', { name: '确定复制' }).click();

  const progress = page.getByRole('dialog', { name: '正在复制机器人' });
  await expect(progress.getByText('100%')).toBeVisible({ timeout: 10_000 });
  await shot(page, 'progress-100');
  await expect(page).toHaveURL(/\/robot\/manage\/\d+\/design$/);
  await expect(toast(page, MSG.copied)).toBeVisible();
  expectClimb(await progressSeen());
  robotId = Number(/manage\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByRole('form', { name: '机器人设计' }).getByLabel('机器人名称')).toHaveValue(robotName);
});

test('2. the creator designs it: ability, prologue, a suggested question, for students and teachers', async ({ page, request }) => {
  await signIn(page, creator);
  await page.goto(`/robot/manage/${robotId}/design`);
  const design = page.getByRole('form', { name: '机器人设计' });
  await design.getByLabel('机器人能力').fill('陪学生练习英语口语，纠正发音');
  await design.getByLabel('开场白').fill('Hello! 我们今天练什么？');
  await design.getByRole('button', { name: '添加推荐问题' }).click();
  await design.getByLabel('推荐问题1').fill('怎么介绍自己？');
  await design.getByLabel('学生使用').check();
  await design.getByLabel('教师使用').check();
  await design.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, MSG.updated)).toBeVisible();
  await shot(page, 'design');

  const saved = await apiGet<{ extra: { introduce: string; use_type: number[] }; config: { onboarding_info: { prologue: string; suggested_questions: string[] } } }>(
    request, '/api/ai/Robot/getRobotDesignInfo', { id: robotId }, creator.token);
  expect(saved.extra).toMatchObject({ introduce: '陪学生练习英语口语，纠正发音', use_type: [1, 2] });
  expect(saved.config.onboarding_info).toMatchObject({ prologue: 'Hello! 我们今天练什么？', suggested_questions: ['怎么介绍自己？'] });
});

test('3. the creator asks to publish it to the robot square', async ({ page }) => {
  await signIn(page, creator);
  await page.goto(`/robot/manage/${robotId}/release`);
  await page.getByRole('button', { name: '申请发布到机器人广场' }).click();
  await expect(toast(page, MSG.applyPending)).toBeVisible();
  await expect(page.getByText('审核中')).toBeVisible();
  await expect(page.getByRole('button', { name: '申请发布到机器人广场' })).toBeDisabled();
});

test('4. the super admin approves it in the audit list; the creator is told', async ({ page, request }) => {
  await signIn(page, { token: await adminToken(request) });
  await page.goto('/admin/match/auditList/2');
  const row = page.getByRole('row', { name: new RegExp(robotName) });
  await expect(row).toContainText('机器人广场');
  await shot(page, 'audit');
  await row.getByRole('button', { name: '通过' }).click();
  await expect(toast(page, MSG.done)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(robotName) })).toHaveCount(0);
  await page.getByText('已通过', { exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(robotName) })).toBeVisible();

  await signIn(page, creator);
  await page.goto('/notifications');
  await expect(page.getByText(`「${robotName}」已发布到机器人广场`)).toBeVisible();
  await page.goto(`/robot/manage/${robotId}/release`);
  await expect(page.getByText('已发布').first()).toBeVisible();
});

let firstStudent: TestUser;
test('5. it is in the robot square', async ({ page, request }) => {
  firstStudent = await newUser(request, { truename: `学生甲${suffix}` });
  await signIn(page, firstStudent);
  await page.goto('/robotList');
  await page.getByLabel('搜索机器人').fill(robotName);
  await page.getByLabel('搜索机器人').press('Enter');
  const card = page.locator('.robot-card', { hasText: robotName });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`创作者${suffix}`);
  await shot(page, 'square');
});

test('6. a student opens the invite link and joins', async ({ page, request }) => {
  await signIn(page, firstStudent);
  await page.goto(`/robot/about/${robotId}?from=invite`);
  await expect(infoPanel(page).getByRole('heading', { name: robotName })).toBeVisible();
  await expect(page.getByText('Hello! 我们今天练什么？')).toBeVisible();
  await expect(infoPanel(page).getByText('陪学生练习英语口语，纠正发音')).toBeVisible();
  await expect(infoPanel(page).getByRole('button', { name: '入驻' })).toHaveCount(0);
  await infoPanel(page).getByRole('button', { name: '进入操作端' }).click();
  await expect(toast(page, MSG.joined)).toBeVisible();
  // 进入操作端 opens the operator side: the chat with this robot.
  await expect(page).toHaveURL(new RegExp(`/dialogueIndex\\?dialogueRid=${robotId}$`));
  await expect(page.getByText('Hello! 我们今天练什么？')).toBeVisible();
  await shot(page, 'student-joined');
  const detail = await apiGet<{ role: string }>(request, '/api/ai/Robot/detail', { id: robotId }, firstStudent.token);
  expect(detail.role).toBe('user');
});

test('7. a teacher settles (入驻) and creates a team', async ({ page, request }) => {
  teacher = await newUser(request, { roles: [Role.TEACHER], truename: `王老师${suffix}` });
  await signIn(page, teacher);
  await page.goto(`/robot/about/${robotId}`);
  const progressSeen = await recordProgress(page);
  await infoPanel(page).getByRole('button', { name: '入驻' }).click();
  await expect(page.getByRole('dialog', { name: '正在入驻' }).getByText('100%')).toBeVisible({ timeout: 10_000 });

  const dialog = page.getByRole('dialog', { name: '创建团队' });
  await expect(dialog).toBeVisible();
  expectClimb(await progressSeen());
  await dialog.getByLabel('团队名称').fill('初二（3）班');
  await dialog.getByLabel('团队名称').blur();
  await dialog.getByRole('button', { name: '创建' }).click();
  await expect(toast(page, MSG.created)).toBeVisible();

  const invite = page.getByRole('dialog', { name: '邀请成员加入团队' });
  teamCode = (await invite.getByTestId('team-invite-code').textContent())!.trim();
  const link = await invite.getByRole('textbox', { name: '邀请链接' }).inputValue();
  copyId = Number(/\/robot\/about\/(\d+)/.exec(link)![1]);
  expect(copyId).not.toBe(robotId);
  expect(new URL(link).searchParams.get('invite_code')).toBe(teamCode);
  teamLink = link;
  await shot(page, 'team-invite');
  await invite.getByRole('button', { name: '完成' }).click();
  await expect(page).toHaveURL(new RegExp(`/robot/about/${copyId}$`));
  await expect(infoPanel(page).getByRole('button', { name: '进入控制端' })).toBeVisible();

  const teams = await apiGet<{ data: { id: number; title: string; code: string; member_count: number }[] }>(
    request, '/api/ai/RobotTeam/lists', { robot_id: copyId }, teacher.token);
  const team = teams.data.find((t) => t.title === '初二（3）班')!;
  expect(team).toMatchObject({ code: teamCode, member_count: 0 });
  teamId = team.id;
});

test('8. a second student joins the team through its code (the invite link the teacher shares)', async ({ page, request }) => {
  secondStudent = await newUser(request, { truename: `学生乙${suffix}` });
  await signIn(page, secondStudent);
  await page.goto(teamLink);
  const ask = page.getByRole('dialog', { name: MSG.confirmJoinRobot });
  await expect(ask.locator('.ant-descriptions-item', { hasText: '团队' })).toContainText('初二（3）班');
  await expect(ask.locator('.ant-descriptions-item', { hasText: '邀请人' })).toContainText(`王老师${suffix}`);
  // The team link says from=invite, as an organisation's does: only the team's dialogue answers it.
  await expect(page.getByRole('dialog', { name: '组织邀请' })).toHaveCount(0);
  await shot(page, 'team-ask');
  await ask.getByRole('button', { name: '同意加入' }).click();
  await expect(toast(page, MSG.joined)).toBeVisible();
  await expect(infoPanel(page).getByText(MSG.alreadyJoinedRobot)).toBeVisible();
  await expect(page).not.toHaveURL(/invite_code/);

  const members = await apiGet<{ total: number; data: { uid: number }[] }>(request, '/api/ai/RobotTeam/members', { id: teamId }, teacher.token);
  expect(members.data.map((m) => m.uid)).toEqual([secondStudent.uid]);
  const mine = await apiGet<{ role: string; team: { id: number } | null }>(request, '/api/ai/Robot/detail', { id: copyId, with_user_team: 1 }, secondStudent.token);
  expect(mine).toMatchObject({ role: 'user', team: { id: teamId } });
});

test('9. a tampered code is refused with 链接不存在或已失效', async ({ page, request }) => {
  const third = await newUser(request);
  await signIn(page, third);
  const last = teamCode.at(-1)!;
  const tampered = `${teamCode.slice(0, -1)}${last === 'A' ? 'B' : 'A'}`;
  await page.goto(`/robot/about/${copyId}?invite_code=${encodeURIComponent(tampered)}&from=invite`);
  await expect(toast(page, MSG.inviteInvalid)).toBeVisible();
  await expect(page.getByRole('dialog', { name: MSG.confirmJoinRobot })).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: '组织邀请' })).toHaveCount(0);
  await shot(page, 'tampered');

  const refused = await request.post(`${BASE_URL}/api/ai/RobotTeam/operateInviteAction`, {
    data: { invite_code: tampered, action: 'accept' }, headers: asUser(third.token),
  });
  expect(await refused.json()).toMatchObject({ msg: MSG.inviteInvalid });
  const members = await apiGet<{ data: { uid: number }[] }>(request, '/api/ai/RobotTeam/members', { id: teamId }, teacher.token);
  expect(members.data.map((m) => m.uid)).toEqual([secondStudent.uid]);
});
