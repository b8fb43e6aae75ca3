import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '@xueban/contract/messages';
import { adminToken, apiGet, apiPost, freshMobile, newUser, signIn } from '../support/api.ts';

/**
 * Robots (spec §2, §4): the robot square, the create-robot dialog, a copy from the template
 * library with its progress popup, the design page, and a release request to the square.
 */

const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(400); // let animations settle
  await page.screenshot({ path: test.info().outputPath(`robots-${name}.png`)});
};
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text);

/** A template robot: the super admin creates it, asks for the template library and approves it. */
async function seedTemplate(request: APIRequestContext, name: string) {
  const admin = await adminToken(request);
  const scenes = await apiGet<{ id: number }[]>(request, '/api/ai/Robot/getRobotScenes', {}, admin);
  const robot = await apiPost<{ id: number }>(request, '/api/ai/Robot/saveRobot', {
    name, scene_id: scenes[0]!.id, info: '模板简介', extra: { introduce: '模板能力' },
  }, admin);
  const review = await apiPost<{ id: number }>(request, '/api/ai/Robot/release', { id: robot.id, target: 'template' }, admin);
  await apiPost(request, '/api/ai/admin.robot/audit', { id: review.id, status: 3 }, admin);
  return robot.id;
}

test('a creator copies a template, edits its design and asks for the square', async ({ page, request }) => {
  const suffix = freshMobile().slice(-5);
  const templateName = `模板${suffix}`;
  await seedTemplate(request, templateName);
  const creator = await newUser(request, { roles: ['ROLE_CREATOR'] });
  await signIn(page, creator);

  await page.goto('/robotList');
  await expect(page.getByRole('heading', { name: '机器人广场' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '全部' })).toBeVisible();
  await shot(page, 'square');

  await page.getByRole('button', { name: '创建机器人' }).first().click();
  const dialog = page.getByRole('dialog', { name: '创建机器人' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '创建', exact: true }).click();
  const errors = dialog.locator('.ant-form-item-explain-error');
  await expect(errors.getByText(MSG.robotNameRequired)).toBeVisible();
  await expect(errors.getByText(MSG.sceneRequired)).toBeVisible();
  await shot(page, 'create-blank');

  await dialog.getByRole('tab', { name: '从模板创建' }).click();
  await dialog.getByLabel('搜索机器人').fill(templateName);
  await dialog.getByLabel('搜索机器人').press('Enter');
  const card = dialog.locator('.robot-card', { hasText: templateName });
  await expect(card).toHaveCount(1);
  await shot(page, 'template-library');
  await card.getByRole('button', { name: '复制' }).click();

  const copyForm = page.getByRole('dialog', { name: '复制机器人' });
  await expect(copyForm.getByLabel('机器人名称')).toHaveValue(templateName);
  const myName = `我的机器人${suffix}`;
  await copyForm.getByLabel('机器人名称').fill(myName);
  await shot(page, 'copy-form');
  await copyForm.getByRole('button', { name: '确定复制' }).click();

  const progress = page.getByRole('dialog', { name: '正在复制机器人' });
  await expect(progress).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('robots-progress.png') });
  await expect(progress.getByText('100%')).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(/\/robot\/manage\/\d+\/design$/);
  await expect(toast(page, MSG.copied)).toBeVisible();
  const robotId = Number(/manage\/(\d+)/.exec(page.url())![1]);

  const design = page.getByRole('form', { name: '机器人设计' });
  await expect(design.getByLabel('机器人名称')).toHaveValue(myName);
  await design.getByLabel('机器人能力').fill('帮助学生练习口语');
  await design.getByLabel('开场白').fill('你好，我是你的学伴');
  await design.getByRole('button', { name: '添加推荐问题' }).click();
  await design.getByLabel('推荐问题1').fill('今天学什么？');
  await design.getByLabel('教师使用').check();
  await shot(page, 'design');
  await design.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, MSG.updated)).toBeVisible();
  const saved = await apiGet<{ extra: { introduce: string; use_type: number[] }; config: { onboarding_info: { prologue: string; suggested_questions: string[] } } }>(
    request, '/api/ai/Robot/getRobotDesignInfo', { id: robotId }, creator.token);
  expect(saved.extra.introduce).toBe('帮助学生练习口语');
  expect(saved.extra.use_type).toEqual([1, 2]);
  expect(saved.config.onboarding_info).toMatchObject({ prologue: '你好，我是你的学伴', suggested_questions: ['今天学什么？'] });

  await page.getByRole('tab', { name: '发布' }).click();
  await expect(page).toHaveURL(/\/release$/);
  await page.getByRole('button', { name: '申请发布到机器人广场' }).click();
  await expect(toast(page, MSG.applyPending)).toBeVisible();
  await expect(page.getByText('审核中')).toBeVisible();
  await expect(page.getByRole('button', { name: '申请发布到机器人广场' })).toBeDisabled();
  await shot(page, 'release');

  await page.getByRole('tab', { name: '数据' }).click();
  await expect(page.getByText('次查看')).toBeVisible();
  await shot(page, 'stats');
  await page.getByRole('tab', { name: '设置' }).click();
  // The design's 修改成功 may still be showing (toasts stay 3 s): this one must be a new toast.
  await expect(toast(page, MSG.updated)).toHaveCount(0);
  await page.getByRole('radio', { name: '组织内公开' }).click();
  await expect(toast(page, MSG.updated)).toBeVisible();
  await expect(page.getByRole('radio', { name: '组织内公开' })).toBeChecked();
  await expect(page.getByRole('switch', { name: '上架' })).toBeChecked();
  await shot(page, 'setting');
  const setting = await apiGet<{ is_public: number }>(request, '/api/ai/Robot/getRobotDesignInfo', { id: robotId }, creator.token);
  expect(setting.is_public).toBe(2);
  await page.getByRole('radio', { name: '私有' }).click();
  await expect(page.getByRole('radio', { name: '私有' })).toBeChecked();

  await page.goto('/creator/robot');
  await expect(page.locator('.robot-card', { hasText: myName })).toBeVisible();
  await shot(page, 'creator');

  // Once the super admin approves, the robot is in the square; its card opens the about page.
  const reviews = await apiGet<{ public_review: { square: { id: number } } }>(
    request, '/api/ai/Robot/getRobotDesignInfo', { id: robotId, with_public_review: 1 }, creator.token);
  await apiPost(request, '/api/ai/admin.robot/audit', { id: reviews.public_review.square.id, status: 3 }, await adminToken(request));
  await page.getByRole('menuitem', { name: '机器人广场' }).click();
  await page.getByLabel('搜索机器人').fill(myName);
  await page.getByLabel('搜索机器人').press('Enter');
  const squareCard = page.locator('.robot-card', { hasText: myName });
  await expect(squareCard).toContainText('次查看');
  await expect(squareCard).toContainText('人加入');
  await shot(page, 'square-listed');
  await squareCard.click();
  await expect(page).toHaveURL(new RegExp(`/robot/about/${robotId}$`));
});

