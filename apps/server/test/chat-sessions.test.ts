/**
 * Sessions (ChatCategory) and records: the session panel's calls, the chat history, collect,
 * and the back office's 对话管理 list and export. Exchanges are seeded as rows, the way the
 * stream endpoint stores them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { chatRecords, chatSessions, type ReplyStatus } from '../src/db/schema/chat.ts';
import { call, createTestApp, listen, type TestApp } from './harness.ts';
import { streamChat } from './sse-client.ts';
import { World, type Person } from './robot-fixtures.ts';

let t: TestApp;
let w: World;
let creator: Person;
let student: Person;
let classmate: Person;
let teacher: Person;
let orgAdmin: Person;
let b: Awaited<ReturnType<World['orgB']>>;
let robotId = 0;
let base = '';
beforeAll(async () => {
  // No model is configured: the built-in engine answers.
  t = await createTestApp();
  base = await listen(t);
  w = await new World(t).init();
  creator = await w.personA(Role.CREATOR);
  student = await w.personA();
  classmate = await w.personA();
  teacher = await w.personA(Role.TEACHER);
  orgAdmin = await w.personA(Role.ORG_ADMIN);
  b = await w.orgB();
  robotId = (await w.robot(creator.token, { name: '语文老师' })).id;
});
afterAll(async () => { await t?.close(); });

const LISTS = '/api/ai/ChatCategory/lists';
const SAVE = '/api/ai/ChatCategory/save';
const LOG = '/api/ai/chat_records/chatLog';

async function newSession(p: Person, body: Record<string, unknown> = {}, rid = robotId) {
  const res = await w.post(p.token, SAVE, { r_id: rid, ...body });
  expect(res.code, res.msg).toBe(20000);
  return res.data as { id: number; code: string; name: string; r_id: number };
}

/** Stores `n` exchanges in a session as the stream endpoint would, oldest first; returns their ids. */
async function seed(sessionId: number, n: number, o: { status?: ReplyStatus; question?: (i: number) => string; answer?: string } = {}) {
  const [s] = await t.deps.db.select().from(chatSessions).where(eq(chatSessions.id, sessionId));
  const rows = await t.deps.db.insert(chatRecords).values(Array.from({ length: n }, (_, i) => ({
    sessionId, groupId: s!.groupId, userId: s!.userId, robotId: s!.robotId,
    question: o.question?.(i) ?? `问题${i + 1}`, answer: o.answer ?? `回答${i + 1}`, status: o.status ?? 'done',
    annex: [{ name: '讲义.txt', url: '/api/files/x', text: '很长的提取文本' }],
    recommendContent: [{ title: '推荐课程' }], activityContent: [{ id: 7, name: '读书会' }],
  }))).returning({ id: chatRecords.id });
  return rows.map((r) => r.id);
}

describe('ChatCategory/save', () => {
  it('names a new session 新建会话 unless a name is given, and renames with an id', async () => {
    const fresh = await newSession(student);
    expect(fresh).toMatchObject({ name: MSG.newSession, r_id: robotId });
    expect(fresh.code).toMatch(/^[\w-]{16}$/);
    const named = await newSession(student, { name: '古诗复习' });
    expect(named.name).toBe('古诗复习');
    const renamed = await w.post(student.token, SAVE, { id: fresh.id, r_id: robotId, name: ' 作文 ' });
    expect(renamed.data).toMatchObject({ id: fresh.id, name: '作文', code: fresh.code });
  });

  it('refuses an empty or over-long name', async () => {
    const blank = await w.post(student.token, SAVE, { r_id: robotId, name: '  ' });
    expect([blank.status, blank.msg]).toEqual([400, MSG.sessionNameRequired]);
    const long = await w.post(student.token, SAVE, { r_id: robotId, name: '长'.repeat(51) });
    expect([long.status, long.msg]).toEqual([400, MSG.sessionNameTooLong]);
  });

  it("answers 404 for another organisation's private robot and for someone else's session", async () => {
    const foreign = await w.robot(b.token, { name: '乙校机器人' });
    const res = await w.post(student.token, SAVE, { r_id: foreign.id });
    expect([res.status, res.msg, res.data]).toEqual([404, MSG.robotNotFound, null]);
    const mine = await newSession(student);
    const rename = await w.post(classmate.token, SAVE, { id: mine.id, r_id: robotId, name: '偷改' });
    expect([rename.status, rename.msg]).toEqual([404, MSG.sessionNotFound]);
    const otherRobot = await w.robot(creator.token, { name: '数学老师' });
    const moved = await w.post(student.token, SAVE, { id: mine.id, r_id: otherRobot.id, name: '换机器人' });
    expect(moved.status).toBe(404);
  });
});

