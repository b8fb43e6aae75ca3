import { expect, test, type Page } from '@playwright/test';
import { MSG } from '@xueban/contract/messages';
import { BASE_URL, adminToken, apiGet, newUser, signIn } from '../support/api.ts';
import { GIF, auditOnce, failOnPageErrors, png, shot, toast } from '../support/shell.ts';

/**
 * The app shell's global pieces (spec §2, §4, §5, §9): the notification bell and list, the
 * feedback form and its back-office table, the new-version notice. Banners and the creator
 * applications are in shell-banners.spec.ts.
 */

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^消息通知/ });

failOnPageErrors();

test('notifications: the badge counts up to 9+, 全部标记为已读 clears it, the list page opens a notification', async ({ page, request }) => {
  const admin = await adminToken(request);
  const applicant = await newUser(request);
  for (let i = 0; i < 3; i++) await auditOnce(request, applicant, admin, -2);
  // /home stays lean: the dropdown, dialogs and banner strips load only when needed.
  const lazyChunks: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/(NotificationPanel|FeedbackDialog|UpgradeTipDialog|BannerStrips)-/.test(r.url())) lazyChunks.push(r.url());
  });
  await signIn(page, applicant);
  await page.goto('/home');
  await expect(bell(page)).toHaveAccessibleName('消息通知，3 条未读');
  await expect(bell(page)).toHaveText('3');
  expect(lazyChunks).toEqual([]);

  // Spec §9: the badge shows up to 9, more reads 9+.
  for (let i = 0; i < 7; i++) await auditOnce(request, applicant, admin, -2);
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('消息通知，10 条未读');
  await expect(bell(page)).toHaveText('9+');

  await bell(page).click();
  const panel = page.getByRole('region', { name: '消息通知' });
  await expect(panel.getByRole('heading', { name: '消息通知' })).toBeVisible();
  expect(lazyChunks.some((u) => u.includes('/NotificationPanel-'))).toBe(true);
  await expect(panel.getByTestId('notice-item')).toHaveCount(5);
  await expect(panel.getByText('创作者申请未通过').first()).toBeVisible();
  await expect(panel.getByText('资料不全').first()).toBeVisible();
  await shot(page, 'notifications-dropdown');
  await panel.getByRole('button', { name: '全部标记为已读' }).click();
  await expect(bell(page)).toHaveAccessibleName('消息通知');
  await expect(bell(page).locator('.ant-badge-count')).toHaveCount(0);
  await expect(panel.locator('.notice-item.is-unread')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: '全部标记为已读' })).toBeDisabled();

  // An approval arrives unread, with a link into the app.
  await auditOnce(request, applicant, admin, 3);
  await panel.getByRole('button', { name: '查看全部通知' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  const list = page.locator('.notice-page-list');
  await expect(list.getByTestId('notice-item')).toHaveCount(10);
  await expect(page.getByText('共 11 条')).toBeVisible();
  const approved = list.getByTestId('notice-item').first();
  await expect(approved).toHaveClass(/is-unread/);
  await expect(approved).toContainText('创作者申请已通过');
  await expect(bell(page)).toHaveAccessibleName('消息通知，1 条未读');
  await shot(page, 'notifications-page');
  await page.getByRole('listitem').filter({ hasText: '创作者申请已通过' }).getByRole('button').click();
  await expect(page).toHaveURL(/\/creator$/);
  await expect(bell(page)).toHaveAccessibleName('消息通知');
  const unread = await apiGet<{ count: number }>(request, '/api/uc/notice/unreadCount', {}, applicant.token);
  expect(unread.count).toBe(0);
});

test('feedback: validation messages, then a submission the super admin reads in 意见反馈', async ({ page, request }) => {
  const user = await newUser(request);
  await signIn(page, user);
  await page.goto('/home');
  await page.getByRole('button', { name: '意见反馈' }).click();
  const dialog = page.getByRole('dialog', { name: '意见反馈' });
  const content = dialog.getByLabel('问题描述');
  const contact = dialog.getByLabel('联系方式');
  const submit = dialog.getByRole('button', { name: '提交' });

  // Contact is prefilled from the account's mobile (spec §5); submit waits for content (spec §4).
  await expect(contact).toHaveValue(user.account);
  await expect(submit).toBeDisabled();
  await content.fill('点了没反应');
  await expect(submit).toBeEnabled();
  await content.fill('');
  await expect(dialog.getByText(MSG.feedbackContentRequired)).toBeVisible();
  await expect(submit).toBeDisabled();

  const text = `E2E 反馈 ${Date.now()}：保存按钮点了没反应`;
  await content.fill(text);
  await contact.fill('');
  await expect(submit).toBeDisabled();
  await contact.fill('12345');
  await content.click(); // leaves the contact field: it validates on blur
  await expect(dialog.getByText(MSG.contactInvalid)).toBeVisible();

  const files = dialog.locator('input[type=file]');
  await files.setInputFiles([{ name: 'anim.gif', mimeType: 'image/gif', buffer: GIF }]);
  await expect(toast(page, MSG.feedbackImageType)).toBeVisible();
  await files.setInputFiles([1, 2, 3, 4, 5, 6].map(png));
  await expect(toast(page, MSG.feedbackTooManyImages)).toBeVisible();
  const items = dialog.locator('.ant-upload-list-item');
  await expect(items).toHaveCount(5);
  await expect(dialog.locator('.ant-upload-list-item-done')).toHaveCount(5);
  await expect(dialog.getByRole('button', { name: '上传图片' })).toHaveCount(0);
  await shot(page, 'feedback-dialog');

  await submit.click(); // the bad contact still stops it
  await expect(dialog).toBeVisible();
  await contact.fill('feedback@e2e.local');
  await content.click();
  await expect(dialog.getByText(MSG.contactInvalid)).toHaveCount(0);
  await submit.click();
  await expect(toast(page, MSG.done)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.context().clearCookies();
  await signIn(page, { token: await adminToken(request) });
  await page.goto('/admin/settings/feedback');
  const row = page.getByRole('row').filter({ hasText: text });
  await expect(row).toBeVisible();
  await expect(row).toContainText('feedback@e2e.local');
  await expect(row).toContainText(user.truename);
  await expect(row.getByRole('img', { name: '反馈图片' })).toHaveCount(5);
  await expect(page.getByText(/^共 \d+ 条$/)).toBeVisible();
  await shot(page, 'feedback-admin');
});

test('version: a new build on the server shows the reload notice; a missing chunk shows it as the page', async ({ page, request }) => {
  const deployed = await (await request.get(`${BASE_URL}/version.json?t=1`)).json() as { version: string };
  expect(deployed.version).toMatch(/^\d{14}-[a-z0-9]+$/);

  // Any logged-in user will do: the admin spares a registration (doReg is rate-limited).
  await signIn(page, { token: await adminToken(request) });
  let asked = '';
  await page.route(/\/version\.json\?/, (route) => {
    asked = route.request().url();
    return route.fulfill({ json: { version: 'a-newer-build' } });
  });
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: /你好/ })).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  const notice = page.getByRole('alert', { name: '发现新版本' });
  await expect(notice).toBeVisible();
  expect(asked).toMatch(/\/version\.json\?t=[a-z0-9]+$/);
  await shot(page, 'version-notice');
  await notice.getByRole('button', { name: '稍后' }).click();
  await expect(notice).toBeHidden();

  // After a release the old page chunks are gone: the route shows the new-version page.
  await page.route('**/assets/pages-*.js', (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: '发现新版本' })).toBeVisible();
  await expect(page.getByRole('button', { name: '刷新页面' })).toBeVisible();
  await shot(page, 'chunk-error');
});

