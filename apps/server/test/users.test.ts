import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import { users } from '../src/db/schema/users.ts';
import { call, createTestApp, login, newMobile, register, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

const sendCode = (account: string, type: string, token?: string) =>
  call(t.app, 'POST', '/api/uc/User/sendcode', { token, body: { account, type } });

describe('User/update', () => {
  it('changes the profile and ignores role and organisation fields in the body', async () => {
    const u = await register(t.app);
    const res = await call(t.app, 'POST', '/api/uc/User/update', {
      token: u.token,
      body: { truename: '张小明', avatar: '/api/files/avatar/202611/abc.png', roles: ['ROLE_SUPER_ADMIN'], group_id: 999, is_super_admin: true },
    });
    expect(res.code).toBe(20000);
    expect(res.msg).toBe(MSG.updated);
    expect(res.data.truename).toBe('张小明');
    expect(res.data.roles).toEqual(['ROLE_STUDENT']);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, u.uid));
    expect(row!.isSuperAdmin).toBe(false);
  });
});

describe('User/modifyPass', () => {
  it('needs the old password, then revokes every other session but keeps the current one', async () => {
    const u = await register(t.app);
    const other = await login(t.app, u.account, u.password);
    const wrong = await call(t.app, 'POST', '/api/uc/User/modifyPass', { token: u.token, body: { old_password: 'bad-old-1', password: 'new-secret-1' } });
    expect(wrong.msg).toBe(MSG.oldPasswordWrong);
    const res = await call(t.app, 'POST', '/api/uc/User/modifyPass', { token: u.token, body: { old_password: u.password, password: 'new-secret-1' } });
    expect(res.code).toBe(20000);
    expect((await call(t.app, 'GET', '/api/uc/passport/getUserInfo', { token: other })).code).toBe(50008);
    expect((await call(t.app, 'GET', '/api/uc/passport/getUserInfo', { token: u.token })).code).toBe(20000);
    await expect(login(t.app, u.account, u.password)).rejects.toThrow();
    expect(await login(t.app, u.account, 'new-secret-1')).toBeTruthy();
  });
});

describe('verification codes and password reset', () => {
  it('resets a password with the emailed code and revokes old sessions', async () => {
    const u = await register(t.app, `reset-${Date.now()}@test.local`);
    const sent = await sendCode(u.account, 'reset');
    expect(sent.code).toBe(20000);
    const code = t.mailbox.last(u.account)!;
    expect(code).toMatch(/^\d{6}$/);
    const res = await call(t.app, 'POST', '/api/uc/User/resetUserPass', { body: { account: u.account, code, password: 'reset-pass-1' } });
    expect(res.code).toBe(20000);
    expect((await call(t.app, 'GET', '/api/uc/passport/getUserInfo', { token: u.token })).code).toBe(50008);
    expect(await login(t.app, u.account, 'reset-pass-1')).toBeTruthy();
    // A code redeems once.
    const again = await call(t.app, 'POST', '/api/uc/User/resetUserPass', { body: { account: u.account, code, password: 'reset-pass-2' } });
    expect(again.msg).toBe(MSG.codeInvalid);
  });

  it('never reveals whether an account exists when a reset code is asked for', async () => {
    const unknown = await sendCode('nobody-here@test.local', 'reset');
    const known = await sendCode((await register(t.app)).account, 'reset');
    expect(unknown.code).toBe(known.code);
    expect(unknown.msg).toBe(known.msg);
    expect(t.mailbox.last('nobody-here@test.local')).toBeUndefined();
  });

  it('refuses a wrong code, and locks the code after repeated wrong guesses', async () => {
    const u = await register(t.app);
    await sendCode(u.account, 'reset');
    const code = t.mailbox.last(u.account)!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await call(t.app, 'POST', '/api/uc/User/resetUserPass', { body: { account: u.account, code: wrongCode, password: 'reset-pass-1' }, ip: `10.2.0.${i}` });
      expect(res.msg).toBe(MSG.codeInvalid);
    }
    const right = await call(t.app, 'POST', '/api/uc/User/resetUserPass', { body: { account: u.account, code, password: 'reset-pass-1' }, ip: '10.2.1.1' });
    expect(right.msg).toBe(MSG.codeInvalid);
  });

  it('sends at most one code a minute to the same account', async () => {
    const account = newMobile();
    expect((await sendCode(account, 'register')).code).toBe(20000);
    const second = await sendCode(account, 'register');
    expect(second.status).toBe(429);
    expect(second.msg).toBe(MSG.codeTooFrequent);
  });

  it('refuses a register code for a taken account', async () => {
    const u = await register(t.app);
    const res = await sendCode(u.account, 'register');
    expect(res.msg).toBe(MSG.accountTaken);
  });

  it('needs a register code when REGISTER_REQUIRE_CODE is on', async () => {
    const strict = await createTestApp({ REGISTER_REQUIRE_CODE: '1' });
    try {
      const account = newMobile();
      const none = await call(strict.app, 'POST', '/api/uc/passport/doReg', { body: { account, password: 'secret-123' } });
      expect(none.msg).toBe(MSG.codeInvalid);
      await call(strict.app, 'POST', '/api/uc/User/sendcode', { body: { account, type: 'register' } });
      const code = strict.mailbox.last(account)!;
      const ok = await call(strict.app, 'POST', '/api/uc/passport/doReg', { body: { account, password: 'secret-123', code } });
      expect(ok.code).toBe(20000);
      expect(ok.data.user.is_certificated).toBe(true);
    } finally {
      await strict.close();
    }
  });
});