describe('a session named from its first question', () => {
  const nameOf = async (p: Person, id: number, rid = robotId) =>
    ((await w.get(p.token, LISTS, { r_id: rid, limit: 100 })).data.data as { id: number; name: string }[]).find((s) => s.id === id)?.name;
  const ask = async (p: Person, id: number, question: unknown) => {
    const r = await streamChat(base, p.token, { category_id: id, question });
    expect(r.events.map((e) => e.event)).toContain('close');
  };

  it('takes the first question, whitespace collapsed, without any model', async () => {
    const s = await newSession(student);
    await ask(student, s.id, '  静夜思   是谁\n写的？ ');
    expect(await nameOf(student, s.id)).toBe('静夜思 是谁 写的？');
    // Later questions leave it as it is.
    await ask(student, s.id, '还有别的诗吗？');
    expect(await nameOf(student, s.id)).toBe('静夜思 是谁 写的？');
  });

  it('keeps a long question short, and takes the text of a question in parts', async () => {
    const long = await newSession(student);
    await ask(student, long.id, '请详细解释一下李白的《静夜思》这首诗每一句的意思以及它表达的思想感情');
    const name = (await nameOf(student, long.id))!;
    expect(name).toBe('请详细解释一下李白的《静夜思》这首诗每一…');
    expect([...name].length).toBeLessThanOrEqual(21);
    const parts = await newSession(student);
    await ask(student, parts.id, [{ type: 'text', text: '这首诗讲了什么' }]);
    expect(await nameOf(student, parts.id)).toBe('这首诗讲了什么');
  });

  it('never renames a session the user named, and renaming by hand still works afterwards', async () => {
    const named = await newSession(student, { name: '古诗复习' });
    await ask(student, named.id, '床前明月光的下一句');
    expect(await nameOf(student, named.id)).toBe('古诗复习');
    const renamedFirst = await newSession(student);
    await w.post(student.token, SAVE, { id: renamedFirst.id, r_id: robotId, name: '我的会话' });
    await ask(student, renamedFirst.id, '床前明月光的下一句');
    expect(await nameOf(student, renamedFirst.id)).toBe('我的会话');

    const auto = await newSession(student);
    await ask(student, auto.id, '举头望明月');
    expect(await nameOf(student, auto.id)).toBe('举头望明月');
    const renamed = await w.post(student.token, SAVE, { id: auto.id, r_id: robotId, name: '思乡' });
    expect(renamed.data.name).toBe('思乡');
    await ask(student, auto.id, '低头思故乡');
    expect(await nameOf(student, auto.id)).toBe('思乡');
  });

  it('a refused question names nothing', async () => {
    const s = await newSession(student);
    const r = await streamChat(base, student.token, { category_id: s.id, question: '   ' });
    expect(r.status).toBe(400);
    expect(await nameOf(student, s.id)).toBe(MSG.newSession);
  });
});

describe('ChatCategory/lists', () => {
  it('pages 15 at a time, most recently active first, only the caller\'s own', async () => {
    const robot = (await w.robot(creator.token, { name: '英语老师' })).id;
    const made = [];
    for (let i = 0; i < 16; i++) made.push(await newSession(classmate, { name: `会话${i + 1}` }, robot));
    await newSession(student, {}, robot);
    const first = await w.get(classmate.token, LISTS, { r_id: robot });
    expect(first.data).toMatchObject({ total: 16, limit: 15, page: 1 });
    expect(first.data.data).toHaveLength(15);
    expect(first.data.data[0].name).toBe('会话16');
    const second = await w.get(classmate.token, LISTS, { r_id: robot, page: 2 });
    expect(second.data.data.map((s: { name: string }) => s.name)).toEqual(['会话1']);
    // Renaming is activity: the session moves to the top.
    await w.post(classmate.token, SAVE, { id: made[0]!.id, r_id: robot, name: '重新命名' });
    const again = await w.get(classmate.token, LISTS, { r_id: robot });
    expect(again.data.data[0]).toMatchObject({ id: made[0]!.id, name: '重新命名', r_id: robot });
  });

  it('filters voice-view sessions with is_talk', async () => {
    const robot = (await w.robot(creator.token, { name: '口语陪练' })).id;
    await newSession(student, { is_talk: 1 }, robot);
    await newSession(student, {}, robot);
    expect((await w.get(student.token, LISTS, { r_id: robot, is_talk: 1 })).data.total).toBe(1);
    expect((await w.get(student.token, LISTS, { r_id: robot, is_talk: 0 })).data.total).toBe(1);
    expect((await w.get(student.token, LISTS, { r_id: robot })).data.total).toBe(2);
  });

  it("answers 404 for another organisation's private robot", async () => {
    const res = await w.get(b.token, LISTS, { r_id: robotId });
    expect([res.status, res.data]).toEqual([404, null]);
  });
});

