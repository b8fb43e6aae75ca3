import { expect, test } from '@playwright/test';
import { MSG } from '@xueban/contract/messages';
import { adminToken, apiGet, apiPost, newUser, signIn, type TestUser } from '../support/api.ts';
import { failOnPageErrors, shot, toast, trialUser, uploadImage } from '../support/shell.ts';

/**
 * The shell's banners (spec §2, §9: trial end time, expired service with 联系销售, upgrade tip once
 * per id, top strips) and the creator-application review pages (spec §4 audit statuses).
 */

failOnPageErrors();

test('banners: a trial organisation shows its end time; an expired one a 联系销售 link', async ({ page, request }) => {
  const { user, groupId } = await trialUser(request);
  const info = await apiGet<{ group_info: { vip_level: number; vip_end_time_str: string } }>(request, '/api/uc/passport/getUserInfo', {}, user.token);
  expect(info.group_info.vip_level).toBe(1);
  await signIn(page, user);
  await page.goto('/home');
  const trial = page.getByRole('alert').filter({ hasText: '当前组织正在试用' });
  await expect(trial).toContainText(`试用期至 ${info.group_info.vip_end_time_str}`);
  // The strip sits above the header.
  const [stripBox, headerBox] = [await trial.boundingBox(), await page.getByRole('banner').boundingBox()];
  expect(stripBox!.y).toBeLessThan(headerBox!.y);
  // The sidebar makes room for the strip: its user panel is still on screen.
  const panelBox = await page.getByRole('complementary', { name: '侧边栏' }).getByRole('button', { name: '用户菜单' }).boundingBox();
  expect(panelBox!.y + panelBox!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  await shot(page, 'banner-trial');
  await page.setViewportSize({ width: 390, height: 780 });
  await expect(trial).toBeVisible();
  await shot(page, 'banner-trial-mobile');
  await page.setViewportSize({ width: 1280, height: 720 });

  const admin = await adminToken(request);
  await apiPost(request, '/api/uc/Setting/save', { value: 'website', data: { sales_contact: { value: 'https://example.com/sales' } } }, admin);
  try {
    await apiPost(request, '/api/uc/groups/setVip', { group_id: groupId, vip_level: 2, vip_end_time: Math.floor(Date.now() / 1000) - 86_400 }, admin);
    await page.reload();
    const expired = page.getByRole('alert').filter({ hasText: '服务已到期' });
    await expect(expired).toBeVisible();
    await expect(expired.getByRole('link', { name: '联系销售' })).toHaveAttribute('href', 'https://example.com/sales');
    await expect(page.getByText('当前组织正在试用')).toHaveCount(0);
    await shot(page, 'banner-expired');
  } finally {
    await apiPost(request, '/api/uc/Setting/save', { value: 'website', data: { sales_contact: { value: '' } } }, admin);
  }
});

test('banners: each upgrade tip shows once per id, 不再提示 stops them; top banners can be dismissed', async ({ page, request }) => {
  const { user, groupId } = await trialUser(request);
  const admin = await adminToken(request);
  const image = await uploadImage(request, admin);
  const banner = (type: 'upgrade_tip' | 'top', title: string) =>
    apiPost<{ id: number }>(request, '/api/uc/Banner/save', { group_id: groupId, type, title, big_img_url: image, link: '/home' }, admin);
  const created: number[] = [];
  try {
    created.push((await banner('upgrade_tip', '升级到专业版')).id, (await banner('top', '系统将于今晚 22:00 维护')).id);
    await signIn(page, user);
    await page.goto('/home');
    const tip = page.getByRole('dialog', { name: '升级到专业版' });
    await expect(tip).toBeVisible();
    await expect(tip.getByRole('img', { name: '升级到专业版' })).toHaveAttribute('src', image);
    await shot(page, 'upgrade-tip');
    await tip.getByRole('button', { name: '我知道了' }).click();
    await expect(tip).toBeHidden();

    // Seen once: a reload does not show it again (the top strip proves the banners arrived).
    await page.reload();
    const top = page.getByRole('alert').filter({ hasText: '系统将于今晚 22:00 维护' });
    await expect(top).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // A top banner closed stays closed.
    await top.getByRole('button', { name: '关闭' }).click();
    await expect(top).toBeHidden();

    // A new tip id shows; 不再提示 tells the server, and no tip shows after that.
    created.push((await banner('upgrade_tip', '新学期升级优惠')).id);
    await page.reload();
    const second = page.getByRole('dialog', { name: '新学期升级优惠' });
    await expect(second).toBeVisible();
    await expect(top).toHaveCount(0);
    await second.getByRole('button', { name: '不再提示' }).click();
    await expect(second).toBeHidden();
    const info = await apiGet<{ group_info: { ignoreVipUpgrade: boolean } }>(request, '/api/uc/passport/getUserInfo', {}, user.token);
    expect(info.group_info.ignoreVipUpgrade).toBe(true);
    created.push((await banner('upgrade_tip', '第三个升级提示')).id);
    await page.reload();
    await expect(page.getByText('当前组织正在试用')).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  } finally {
    for (const id of created) await apiPost(request, '/api/uc/Banner/delete', { id }, admin);
  }
});

test('creator applications: the admin filters by status, approves and rejects with a reason', async ({ page, request }) => {
  const admin = await adminToken(request);
  const alice = await newUser(request, { truename: `申请人甲${Date.now() % 1e4}` });
  const bob = await newUser(request, { truename: `申请人乙${Date.now() % 1e4}` });
  for (const u of [alice, bob]) await apiPost(request, '/api/uc/User/applyDeveloper', { reason: '想做数学机器人' }, u.token);

  await signIn(page, { token: admin });
  await page.goto('/admin/user/developer');
  await expect(page.getByRole('heading', { name: '创作者管理' })).toBeVisible();
  const rowOf = (u: TestUser) => page.getByRole('row').filter({ hasText: u.truename });
  await expect(rowOf(alice)).toContainText('待审核');
  await expect(rowOf(bob)).toContainText('想做数学机器人');
  await shot(page, 'developer-applies');

  await rowOf(alice).getByRole('button', { name: '通过' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '通过' }).click();
  await expect(toast(page, MSG.done)).toBeVisible();
  await expect(rowOf(alice)).toHaveCount(0); // no longer pending

  await rowOf(bob).getByRole('button', { name: '拒绝' }).click();
  const reject = page.getByRole('dialog', { name: /拒绝/ });
  await reject.getByRole('button', { name: '拒绝' }).click();
  await expect(reject.getByText('请填写拒绝理由')).toBeVisible();
  await reject.getByLabel('拒绝理由').fill('请补充教学经历');
  await reject.getByRole('button', { name: '拒绝' }).click();
  await expect(reject).toBeHidden();
  await expect(rowOf(bob)).toHaveCount(0);

  await page.getByText('已通过', { exact: true }).click();
  await expect(page).toHaveURL(/status=3/);
  await expect(rowOf(alice)).toContainText('已通过');
  await page.getByText('已拒绝', { exact: true }).click();
  await expect(rowOf(bob)).toContainText('已拒绝');
  const bobInfo = await apiGet<{ data: { title: string; content: string }[] }>(request, '/api/uc/notice/lists', { page: 1, limit: 5 }, bob.token);
  expect(bobInfo.data[0]).toMatchObject({ title: '创作者申请未通过', content: '请补充教学经历' });

  // The organisation back office lists the same applications.
  await page.goto('/group/workbench/developerList?status=all');
  await expect(page.getByRole('heading', { name: '创作者', exact: true })).toBeVisible();
  await expect(rowOf(alice)).toContainText('已通过');
  await expect(rowOf(bob)).toContainText('已拒绝');
});
