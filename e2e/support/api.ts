import type { APIRequestContext, Page } from '@playwright/test';
import { LANE } from './lane.ts';

/**
 * Arranging a test's world through the real API (the same calls the product makes), so each
 * test starts from the state it needs: users with roles, organisations, tiers.
 */
export const BASE_URL = LANE.baseUrl;
export const ADMIN = { account: process.env.E2E_ADMIN_ACCOUNT ?? 'admin@e2e.local', password: process.env.E2E_ADMIN_PASSWORD ?? '' };

export interface TestUser { account: string; password: string; token: string; uid: number; truename: string }

/**
 * A call as one user, through its X-Token only. The request context keeps the cookies of earlier
 * logins (the admin's, say); the server refuses a cookie and a token of two users, so none is sent.
 */
export const asUser = (token: string) => ({ 'x-token': token, cookie: '' });

async function envelope<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code !== 20000) throw new Error(`${res.url()} answered ${body.code} ${body.msg}`);
  return body.data;
}

export async function apiPost<T = unknown>(request: APIRequestContext, path: string, data: unknown, token?: string): Promise<T> {
  return envelope<T>(await request.post(`${BASE_URL}${path}`, { data, headers: token ? asUser(token) : {} }));
}

export async function apiGet<T = unknown>(request: APIRequestContext, path: string, params: Record<string, string | number> = {}, token?: string): Promise<T> {
  return envelope<T>(await request.get(`${BASE_URL}${path}`, { params, headers: token ? asUser(token) : {} }));
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  return (await apiPost<{ token: string }>(request, '/api/uc/passport/doLogin', ADMIN)).token;
}

/**
 * Where this worker process counts its numbers from: random, since a worker restarted after a
 * failure starts counting again and must not meet the accounts its previous life registered.
 */
let seq = Math.floor(Math.random() * 1e8);
/** A unique mainland mobile number for this run. */
export const freshMobile = () => `138${String(++seq % 1e8).padStart(8, '0')}`;

/**
 * Registers a new account (it joins the demo organisation as a student); with `roles`, the
 * super admin then gives it those roles there.
 */
export async function newUser(request: APIRequestContext, opts: { roles?: string[]; truename?: string } = {}): Promise<TestUser> {
  const account = freshMobile();
  const password = 'e2e-secret-1';
  const truename = opts.truename ?? `测试用户${account.slice(-4)}`;
  const reg = await apiPost<{ token: string; user: { uid: number } }>(request, '/api/uc/passport/doReg', { account, password, truename });
  if (opts.roles) {
    await apiPost(request, '/api/uc/groups/setMemberRoles', { uid: reg.user.uid, roles: opts.roles }, await adminToken(request));
  }
  return { account, password, token: reg.token, uid: reg.user.uid, truename };
}

/** Signs the browser in as `user` by its session cookie (the login form has its own test). */
export async function signIn(page: Page, user: Pick<TestUser, 'token'>) {
  await page.context().addCookies([{ name: 'token', value: user.token, url: BASE_URL, httpOnly: true, sameSite: 'Lax' }]);
}