describe('chat_records/chatLog', () => {
  it('gives the newest page first, each page in time order, attachments without their text', async () => {
    const s = await newSession(student);
    const ids = await seed(s.id, 25);
    const p1 = await w.get(student.token, LOG, { category_id: s.id, page_type: 0 });
    expect(p1.data.session).toMatchObject({ id: s.id, code: s.code, name: MSG.newSession });
    expect(p1.data.records).toMatchObject({ total: 25, page: 1, limit: 20 });
    expect(p1.data.records.data.map((r: { id: number }) => r.id)).toEqual(ids.slice(5));
    const p2 = await w.get(student.token, LOG, { category_id: s.id, page: 2 });
    expect(p2.data.records.data.map((r: { question: string }) => r.question)).toEqual(['问题1', '问题2', '问题3', '问题4', '问题5']);
    const rec = p1.data.records.data[0];
    expect(rec).toMatchObject({ category_id: s.id, robot_id: robotId, status: 'done', is_collect: 0, annex: [{ name: '讲义.txt', url: '/api/files/x' }] });
    expect(rec.annex[0].text).toBeUndefined();
  });

  it('shows every record in the history exactly as its own detail shows it', async () => {
    const s = await newSession(student);
    const ids = await seed(s.id, 3);
    // Every column the history reads, with values of every kind: null and set JSON, text with quotes, true flags.
    await t.deps.db.update(chatRecords).set({
      questionParts: [{ type: 'text', text: '看图："引号"' }], reasoning: '先想一想', notice: '已中断', status: 'interrupted',
      sources: [{ title: '课本', snippet: '第一课', document_id: 3, score: 0.5 }], correlationQuestions: ['还有呢？'],
      isCollect: true, isReason: true, isNetwork: true,
    }).where(eq(chatRecords.id, ids[1]!));
    const historyEqualsDetail = async () => {
      const log = await w.get(student.token, LOG, { category_id: s.id });
      const listed = log.data.records.data as { id: number; correction: unknown }[];
      expect(listed.map((r) => r.id)).toEqual(ids);
      for (const { correction, ...item } of listed) {
        expect(correction).toBeNull();
        const detail = await w.get(student.token, '/api/ai/ChatRecords/detail', { id: item.id, robot_id: robotId });
        expect(item).toEqual(detail.data);
      }
      expect(listed[1]).toMatchObject({ status: 'interrupted', is_reason: 1, is_network: 1, is_collect: 1, reasoning: '先想一想' });
      return listed;
    };
    await historyEqualsDetail();
    // A page without recommend or activity content goes out as the database wrote it: the same again.
    await t.deps.db.update(chatRecords).set({ recommendContent: [], activityContent: [] }).where(eq(chatRecords.sessionId, s.id));
    const plain = await historyEqualsDetail();
    expect(plain[0]).toMatchObject({ recommend_content: '[]', activity_content: '[]' });
  });

  it('returns the session alone with no_records=1', async () => {
    const s = await newSession(student, { name: '只看标题' });
    await seed(s.id, 3);
    const res = await w.get(student.token, LOG, { category_id: s.id, page_type: 0, no_records: 1 });
    expect(res.data.session.name).toBe('只看标题');
    expect(res.data.records).toMatchObject({ total: 0, data: [] });
  });

  it("answers 404 for a classmate's session and for another organisation", async () => {
    const s = await newSession(student);
    await seed(s.id, 1);
    for (const token of [classmate.token, b.token, creator.token]) {
      const res = await w.get(token, LOG, { category_id: s.id });
      expect([res.status, res.msg, res.data]).toEqual([404, MSG.sessionNotFound, null]);
    }
  });
});

