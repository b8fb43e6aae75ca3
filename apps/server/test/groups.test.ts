import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import { groupInvites, groups } from '../src/db/schema/groups.ts';
import { adminApp, call, register, type TestApp } from './harness.ts';

let t: TestApp;
let admin = '';
beforeAll(async () => { ({ t, admin } = await adminApp()); });
afterAll(async () => { await t?.close(); });

const createOrg = (token: string, name: unknown) => call(t.app, 'POST', '/api/uc/groups/save', { token, body: { name } });
const info = async (token: string) => (await call(t.app, 'GET', '/api/uc/passport/getUserInfo', { token })).data;

describe('creating an organisation (branch)', () => {
  it('checks the name with the spec messages, in order', async () => {
    const u = await register(t.app);
    expect((await createOrg(u.token, '')).msg).toBe(MSG.orgNameRequired);
    expect((await createOrg(u.token, '    ')).msg).toBe(MSG.orgNameBlank);
    expect((await createOrg(u.token, '一二三四五六七八九十一二三四五六七八九十一')).msg).toBe(MSG.orgNameTooLong);
    expect((await createOrg(u.token, 42)).msg).toBe(MSG.orgNameRequired);
    const ok = await createOrg(u.token, '  一二三四五六七八九十一二三四五六七八九十  ');
    expect(ok.code).toBe(20000);
    expect(ok.data.name).toBe('一二三四五六七八九十一二三四五六七八九十');
  });

  it('starts a trial, makes the creator its admin and switches into it', async () => {
    const u = await register(t.app);
    const res = await createOrg(u.token, '星光小学');
    expect(res.msg).toBe(MSG.created);
    const me = await info(u.token);
    expect(me.group_id).toBe(res.data.group_id);
    expect(me.roles).toEqual(['ROLE_ORG_ADMIN']);
    expect(me.groupInfo).toMatchObject({ name: '星光小学', vip_level: 1, vip_name: '试用版', is_vip: false, vip_expire: false });
    expect(me.groupInfo.vip_end_time).toBeGreaterThan(Date.now() / 1000 + 29 * 86400);
    expect(me.groupInfo.vip_end_time_str).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(me.vip_group).toBe(false);
    expect(me.groups.map((g: { name: string }) => g.name)).toEqual(['示例学校', '星光小学']);
  });

  it('limits how many organisations one account creates', async () => {
    const u = await register(t.app);
    const before = (await info(u.token)).createLimit.group;
    for (let i = 0; i < before; i++) expect((await createOrg(u.token, `组织${i}`)).code).toBe(20000);
    expect((await info(u.token)).createLimit.group).toBe(0);
    expect((await createOrg(u.token, '再来一个')).status).toBe(403);
  });

  it('creates a sub-group under an organisation the caller administers, with the parent logo', async () => {
    const u = await register(t.app);
    const parent = await createOrg(u.token, '总校');
    await call(t.app, 'POST', '/api/uc/groups/update', { token: u.token, body: { logo: '/api/files/image/202611/logo.png' } });
    const sub = await call(t.app, 'POST', '/api/uc/groups/save', { token: u.token, body: { name: '分校', pid: parent.data.group_id } });
    expect(sub.code).toBe(20000);
    const me = await info(u.token);
    expect(me.groupInfo).toMatchObject({ name: '分校', is_sub_group: true, pgroup_logo: '/api/files/image/202611/logo.png' });
    expect(me.rgroup_id).toBe(parent.data.group_id);
    const student = await register(t.app);
    const refused = await call(t.app, 'POST', '/api/uc/groups/save', { token: student.token, body: { name: '冒名分校', pid: 1 } });
    expect(refused.status).toBe(403);
  });
});

