import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { adminApp, call, login, newMobile, register, type TestApp } from './harness.ts';

let t: TestApp;
let admin = '';
beforeAll(async () => { ({ t, admin } = await adminApp()); });
afterAll(async () => { await t?.close(); });

const get = (token: string, url: string, query: Record<string, string | number> = {}) => call(t.app, 'GET', url, { token, query });
const post = (token: string, url: string, body: unknown = {}) => call(t.app, 'POST', url, { token, body });

/** A school that created its organisation today: a trial, its creator the only admin. */
async function newSchool(name: string) {
  const owner = await register(t.app);
  const created = await post(owner.token, '/api/uc/groups/save', { name });
  expect(created.code).toBe(20000);
  return { ...owner, groupId: created.data.group_id as number };
}

describe('组织管理 for a trial organisation', () => {
  it('invites with an expiry, adds and promotes members, makes a sub-organisation, and records each change', async () => {
    const school = await newSchool('晨光中学');
    const info = await get(school.token, '/api/uc/GroupManage/info');
    expect(info.data).toMatchObject({ name: '晨光中学', vip_level: 1, vip_name: '试用版', is_vip: false, member_count: 1, sso_enabled: false });

    const invite = await post(school.token, '/api/uc/groups/createInvite', { expire_days: 3, role: 'ROLE_TEACHER' });
    expect(invite.code).toBe(20000);
    const invites = await get(school.token, '/api/uc/GroupManage/invites');
    expect(invites.data.data).toHaveLength(1);
    expect(invites.data.data[0]).toMatchObject({ code: invite.data.code, role: 'ROLE_TEACHER', expired: false });
    expect(invites.data.data[0].expire_time - Date.now() / 1000).toBeGreaterThan(3 * 86400 - 60);

    // The invited teacher joins through the link and holds the link's role.
    const teacher = await register(t.app);
    const joined = await post(teacher.token, '/api/uc/groups/join', { invite_code: invite.data.code, expire_time: invite.data.expire_time });
    expect(joined.code).toBe(20000);
    expect((await get(teacher.token, '/api/uc/passport/getUserInfo')).data.roles).toEqual(['ROLE_TEACHER']);

    // Revoked, the link no longer opens.
    const revoked = await post(school.token, '/api/uc/GroupManage/revokeInvite', { id: invites.data.data[0].id });
    expect(revoked.code).toBe(20000);
    const late = await register(t.app);
    const refused = await post(late.token, '/api/uc/groups/join', { invite_code: invite.data.code, expire_time: invite.data.expire_time });
    expect(refused.msg).toBe(MSG.inviteInvalid);

    // A person without an account: the admin gives a name and initial password; they log in with them.
    const mobile = newMobile();
    const missing = await post(school.token, '/api/uc/GroupManage/addMember', { account: mobile });
    expect(missing.status).toBe(400);
    expect(missing.msg).toContain('姓名和初始密码');
    const added = await post(school.token, '/api/uc/GroupManage/addMember', { account: mobile, truename: '李同学', password: 'first-123' });
    expect(added.data).toMatchObject({ created: true });
    const newcomer = await login(t.app, mobile, 'first-123');
    const me = (await get(newcomer, '/api/uc/passport/getUserInfo')).data;
    expect(me.group_info.name).toBe('晨光中学');
    expect(me.groups.map((g: { name: string }) => g.name)).toEqual(['晨光中学']);
    // An existing account joins as it is; adding it twice is refused.
    const existing = await register(t.app);
    const list0 = await get(school.token, '/api/uc/groups/members');
    expect(list0.data.total).toBe(3);
    const existingAccount = (await get(existing.token, '/api/uc/passport/getUserInfo')).data.mobile;
    expect((await post(school.token, '/api/uc/GroupManage/addMember', { account: existingAccount })).data).toMatchObject({ created: false });
    expect((await post(school.token, '/api/uc/GroupManage/addMember', { account: existingAccount })).status).toBe(409);

    // The teacher role, given from the member list.
    const role = await post(school.token, '/api/uc/groups/setMemberRoles', { uid: added.data.uid, roles: ['ROLE_TEACHER', 'ROLE_CREATOR'] });
    expect(role.code).toBe(20000);
    expect((await get(newcomer, '/api/uc/passport/getUserInfo')).data.roles).toEqual(['ROLE_TEACHER', 'ROLE_CREATOR']);

    // A sub-organisation: the admin stays in the parent.
    const sub = await post(school.token, '/api/uc/GroupManage/addSubGroup', { name: '晨光中学初中部' });
    expect(sub.data).toMatchObject({ name: '晨光中学初中部', member_count: 1 });
    expect((await get(school.token, '/api/uc/passport/getUserInfo')).data.group_id).toBe(school.groupId);
    expect((await get(school.token, '/api/uc/GroupManage/subGroups')).data.data.map((g: { name: string }) => g.name)).toEqual(['晨光中学初中部']);

    const renamed = await post(school.token, '/api/uc/groups/update', { name: '晨光实验中学' });
    expect(renamed.code).toBe(20000);

    const audit = await get(school.token, '/api/uc/admin.audit/lists', { scope: 'group', limit: 50 });
    const actions = audit.data.data.map((r: { action: string }) => r.action);
    expect(actions).toEqual(['group.update', 'subgroup.create', 'member.role', 'member.add', 'member.add', 'invite.revoke', 'invite.create']);
    const roleRow = audit.data.data.find((r: { action: string }) => r.action === 'member.role');
    expect(roleRow).toMatchObject({ area: 'group', group_id: school.groupId, target_label: '李同学', before: { roles: ['ROLE_STUDENT'] }, after: { roles: ['ROLE_TEACHER', 'ROLE_CREATOR'] } });
    expect(roleRow.actor_name).not.toBe('');
    expect(audit.data.data[0]).toMatchObject({ before: { name: '晨光中学' }, after: { name: '晨光实验中学' } });
    // Filters: by action prefix.
    expect((await get(school.token, '/api/uc/admin.audit/lists', { scope: 'group', action: 'member' })).data.total).toBe(3);

    // Another school's admin sees none of it; a teacher may not read the trail.
    const other = await newSchool('远山小学');
    expect((await get(other.token, '/api/uc/admin.audit/lists', { scope: 'group' })).data.total).toBe(0);
    expect((await get(teacher.token, '/api/uc/admin.audit/lists', { scope: 'group' })).status).toBe(403);
  });

  it('answers 404 for another organisation\'s invite link', async () => {
    const a = await newSchool('甲组织');
    const b = await newSchool('乙组织');
    await post(a.token, '/api/uc/groups/createInvite', {});
    const id = (await get(a.token, '/api/uc/GroupManage/invites')).data.data[0].id;
    const res = await post(b.token, '/api/uc/GroupManage/revokeInvite', { id });
    expect(res.status).toBe(404);
    expect((await get(a.token, '/api/uc/GroupManage/invites')).data.total).toBe(1);
  });
});

