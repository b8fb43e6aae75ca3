import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BASE_URL, apiGet, asUser, apiPost, newUser, type TestUser } from './api.ts';

/** Shared by the shell specs (shell-features, shell-banners): screenshots, toasts, images, arranged state. */

export const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(400); // let opening animations finish
  await page.screenshot({ path: fileURLToPath(new URL(`../.artifacts/screenshots/shell-${name}.png`, import.meta.url)) });
};
export const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text);

/**
 * The dialogue named `name` once its opening zoom has ended: on a loaded machine a click aimed
 * at one of its buttons mid-animation can land beside it.
 */
export async function openedDialog(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/ant-zoom-(appear|enter)/);
  return dialog;
}

/** A 1×1 PNG and a GIF header: real image bytes, as the server sniffs the content. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export const png = (i: number) => ({ name: `shot-${i}.png`, mimeType: 'image/png', buffer: PNG });

/** The applicant applies, the admin decides: the applicant gets one notification each time. */
export async function auditOnce(request: APIRequestContext, applicant: TestUser, admin: string, status: 3 | -2) {
  const apply = await apiPost<{ id: number }>(request, '/api/uc/User/applyDeveloper', { reason: 'e2e 申请' }, applicant.token);
  await apiPost(request, '/api/uc/User/auditDeveloperApply', { id: apply.id, status, reason: status === -2 ? '资料不全' : undefined }, admin);
}

/** Uploads a picture as `token`'s user; returns its /api/files URL. */
export async function uploadImage(request: APIRequestContext, token: string): Promise<string> {
  const t = await apiGet<{ policy: string; signature: string; host: string }>(request, '/api/uc/upload/getToken', { scene: 'image' }, token);
  const res = await request.post(`${BASE_URL}${t.host}`, {
    headers: asUser(token),
    multipart: { policy: t.policy, signature: t.signature, file: png(0) },
  });
  return ((await res.json()) as { data: { url: string } }).data.url;
}

/** A fresh user who created (and switched into) an organisation: a 30-day trial. */
export async function trialUser(request: APIRequestContext) {
  const user = await newUser(request);
  const group = await apiPost<{ group_id: number }>(request, '/api/uc/groups/save', { name: `试用学校${user.account.slice(-4)}` }, user.token);
  return { user, groupId: group.group_id };
}

/** Fails a test whose page threw an uncaught error or broke the Content-Security-Policy. */
export function failOnPageErrors() {
  let pageErrors: string[] = [];
  test.beforeEach(({ page }) => {
    pageErrors = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    // The server's Content-Security-Policy: anything the app does that it blocks is a defect too.
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) pageErrors.push(m.text());
    });
  });
  test.afterEach(() => expect(pageErrors).toEqual([]));
}