describe('User/changeMobileOrEmail and validUserMobile', () => {
  it('moves the account to a new email after the code sent there, and the old email stops working', async () => {
    const u = await register(t.app, `before-${Date.now()}@test.local`);
    const target = `moved-${Date.now()}@test.local`;
    const noLogin = await sendCode(target, 'change');
    expect(noLogin.status).toBe(403);
    expect((await sendCode(target, 'change', u.token)).code).toBe(20000);
    const res = await call(t.app, 'POST', '/api/uc/User/changeMobileOrEmail', { token: u.token, body: { account: target, code: t.mailbox.last(target) } });
    expect(res.code).toBe(20000);
    expect(res.data.email).toBe(target);
    expect(res.data.is_certificated).toBe(true);
    expect(await login(t.app, target, u.password)).toBeTruthy();
    await expect(login(t.app, u.account, u.password)).rejects.toThrow();
  });

  it('refuses to change to an account someone else holds', async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    const res = await sendCode(b.account, 'change', a.token);
    expect(res.msg).toBe(MSG.accountTaken);
  });

  it('verifies the caller\'s own mobile with a code', async () => {
    const u = await register(t.app);
    expect((await sendCode(u.account, 'verify', u.token)).code).toBe(20000);
    const bad = await call(t.app, 'POST', '/api/uc/User/validUserMobile', { token: u.token, body: { account: u.account, code: '999999' === t.mailbox.last(u.account) ? '888888' : '999999' } });
    expect(bad.msg).toBe(MSG.codeInvalid);
    const ok = await call(t.app, 'POST', '/api/uc/User/validUserMobile', { token: u.token, body: { account: u.account, code: t.mailbox.last(u.account) } });
    expect(ok.data.valid).toBe(true);
  });
});

describe('User/checkUserStatus', () => {
  it('reports user_status and group_status, and false for a disabled account', async () => {
    const u = await register(t.app);
    const res = await call(t.app, 'GET', '/api/uc/User/checkUserStatus', { token: u.token });
    expect(res.data).toEqual({ user_status: true, group_status: true });
    await t.deps.db.update(users).set({ status: 0 }).where(eq(users.id, u.uid));
    const disabled = await call(t.app, 'GET', '/api/uc/User/checkUserStatus', { token: u.token });
    expect(disabled.data).toEqual({ user_status: false, group_status: false });
    // A disabled account can neither use its old session nor log in again.
    expect((await call(t.app, 'GET', '/api/uc/passport/getUserInfo', { token: u.token })).status).toBe(401);
    const relogin = await call(t.app, 'POST', '/api/uc/passport/doLogin', { body: { account: u.account, password: u.password } });
    expect(relogin.msg).toBe(MSG.accountDisabled);
  });
});
