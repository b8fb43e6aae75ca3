/** 意图库 (intent library) and scenes: categories, intents, recommend content, bindings, ask intent, matchIntent. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { createTestApp, type TestApp } from './harness.ts';
import { World, type Person } from './robot-fixtures.ts';
import { chatRecords } from '../src/db/schema/chat.ts';
import { robotContents } from '../src/db/schema/knowledge.ts';
import { matchIntent, matchScore } from '../src/modules/intents/intent-match.ts';

let t: TestApp;
let w: World;
let teacher: Person;
let creator: Person;
let student: Person;
let orgB: Person & { groupId: number };

beforeAll(async () => {
  t = await createTestApp();
  w = await new World(t).init();
  teacher = await w.personA(Role.TEACHER);
  creator = await w.personA(Role.CREATOR);
  student = await w.personA(Role.STUDENT);
  orgB = await w.orgB();
});
afterAll(async () => { await t?.close(); });

const category = async (token: string, name = '教务咨询') => {
  const res = await w.post(token, '/api/ai/intentCategory/save', { name, info: '常见教务问题' });
  expect(res.code, res.msg).toBe(20000);
  return res.data.id as number;
};
const intent = async (token: string, categoryId: number, name: string, extra: Record<string, unknown> = {}) => {
  const res = await w.post(token, '/api/ai/intent/save', { category_id: categoryId, name, ...extra });
  expect(res.code, res.msg).toBe(20000);
  return res.data.id as number;
};
const part = (token: string, body: Record<string, unknown>) => w.post(token, '/api/ai/intentContent/save', body);

describe('intent categories', () => {
  it('creates, lists (page, limit, keyword), edits and deletes a category in the caller\'s organisation', async () => {
    const created = await w.post(teacher.token, '/api/ai/intentCategory/save', { name: ' 招生问答 ', info: '招生' });
    expect([created.code, created.msg]).toEqual([20000, MSG.created]);
    expect(created.data).toMatchObject({ name: '招生问答', info: '招生' });
    const id = created.data.id as number;
    await category(teacher.token, '后勤服务');

    const page = await w.get(creator.token, '/api/ai/intentCategory/lists', { page: 1, limit: 1, keyword: '招生' });
    expect(page.data).toMatchObject({ page: 1, limit: 1, total: 1 });
    expect(page.data.data[0]).toMatchObject({ id, name: '招生问答', intent_count: 0, robot_count: 0, creator: { id: teacher.uid } });

    const edited = await w.post(creator.token, '/api/ai/intentCategory/save', { id, name: '招生咨询' });
    expect([edited.code, edited.msg, edited.data.name]).toEqual([20000, MSG.updated, '招生咨询']);

    const removed = await w.post(teacher.token, '/api/ai/intentCategory/delete', { id });
    expect([removed.code, removed.msg]).toEqual([20000, MSG.deleted]);
    const again = await w.post(teacher.token, '/api/ai/intentCategory/delete', { id });
    expect([again.status, again.msg]).toEqual([404, MSG.intentCategoryNotFound]);
  });

  it('refuses an empty or over-long name', async () => {
    const empty = await w.post(teacher.token, '/api/ai/intentCategory/save', { name: '  ' });
    expect([empty.status, empty.msg]).toEqual([400, MSG.intentCategoryNameRequired]);
    const long = await w.post(teacher.token, '/api/ai/intentCategory/save', { name: '长'.repeat(31) });
    expect([long.status, long.msg]).toEqual([400, MSG.intentCategoryNameTooLong]);
  });

  it('refuses students (403) and hides another organisation\'s rows (404)', async () => {
    const id = await category(teacher.token);
    const denied = await w.get(student.token, '/api/ai/intentCategory/lists');
    expect([denied.status, denied.msg]).toEqual([403, MSG.noOperationPermission]);
    const saved = await w.post(student.token, '/api/ai/intentCategory/save', { name: '学生分类' });
    expect(saved.status).toBe(403);

    const listB = await w.get(orgB.token, '/api/ai/intentCategory/lists', { limit: 100 });
    expect(listB.data.data.map((c: { id: number }) => c.id)).not.toContain(id);
    for (const [url, body] of [
      ['/api/ai/intentCategory/save', { id, name: '越界' }],
      ['/api/ai/intentCategory/delete', { id }],
      ['/api/ai/intent/save', { category_id: id, name: '越界' }],
    ] as const) {
      const res = await w.post(orgB.token, url, body);
      expect([res.status, res.data], url).toEqual([404, null]);
    }
    const intentsB = await w.get(orgB.token, '/api/ai/intent/lists', { category_id: id });
    expect(intentsB.status).toBe(404);
  });
});

describe('intents and their recommend content', () => {
  it('saves intents with keywords, lists them by sort, edits and deletes', async () => {
    const cat = await category(creator.token);
    const a = await intent(creator.token, cat, '请假流程', { keywords: ['怎么请假', '怎么请假', ''], sort: 2 });
    const b = await intent(creator.token, cat, '成绩查询', { sort: 1 });
    const list = await w.get(creator.token, '/api/ai/intent/lists', { category_id: cat, page: 1, limit: 10 });
    expect(list.data.total).toBe(2);
    expect(list.data.data.map((i: { id: number }) => i.id)).toEqual([b, a]);
    expect(list.data.data[1]).toMatchObject({ keywords: ['怎么请假'], content_count: 0 });

    const kw = await w.get(creator.token, '/api/ai/intent/lists', { category_id: cat, keyword: '成绩' });
    expect(kw.data.data.map((i: { id: number }) => i.id)).toEqual([b]);

    const noName = await w.post(creator.token, '/api/ai/intent/save', { category_id: cat, name: '' });
    expect([noName.status, noName.msg]).toEqual([400, MSG.intentNameRequired]);
    const edited = await w.post(creator.token, '/api/ai/intent/save', { id: b, category_id: cat, name: '期末成绩查询' });
    expect([edited.msg, edited.data.name]).toEqual([MSG.updated, '期末成绩查询']);

    const del = await w.post(creator.token, '/api/ai/intent/delete', { id: b });
    expect(del.msg).toBe(MSG.deleted);
    const gone = await w.post(creator.token, '/api/ai/intent/delete', { id: b });
    expect([gone.status, gone.msg]).toEqual([404, MSG.intentNotFound]);
    const cats = await w.get(creator.token, '/api/ai/intentCategory/lists', { limit: 100 });
    expect(cats.data.data.find((c: { id: number }) => c.id === cat).intent_count).toBe(1);
  });

  it('stores parts of the four types, checks what each needs, sorts and deletes them', async () => {
    const cat = await category(teacher.token);
    const a = await intent(teacher.token, cat, '校历');
    const other = await intent(teacher.token, cat, '作息时间');

    const text = await part(teacher.token, { intent_id: a, sort: 0, content_type: 'text', content: { content: '本学期共20周。' } });
    expect([text.code, text.msg]).toEqual([20000, MSG.created]);
    const link = await part(teacher.token, { intent_id: a, sort: 1, content_type: 'link', content: { url: 'https://example.edu/calendar', title: '校历' } });
    const annex = await part(teacher.token, { intent_id: a, sort: 2, content_type: 'annex', content: { url: '/api/files/abc.pdf', title: '校历.pdf' } });
    const linked = await part(teacher.token, { intent_id: a, sort: 3, content_type: 'has_intent', content: { intent: { id: other } } });
    for (const r of [link, annex, linked]) expect(r.code, r.msg).toBe(20000);
    expect(linked.data.content).toEqual({ intent: { id: other }, title: '作息时间' });

    const cases: [Record<string, unknown>, string][] = [
      [{ content_type: 'text', content: { content: ' ' } }, MSG.intentContentTextRequired],
      [{ content_type: 'link', content: { url: 'javascript:alert(1)' } }, MSG.intentContentLinkInvalid],
      [{ content_type: 'annex', content: { title: '无文件' } }, MSG.intentContentAnnexRequired],
      [{ content_type: 'has_intent', content: {} }, MSG.intentContentIntentRequired],
    ];
    for (const [body, msg] of cases) {
      const res = await part(teacher.token, { intent_id: a, ...body });
      expect([res.status, res.msg], JSON.stringify(body)).toEqual([400, msg]);
    }
    const self = await part(teacher.token, { intent_id: a, content_type: 'has_intent', content: { intent: { id: a } } });
    expect([self.status, self.msg]).toEqual([400, MSG.intentContentSelfIntent]);

    const ids = [text.data.id, link.data.id, annex.data.id, linked.data.id] as number[];
    const sorted = await w.post(teacher.token, '/api/ai/intentContent/sort', { intent_id: a, ids: [...ids].reverse() });
    expect(sorted.data.map((p: { id: number }) => p.id)).toEqual([...ids].reverse());

    const edited = await part(teacher.token, { id: text.data.id, intent_id: a, sort: 9, content_type: 'text', content: { content: '共21周' } });
    expect(edited.msg).toBe(MSG.updated);
    const wrongIntent = await part(teacher.token, { id: text.data.id, intent_id: other, content_type: 'text', content: { content: 'x' } });
    expect(wrongIntent.status).toBe(404);

    const page = await w.get(teacher.token, '/api/ai/intentContent/lists', { intent_id: a, page: 1, limit: 2 });
    expect(page.data).toMatchObject({ intent: { id: a, name: '校历', content_count: 4 }, total: 4, limit: 2 });
    expect(page.data.data.map((p: { id: number }) => p.id)).toEqual([ids[3], ids[2]]);

    const del = await w.post(teacher.token, '/api/ai/intentContent/delete', { id: ids[0] });
    expect(del.msg).toBe(MSG.deleted);
    const delAgain = await w.post(teacher.token, '/api/ai/intentContent/delete', { id: ids[0] });
    expect([delAgain.status, delAgain.msg]).toEqual([404, MSG.intentContentNotFound]);

    // Another organisation sees none of it.
    for (const [url, body] of [
      ['/api/ai/intentContent/save', { intent_id: a, content_type: 'text', content: { content: 'x' } }],
      ['/api/ai/intentContent/delete', { id: ids[1] }],
      ['/api/ai/intentContent/sort', { intent_id: a, ids: [ids[1]] }],
      ['/api/ai/intent/delete', { id: a }],
    ] as const) {
      const res = await w.post(orgB.token, url, body);
      expect([res.status, res.data], url).toEqual([404, null]);
    }
    expect((await w.get(orgB.token, '/api/ai/intentContent/lists', { intent_id: a })).status).toBe(404);
  });

  it('lists related intents: the ones set by hand, else the category\'s others', async () => {
    const cat = await category(teacher.token);
    const a = await intent(teacher.token, cat, '食堂');
    const b = await intent(teacher.token, cat, '宿舍');
    const c = await intent(teacher.token, cat, '校车');
    const siblings = await w.get(teacher.token, '/api/ai/intent/connection', { id: a });
    expect(siblings.data.map((i: { id: number }) => i.id)).toEqual([b, c]);

    const set = await w.post(teacher.token, '/api/ai/intent/saveConnection', { id: a, related_ids: [c, a] });
    expect(set.code).toBe(20000);
    const related = await w.get(teacher.token, '/api/ai/intent/connection', { id: a });
    expect(related.data.map((i: { id: number }) => i.id)).toEqual([c]);

    const foreignCat = await category(orgB.token, '乙校分类');
    const foreign = await intent(orgB.token, foreignCat, '乙校意图');
    const cross = await w.post(teacher.token, '/api/ai/intent/saveConnection', { id: a, related_ids: [foreign] });
    expect(cross.status).toBe(404);
    expect((await w.get(orgB.token, '/api/ai/intent/connection', { id: a })).status).toBe(404);
  });
});

describe('robots: binding categories, asking an intent, matching a question', () => {
  it('binds and unbinds a category; another organisation\'s category or robot is a 404', async () => {
    const robot = await w.robot(creator.token);
    const cat = await category(creator.token);
    const bound = await w.post(creator.token, '/api/ai/intent/bindCategory', { robot_id: robot.id, ids: [cat] });
    expect([bound.code, bound.msg]).toEqual([20000, MSG.bindingDone]);
    const cats = await w.get(creator.token, '/api/ai/intentCategory/lists', { limit: 100 });
    expect(cats.data.data.find((c: { id: number }) => c.id === cat).robot_count).toBe(1);

    const foreignCat = await category(orgB.token, '乙校分类');
    const crossCat = await w.post(creator.token, '/api/ai/intent/bindCategory', { robot_id: robot.id, ids: [foreignCat] });
    expect(crossCat.status).toBe(404);
    const crossRobot = await w.post(orgB.token, '/api/ai/intent/bindCategory', { robot_id: robot.id, ids: [foreignCat] });
    expect([crossRobot.status, crossRobot.data]).toEqual([404, null]);
    const studentBind = await w.post(student.token, '/api/ai/intent/bindCategory', { robot_id: robot.id, ids: [cat] });
    expect(studentBind.status).toBe(403);

    const unbound = await w.post(creator.token, '/api/ai/intent/unbindCategory', { robot_id: robot.id, id: cat });
    expect([unbound.code, unbound.msg]).toEqual([20000, MSG.unbindingDone]);
    const twice = await w.post(creator.token, '/api/ai/intent/unbindCategory', { robot_id: robot.id, id: cat });
    expect(twice.status).toBe(404);

    // Deleting a bound category drops its bindings with it.
    await w.post(creator.token, '/api/ai/intent/bindCategory', { robot_id: robot.id, ids: [cat] });
    expect((await w.post(creator.token, '/api/ai/intentCategory/delete', { id: cat })).code).toBe(20000);
    const left = await t.deps.db.select().from(robotContents).where(eq(robotContents.robotId, robot.id));
    expect(left).toEqual([]);
  });

  it('asks an intent in a session: one record holding the parts; no content → 该意图没有推荐内容！ and no record', async () => {
    const robot = await w.robot(creator.token);
    const cat = await category(creator.token);
    const full = await intent(creator.token, cat, '图书馆开放时间');
    const empty = await intent(creator.token, cat, '空意图');
    const elsewhere = await intent(creator.token, await category(creator.token, '未关联'), '未关联意图');
    await part(creator.token, { intent_id: full, sort: 1, content_type: 'link', content: { url: 'https://lib.example.edu', title: '图书馆' } });
    await part(creator.token, { intent_id: full, sort: 0, content_type: 'text', content: { content: '周一至周日 8:00-22:00' } });
    await w.post(creator.token, '/api/ai/intent/bindCategory', { robot_id: robot.id, ids: [cat] });

    const session = await w.post(student.token, '/api/ai/ChatCategory/save', { r_id: robot.id });
    expect(session.code, session.msg).toBe(20000);
    const ask = (body: Record<string, unknown>, token = student.token) => w.post(token, '/api/ai/intent/ask', {
      id: full, is_chat_recommend: 1, recommend_ask: '图书馆几点开门', category_id: session.data.id, robot_id: robot.id, ...body,
    });

    const res = await ask({});
    expect(res.code, res.msg).toBe(20000);
    expect(res.data.content_module).toEqual([
      { sort: 0, content_type: 'text', content: { content: '周一至周日 8:00-22:00' } },
      { sort: 1, content_type: 'link', content: { url: 'https://lib.example.edu', title: '图书馆' } },
    ]);
    const [row] = await t.deps.db.select().from(chatRecords).where(eq(chatRecords.id, res.data.records_id));
    expect(row).toMatchObject({ question: '图书馆几点开门', status: 'done', userId: student.uid, recommendContent: res.data.content_module });
    const detail = await w.get(student.token, '/api/ai/ChatRecords/detail', { id: res.data.records_id, robot_id: robot.id });
    expect(JSON.parse(detail.data.recommend_content)).toEqual(res.data.content_module);

    const before = await t.deps.db.select().from(chatRecords).where(eq(chatRecords.sessionId, session.data.id));
    const none = await ask({ id: empty });
    expect([none.code, none.msg, none.data]).toEqual([20000, MSG.intentNoContent, { records_id: 0, content_module: [] }]);
    const after = await t.deps.db.select().from(chatRecords).where(eq(chatRecords.sessionId, session.data.id));
    expect(after.length).toBe(before.length);

    expect((await ask({ id: elsewhere })).status).toBe(404);
    expect((await ask({ robot_id: (await w.robot(creator.token)).id })).msg).toBe(MSG.sessionNotFound);
    const otherUser = await ask({}, teacher.token);
    expect([otherUser.status, otherUser.msg]).toEqual([404, MSG.sessionNotFound]);
    const foreign = await ask({}, orgB.token);
    expect([foreign.status, foreign.data]).toEqual([404, null]);
  });

  it('matchIntent picks the bound intent a question names, with its parts, and nothing on a weak match', async () => {
    const robot = await w.robot(creator.token);
    const cat = await category(creator.token);
    const leave = await intent(creator.token, cat, '请假流程', { keywords: ['病假'] });
    const grades = await intent(creator.token, cat, '期末成绩查询');
    await intent(creator.token, cat, '选课'); // no parts: never a match
    await part(creator.token, { intent_id: leave, content_type: 'text', content: { content: '先找班主任签字' } });
    await part(creator.token, { intent_id: grades, content_type: 'link', content: { url: 'https://jw.example.edu', title: '教务系统' } });
    const groupId = (await w.get(creator.token, '/api/uc/passport/getUserInfo')).data.group_id as number;
    const r = { id: robot.id, groupId };

    expect(await matchIntent(t.deps.db, r, '请假流程是什么？')).toBeNull(); // not bound yet
    await w.post(creator.token, '/api/ai/intent/bindCategory', { robot_id: robot.id, ids: [cat] });

    expect(await matchIntent(t.deps.db, r, '老师，请假 流程是什么？')).toEqual({
      intentId: leave, name: '请假流程', parts: [{ sort: 0, content_type: 'text', content: { content: '先找班主任签字' } }],
    });
    expect((await matchIntent(t.deps.db, r, '我生病了要请病假'))?.intentId).toBe(leave);
    expect((await matchIntent(t.deps.db, r, '怎么查询期末的成绩'))?.intentId).toBe(grades);
    expect(await matchIntent(t.deps.db, r, '我想选课')).toBeNull(); // no parts
    expect(await matchIntent(t.deps.db, r, '今天天气怎么样')).toBeNull();
    expect(await matchIntent(t.deps.db, r, '成绩')).toBeNull(); // one term of three is not enough
    expect(await matchIntent(t.deps.db, { id: robot.id, groupId: orgB.groupId }, '请假流程')).toBeNull();

    await w.post(creator.token, '/api/ai/intent/unbindCategory', { robot_id: robot.id, id: cat });
    expect(await matchIntent(t.deps.db, r, '请假流程')).toBeNull();
    expect(matchScore('请假流程', { name: '请假流程', keywords: [] })).toBeGreaterThan(matchScore('期末的成绩查询', { name: '期末成绩查询', keywords: [] }));
  });
});

describe('admin: every organisation\'s intent library and the scenes', () => {
  it('lists, edits and deletes any organisation\'s categories; only super admins', async () => {
    const cat = await category(orgB.token, '乙校招生');
    await intent(orgB.token, cat, '招生简章');
    const list = await w.get(w.admin, '/api/ai/admin.intent/lists', { keyword: '乙校招生', page: 1, limit: 10 });
    expect(list.data.data[0]).toMatchObject({ id: cat, group: { id: orgB.groupId }, intent_count: 1 });
    const contents = await w.get(w.admin, '/api/ai/admin.intentContent/lists', { category_id: cat });
    expect(contents.data).toMatchObject({ category: { id: cat }, total: 1, data: [{ name: '招生简章', contents: [] }] });
    const edited = await w.post(w.admin, '/api/ai/admin.intent/save', { id: cat, name: '乙校招生咨询' });
    expect(edited.data.name).toBe('乙校招生咨询');
    expect((await w.get(teacher.token, '/api/ai/admin.intent/lists')).status).toBe(403);
    expect((await w.post(orgB.token, '/api/ai/admin.intent/delete', { id: cat })).status).toBe(403);
    const del = await w.post(w.admin, '/api/ai/admin.intent/delete', { id: cat });
    expect(del.msg).toBe(MSG.deleted);
    expect((await w.get(w.admin, '/api/ai/admin.intentContent/lists', { category_id: cat })).status).toBe(404);
  });

  it('adds, renames and deletes scenes; a duplicate name is 409, a scene in use cannot be deleted', async () => {
    const added = await w.post(w.admin, '/api/ai/admin.scene/save', { name: '心理疏导', info: '倾听与疏导', sort: 9 });
    expect([added.code, added.msg]).toEqual([20000, MSG.created]);
    const dup = await w.post(w.admin, '/api/ai/admin.scene/save', { name: '心理疏导' });
    expect([dup.status, dup.msg]).toEqual([409, MSG.sceneNameDuplicate]);
    const noName = await w.post(w.admin, '/api/ai/admin.scene/save', { name: '' });
    expect([noName.status, noName.msg]).toEqual([400, MSG.sceneNameRequired]);
    const renamed = await w.post(w.admin, '/api/ai/admin.scene/save', { id: added.data.id, name: '心理辅导' });
    expect(renamed.data.name).toBe('心理辅导');
    expect((await w.post(w.admin, '/api/ai/admin.scene/save', { id: 999999, name: '无' })).status).toBe(404);

    const list = await w.get(w.admin, '/api/ai/admin.scene/lists', { page: 1, limit: 100 });
    const used = list.data.data.find((s: { id: number }) => s.id === w.sceneId);
    expect(used.robot_count).toBeGreaterThan(0);
    const refused = await w.post(w.admin, '/api/ai/admin.scene/delete', { id: w.sceneId });
    expect([refused.status, refused.msg]).toEqual([409, MSG.sceneInUse]);

    const scenes = await w.get(creator.token, '/api/ai/Robot/getRobotScenes');
    expect(scenes.data.map((s: { name: string }) => s.name)).toContain('心理辅导');
    const del = await w.post(w.admin, '/api/ai/admin.scene/delete', { id: added.data.id });
    expect(del.msg).toBe(MSG.deleted);
    expect((await w.post(w.admin, '/api/ai/admin.scene/delete', { id: added.data.id })).status).toBe(404);
    expect((await w.get(teacher.token, '/api/ai/admin.scene/lists')).status).toBe(403);
  });
});
