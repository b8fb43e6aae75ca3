// The ordinary lists read a page and its total in one statement (issue 23): what a client sees
// of the total, the pages and the refusals must be what it saw with a separate count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@xueban/contract/roles';
import { createTestApp, type TestApp } from './harness.ts';
import { World, type OrgB, type Person } from './robot-fixtures.ts';

let t: TestApp;
let w: World;
let creator: Person;
let b: OrgB;
let robotId = 0;
beforeAll(async () => {
  t = await createTestApp();
  w = await new World(t).init();
  creator = await w.personA(Role.CREATOR);
  b = await w.orgB();
  robotId = (await w.robot(creator.token, { name: '分页助手' })).id;
});
afterAll(async () => { await t?.close(); });

const ids = (res: { data: { data: { id: number }[] } }) => res.data.data.map((x) => x.id);

describe('a page and its total in one statement', () => {
  it('robot list: the total on every page, past the last page too, and each filter', async () => {
    const made = [robotId];
    for (const name of ['分页二号', '分页三号', '100%_助手']) made.push((await w.robot(creator.token, { name })).id);
    const list = (q: Record<string, string | number>) => w.get(creator.token, '/api/ai/Robot/lists', { fetch_type: 'my', ...q });
    const first = await list({ page: 1, limit: 3 });
    expect(first.data.total).toBe(4);
    expect(ids(first)).toEqual([...made].reverse().slice(0, 3));
    const second = await list({ page: 2, limit: 3 });
    expect(second.data).toMatchObject({ total: 4, page: 2 });
    expect(ids(second)).toEqual([made[0]]);
    const past = await list({ page: 5, limit: 3 });
    expect(past.data).toMatchObject({ total: 4, data: [] });
    // The keyword is matched literally: % and _ are not wildcards.
    const literal = await list({ keyword: '%_', page: 1, limit: 10 });
    expect(ids(literal)).toEqual([made[3]]);
    expect((await list({ keyword: '分页', page: 1, limit: 10 })).data.total).toBe(3);
    // Another organisation's admin holds no role on these robots.
    expect((await w.get(b.token, '/api/ai/Robot/lists', { fetch_type: 'my', page: 1, limit: 10 })).data).toMatchObject({ total: 0, data: [] });
  });

  it('session list: a page past the end keeps the total; a robot the caller cannot see is 404, one without sessions is empty', async () => {
    const student = await w.personA();
    const lists = (token: string, q: Record<string, string | number>) => w.get(token, '/api/ai/ChatCategory/lists', { r_id: robotId, ...q });
    expect((await lists(student.token, { page: 1, limit: 2 })).data).toMatchObject({ total: 0, data: [] });
    for (const name of ['第一次', '第二次', '第三次']) {
      expect((await w.post(student.token, '/api/ai/ChatCategory/save', { r_id: robotId, name })).code).toBe(20000);
    }
    const page2 = await lists(student.token, { page: 2, limit: 2 });
    expect(page2.data.total).toBe(3);
    expect(page2.data.data.map((s: { name: string }) => s.name)).toEqual(['第一次']);
    expect((await lists(student.token, { page: 9, limit: 2 })).data).toMatchObject({ total: 3, data: [] });
    const hidden = await lists(b.token, { page: 1, limit: 2 });
    expect(hidden.code).toBe(40400);
    expect((await lists(student.token, { r_id: 999_999, page: 1, limit: 2 })).code).toBe(40400);
  });

  it('records of a session: the session with its page, past the end and empty; another user\'s session is 404', async () => {
    const student = await w.personA();
    const made = await w.post(student.token, '/api/ai/ChatCategory/save', { r_id: robotId, name: '提问记录' });
    const log = (token: string, q: Record<string, string | number>) => w.get(token, '/api/ai/chat_records/chatLog', { category_id: made.data.id, ...q });
    const empty = await log(student.token, { page: 1, limit: 2 });
    expect(empty.data).toMatchObject({ session: { id: made.data.id, name: '提问记录' }, records: { total: 0, data: [] } });
    for (const question of ['第一问', '第二问', '第三问']) {
      // The built-in engine answers; the stream ends before inject returns.
      const asked = await t.app.inject({ method: 'POST', url: '/api/ai/chat/stream', headers: { 'x-token': student.token }, payload: { category_id: made.data.id, question } });
      expect(asked.body).toContain('event: close');
    }
    const page2 = await log(student.token, { page: 2, limit: 2 });
    expect(page2.data.session).toMatchObject({ id: made.data.id, r_id: robotId });
    expect(page2.data.records.total).toBe(3);
    expect(page2.data.records.data.map((r: { question: string }) => r.question)).toEqual(['第一问']);
    expect((await log(student.token, { page: 7, limit: 2 })).data).toMatchObject({ session: { id: made.data.id }, records: { total: 3, data: [] } });
    expect((await log(creator.token, { page: 1, limit: 2 })).code).toBe(40400);
    expect((await log(b.token, { page: 1, limit: 2 })).code).toBe(40400);
  });

  it('knowledge base list: the total past the last page, and only the caller organisation', async () => {
    for (const name of ['一号库', '二号库', '三号库']) expect((await w.post(creator.token, '/api/ai/knowledge/save', { name, info: '' })).code).toBe(20000);
    const mine = await w.get(creator.token, '/api/ai/knowledge/lists', { page: 1, limit: 2 });
    const total = mine.data.total;
    expect(total).toBeGreaterThanOrEqual(3);
    expect(mine.data.data).toHaveLength(2);
    expect((await w.get(creator.token, '/api/ai/knowledge/lists', { page: 99, limit: 2 })).data).toMatchObject({ total, data: [] });
    expect((await w.get(b.token, '/api/ai/knowledge/lists', { page: 1, limit: 10 })).data).toMatchObject({ total: 0, data: [] });
  });
});

describe('getUserInfo in one statement', () => {
  it('shows every membership, the current one, and how many organisations may still be created', async () => {
    const u = await w.personA();
    const before = await w.get(u.token, '/api/uc/passport/getUserInfo');
    expect(before.data).toMatchObject({ createLimit: { group: 5 }, unReadCount: 0 });
    expect(before.data.groups).toHaveLength(1);
    const made = await w.post(u.token, '/api/uc/groups/save', { name: `丙校${u.uid}` });
    expect(made.code, made.msg).toBe(20000);
    const after = await w.get(u.token, '/api/uc/passport/getUserInfo');
    expect(after.data.createLimit).toEqual({ group: 4 });
    expect(after.data.groups.map((g: { group_id: number }) => g.group_id)).toEqual([before.data.group_id, made.data.group_id]);
    expect(after.data.group_id).toBe(made.data.group_id);
    expect(after.data.roles.length).toBeGreaterThan(0);
  });
});
