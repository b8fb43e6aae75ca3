import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { adminApp, call, register, type TestApp } from './harness.ts';

let t: TestApp;
let admin = '';
beforeAll(async () => { ({ t, admin } = await adminApp()); });
afterAll(async () => { await t?.close(); });

const info = async (token: string) => (await call(t.app, 'GET', '/api/uc/passport/getUserInfo', { token })).data;

describe('becoming a creator (applyDeveloper → admin review)', () => {
  it('applies, is pending, gets approved by the org admin, is notified and becomes a developer', async () => {
    const u = await register(t.app);
    const applied = await call(t.app, 'POST', '/api/uc/User/applyDeveloper', { token: u.token, body: { reason: '我想给学生做机器人' } });
    expect(applied.msg).toBe(MSG.applyPending);
    expect(applied.data.status).toBe(2);
    const twice = await call(t.app, 'POST', '/api/uc/User/applyDeveloper', { token: u.token, body: {} });
    expect(twice.status).toBe(409);
    expect(twice.msg).toBe(MSG.applyExists);
    expect((await call(t.app, 'GET', '/api/uc/User/getUserDeveloperApply', { token: u.token })).data.status).toBe(2);

    // The admin is told, sees it in the pending list, and approves.
    expect((await info(admin)).unReadCount).toBeGreaterThan(0);
    const pending = await call(t.app, 'GET', '/api/uc/User/developerApplyLists', { token: admin, query: { status: 2 } });
    const row = pending.data.data.find((a: { uid: number }) => a.uid === u.uid);
    expect(row.reason).toBe('我想给学生做机器人');
    const approved = await call(t.app, 'POST', '/api/uc/User/auditDeveloperApply', { token: admin, body: { id: row.id, status: 3 } });
    expect(approved.code).toBe(20000);
    const again = await call(t.app, 'POST', '/api/uc/User/auditDeveloperApply', { token: admin, body: { id: row.id, status: -2 } });
    expect(again.status).toBe(409);

    const me = await info(u.token);
    expect(me.is_developer).toBe(true);
    expect(me.show_developer_center).toBe(true);
    expect(me.roles).toContain('ROLE_CREATOR');
    expect(me.unReadCount).toBe(1);
    const notices = await call(t.app, 'GET', '/api/uc/notice/lists', { token: u.token });
    expect(notices.data.data[0]).toMatchObject({ title: '创作者申请已通过', read_time: 0 });
    expect((await call(t.app, 'GET', '/api/uc/User/getUserDeveloperApply', { token: u.token })).data.status).toBe(3);
    const already = await call(t.app, 'POST', '/api/uc/User/applyDeveloper', { token: u.token, body: {} });
    expect(already.msg).toBe(MSG.alreadyDeveloper);
  });

  it('records a rejection with its reason and lets the user apply again', async () => {
    const u = await register(t.app);
    const applied = await call(t.app, 'POST', '/api/uc/User/applyDeveloper', { token: u.token, body: { reason: '试试' } });
    await call(t.app, 'POST', '/api/uc/User/auditDeveloperApply', { token: admin, body: { id: applied.data.id, status: -2, reason: '资料不全' } });
    const mine = await call(t.app, 'GET', '/api/uc/User/getUserDeveloperApply', { token: u.token });
    expect(mine.data).toMatchObject({ status: -2, reject_reason: '资料不全' });
    expect((await info(u.token)).is_developer).toBe(false);
    const retry = await call(t.app, 'POST', '/api/uc/User/applyDeveloper', { token: u.token, body: { reason: '补充了资料' } });
    expect(retry.data.status).toBe(2);
  });
});

describe('the super admin reviews every organisation', () => {
  it('lists and approves an application made in another organisation, which its org admin also sees', async () => {
    const owner = await register(t.app);
    await call(t.app, 'POST', '/api/uc/groups/save', { token: owner.token, body: { name: '另一所学校' } });
    const inv = await call(t.app, 'POST', '/api/uc/groups/createInvite', { token: owner.token, body: {} });
    const u = await register(t.app);
    await call(t.app, 'POST', '/api/uc/groups/join', { token: u.token, body: { invite_code: inv.data.code, expire_time: inv.data.expire_time } });
    const applied = await call(t.app, 'POST', '/api/uc/User/applyDeveloper', { token: u.token, body: { reason: '跨组织' } });
    const orgView = await call(t.app, 'GET', '/api/uc/User/developerApplyLists', { token: owner.token });
    expect(orgView.data.data.map((a: { id: number }) => a.id)).toEqual([applied.data.id]);
    const platformView = await call(t.app, 'GET', '/api/uc/User/developerApplyLists', { token: admin, query: { status: 2, limit: 100 } });
    const row = platformView.data.data.find((a: { id: number }) => a.id === applied.data.id);
    expect(row.group_id).toBe(orgView.data.data[0].group_id);
    const approved = await call(t.app, 'POST', '/api/uc/User/auditDeveloperApply', { token: admin, body: { id: applied.data.id, status: 3 } });
    expect(approved.code).toBe(20000);
    expect((await info(u.token)).is_developer).toBe(true);
  });
});

describe('notifications', () => {
  it('marks one read, then all read, and the unread count follows', async () => {
    const u = await register(t.app);
    // One rejection, then an approval: two notifications.
    const first = await call(t.app, 'POST', '/api/uc/User/applyDeveloper', { token: u.token, body: {} });
    await call(t.app, 'POST', '/api/uc/User/auditDeveloperApply', { token: admin, body: { id: first.data.id, status: -2 } });
    const second = await call(t.app, 'POST', '/api/uc/User/applyDeveloper', { token: u.token, body: {} });
    await call(t.app, 'POST', '/api/uc/User/auditDeveloperApply', { token: admin, body: { id: second.data.id, status: 3 } });
    expect((await call(t.app, 'GET', '/api/uc/notice/unreadCount', { token: u.token })).data.count).toBe(2);
    const list = await call(t.app, 'GET', '/api/uc/notice/lists', { token: u.token, query: { page: 1, limit: 10 } });
    expect(list.data.total).toBe(2);
    await call(t.app, 'POST', '/api/uc/notice/read', { token: u.token, body: { id: list.data.data[0].id } });
    expect((await info(u.token)).unReadCount).toBe(1);
    const unread = await call(t.app, 'GET', '/api/uc/notice/lists', { token: u.token, query: { unread: 1 } });
    expect(unread.data.total).toBe(1);
    const all = await call(t.app, 'POST', '/api/uc/notice/readAll', { token: u.token, body: {} });
    expect(all.data.count).toBe(1);
    expect((await call(t.app, 'GET', '/api/uc/notice/unreadCount', { token: u.token })).data.count).toBe(0);
    const missing = await call(t.app, 'POST', '/api/uc/notice/read', { token: u.token, body: { id: 999999 } });
    expect(missing.status).toBe(404);
  });
});
