/**
 * The super admin's back office (issue 18): organisations with their tier, members and roles,
 * users across organisations, robots of the platform or of one organisation, basic settings, the
 * overview, and the audit trail each change leaves behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@xueban/contract/roles';
import { adminApp, call, login, register, type TestApp } from './harness.ts';

let t: TestApp;
let admin = '';
beforeAll(async () => { ({ t, admin } = await adminApp()); });
afterAll(async () => { await t?.close(); });

const post = (url: string, body: unknown, token = admin) => call(t.app, 'POST', url, { token, body });
const get = (url: string, query: Record<string, string | number> = {}, token = admin) => call(t.app, 'GET', url, { token, query });
const trail = async (query: Record<string, string | number> = {}, token = admin) => (await get('/api/uc/admin.audit/lists', { limit: 50, ...query }, token)).data.data as Array<Record<string, any>>;

describe('organisations', () => {
  it('creates an organisation, sets it paid for 30 days, makes a user its admin, and disables it: the user is logged out at the next status check', async () => {
    const created = await post('/api/uc/admin.group/save', { name: '实验中学' });
    expect(created.code).toBe(20000);
    expect(created.data).toMatchObject({ name: '实验中学', vip_level: 1, tier: 'trial', status: 1, member_count: 0, robot_count: 0 });
    const gid = created.data.id as number;

    const end = Math.floor(Date.now() / 1000) + 30 * 86_400;
    const paid = await post('/api/uc/admin.group/setTier', { group_id: gid, vip_level: 2, vip_end_time: end });
    expect(paid.data).toMatchObject({ tier: 'paid', vip_level: 2, vip_end_time: end });

    const teacher = await register(t.app);
    expect((await post('/api/uc/admin.group/addMember', { group_id: gid, account: teacher.account })).code).toBe(20000);
    expect((await post('/api/uc/admin.group/setMemberRoles', { group_id: gid, uid: teacher.uid, roles: [Role.ORG_ADMIN] })).code).toBe(20000);
    const members = await get('/api/uc/admin.group/members', { group_id: gid });
    expect(members.data.data).toEqual([expect.objectContaining({ uid: teacher.uid, roles: [Role.ORG_ADMIN], status: 1 })]);

    // The new admin works in the organisation: its status check is fine.
    expect((await post('/api/uc/User/setCurrentGroup', { group_id: gid }, teacher.token)).code).toBe(20000);
    expect((await get('/api/uc/User/checkUserStatus', {}, teacher.token)).data).toEqual({ user_status: true, group_status: true });

    const disabled = await post('/api/uc/admin.group/setStatus', { group_id: gid, status: 0 });
    expect(disabled.data).toMatchObject({ status: 0, member_count: 1 });
    expect((await get('/api/uc/User/checkUserStatus', {}, teacher.token)).data).toEqual({ user_status: true, group_status: false });

    const rows = await trail({ group_id: gid });
    expect(rows.map((r) => r.action)).toEqual(['group.status', 'member.role', 'member.add', 'group.tier', 'group.create']);
    expect(rows[0]).toMatchObject({ area: 'admin', actor_name: expect.any(String), target_label: '实验中学', before: { status: 1 }, after: { status: 0 } });
    expect(rows[1]).toMatchObject({ before: { roles: [Role.STUDENT] }, after: { roles: [Role.ORG_ADMIN] } });
    expect(rows[3]).toMatchObject({ before: { vip_level: 1, tier: 'trial' }, after: { vip_level: 2, tier: 'paid' } });
  });

  it('lists every organisation with its tier, counts and sub-organisations, and finds them by name', async () => {
    const parent = (await post('/api/uc/admin.group/save', { name: '教育集团' })).data;
    await post('/api/uc/admin.group/save', { name: '集团一校', pid: parent.id });
    const past = Math.floor(Date.now() / 1000) - 86_400;
    await post('/api/uc/admin.group/setTier', { group_id: parent.id, vip_level: 3, vip_end_time: past });
    const found = await get('/api/uc/admin.group/lists', { keyword: '集团' });
    const byName = Object.fromEntries((found.data.data as Array<Record<string, any>>).map((g) => [g.name, g]));
    expect(byName['教育集团']).toMatchObject({ tier: 'expired', sub_count: 1 });
    expect(byName['集团一校']).toMatchObject({ tier: 'trial', pid: parent.id, parent_name: '教育集团' });
    const subs = await get('/api/uc/admin.group/lists', { pid: parent.id });
    expect(subs.data.data.map((g: { name: string }) => g.name)).toEqual(['集团一校']);
  });

  it('renames with the spec name rules, and moves a user to another organisation keeping their roles', async () => {
    const a = (await post('/api/uc/admin.group/save', { name: '东校' })).data;
    const b = (await post('/api/uc/admin.group/save', { name: '西校' })).data;
    expect((await post('/api/uc/admin.group/rename', { group_id: a.id, name: '   ' })).msg).toBe('请输入正确的组织名称,不能全是空格');
    expect((await post('/api/uc/admin.group/rename', { group_id: a.id, name: '东校区' })).data.name).toBe('东校区');
    const u = await register(t.app);
    await post('/api/uc/admin.group/addMember', { group_id: a.id, account: u.account, roles: [Role.TEACHER] });
    await post('/api/uc/User/setCurrentGroup', { group_id: a.id }, u.token);
    expect((await post('/api/uc/admin.group/moveUser', { uid: u.uid, from_group_id: a.id, to_group_id: b.id })).code).toBe(20000);
    expect((await get('/api/uc/admin.group/members', { group_id: b.id })).data.data).toEqual([expect.objectContaining({ uid: u.uid, roles: [Role.TEACHER] })]);
    expect((await get('/api/uc/admin.group/members', { group_id: a.id })).data.total).toBe(0);
    // Their current organisation followed them, so the status check keeps them in.
    expect((await get('/api/uc/User/checkUserStatus', {}, u.token)).data).toEqual({ user_status: true, group_status: true });
    const [move] = await trail({ action: 'member.move' });
    expect(move).toMatchObject({ before: { group: '东校区' }, after: { group: '西校', roles: [Role.TEACHER] } });
  });
});

describe('users', () => {
  it('finds users by name, mobile or email across organisations, disables and enables them', async () => {
    const u = await register(t.app, undefined, 'secret-123', '搜索测试生');
    const byName = await get('/api/uc/admin.user/lists', { keyword: '搜索测试' });
    expect(byName.data.data).toEqual([expect.objectContaining({ uid: u.uid, status: 1, groups: [expect.objectContaining({ roles: [Role.STUDENT] })] })]);
    expect((await get('/api/uc/admin.user/lists', { keyword: u.account.slice(-6) })).data.data[0].uid).toBe(u.uid);

    expect((await post('/api/uc/admin.user/setStatus', { uid: u.uid, status: 0 })).code).toBe(20000);
    expect((await call(t.app, 'POST', '/api/uc/passport/doLogin', { body: { account: u.account, password: u.password } })).code).not.toBe(20000);
    await post('/api/uc/admin.user/setStatus', { uid: u.uid, status: 1 });
    expect(await login(t.app, u.account, u.password)).toBeTruthy();
    expect((await trail({ target: '搜索测试生' })).map((r) => r.action)).toEqual(['user.enable', 'user.disable']);
  });

  it('resets a password: the old one stops working, the user must change it at next login, and the trail keeps no password', async () => {
    const u = await register(t.app);
    expect((await post('/api/uc/admin.user/resetPassword', { uid: u.uid, password: 'temp-pass-9' })).code).toBe(20000);
    expect((await get('/api/uc/User/checkUserStatus', {}, u.token)).data.user_status).toBe(false);
    const token = await login(t.app, u.account, 'temp-pass-9');
    expect((await get('/api/uc/passport/getUserInfo', {}, token)).data.pass_reset_required).toBe(true);
    expect((await post('/api/uc/User/modifyPass', { old_password: 'temp-pass-9', password: 'my-own-pass-1' }, token)).code).toBe(20000);
    expect((await get('/api/uc/passport/getUserInfo', {}, token)).data.pass_reset_required).toBe(false);
    const [row] = await trail({ action: 'user.reset_password' });
    expect(JSON.stringify(row)).not.toContain('temp-pass-9');
  });
});

describe('robots in the back offices', () => {
  it('lists every robot for the super admin and only its own organisation\'s for an org admin, and handles them with a record', async () => {
    const scene = (await get('/api/ai/Robot/getRobotScenes')).data[0].id;
    const mine = (await post('/api/ai/Robot/saveRobot', { name: '平台机器人', scene_id: scene })).data;
    const other = await register(t.app);
    const org = (await post('/api/uc/groups/save', { name: '乙校' }, other.token)).data;
    const theirs = (await post('/api/ai/Robot/saveRobot', { name: '乙校机器人', scene_id: scene }, other.token)).data;

    const all = await get('/api/ai/admin.robot/lists', { limit: 100 });
    expect(all.data.data.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['平台机器人', '乙校机器人']));
    const own = await get('/api/ai/admin.robot/lists', { scope: 'admin', limit: 100 }, other.token);
    expect(own.data.data.map((r: { id: number }) => r.id)).toEqual([theirs.id]);
    expect(own.data.data[0]).toMatchObject({ group_name: '乙校', owner_name: expect.any(String), question_count: 0, is_show: 1 });

    // Another organisation's robot is not found for an org admin.
    expect((await post('/api/ai/admin.robot/handles', { id: mine.id, action: 'hide', scope: 'group' }, other.token)).status).toBe(404);
    const closed = await post('/api/ai/admin.robot/handles', { id: theirs.id, action: 'close', scope: 'group' }, other.token);
    expect(closed.data).toMatchObject({ is_close: 1 });
    const [row] = await trail({ scope: 'group' }, other.token);
    expect(row).toMatchObject({ area: 'group', group_id: org.group_id, action: 'robot.close', before: { is_close: 0 }, after: { is_close: 1 } });
    // The org admin's trail holds only their organisation's rows.
    expect((await trail({ scope: 'admin' }, other.token)).every((r) => r.group_id === org.group_id)).toBe(true);
    expect((await get('/api/uc/admin.audit/lists', { group_id: 1 }, other.token)).status).toBe(404);

    // Official robots: only the platform makes one; it is then in every organisation's robot square.
    expect((await post('/api/ai/admin.robot/handles', { id: theirs.id, action: 'official', scope: 'admin' }, other.token)).status).toBe(403);
    const official = await post('/api/ai/admin.robot/handles', { id: mine.id, action: 'official', scope: 'admin' });
    expect(official.data).toMatchObject({ is_official: 1, is_public: 1 });
    const square = await get('/api/ai/Robot/lists', { fetch_type: 'square', limit: 100 }, other.token);
    expect(square.data.data.map((r: { id: number }) => r.id)).toContain(mine.id);
    expect((await get('/api/ai/admin.robot/lists', { official: 1, limit: 100 })).data.data.map((r: { id: number }) => r.id)).toEqual([mine.id]);

    expect((await post('/api/ai/admin.robot/delete', { id: mine.id, scope: 'admin' })).code).toBe(20000);
    expect((await get('/api/ai/Robot/detail', { id: mine.id })).status).toBe(404);
    const [deleted] = await trail({ action: 'robot.delete' });
    expect(deleted).toMatchObject({ target_label: '平台机器人', after: null });
  });
});

describe('settings and overview', () => {
  it('saves the site name, registration switch and trial length, recorded with before and after; closed registration refuses', async () => {
    const saved = await post('/api/uc/Setting/save', { value: 'website', data: { web_title: { value: '新站名' }, register_open: { value: '0' }, trial_days: { value: '14' } } });
    expect(saved.data).toMatchObject({ web_title: { value: '新站名' }, register_open: { value: '0' }, trial_days: { value: '14' } });
    const refused = await call(t.app, 'POST', '/api/uc/passport/doReg', { body: { account: '13912340000', password: 'secret-123' } });
    expect(refused.status).toBe(403);
    expect(refused.msg).toBe('注册已关闭，请联系管理员开通账号');
    const org = (await post('/api/uc/admin.group/save', { name: '短试用学校' })).data;
    expect(Math.round((org.vip_end_time - Date.now() / 1000) / 86_400)).toBe(14);
    const [row] = await trail({ action: 'settings.save' });
    expect(row).toMatchObject({ before: { web_title: { value: expect.any(String) }, register_open: { value: '1' } }, after: { register_open: { value: '0' } } });
    expect((await post('/api/uc/Setting/save', { value: 'website', data: { trial_days: { value: '0' } } })).status).toBe(400);
    await post('/api/uc/Setting/save', { value: 'website', data: { register_open: { value: '1' }, trial_days: { value: '30' } } });
  });

  it('gives the overview: totals and one point per day of the period', async () => {
    const res = await get('/api/uc/admin.stats/overview', { days: 7 });
    expect(res.data.new_users).toHaveLength(7);
    expect(res.data.totals.users).toBeGreaterThan(3);
    expect(res.data.new_users.at(-1).value).toBeGreaterThan(3);
    expect(res.data.totals.organisations).toBeGreaterThan(3);
  });

  it('refuses a student every admin call', async () => {
    const s = await register(t.app);
    for (const url of ['/api/uc/admin.group/lists', '/api/uc/admin.user/lists', '/api/uc/admin.stats/overview', '/api/uc/admin.audit/lists', '/api/ai/admin.robot/lists', '/api/ai/admin.marking/robotList']) {
      expect((await get(url, {}, s.token)).status, url).toBe(403);
    }
  });
});

describe('help centre', () => {
  it('the super admin writes release guides and FAQs that every user reads, each change in the trail', async () => {
    const saved = await post('/api/uc/HelpCenter/save', { type: 'faq', title: '如何创建机器人？', content: '点击“创建机器人”。' });
    expect(saved.data).toMatchObject({ type: 'faq', title: '如何创建机器人？' });
    await post('/api/uc/HelpCenter/save', { type: 'release_guide', title: '发布指南', content: '发布前请完善介绍。' });
    const student = await register(t.app);
    expect((await get('/api/uc/HelpCenter/lists', { type: 'faq' }, student.token)).data.map((a: { title: string }) => a.title)).toEqual(['如何创建机器人？']);
    expect((await post('/api/uc/HelpCenter/save', { type: 'faq', title: '越权', content: 'x' }, student.token)).status).toBe(403);
    expect((await post('/api/uc/HelpCenter/save', { id: saved.data.id, type: 'faq', title: '如何创建机器人', content: '点击“创建机器人”。' })).code).toBe(20000);
    expect((await post('/api/uc/HelpCenter/delete', { id: saved.data.id })).code).toBe(20000);
    expect((await get('/api/uc/HelpCenter/lists', {})).data).toHaveLength(1);
    expect((await trail({ target: 'help' })).map((r) => r.action)).toEqual(['help.delete', 'help.update', 'help.create', 'help.create']);
  });
});

describe('AI marking overview', () => {
  it('lists the robots with AI marking in use, each assignment with its class, teacher and progress', async () => {
    const scene = (await get('/api/ai/Robot/getRobotScenes')).data[0].id;
    const robot = (await post('/api/ai/Robot/saveRobot', { name: '批阅机器人', scene_id: scene })).data;
    const team = (await post('/api/ai/RobotTeam/save', { robot_id: robot.id, title: '一班' })).data;
    const saved = await post('/api/ai/Marking/save', { team_id: team.id, title: '作文一', rubric: [{ name: '内容', points: 10 }], due_at: 2_000_000_000 });
    expect(saved.code).toBe(20000);
    const list = await get('/api/ai/admin.marking/robotList');
    expect(list.data).toEqual([expect.objectContaining({
      robot_id: robot.id, robot_name: '批阅机器人',
      assignments: [expect.objectContaining({ title: '作文一', team_title: '一班', submitted: 0, drafted: 0, released: 0 })],
    })]);
  });
});