describe('ChatRecords/detail and collect', () => {
  it('returns recommend and activity content as JSON strings', async () => {
    const s = await newSession(student);
    const [id] = await seed(s.id, 1);
    const res = await w.get(student.token, '/api/ai/ChatRecords/detail', { id: id!, robot_id: robotId });
    expect(res.code).toBe(20000);
    expect(JSON.parse(res.data.recommend_content)).toEqual([{ title: '推荐课程' }]);
    expect(JSON.parse(res.data.activity_content)).toEqual([{ id: 7, name: '读书会' }]);
    const wrongRobot = await w.get(student.token, '/api/ai/ChatRecords/detail', { id: id!, robot_id: robotId + 999 });
    expect([wrongRobot.status, wrongRobot.msg]).toEqual([404, MSG.recordNotFound]);
    const other = await w.get(classmate.token, '/api/ai/ChatRecords/detail', { id: id!, robot_id: robotId });
    expect(other.status).toBe(404);
  });

  it('toggles the collect mark, for the owner only', async () => {
    const s = await newSession(student);
    const [id] = await seed(s.id, 1);
    const on = await w.post(student.token, '/api/ai/ChatRecords/collect', { records_id: id });
    expect(on.data).toEqual({ is_collect: 1 });
    const log = await w.get(student.token, LOG, { category_id: s.id });
    expect(log.data.records.data[0].is_collect).toBe(1);
    const off = await w.post(student.token, '/api/ai/ChatRecords/collect', { records_id: id });
    expect(off.data).toEqual({ is_collect: 0 });
    const other = await w.post(classmate.token, '/api/ai/ChatRecords/collect', { records_id: id });
    expect([other.status, other.msg]).toEqual([404, MSG.recordNotFound]);
  });
});

describe('clearing and deleting', () => {
  it('cleanChat empties the session, which stays in the list', async () => {
    const s = await newSession(student, { name: '待清空' });
    await seed(s.id, 4);
    const denied = await w.post(classmate.token, '/api/ai/chat/cleanChat', { type: 1, category_id: s.id });
    expect(denied.status).toBe(404);
    const res = await w.post(student.token, '/api/ai/chat/cleanChat', { type: 1, category_id: s.id });
    expect([res.code, res.msg]).toEqual([20000, MSG.cleared]);
    const log = await w.get(student.token, LOG, { category_id: s.id });
    expect(log.data.records.total).toBe(0);
    expect(log.data.session.name).toBe('待清空');
  });

  it('delete needs the id and its code, and takes the records with it', async () => {
    const s = await newSession(student);
    const [rid] = await seed(s.id, 2);
    const wrong = await w.post(student.token, '/api/ai/ChatCategory/delete', { id: s.id, code: 'not-the-code' });
    expect([wrong.status, wrong.msg]).toEqual([404, MSG.sessionNotFound]);
    const stranger = await w.post(classmate.token, '/api/ai/ChatCategory/delete', { id: s.id, code: s.code });
    expect(stranger.status).toBe(404);
    const res = await w.post(student.token, '/api/ai/ChatCategory/delete', { id: s.id, code: s.code });
    expect([res.code, res.msg]).toEqual([20000, MSG.deleted]);
    expect((await w.get(student.token, LOG, { category_id: s.id })).status).toBe(404);
    const left = await t.deps.db.select().from(chatRecords).where(eq(chatRecords.id, rid!));
    expect(left).toEqual([]);
  });

  it("clear removes all the caller's sessions with one robot, and no one else's", async () => {
    const robot = (await w.robot(creator.token, { name: '历史老师' })).id;
    const mine = [await newSession(student, {}, robot), await newSession(student, {}, robot)];
    await seed(mine[0]!.id, 2);
    const theirs = await newSession(classmate, {}, robot);
    const res = await w.post(student.token, '/api/ai/ChatCategory/clear', { r_id: robot });
    expect([res.code, res.msg, res.data]).toEqual([20000, MSG.cleared, { deleted: 2 }]);
    expect((await w.get(student.token, LISTS, { r_id: robot })).data.total).toBe(0);
    expect((await w.get(classmate.token, LISTS, { r_id: robot })).data.data[0].id).toBe(theirs.id);
    const foreign = await w.post(b.token, '/api/ai/ChatCategory/clear', { r_id: robot });
    expect([foreign.status, foreign.msg]).toEqual([404, MSG.robotNotFound]);
  });
});