test('a creator creates a blank robot and lands on its design page', async ({ page, request }) => {
  const creator = await newUser(request, { roles: ['ROLE_CREATOR'] });
  await signIn(page, creator);
  await page.goto('/creator/robot');
  await page.getByRole('main').getByRole('button', { name: '创建机器人' }).click();
  const dialog = page.getByRole('dialog', { name: '创建机器人' });
  const name = `空白机器人${freshMobile().slice(-5)}`;
  await dialog.getByLabel('机器人名称').fill(name);
  await dialog.getByLabel('机器人场景').click();
  await page.locator('.ant-select-item-option').first().click();
  await dialog.getByLabel('机器人简介').fill('一个新的机器人');
  await dialog.getByRole('button', { name: '创建', exact: true }).click();
  await expect(toast(page, MSG.created)).toBeVisible();
  await expect(page).toHaveURL(/\/robot\/manage\/\d+\/design$/);
  const design = page.getByRole('form', { name: '机器人设计' });
  await expect(design.getByLabel('机器人名称')).toHaveValue(name);

  // The avatar (spec §5): jpg/png only, refused before any upload; a png is stored and saved.
  const avatarInput = design.locator('input[type=file]').first();
  await avatarInput.setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(toast(page, MSG.avatarType)).toBeVisible();
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  await avatarInput.setInputFiles({ name: 'bot.png', mimeType: 'image/png', buffer: png });
  await expect(design.locator('img[alt="机器人头像"]')).toHaveAttribute('src', /\/api\/files\//);
  await design.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, MSG.updated)).toBeVisible();
  const id = Number(/manage\/(\d+)/.exec(page.url())![1]);
  const saved = await apiGet<{ avatar: string }>(request, '/api/ai/Robot/getRobotDesignInfo', { id }, creator.token);
  expect(saved.avatar).toMatch(/\/api\/files\//);
  await shot(page, 'design-avatar');
});

test('an unknown robot says 机器人不存在; a robot without a management role goes to /no-permission', async ({ page, request }) => {
  const templateId = await seedTemplate(request, `模板${freshMobile().slice(-5)}`);
  const creator = await newUser(request, { roles: ['ROLE_CREATOR'] });
  await signIn(page, creator);
  await page.goto('/robot/manage/99999999/design');
  await expect(toast(page, MSG.robotNotFound)).toBeVisible();
  // Spec §6: a missing robot goes back to the teaching space's robots.
  await expect(page).toHaveURL(/\/teachingSpace\/robot$/);
  await page.goto(`/robot/manage/${templateId}/design`);
  await expect(page).toHaveURL(/\/no-permission$/);
});
