/**
 * Holes a security review found (issue 15): spoofed proxy headers, mixed credentials, writes with
 * no origin, ids that are not numbers, and the headers every page carries.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@xueban/contract/roles';
import { MSG } from '@xueban/contract/messages';
import { ADMIN, call, createTestApp, login, register, type TestApp } from './harness.ts';
import { World } from './robot-fixtures.ts';

let t: TestApp;
let w: World;
const webDist = mkdtempSync(path.join(tmpdir(), 'xueban-web-'));
beforeAll(async () => {
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>');
  t = await createTestApp({ LOGIN_RATE_LIMIT: '5', LOGIN_ACCOUNT_LIMIT: '8', WEB_DIST: webDist });
  w = await new World(t).init();
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const cookieOf = async (account: string, password: string) => {
  const res = await call(t.app, 'POST', '/api/uc/passport/doLogin', { body: { account, password } });
  expect(res.code).toBe(20000);
  return String(res.headers['set-cookie']).split(';')[0]!;
};

describe('login limits', () => {
  it('a made-up X-Forwarded-For does not reset the limit: the real address is counted', async () => {
    const u = await register(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await call(t.app, 'POST', '/api/uc/passport/doLogin', {
        ip: '10.9.8.7', headers: { 'x-forwarded-for': `203.0.113.${i + 1}` }, body: { account: u.account, password: 'wrong-pass' },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const right = await call(t.app, 'POST', '/api/uc/passport/doLogin', {
      ip: '10.9.8.7', headers: { 'x-forwarded-for': '198.51.100.77' }, body: { account: u.account, password: 'secret-123' },
    });
    expect(right.status).toBe(429);
  });

  it('wrong passwords from many addresses lock the account (429), even for the right password', async () => {
    const u = await register(t.app);
    for (let i = 0; i < 8; i++) {
      const res = await call(t.app, 'POST', '/api/uc/passport/doLogin', { ip: `10.1.${i}.1`, body: { account: u.account, password: 'nope-nope' } });
      expect(res.status).toBe(400);
    }
    const wrong = await call(t.app, 'POST', '/api/uc/passport/doLogin', { ip: '10.2.0.1', body: { account: u.account, password: 'nope-nope' } });
    expect(wrong.status).toBe(429);
    expect(wrong.msg).toBe(MSG.tooManyAttempts);
    const right = await call(t.app, 'POST', '/api/uc/passport/doLogin', { ip: '10.3.0.1', body: { account: u.account.toUpperCase(), password: 'secret-123' } });
    expect(right.status).toBe(429);
  });

  it('successful logins do not count against the account (one user, many devices)', async () => {
    const u = await register(t.app);
    for (let i = 0; i < 12; i++) {
      const res = await call(t.app, 'POST', '/api/uc/passport/doLogin', { ip: `10.4.${i}.1`, body: { account: u.account, password: 'secret-123' } });
      expect(res.code).toBe(20000);
    }
  });

  it('successful logins from one address never count: more than both limits, never 操作过于频繁', async () => {
    const u = await register(t.app);
    // LOGIN_RATE_LIMIT is 5 and LOGIN_ACCOUNT_LIMIT 8 here: twelve logins in a row from one machine.
    for (let i = 0; i < 12; i++) {
      const res = await call(t.app, 'POST', '/api/uc/passport/doLogin', { ip: '10.5.0.1', body: { account: u.account, password: 'secret-123' } });
      expect([res.status, res.msg]).not.toEqual([429, MSG.tooManyAttempts]);
      expect(res.code).toBe(20000);
    }
  });

  it('a success clears the failures before it: a typo now and then never adds up to a lock', async () => {
    const u = await register(t.app);
    const attempt = (password: string) => call(t.app, 'POST', '/api/uc/passport/doLogin', { ip: '10.6.0.1', body: { account: u.account, password } });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await attempt('typo-typo')).status).toBe(400);
      expect((await attempt('secret-123')).code).toBe(20000);
    }
    // Failures alone still lock the address as before (5 here).
    for (let i = 0; i < 5; i++) expect((await attempt('typo-typo')).status).toBe(400);
    const locked = await attempt('typo-typo');
    expect([locked.status, locked.msg]).toEqual([429, MSG.tooManyAttempts]);
  });

  it('behind a named proxy the forwarded address is the one counted', async () => {
    const proxied = await createTestApp({ LOGIN_RATE_LIMIT: '2', TRUST_PROXY: '10.0.0.1' });
    try {
      const u = await register(proxied.app);
      const attempt = (client: string) => call(proxied.app, 'POST', '/api/uc/passport/doLogin', {
        ip: '10.0.0.1', headers: { 'x-forwarded-for': client }, body: { account: u.account, password: 'wrong-pass' },
      });
      expect((await attempt('198.51.100.1')).status).toBe(400);
      expect((await attempt('198.51.100.1')).status).toBe(400);
      expect((await attempt('198.51.100.1')).status).toBe(429);
      expect((await attempt('198.51.100.2')).status).toBe(400); // another client behind the same proxy
    } finally {
      await proxied.close();
    }
  });

  it('refuses a TRUST_PROXY that is not an address', async () => {
    await expect(createTestApp({ TRUST_PROXY: 'true' })).rejects.toThrow(/TRUST_PROXY/);
  });
});

describe('credentials', () => {
  it('a cookie of one user with an X-Token of another is refused, not served as either', async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    const cookieA = await cookieOf(a.account, 'secret-123');
    const mixed = await call(t.app, 'GET', '/api/uc/passport/getUserInfo', { token: b.token, headers: { cookie: cookieA } });
    expect(mixed.status).toBe(401);
    expect(mixed.data).toBeNull();
    const sameToken = await call(t.app, 'GET', '/api/uc/passport/getUserInfo', { token: cookieA.slice('token='.length), headers: { cookie: cookieA } });
    expect(sameToken.data.uid).toBe(a.uid);
  });

  it('a cookie-authenticated write must show it comes from this site', async () => {
    const cookie = await cookieOf(ADMIN.account, ADMIN.password);
    const write = (headers: Record<string, string>) =>
      call(t.app, 'POST', '/api/uc/User/update', { headers: { cookie, host: 'localhost:80', ...headers }, body: { truename: '超级管理员' } });
    const bare = await write({});
    expect(bare.status).toBe(403);
    expect(bare.msg).toBe(MSG.originRejected);
    expect((await write({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await write({ referer: 'https://evil.example/page' })).status).toBe(403);
    expect((await write({ 'sec-fetch-site': 'same-origin' })).code).toBe(20000);
    expect((await write({ referer: 'http://localhost:80/home' })).code).toBe(20000);
    expect((await write({ origin: 'http://localhost:80' })).code).toBe(20000);
  });
});

describe('ids in JSON bodies', () => {
  it('{"id": true} is a 400, not row 1; the base and the robot are still there', async () => {
    const creator = await w.personA(Role.CREATOR);
    const kb = await w.post(creator.token, '/api/ai/knowledge/save', { name: '安全测试库' });
    const robot = await w.robot(creator.token);
    for (const id of [true, false, [kb.data.id], null, '', {}]) {
      const delKb = await w.post(creator.token, '/api/ai/knowledge/delete', { id });
      expect(delKb.status, JSON.stringify(id)).toBe(400);
      const delRobot = await w.post(creator.token, '/api/ai/Robot/delete', { id });
      expect(delRobot.status, JSON.stringify(id)).toBe(400);
    }
    expect((await w.get(creator.token, '/api/ai/knowledge/detail', { id: kb.data.id })).code).toBe(20000);
    expect((await w.detail(creator.token, robot.id)).code).toBe(20000);
  });

  it('query strings still carry ids as digits', async () => {
    const creator = await w.personA(Role.CREATOR);
    const kb = await w.post(creator.token, '/api/ai/knowledge/save', { name: '查询测试库' });
    const res = await call(t.app, 'GET', `/api/ai/knowledge/detail?id=${kb.data.id}`, { token: creator.token });
    expect(res.code).toBe(20000);
    expect((await call(t.app, 'GET', '/api/ai/knowledge/detail?id=true', { token: creator.token })).status).toBe(400);
  });
});

describe('picture addresses', () => {
  it('javascript:, data:, //host and other sites are refused as avatars, logos and covers; uploads pass', async () => {
    const creator = await w.personA(Role.CREATOR);
    for (const bad of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', '//evil.example/a.png', 'https://cdn.example/a.png']) {
      const user = await w.post(creator.token, '/api/uc/User/update', { avatar: bad });
      expect(user.status, bad).toBe(400);
      expect(user.msg).toBe(MSG.imageUrlInvalid);
      expect((await w.post(creator.token, '/api/ai/Robot/saveRobot', { name: '头像测试', scene_id: w.sceneId, avatar: bad })).msg).toBe(MSG.imageUrlInvalid);
      expect((await w.post(creator.token, '/api/ai/Robot/saveRobot', { name: '封面测试', scene_id: w.sceneId, extra: { cover_url: bad } })).msg).toBe(MSG.imageUrlInvalid);
    }
    expect((await w.post(creator.token, '/api/uc/User/update', { avatar: '/api/files/avatar/202611/abc.png' })).code).toBe(20000);
    const info = await w.get(creator.token, '/api/uc/passport/getUserInfo');
    expect(info.data.avatar).toBe('/api/files/avatar/202611/abc.png');
  });
});

describe('security headers', () => {
  it('the web app gets a CSP without inline script, framed only by this site', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('embed=1 pages may be framed by other sites', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/external-dialogue?embed=1&from=school' });
    expect(String(res.headers['content-security-policy'])).toContain('frame-ancestors *');
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('EMBED_ORIGINS limits who frames embed pages', async () => {
    const limited = await createTestApp({ EMBED_ORIGINS: 'https://www.school.edu.cn', WEB_DIST: webDist });
    try {
      const res = await limited.app.inject({ method: 'GET', url: '/external-dialogue?embed=1' });
      expect(String(res.headers['content-security-policy'])).toContain('frame-ancestors https://www.school.edu.cn');
    } finally {
      await limited.close();
    }
  });

  it('the HTML preview frame runs inline scripts in a sandbox of its own', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/html-preview' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('sandbox allow-scripts');
    expect(csp).toContain("'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'self'");
  });

  it('API answers carry the headers too', async () => {
    const token = await login(t.app, ADMIN.account, ADMIN.password);
    const res = await call(t.app, 'GET', '/api/uc/passport/getUserInfo', { token });
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(res.headers['strict-transport-security']).toBeDefined();
  });
});