describe('organisation invites (spec §4)', () => {
  async function orgWithInvite() {
    const owner = await register(t.app);
    await createOrg(owner.token, '邀请测试学校');
    const inv = await call(t.app, 'POST', '/api/uc/groups/createInvite', { token: owner.token, body: { expire_days: 7, role: 'ROLE_TEACHER' } });
    expect(inv.code).toBe(20000);
    expect(inv.data.invite_url).toContain(`invite_code=${inv.data.code}`);
    return { owner, code: inv.data.code as string, expire_time: inv.data.expire_time as number };
  }

  it('shows the group name, joins with the invite role, then refuses a second join', async () => {
    const { code, expire_time } = await orgWithInvite();
    const u = await register(t.app);
    const look = await call(t.app, 'GET', '/api/uc/User/getUserInviteInfo', { token: u.token, query: { code, expire_time } });
    expect(look.data).toMatchObject({ group_name: '邀请测试学校', has_joined: false });
    const joined = await call(t.app, 'POST', '/api/uc/groups/join', { token: u.token, body: { invite_code: code, expire_time } });
    expect(joined.msg).toBe(MSG.joined);
    const me = await info(u.token);
    expect(me.groupInfo.name).toBe('邀请测试学校');
    expect(me.roles).toEqual(['ROLE_TEACHER']);
    const again = await call(t.app, 'GET', '/api/uc/User/getUserInviteInfo', { token: u.token, query: { code, expire_time } });
    expect(again.data.has_joined).toBe(true);
    const twice = await call(t.app, 'POST', '/api/uc/groups/join', { token: u.token, body: { invite_code: code, expire_time } });
    expect(twice.status).toBe(409);
    expect(twice.msg).toBe(MSG.alreadyInOrg);
  });

  it('refuses a tampered code and a tampered expire_time with 链接不存在或已失效', async () => {
    const { code, expire_time } = await orgWithInvite();
    const u = await register(t.app);
    const tampered = code.slice(0, -1) + (code.endsWith('a') ? 'b' : 'a');
    for (const q of [{ code: tampered, expire_time }, { code, expire_time: expire_time + 86400 }]) {
      const look = await call(t.app, 'GET', '/api/uc/User/getUserInviteInfo', { token: u.token, query: q });
      expect(look.status).toBe(404);
      expect(look.msg).toBe(MSG.inviteInvalid);
      const join = await call(t.app, 'POST', '/api/uc/groups/join', { token: u.token, body: { invite_code: q.code, expire_time: q.expire_time } });
      expect(join.msg).toBe(MSG.inviteInvalid);
    }
  });

  it('refuses an expired invite', async () => {
    const { code } = await orgWithInvite();
    const past = Math.floor(Date.now() / 1000) - 60;
    await t.deps.db.update(groupInvites).set({ expireTime: past }).where(eq(groupInvites.code, code));
    const u = await register(t.app);
    const res = await call(t.app, 'POST', '/api/uc/groups/join', { token: u.token, body: { invite_code: code, expire_time: past } });
    expect(res.msg).toBe(MSG.inviteInvalid);
  });

  it('lets 10 simultaneous joins by one user make one membership', async () => {
    const { code, expire_time } = await orgWithInvite();
    const u = await register(t.app);
    const results = await Promise.all(Array.from({ length: 10 }, () =>
      call(t.app, 'POST', '/api/uc/groups/join', { token: u.token, body: { invite_code: code, expire_time } })));
    expect(results.filter((r) => r.code === 20000)).toHaveLength(1);
    expect(results.filter((r) => r.msg === MSG.alreadyInOrg)).toHaveLength(9);
  });

  it('only lets organisation admins create invites', async () => {
    const u = await register(t.app);
    const res = await call(t.app, 'POST', '/api/uc/groups/createInvite', { token: u.token, body: {} });
    expect(res.status).toBe(403);
  });
});

