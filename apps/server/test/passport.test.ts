import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { userInfoSchema } from '@xueban/contract/uc';
import { ADMIN, call, createTestApp, login, newMobile, register, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

describe('passport', () => {
  it('logs the first-boot admin in, sets an HttpOnly cookie and returns every user-info field', async () => {
    const res = await call(t.app, 'POST', '/api/uc/passport/doLogin', { body: ADMIN });
    expect(res.code).toBe(20000);
    expect(typeof res.data.token).toBe('string');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const user = userInfoSchema.parse(res.data.user);
    expect(user.roles).toContain('ROLE_SUPER_ADMIN');
    expect(user.groupInfo?.name).toBe('示例学校');
    expect(user.group_info).toEqual(user.groupInfo);
    expect(user.vip_group).toBe(true);
    expect(res.headers['x-request-id']).toBeTruthy();
    // The first login's time, in seconds, read back on the next call.
    const again = await call(t.app, 'GET', '/api/uc/passport/getUserInfo', { token: res.data.token });
    expect(Math.abs(again.data.first_login_time - Date.now() / 1000)).toBeLessThan(600);
  });

  it('accepts the session from the cookie as well as from X-Token', async () => {
    const res = await call(t.app, 'POST', '/api/uc/passport/doLogin', { body: ADMIN });
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const viaCookie = await call(t.app, 'GET', '/api/uc/passport/getUserInfo', { headers: { cookie } });
    expect(viaCookie.data.uid).toBe(res.data.user.uid);
    const viaHeader = await call(t.app, 'GET', '/api/uc/passport/getUserInfo', { token: res.data.token });
    expect(viaHeader.data.uid).toBe(res.data.user.uid);
  });

  it('refuses a wrong password and an unknown account with the same message', async () => {
    const wrong = await call(t.app, 'POST', '/api/uc/passport/doLogin', { body: { ...ADMIN, password: 'nope-nope' }, ip: '10.0.0.2' });
    const unknown = await call(t.app, 'POST', '/api/uc/passport/doLogin', { body: { account: 'ghost@test.local', password: 'nope-nope' }, ip: '10.0.0.2' });
    expect(wrong.status).toBe(400);
    expect(wrong.msg).toBe(MSG.wrongCredentials);
    expect(unknown.msg).toBe(MSG.wrongCredentials);
  });

  it('rate-limits login guessing per account and address', async () => {
    const body = { account: 'victim@test.local', password: 'guess-000' };
    const codes: number[] = [];
    for (let i = 0; i < t.config.LOGIN_RATE_LIMIT + 2; i++) {
      codes.push((await call(t.app, 'POST', '/api/uc/passport/doLogin', { body, ip: '10.0.0.3' })).status);
    }
    expect(codes.slice(0, t.config.LOGIN_RATE_LIMIT).every((c) => c === 400)).toBe(true);
    const limited = await call(t.app, 'POST', '/api/uc/passport/doLogin', { body, ip: '10.0.0.3' });
    expect(limited.status).toBe(429);
    expect(limited.msg).toBe(MSG.tooManyAttempts);
    // Another address is not blocked by this one's guessing.
    const other = await call(t.app, 'POST', '/api/uc/passport/doLogin', { body: ADMIN, ip: '10.0.0.4' });
    expect(other.code).toBe(20000);
  });

  it('registers with a mobile or an email, joins the default organisation as a student', async () => {
    const mobile = await register(t.app);
    const info = await call(t.app, 'GET', '/api/uc/passport/getUserInfo', { token: mobile.token });
    expect(info.data.mobile).toBe(mobile.account);
    expect(info.data.roles).toEqual(['ROLE_STUDENT']);
    expect(info.data.groupInfo.name).toBe('示例学校');
    expect(info.data.is_developer).toBe(false);
    const email = await register(t.app, 'Learner@Test.Local');
    const again = await call(t.app, 'GET', '/api/uc/passport/getUserInfo', { token: email.token });
    expect(again.data.email).toBe('learner@test.local');
  });

  it('refuses a taken account, also when only the email case differs', async () => {
    const a = await register(t.app);
    const res = await call(t.app, 'POST', '/api/uc/passport/doReg', { body: { account: a.account, password: 'another-1' } });
    expect(res.status).toBe(409);
    expect(res.msg).toBe(MSG.accountTaken);
    await register(t.app, 'case@test.local');
    const upper = await call(t.app, 'POST', '/api/uc/passport/doReg', { body: { account: 'CASE@test.local', password: 'another-1' } });
    expect(upper.msg).toBe(MSG.accountTaken);
  });

  it('validates the account and password with clear messages', async () => {
    const bad = await call(t.app, 'POST', '/api/uc/passport/doReg', { body: { account: '12345', password: 'secret-1' } });
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe(MSG.accountInvalid);
    expect(bad.data.fields[0].field).toBe('body.account');
    const short = await call(t.app, 'POST', '/api/uc/passport/doReg', { body: { account: newMobile(), password: '123' } });
    expect(short.msg).toBe(MSG.passwordRule);
  });

  it('gives a new token at every login and revokes it at logout', async () => {
    const u = await register(t.app);
    const first = await login(t.app, u.account, u.password);
    const second = await login(t.app, u.account, u.password);
    expect(first).not.toBe(second);
    const out = await call(t.app, 'POST', '/api/uc/passport/doLogout', { token: first });
    expect(out.code).toBe(20000);
    expect(String(out.headers['set-cookie'])).toMatch(/token=;/);
    const after = await call(t.app, 'GET', '/api/uc/passport/getUserInfo', { token: first });
    expect(after.status).toBe(401);
    expect(after.code).toBe(50008);
    const other = await call(t.app, 'GET', '/api/uc/passport/getUserInfo', { token: second });
    expect(other.code).toBe(20000);
  });

  it('answers 50008 with no token and for a made-up token', async () => {
    const none = await call(t.app, 'GET', '/api/uc/passport/getUserInfo');
    expect(none.status).toBe(401);
    expect(none.code).toBe(50008);
    const forged = await call(t.app, 'GET', '/api/uc/passport/getUserInfo', { token: 'forged-token' });
    expect(forged.code).toBe(50008);
  });

  it('answers 50014 for an expired session', async () => {
    const u = await register(t.app);
    const { authSessions } = await import('../src/db/schema/users.ts');
    const { eq } = await import('drizzle-orm');
    await t.deps.db.update(authSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authSessions.userId, u.uid));
    const res = await call(t.app, 'GET', '/api/uc/passport/getUserInfo', { token: u.token });
    expect(res.code).toBe(50014);
  });

  it('remembers ignoreVipUpgrade for the current organisation', async () => {
    const u = await register(t.app);
    expect((await call(t.app, 'GET', '/api/uc/passport/getUserInfo', { token: u.token })).data.groupInfo.ignoreVipUpgrade).toBe(false);
    await call(t.app, 'GET', '/api/uc/passport/ignoreVipUpgrade', { token: u.token });
    expect((await call(t.app, 'GET', '/api/uc/passport/getUserInfo', { token: u.token })).data.groupInfo.ignoreVipUpgrade).toBe(true);
  });

  it('refuses cookie-authenticated mutations from a foreign origin', async () => {
    const res = await call(t.app, 'POST', '/api/uc/passport/doLogin', { body: ADMIN });
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const foreign = await call(t.app, 'POST', '/api/uc/User/update', {
      headers: { cookie, origin: 'https://evil.example' }, body: { truename: '改名' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.msg).toBe(MSG.originRejected);
    const same = await call(t.app, 'POST', '/api/uc/User/update', {
      headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80' }, body: { truename: '超级管理员' },
    });
    expect(same.code).toBe(20000);
  });
});
