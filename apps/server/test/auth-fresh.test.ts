/**
 * Who the caller is must never be served stale (issue 23, point 2): a logged-out token, a revoked
 * session, a disabled account and a changed role take effect on the very next request — on the
 * server that made the change and on another node sharing its PostgreSQL. Each check first uses the
 * token on the node that reads it, so a cache of callers, if one is ever added, is warm when the
 * change lands.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@xueban/contract/codes';
import { Role } from '@xueban/contract/roles';
import { ADMIN, call, createPeerApp, createTestApp, login, register, type TestApp } from './harness.ts';

const whoAmI = (app: TestApp, token: string) => call(app.app, 'GET', '/api/uc/passport/getUserInfo', { token });
const members = (app: TestApp, token: string) => call(app.app, 'GET', '/api/uc/groups/members', { token });
const post = (app: TestApp, token: string, url: string, body: unknown = {}) => call(app.app, 'POST', url, { token, body });

/** `writer` makes each change; `reader` answers the next request. */
function changesTakeEffectAtOnce(nodes: () => { writer: TestApp; reader: TestApp }) {
  it('a logged-out token is refused at once', async () => {
    const { writer, reader } = nodes();
    const u = await register(writer.app);
    expect((await whoAmI(reader, u.token)).code).toBe(20000);
    expect((await post(writer, u.token, '/api/uc/passport/doLogout')).code).toBe(20000);
    expect((await whoAmI(reader, u.token)).code).toBe(Code.TOKEN_INVALID);
  });

  it('a revoked session is refused at once, the session that revoked it stays', async () => {
    const { writer, reader } = nodes();
    const u = await register(writer.app);
    const other = await login(writer.app, u.account, u.password);
    expect((await whoAmI(reader, other)).code).toBe(20000);
    const changed = await post(writer, u.token, '/api/uc/User/modifyPass', { old_password: u.password, password: 'new-secret-1' });
    expect(changed.code).toBe(20000);
    expect((await whoAmI(reader, other)).code).toBe(Code.TOKEN_INVALID);
    expect((await whoAmI(reader, u.token)).code).toBe(20000);
  });

  it('a disabled account is refused at once, and enabled again signs in afresh', async () => {
    const { writer, reader } = nodes();
    const admin = await login(writer.app, ADMIN.account, ADMIN.password);
    const u = await register(writer.app);
    expect((await whoAmI(reader, u.token)).code).toBe(20000);
    expect((await post(writer, admin, '/api/uc/admin.user/setStatus', { uid: u.uid, status: 0 })).code).toBe(20000);
    expect((await whoAmI(reader, u.token)).code).toBe(Code.TOKEN_INVALID);
    expect((await post(writer, admin, '/api/uc/admin.user/setStatus', { uid: u.uid, status: 1 })).code).toBe(20000);
    // Disabling ended the session for good; the account signs in again.
    expect((await whoAmI(reader, u.token)).code).toBe(Code.TOKEN_INVALID);
    expect((await whoAmI(reader, await login(reader.app, u.account, u.password))).code).toBe(20000);
  });

  it('a role given or taken is honoured on the next request', async () => {
    const { writer, reader } = nodes();
    const owner = await register(writer.app);
    expect((await post(writer, owner.token, '/api/uc/groups/save', { name: '青松小学' })).code).toBe(20000);
    const invite = await post(writer, owner.token, '/api/uc/groups/createInvite', { expire_days: 3, role: Role.TEACHER });
    const teacher = await register(writer.app);
    const joined = await post(writer, teacher.token, '/api/uc/groups/join', { invite_code: invite.data.code, expire_time: invite.data.expire_time });
    expect(joined.code).toBe(20000);

    expect((await members(reader, teacher.token)).code).toBe(Code.FORBIDDEN);
    const promote = await post(writer, owner.token, '/api/uc/groups/setMemberRoles', { uid: teacher.uid, roles: [Role.ORG_ADMIN] });
    expect(promote.code).toBe(20000);
    expect((await members(reader, teacher.token)).code).toBe(20000);
    const demote = await post(writer, owner.token, '/api/uc/groups/setMemberRoles', { uid: teacher.uid, roles: [Role.TEACHER] });
    expect(demote.code).toBe(20000);
    expect((await members(reader, teacher.token)).code).toBe(Code.FORBIDDEN);
  });
}

describe('on one server', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });
  changesTakeEffectAtOnce(() => ({ writer: t, reader: t }));
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('on two servers sharing one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createPeerApp(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });
  changesTakeEffectAtOnce(() => ({ writer: a, reader: b }));
});