describe('switching organisations', () => {
  it('switches by setCurrentGroup and by changeOrg, only into own organisations', async () => {
    const u = await register(t.app);
    const org = await createOrg(u.token, '第二组织');
    const first = (await info(u.token)).groups[0].group_id;
    const back = await call(t.app, 'POST', '/api/uc/User/setCurrentGroup', { token: u.token, body: { group_id: first } });
    expect(back.data.group_id).toBe(first);
    const forth = await call(t.app, 'GET', '/api/aigc/changeOrg', { token: u.token, query: { group_id: org.data.group_id } });
    expect(forth.data.group_id).toBe(org.data.group_id);
    const stranger = await register(t.app);
    const denied = await call(t.app, 'GET', '/api/aigc/changeOrg', { token: stranger.token, query: { group_id: org.data.group_id } });
    expect(denied.status).toBe(404);
  });

  it('reports group_status false after the user is removed from the current organisation', async () => {
    const owner = await register(t.app);
    await createOrg(owner.token, '会移除成员的学校');
    const inv = await call(t.app, 'POST', '/api/uc/groups/createInvite', { token: owner.token, body: {} });
    const u = await register(t.app);
    await call(t.app, 'POST', '/api/uc/groups/join', { token: u.token, body: { invite_code: inv.data.code, expire_time: inv.data.expire_time } });
    const removed = await call(t.app, 'POST', '/api/uc/groups/removeMember', { token: owner.token, body: { uid: u.uid } });
    expect(removed.msg).toBe(MSG.deleted);
    const status = await call(t.app, 'GET', '/api/uc/User/checkUserStatus', { token: u.token });
    expect(status.data).toEqual({ user_status: true, group_status: false });
    // Logging in again lands in an organisation the user still belongs to.
    const relogin = await call(t.app, 'POST', '/api/uc/passport/doLogin', { body: { account: u.account, password: u.password } });
    expect(relogin.data.user.groupInfo.name).toBe('示例学校');
  });
});

describe('members and tiers', () => {
  it('lists members for the org admin and changes their roles', async () => {
    const owner = await register(t.app);
    await createOrg(owner.token, '成员学校');
    const inv = await call(t.app, 'POST', '/api/uc/groups/createInvite', { token: owner.token, body: {} });
    const u = await register(t.app, undefined, undefined, '李老师');
    await call(t.app, 'POST', '/api/uc/groups/join', { token: u.token, body: { invite_code: inv.data.code, expire_time: inv.data.expire_time } });
    const list = await call(t.app, 'GET', '/api/uc/groups/members', { token: owner.token, query: { page: 1, limit: 10 } });
    expect(list.data).toMatchObject({ page: 1, limit: 10, offset: 0, total: 2 });
    expect(list.data.data.map((m: { truename: string }) => m.truename)).toContain('李老师');
    await call(t.app, 'POST', '/api/uc/groups/setMemberRoles', { token: owner.token, body: { uid: u.uid, roles: ['ROLE_TEACHER'] } });
    expect((await info(u.token)).roles).toEqual(['ROLE_TEACHER']);
    const self = await call(t.app, 'POST', '/api/uc/groups/setMemberRoles', { token: owner.token, body: { uid: owner.uid, roles: ['ROLE_STUDENT'] } });
    expect(self.status).toBe(400);
  });

  it('lets the super admin set a paid tier; an expired tier is no longer VIP', async () => {
    const owner = await register(t.app);
    const org = await createOrg(owner.token, '付费学校');
    const future = Math.floor(Date.now() / 1000) + 86400 * 365;
    await call(t.app, 'POST', '/api/uc/groups/setVip', { token: admin, body: { group_id: org.data.group_id, vip_level: 3, vip_end_time: future } });
    let me = await info(owner.token);
    expect(me.groupInfo).toMatchObject({ vip_level: 3, vip_name: '专业版', is_vip: true, vip_expire: false });
    expect(me).toMatchObject({ vip_group: true, real_vip_level: 3 });
    await t.deps.db.update(groups).set({ vipEndTime: new Date(Date.now() - 1000) }).where(eq(groups.id, org.data.group_id));
    me = await info(owner.token);
    expect(me.groupInfo).toMatchObject({ is_vip: false, vip_expire: true });
    expect(me).toMatchObject({ vip_group: false, real_vip_level: 0 });
  });
});