describe('对话管理: ChatRecords/lists, robots and export', () => {
  const LIST = '/api/ai/ChatRecords/lists';
  let robot = 0;
  let otherRobot = 0;
  beforeAll(async () => {
    robot = (await w.robot(creator.token, { name: '物理老师' })).id;
    otherRobot = (await w.robot(orgAdmin.token, { name: '校长信箱' })).id;
    const s = await newSession(student, { name: '力学' }, robot);
    await seed(s.id, 3, { question: (i) => ['牛顿第一定律', '=1+1', '摩擦力'][i]! });
    await seed(s.id, 1, { status: 'stopped', question: () => '动量守恒', answer: '动量守恒是指' });
    const o = await newSession(classmate, {}, otherRobot);
    await seed(o.id, 2);
  });

  it("shows the robot's creator the conversations with it, who asked and in which session", async () => {
    const res = await w.get(creator.token, LIST, { robot_id: robot });
    expect(res.data.total).toBe(4);
    expect(res.data.data[0]).toMatchObject({
      question: '动量守恒', status: 'stopped', robot_name: '物理老师', session_name: '力学', user: { uid: student.uid },
    });
    expect(res.data.data[0].user.truename).toBeTruthy();
    // Without a robot filter the creator still sees only robots they run.
    const all = await w.get(creator.token, LIST, { limit: 100 });
    expect(all.data.data.every((r: { robot_id: number }) => r.robot_id !== otherRobot)).toBe(true);
    const robots = await w.get(creator.token, '/api/ai/ChatRecords/robots');
    expect(robots.data).toContainEqual({ id: robot, name: '物理老师' });
    expect(robots.data.map((r: { id: number }) => r.id)).not.toContain(otherRobot);
  });

  it('filters by keyword and status', async () => {
    const kw = await w.get(creator.token, LIST, { robot_id: robot, keyword: '摩擦' });
    expect(kw.data.data.map((r: { question: string }) => r.question)).toEqual(['摩擦力']);
    const pct = await w.get(creator.token, LIST, { robot_id: robot, keyword: '%' });
    expect(pct.data.total).toBe(0);
    const stopped = await w.get(creator.token, LIST, { robot_id: robot, status: 'stopped' });
    expect(stopped.data.data.map((r: { question: string }) => r.question)).toEqual(['动量守恒']);
  });

  it("lets the org admin read every robot's conversations, and the super admin too", async () => {
    for (const token of [orgAdmin.token, w.admin]) {
      const res = await w.get(token, LIST, { limit: 100 });
      const robotsSeen = new Set(res.data.data.map((r: { robot_id: number }) => r.robot_id));
      expect(robotsSeen.has(robot) && robotsSeen.has(otherRobot)).toBe(true);
    }
  });

  it('refuses a student (403) and a teacher naming a robot they do not run', async () => {
    const s = await w.get(student.token, LIST);
    expect([s.status, s.msg, s.data]).toEqual([403, MSG.noOperationPermission, null]);
    const ex = await w.get(student.token, '/api/ai/ChatRecords/export');
    expect(ex.status).toBe(403);
    const tch = await w.get(teacher.token, LIST, { robot_id: robot });
    expect([tch.status, tch.msg]).toEqual([403, MSG.noOperationPermission]);
    expect((await w.get(teacher.token, LIST)).data.total).toBe(0);
  });

  it("answers 404 to another organisation's admin naming the robot, and shows them none of these rows", async () => {
    const named = await w.get(b.token, LIST, { robot_id: robot });
    expect([named.status, named.data]).toEqual([404, null]);
    const all = await w.get(b.token, LIST, { limit: 100 });
    expect(all.data.total).toBe(0);
  });

  it('exports the filtered conversations as an xlsx workbook', async () => {
    const res = await call(t.app, 'GET', '/api/ai/ChatRecords/export', { token: creator.token, query: { robot_id: robot } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="chat-records-\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([undefined, '时间', '用户', '机器人', '会话', '问题', '回答', '状态']);
    expect(ws.rowCount).toBe(5);
    const newest = ws.getRow(2).values as unknown[];
    expect(newest.slice(3)).toEqual(['物理老师', '力学', '动量守恒', '动量守恒是指', '已停止']);
    expect(String(newest[1])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // A question that looks like a formula stays text.
    const formulaLike = ws.getRow(4).getCell(5);
    expect([formulaLike.type, formulaLike.value]).toEqual([ExcelJS.ValueType.String, '=1+1']);
  });
});