describe('the app centre (/group/workbench/appList)', () => {
  it('is for paid organisations only: a trial admin gets 无访问权限', async () => {
    const school = await newSchool('试用学校');
    const res = await get(school.token, '/api/uc/GroupApp/lists');
    expect(res.status).toBe(403);
    expect(res.msg).toBe(MSG.noAccess);
  });

  it('installs an app with seats, assigns and releases them, and keeps another organisation out', async () => {
    const school = await newSchool('付费学校');
    const paid = await post(admin, '/api/uc/groups/setVip', { group_id: school.groupId, vip_level: 2, vip_end_time: Math.floor(Date.now() / 1000) + 30 * 86400 });
    expect(paid.code).toBe(20000);
    const installed = await post(school.token, '/api/uc/GroupApp/install', { name: '作文批改', seats: 1 });
    expect(installed.data).toMatchObject({ name: '作文批改', seats: 1, seats_used: 0 });
    const id = installed.data.id;
    const member = await post(school.token, '/api/uc/GroupManage/addMember', { account: newMobile(), truename: '王老师', password: 'first-123', role: 'ROLE_TEACHER' });
    expect((await post(school.token, '/api/uc/GroupApp/assignSeat', { id, uid: member.data.uid })).code).toBe(20000);
    const second = await post(school.token, '/api/uc/GroupManage/addMember', { account: newMobile(), truename: '赵老师', password: 'first-123' });
    const full = await post(school.token, '/api/uc/GroupApp/assignSeat', { id, uid: second.data.uid });
    expect(full.status).toBe(409);
    expect((await post(school.token, '/api/uc/GroupApp/setSeats', { id, seats: 0 })).status).toBe(400);
    expect((await post(school.token, '/api/uc/GroupApp/setSeats', { id, seats: 3 })).code).toBe(20000);
    expect((await post(school.token, '/api/uc/GroupApp/assignSeat', { id, uid: second.data.uid })).code).toBe(20000);
    const detail = await get(school.token, '/api/uc/GroupApp/detail', { id });
    expect(detail.data).toMatchObject({ seats: 3, seats_used: 2 });
    expect(detail.data.seat_holders.map((h: { truename: string }) => h.truename)).toEqual(['王老师', '赵老师']);
    expect((await post(school.token, '/api/uc/GroupApp/releaseSeat', { id, uid: member.data.uid })).code).toBe(20000);
    expect((await get(school.token, '/api/uc/GroupApp/lists')).data.data[0]).toMatchObject({ name: '作文批改', seats: 3, seats_used: 1 });

    // Another paid school's admin: 404 on every app call naming this app.
    const other = await newSchool('别的学校');
    await post(admin, '/api/uc/groups/setVip', { group_id: other.groupId, vip_level: 2, vip_end_time: Math.floor(Date.now() / 1000) + 30 * 86400 });
    expect((await get(other.token, '/api/uc/GroupApp/detail', { id })).status).toBe(404);
    expect((await post(other.token, '/api/uc/GroupApp/setSeats', { id, seats: 9 })).status).toBe(404);
    expect((await get(other.token, '/api/uc/GroupApp/lists')).data.total).toBe(0);

    const actions = (await get(school.token, '/api/uc/admin.audit/lists', { scope: 'group', action: 'app' })).data.data.map((r: { action: string }) => r.action);
    expect(actions).toEqual(['app.seat.release', 'app.seat.assign', 'app.seats', 'app.seat.assign', 'app.install']);
  });
});

describe('the operator self-check (/test)', () => {
  it('reports each part for the super admin, and is refused to an org admin', async () => {
    const res = await get(admin, '/api/uc/Ops/selfCheck');
    expect(res.code).toBe(20000);
    const byKey = Object.fromEntries(res.data.checks.map((c: { key: string; ok: boolean }) => [c.key, c.ok]));
    expect(byKey).toMatchObject({ database: true, queue: true, storage: true });
    expect(Object.keys(byKey).sort()).toEqual(['database', 'model', 'queue', 'search', 'storage']);
    expect(res.data.version).not.toBe('');
    const school = await newSchool('自检学校');
    expect((await get(school.token, '/api/uc/Ops/selfCheck')).status).toBe(403);
  });
});
