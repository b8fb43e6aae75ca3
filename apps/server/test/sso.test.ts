import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ssoConfigs } from '../src/db/schema/sso.ts';
import { REDIRECT_REFUSED } from '../src/modules/sso/sso.service.ts';
import { adminApp, call, register, type TestApp } from './harness.ts';
import { startFakeIdp, type FakeIdp } from './fakes/oidc-provider.ts';

const SITE = 'http://school-site.test';
let t: TestApp;
let admin = '';
let idp: FakeIdp;
let groupId = 0;
let schoolAdmin = '';

beforeAll(async () => {
  idp = await startFakeIdp([`${SITE}/oauth`]);
  ({ t, admin } = await adminApp({ PUBLIC_URL: SITE, EGRESS_SSO_ORIGINS: idp.issuer }));
  const owner = await register(t.app);
  schoolAdmin = owner.token;
  groupId = (await call(t.app, 'POST', '/api/uc/groups/save', { token: owner.token, body: { name: '统一认证中学' } })).data.group_id;
});
afterAll(async () => { await t?.close(); await idp?.close(); });

/** The browser's part at the provider: follow redirects with its cookies, fill the login form, stop at our /oauth. */
async function loginAtProvider(authUrl: string, account: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) { const [pair] = c.split(';'); const i = pair!.indexOf('='); jar.set(pair!.slice(0, i), pair!.slice(i + 1)); }
  };
  let url = authUrl;
  let method = 'GET';
  let body: string | undefined;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(SITE)) return new URL(url);
    const res = await fetch(url, {
      method, body, redirect: 'manual',
      headers: { cookie: cookie(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
    keep(res);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).toString();
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await res.text();
    expect(html, `provider answered ${res.status}`).toContain('学校统一身份认证');
    method = 'POST';
    body = new URLSearchParams({ login: account }).toString();
  }
  throw new Error('the provider never sent the browser back');
}

const save = (body: Record<string, unknown>) => call(t.app, 'POST', '/api/uc/Sso/save', { token: admin, body: { group_id: groupId, issuer: idp.issuer, client_id: idp.clientId, ...body } });
const loginUrl = (query: Record<string, string | number>) => call(t.app, 'GET', '/api/uc/Sso/loginUrl', { query: { group_id: groupId, ...query } });

describe('single sign-on through the school\'s OpenID Connect provider', () => {
  it('is configured by the super admin only, with the client secret sealed at rest and never answered', async () => {
    expect((await call(t.app, 'POST', '/api/uc/Sso/save', { token: schoolAdmin, body: { group_id: groupId, issuer: idp.issuer, client_id: 'x' } })).status).toBe(403);
    const saved = await save({ client_secret: idp.clientSecret, account_claim: 'email', default_role: 'ROLE_TEACHER', redirect_origins: ['https://portal.school.test/any/path'] });
    expect(saved.code).toBe(20000);
    expect(saved.data).toMatchObject({ enabled: true, has_secret: true, callback_url: `${SITE}/oauth`, redirect_origins: ['https://portal.school.test'] });
    expect(JSON.stringify(saved.data)).not.toContain(idp.clientSecret);
    const [row] = await t.deps.db.select().from(ssoConfigs).where(eq(ssoConfigs.groupId, groupId));
    expect(row!.clientSecretEnc).not.toContain(idp.clientSecret);
    expect(row!.clientSecretEnc.length).toBeGreaterThan(20);
    // Saving again without a secret keeps the stored one.
    expect((await save({ client_secret: '', account_claim: 'email', default_role: 'ROLE_TEACHER', redirect_origins: ['https://portal.school.test'] })).data.has_secret).toBe(true);
    expect((await call(t.app, 'GET', '/api/uc/GroupManage/info', { token: schoolAdmin })).data.sso_enabled).toBe(true);
  });

  it('logs a new person in through the provider into the organisation with its role, and back to where they were going', async () => {
    const start = await loginUrl({ redirect_uri: '/robotList' });
    expect(start.code).toBe(20000);
    const auth = new URL(start.data.url);
    expect(auth.origin).toBe(idp.issuer);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('redirect_uri')).toBe(`${SITE}/oauth`);

    const back = await loginAtProvider(start.data.url, 'teacher.zhang@school.test');
    const params = Object.fromEntries(back.searchParams);
    const done = await call(t.app, 'POST', '/api/uc/Sso/callback', { body: params });
    expect(done.code).toBe(20000);
    expect(done.data.redirect).toBe('/robotList');
    const me = (await call(t.app, 'GET', '/api/uc/passport/getUserInfo', { token: done.data.token })).data;
    expect(me).toMatchObject({ email: 'teacher.zhang@school.test', group_id: groupId, roles: ['ROLE_TEACHER'] });
    expect(me.groups.map((g: { name: string }) => g.name)).toEqual(['统一认证中学']);

    // The state is used once: the same answer replayed is refused.
    const replay = await call(t.app, 'POST', '/api/uc/Sso/callback', { body: params });
    expect(replay.status).toBe(400);
    expect(replay.msg).toBe('登录请求已失效，请重新登录');
  });

  it('signs an existing account in as it is (same organisation, no second account)', async () => {
    const start = await loginUrl({});
    const back = await loginAtProvider(start.data.url, 'teacher.zhang@school.test');
    const done = await call(t.app, 'POST', '/api/uc/Sso/callback', { body: Object.fromEntries(back.searchParams) });
    expect(done.data.redirect).toBe('/home');
    const members = await call(t.app, 'GET', '/api/uc/groups/members', { token: schoolAdmin });
    expect(members.data.data.filter((m: { email: string | null }) => m.email === 'teacher.zhang@school.test')).toHaveLength(1);
  });

  it('refuses a redirect_uri to another origin, and allows this site and the configured origins', async () => {
    for (const bad of ['https://evil.example/steal', '//evil.example/x', 'javascript:alert(1)', `${SITE}.evil.example/`, 'http://portal.school.test/']) {
      const res = await loginUrl({ redirect_uri: bad });
      expect(res.status, bad).toBe(400);
      expect(res.msg).toBe(REDIRECT_REFUSED);
    }
    expect((await loginUrl({ redirect_uri: `${SITE}/dialogueIndex` })).code).toBe(20000);
    expect((await loginUrl({ redirect_uri: 'https://portal.school.test/back' })).code).toBe(20000);
  });

  it('answers 404 for an organisation without single sign-on', async () => {
    const other = await register(t.app);
    const g = (await call(t.app, 'POST', '/api/uc/groups/save', { token: other.token, body: { name: '无认证学校' } })).data.group_id;
    const res = await call(t.app, 'GET', '/api/uc/Sso/loginUrl', { query: { group_id: g } });
    expect(res.status).toBe(404);
  });
});
