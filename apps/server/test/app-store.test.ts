/**
 * The app store (issue 20): a developer lists a robot as an app, the super admin approves it, an
 * admin of another organisation installs it (a copy of the robot in their organisation, usable by
 * its members at once), and the developer's revenue centre counts installs, seats, questions and
 * the amount under the listing's price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { Role } from '@xueban/contract/roles';
import { createTestApp, listen, register, type TestApp } from './harness.ts';
import { streamChat } from './sse-client.ts';
import { World, type OrgB, type Person } from './robot-fixtures.ts';

let t: TestApp;
let w: World;
let base = '';
let dev: Person;
let otherDev: Person;
let b: OrgB;
let bMember: Person;
let robotId = 0;
const month = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  w = await new World(t).init();
  dev = await w.personA(Role.CREATOR);
  otherDev = await w.personA(Role.CREATOR);
  b = await w.orgB();
  const vip = await w.post(w.admin, '/api/uc/groups/setVip', { group_id: b.groupId, vip_level: 2, vip_end_time: Math.floor(Date.now() / 1000) + 30 * 86400 });
  expect(vip.code, vip.msg).toBe(20000);
  // A student of org B: added by its admin, working in org B.
  const u = await register(t.app);
  const added = await w.post(b.token, '/api/uc/GroupManage/addMember', { account: u.account });
  expect(added.code, added.msg).toBe(20000);
  const switched = await w.post(u.token, '/api/uc/User/setCurrentGroup', { group_id: b.groupId });
  expect(switched.code, switched.msg).toBe(20000);
  bMember = { token: u.token, uid: u.uid, openid: '' };
  robotId = (await w.robot(dev.token, { name: '物理助教' })).id;
});
afterAll(async () => { await t?.close(); });

const D = '/api/ai/DeveloperApp';
const listing = { kind: 'robot', name: '物理助教', intro: '高一物理答疑', description: '讲解力学与电学', price: 12.5 };

async function newApp(token = dev.token, body: Record<string, unknown> = {}) {
  const res = await w.post(token, `${D}/create`, { ...listing, robot_id: robotId, ...body });
  expect(res.code, res.msg).toBe(20000);
  return res.data as { id: number; status: number; price_fen: number };
}
async function approve(id: number) {
  expect((await w.post(dev.token, `${D}/submit`, { id })).code).toBe(20000);
  const res = await w.post(w.admin, '/api/ai/admin.app/audit', { id, status: 3 });
  expect(res.code, res.msg).toBe(20000);
}

describe('listing and review', () => {
  it('creates a draft with the price in fen, submits it, and the super admin approves it into the store', async () => {
    const app = await newApp();
    expect(app).toMatchObject({ status: 0, price_fen: 1250 });
    const submitted = await w.post(dev.token, `${D}/submit`, { id: app.id });
    expect(submitted.data.status).toBe(2);
    expect((await w.post(dev.token, `${D}/update`, { id: app.id, ...listing, name: '改名' })).status).toBe(409);
    const pending = await w.get(w.admin, '/api/ai/admin.app/auditLists', { status: 2 });
    expect(pending.data.data.map((a: { id: number }) => a.id)).toContain(app.id);
    expect((await w.post(w.admin, '/api/ai/admin.app/audit', { id: app.id, status: -2 })).status).toBe(400);
    expect((await w.post(w.admin, '/api/ai/admin.app/audit', { id: app.id, status: 3 })).code).toBe(20000);
    expect((await w.post(w.admin, '/api/ai/admin.app/audit', { id: app.id, status: -2, reason: '晚了' })).status).toBe(409);
    const store = await w.get(b.token, '/api/uc/AppStore/lists', { keyword: '物理' });
    expect(store.data.data.find((a: { id: number }) => a.id === app.id)).toMatchObject({ name: '物理助教', price_fen: 1250, installed: false });
  });

  it('refuses a price below zero or with more than two decimals (400 naming price)', async () => {
    for (const price of [-1, 1.234]) {
      const res = await w.post(dev.token, `${D}/create`, { ...listing, robot_id: robotId, price });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.data)).toContain('price');
    }
  });

  it("lets a developer package only their organisation's robots, and see only their own apps", async () => {
    const foreign = await w.robot(b.token, { name: '乙校机器人' });
    expect((await w.post(dev.token, `${D}/create`, { ...listing, robot_id: foreign.id })).status).toBe(404);
    const app = await newApp();
    expect((await w.get(otherDev.token, `${D}/detail`, { id: app.id })).status).toBe(404);
    expect((await w.post(otherDev.token, `${D}/submit`, { id: app.id })).status).toBe(404);
    expect((await w.post(b.token, `${D}/update`, { id: app.id, ...listing })).status).toBe(404);
    const theirs = await w.get(otherDev.token, `${D}/lists`);
    expect(theirs.data.data.map((a: { id: number }) => a.id)).not.toContain(app.id);
  });

  it('refuses a student the developer calls', async () => {
    const student = await w.personA();
    expect((await w.get(student.token, `${D}/lists`)).status).toBe(403);
  });
});

describe('installing from the store', () => {
  it('installs only approved apps: a draft, a pending or a withdrawn app is 404 to the store', async () => {
    const app = await newApp();
    expect((await w.post(b.token, '/api/uc/AppStore/install', { id: app.id, seats: 5 })).status).toBe(404);
    await w.post(dev.token, `${D}/submit`, { id: app.id });
    expect((await w.post(b.token, '/api/uc/AppStore/install', { id: app.id, seats: 5 })).status).toBe(404);
    expect((await w.get(b.token, '/api/uc/AppStore/detail', { id: app.id })).status).toBe(404);
    await w.post(w.admin, '/api/ai/admin.app/audit', { id: app.id, status: 3 });
    await w.post(dev.token, `${D}/withdraw`, { id: app.id });
    expect((await w.post(b.token, '/api/uc/AppStore/install', { id: app.id, seats: 5 })).status).toBe(404);
  });

  it("copies the robot into the installing organisation, usable by its members at once, and counts it for the developer", async () => {
    const app = await newApp();
    await approve(app.id);
    const installed = await w.post(b.token, '/api/uc/AppStore/install', { id: app.id, seats: 8 });
    expect(installed.code, installed.msg).toBe(20000);
    expect(installed.data).toMatchObject({ name: '物理助教', seats: 8, store_app_id: app.id });
    const [copyId] = installed.data.robot_ids as number[];
    expect(copyId).toBeGreaterThan(0);
    expect(copyId).not.toBe(robotId);
    expect((await w.post(b.token, '/api/uc/AppStore/install', { id: app.id, seats: 8 })).status).toBe(409);

    // The copy is org B's robot: its admin manages it, the developer's organisation does not see it.
    const copy = await w.detail(b.token, copyId!);
    expect(copy.code, copy.msg).toBe(20000);
    expect((await w.detail(dev.token, copyId!)).status).toBe(404);
    const editCopy = await w.post(b.token, '/api/ai/Robot/saveRobot', { id: copyId, name: '乙校物理', scene_id: w.sceneId });
    expect(editCopy.code, editCopy.msg).toBe(20000);
    expect((await w.detail(dev.token, robotId)).data.name).toBe('物理助教');

    // A student of org B asks the copy at once (no model configured: the built-in engine answers).
    const session = await w.post(bMember.token, '/api/ai/ChatCategory/save', { r_id: copyId });
    expect(session.code, session.msg).toBe(20000);
    const streamed = await streamChat(base, bMember.token, { category_id: session.data.id, question: '牛顿第二定律是什么？' });
    expect(streamed.events.map((e) => e.event)).toContain('close');

    const store = await w.get(b.token, '/api/uc/AppStore/detail', { id: app.id });
    expect(store.data).toMatchObject({ installed: true, install_count: 1 });
    const detail = await w.get(dev.token, `${D}/detail`, { id: app.id });
    expect(detail.data).toMatchObject({ installs: 1, active_installs: 1, seats: 8, questions: 1 });
    const revenue = await w.get(dev.token, `${D}/revenue`);
    const row = revenue.data.rows.find((r: { app_id: number; month: string }) => r.app_id === app.id && r.month === month());
    expect(row).toMatchObject({ installs: 1, new_installs: 1, seats: 8, active_seats: 1, questions: 1, price_fen: 1250 });
    expect(row.amount_fen).toBeGreaterThan(0);
    expect(row.amount_fen).toBeLessThanOrEqual(8 * 1250);

    // Another developer's revenue centre does not show it.
    const other = await w.get(otherDev.token, `${D}/revenue`);
    expect(other.data.rows.map((r: { app_id: number }) => r.app_id)).not.toContain(app.id);

    // Installed somewhere: it can be taken down but not deleted.
    expect((await w.post(dev.token, `${D}/delete`, { id: app.id })).status).toBe(409);

    // The xlsx has the same row and says who settles.
    const res = await t.app.inject({ method: 'GET', url: `${D}/revenueExport`, headers: { 'x-token': dev.token } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('收益明细')!;
    const cells = sheet.getSheetValues().flat().map(String);
    expect(cells).toContain('物理助教');
    expect(cells.some((c) => c.includes('结算由平台运营人员线下完成'))).toBe(true);
  });

  it('makes a free app earn nothing and keeps an uninstalled installation in the statement', async () => {
    const app = await newApp(dev.token, { price: 0, name: '免费助手' });
    await approve(app.id);
    const installed = await w.post(b.token, '/api/uc/AppStore/install', { id: app.id, seats: 30 });
    const removed = await w.post(b.token, '/api/uc/GroupApp/uninstall', { id: installed.data.id });
    expect(removed.code, removed.msg).toBe(20000);
    const list = await w.get(b.token, '/api/uc/GroupApp/lists');
    expect(list.data.data.map((a: { id: number }) => a.id)).not.toContain(installed.data.id);
    const revenue = await w.get(dev.token, `${D}/revenue`);
    const row = revenue.data.rows.find((r: { app_id: number }) => r.app_id === app.id);
    expect(row).toMatchObject({ installs: 1, seats: 30, amount_fen: 0 });
    // Uninstalled: it may be installed again.
    expect((await w.post(b.token, '/api/uc/AppStore/install', { id: app.id, seats: 3 })).code).toBe(20000);
  });

  it("packages a solution of the developer's organisation and installs it as a bundle; another's solution is 404", async () => {
    const saved = await w.post(dev.token, '/api/ai/solution/save', { name: '高一物理', robot_ids: [robotId] });
    expect(saved.code, saved.msg).toBe(20000);
    const theirRobot = await w.robot(b.token, { name: '乙校机器人' });
    const foreign = await w.post(b.token, '/api/ai/solution/save', { name: '乙校方案', robot_ids: [theirRobot.id] });
    expect(foreign.code, foreign.msg).toBe(20000);
    expect((await w.post(dev.token, `${D}/create`, { ...listing, kind: 'solution', solution_id: foreign.data.id, name: '越界方案' })).status).toBe(404);
    const app = await newApp(dev.token, { kind: 'solution', robot_id: undefined, solution_id: saved.data.id, name: '高一物理方案', price: 0 });
    await approve(app.id);
    const installed = await w.post(b.token, '/api/uc/AppStore/install', { id: app.id, seats: 10 });
    expect(installed.code, installed.msg).toBe(20000);
    expect(installed.data.robot_ids).toHaveLength(1);
    expect((await w.detail(bMember.token, installed.data.robot_ids[0])).code).toBe(20000);
  });

  it('refuses a trial organisation the store (the app centre is a VIP area)', async () => {
    const trial = await w.orgB();
    expect((await w.get(trial.token, '/api/uc/AppStore/lists')).status).toBe(403);
  });
});
