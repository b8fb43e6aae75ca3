import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Role } from '@xueban/contract/roles';
import { CORRECTION_NEWS_TITLE } from '@xueban/contract/constants/teaching-console';
import { aiProviders, chatRecords } from '../src/db/schema/chat.ts';
import { teamNews } from '../src/db/schema/teams.ts';
import { createTestApp, listen, type TestApp } from './harness.ts';
import { World, type Person } from './robot-fixtures.ts';
import { FakeOpenAI } from './fakes/openai-server.ts';
import { streamChat } from './sse-client.ts';

let fake: FakeOpenAI;
let t: TestApp;
let w: World;
let base: string;
let creator: Person;
/** teacher leads class A (s1); teacher2 leads class B (s2), on the same robot. */
let teacher: Person;
let teacher2: Person;
let s1: Person;
let s2: Person;
let b: Person;
let robotId = 0;
let teamA = 0;
let teamB = 0;

beforeAll(async () => {
  fake = await new FakeOpenAI().start();
  t = await createTestApp({ LLM_BASE_URL: fake.url, LLM_API_KEY: 'sk-test', LLM_MODEL: 'fake-chat' });
  base = await listen(t);
  w = await new World(t).init();
  creator = await w.personA(Role.CREATOR);
  teacher = await w.personA(Role.TEACHER);
  teacher2 = await w.personA(Role.TEACHER);
  s1 = await w.personA();
  s2 = await w.personA();
  b = await w.orgB();
  robotId = (await w.robot(creator.token, { name: '生物助手', is_public: 2, extra: { use_type: [1, 2] } })).id;
  await w.setting(creator.token, robotId, { is_public: 2 });
  for (const p of [teacher, teacher2]) {
    expect((await w.post(p.token, '/api/ai/Robot/joinRobot', { robot_id: robotId, role: 'teacher' })).data.role).toBe('teacher');
  }
  teamA = (await w.team(teacher.token, robotId, { title: '一班', users: [{ openid: s1.openid, role: 'student' }] })).id;
  teamB = (await w.team(teacher2.token, robotId, { title: '二班', users: [{ openid: s2.openid, role: 'student' }] })).id;
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

async function ask(p: Person, question: string, tokens = ['好的']) {
  const s = await w.post(p.token, '/api/ai/ChatCategory/save', { r_id: robotId });
  expect(s.code, s.msg).toBe(20000);
  fake.queue.push({ tokens });
  const r = await streamChat(base, p.token, { category_id: s.data.id, question });
  const id = r.events.find((e) => e.event === 'records')!.data.id as number;
  return { sessionId: s.data.id as number, recordId: id, answer: r.answer };
}
/** The system prompt the scripted model received for the last answer. */
const lastSystem = () => {
  const req = [...fake.chatRequests].reverse().find((r) => r.body.messages.length > 0 && !String(r.body.messages[0].content).includes('追问'));
  return String(req!.body.messages[0].content);
};

const follow = (token: string, q: Record<string, string | number> = {}) => w.get(token, '/api/ai/TeacherConsole/follow', { robot_id: robotId, ...q });

describe('follow and viewContext', () => {
  let r1: Awaited<ReturnType<typeof ask>>;
  let r2: Awaited<ReturnType<typeof ask>>;
  beforeAll(async () => {
    r1 = await ask(s1, '细胞由什么组成', ['细胞膜、细胞质和细胞核']);
    await ask(s1, '叶绿体在哪里');
    r2 = await ask(s2, '二班同学的问题');
  });

  it("lists only the teacher's own classes' students, newest first, with filters", async () => {
    const mine = await follow(teacher.token);
    expect(mine.code, mine.msg).toBe(20000);
    expect(mine.data.data.map((x: { question: string }) => x.question)).toEqual(['叶绿体在哪里', '细胞由什么组成']);
    expect(mine.data.data[0]).toMatchObject({ user: { uid: s1.uid }, team_id: teamA, team_title: '一班', correction: null });
    const theirs = await follow(teacher2.token);
    expect(theirs.data.data.map((x: { question: string }) => x.question)).toEqual(['二班同学的问题']);
    expect((await follow(teacher.token, { team_id: teamB })).data.total).toBe(0);
    expect((await follow(teacher.token, { uid: s2.uid })).data.total).toBe(0);
    expect((await follow(teacher.token, { uid: s1.uid, keyword: '细胞' })).data.data.map((x: { id: number }) => x.id)).toEqual([r1.recordId]);
    expect((await follow(teacher.token, { team_id: teamA })).data.total).toBe(2);
    const classes = await w.get(teacher.token, '/api/ai/TeacherConsole/classes', { robot_id: robotId });
    expect(classes.data).toEqual([{ id: teamA, title: '一班', students: [{ uid: s1.uid, truename: expect.any(String) }] }]);
  });

  it("opens a record's conversation in context, only for the student's own teacher", async () => {
    const ctx = await w.get(teacher.token, '/api/ai/ChatRecords/viewContext', { id: r1.recordId });
    expect(ctx.code, ctx.msg).toBe(20000);
    expect(ctx.data).toMatchObject({ record_id: r1.recordId, session: { id: r1.sessionId }, user: { uid: s1.uid }, team_title: '一班' });
    expect(ctx.data.records.map((x: { answer: string }) => x.answer)).toEqual(['细胞膜、细胞质和细胞核']);
    expect((await w.get(teacher.token, '/api/ai/ChatRecords/viewContext', { id: r2.recordId })).status).toBe(404);
    expect((await w.get(teacher2.token, '/api/ai/ChatRecords/viewContext', { id: r1.recordId })).status).toBe(404);
  });

  it('refuses students (403) and other organisations (404); a student never reads another student', async () => {
    expect((await follow(s1.token)).status).toBe(403);
    expect((await w.get(s1.token, '/api/ai/ChatRecords/viewContext', { id: r2.recordId })).status).toBe(403);
    expect((await w.get(s2.token, '/api/ai/ChatRecords/detail', { id: r1.recordId, robot_id: robotId })).status).toBe(404);
    expect((await w.post(s1.token, '/api/ai/RecordsHasCorrect/save', { records_id: r2.recordId, content: '改' })).status).toBe(403);
    expect((await w.get(s1.token, '/api/ai/TeacherConsole/userData', { robot_id: robotId, uid: s2.uid })).status).toBe(403);
    expect((await follow(b.token)).status).toBe(404);
    expect((await w.get(b.token, '/api/ai/ChatRecords/viewContext', { id: r1.recordId })).status).toBe(404);
  });
});

describe('corrections', () => {
  it('shows under the student\'s stored answer, posts news, and is preferred for a similar later question', async () => {
    const r = await ask(s1, '光合作用需要什么条件', ['只要水就行']);
    expect((await w.post(teacher2.token, '/api/ai/RecordsHasCorrect/save', { records_id: r.recordId, content: '不对' })).status).toBe(404);
    const empty = await w.post(teacher.token, '/api/ai/RecordsHasCorrect/save', { records_id: r.recordId, content: '  ' });
    expect(empty.status).toBe(400);
    const saved = await w.post(teacher.token, '/api/ai/RecordsHasCorrect/save', { records_id: r.recordId, content: '光合作用需要光照、水和二氧化碳，在叶绿体中进行。' });
    expect(saved.code, saved.msg).toBe(20000);

    const log = await w.get(s1.token, '/api/ai/chat_records/chatLog', { category_id: r.sessionId });
    expect(log.data.records.data[0].correction).toMatchObject({ content: '光合作用需要光照、水和二氧化碳，在叶绿体中进行。', record_id: r.recordId });
    const news = await t.deps.db.select().from(teamNews).where(and(eq(teamNews.teamId, teamA), eq(teamNews.userId, s1.uid)));
    expect(news.map((n) => n.title)).toEqual([CORRECTION_NEWS_TITLE]);
    const mine = await w.get(s1.token, '/api/ai/MyStudy/data', { robot_id: robotId });
    expect(mine.data.corrections[0]).toMatchObject({ question: '光合作用需要什么条件', answer: '只要水就行' });

    // A student of another class asks something similar: the model is offered the correction.
    await ask(s2, '光合作用需要哪些条件？');
    expect(lastSystem()).toContain('光合作用需要光照、水和二氧化碳');
    // …but not the other student's question or the answer they were given.
    expect(lastSystem()).not.toContain('光合作用需要什么条件');
    expect(lastSystem()).not.toContain('只要水就行');
    await ask(s2, '细胞核的功能');
    expect(lastSystem()).not.toContain('老师订正');

    // With no model, the built-in engine answers with the correction.
    await t.deps.db.update(aiProviders).set({ enabled: false });
    try {
      const s = await w.post(s2.token, '/api/ai/ChatCategory/save', { r_id: robotId });
      const builtin = await streamChat(base, s2.token, { category_id: s.data.id, question: '光合作用需要什么条件呢' });
      expect(builtin.answer).toContain('光合作用需要光照、水和二氧化碳，在叶绿体中进行。');
      const other = await streamChat(base, s2.token, { category_id: s.data.id, question: '地球绕太阳转一圈多久' });
      expect(other.answer).not.toContain('光合作用');
    } finally {
      await t.deps.db.update(aiProviders).set({ enabled: true });
    }
  });
});

describe('tutoring modes and instructions', () => {
  it("change the prompt for the teacher's own students only", async () => {
    const save = (mode: string, instructions = '') =>
      w.post(teacher.token, '/api/ai/TeacherConsole/saveSetting', { robot_id: robotId, tutoring_mode: mode, instructions });
    expect((await w.get(teacher.token, '/api/ai/TeacherConsole/setting', { robot_id: robotId })).data).toEqual({ instructions: '', tutoring_mode: 'direct' });
    expect((await save('guide', '多用生活中的例子')).code).toBe(20000);
    expect((await w.get(teacher.token, '/api/ai/TeacherConsole/setting', { robot_id: robotId })).data).toEqual({ instructions: '多用生活中的例子', tutoring_mode: 'guide' });
    await ask(s1, '蒸腾作用是什么');
    expect(lastSystem()).toContain('引导提问');
    expect(lastSystem()).toContain('不要直接给出最终答案');
    expect(lastSystem()).toContain('老师的补充说明：多用生活中的例子');
    await ask(s2, '蒸腾作用是什么');
    expect(lastSystem()).not.toContain('引导提问');
    expect(lastSystem()).not.toContain('多用生活中的例子');

    await save('cite');
    await ask(s1, '呼吸作用是什么');
    expect(lastSystem()).toContain('引用教材');
    expect(lastSystem()).not.toContain('老师的补充说明');
    await save('direct');
    await ask(s1, '呼吸作用是什么');
    expect(lastSystem()).toContain('直接回答');
    expect((await save('lecture')).status).toBe(400);
    expect((await w.post(s1.token, '/api/ai/TeacherConsole/saveSetting', { robot_id: robotId, tutoring_mode: 'guide' })).status).toBe(403);
  });
});

describe('data and user-data', () => {
  it('counts only the classes of the teacher', async () => {
    // A failed reply of s1 (kept as the stream would store it) counts among the weak answers.
    const [any] = await t.deps.db.select().from(chatRecords).where(eq(chatRecords.userId, s1.uid)).limit(1);
    await t.deps.db.insert(chatRecords).values({
      sessionId: any!.sessionId, groupId: any!.groupId, userId: s1.uid, robotId, question: '失败的问题', status: 'failed', notice: '模型不可用',
    });
    const s1Count = (await t.deps.db.select().from(chatRecords).where(eq(chatRecords.userId, s1.uid))).length;
    const d = await w.get(teacher.token, '/api/ai/TeacherConsole/data', { robot_id: robotId, days: 7 });
    expect(d.code, d.msg).toBe(20000);
    expect(d.data).toMatchObject({ days: 7, students_total: 1, active_students: 1, questions_total: s1Count });
    expect(d.data.per_day).toHaveLength(7);
    expect(d.data.per_day.at(-1).questions).toBe(s1Count);
    expect(d.data.top_questions[0]).toEqual({ question: '呼吸作用是什么', count: 2 });
    expect(d.data.top_questions.map((q: { question: string }) => q.question)).not.toContain('二班同学的问题');
    expect(d.data.weak_answers.map((x: { question: string; reason: string }) => [x.question, x.reason])).toEqual([['失败的问题', '回答失败']]);

    const u = await w.get(teacher.token, '/api/ai/TeacherConsole/userData', { robot_id: robotId, uid: s1.uid });
    expect(u.code, u.msg).toBe(20000);
    expect(u.data).toMatchObject({ user: { uid: s1.uid }, team_title: '一班', questions_total: s1Count, days_active: 1 });
    expect(u.data.last_active).toBeGreaterThan(0);
    expect(u.data.topics.map((x: { term: string }) => x.term)).toContain('呼吸');
    expect(u.data.recent[0].question).toBe('失败的问题');
    expect((await w.get(teacher.token, '/api/ai/TeacherConsole/userData', { robot_id: robotId, uid: s2.uid })).status).toBe(404);
  });

  it("gives the student their own data and the chat panel's class notice flag", async () => {
    const mine = await w.get(s1.token, '/api/ai/MyStudy/data', { robot_id: robotId });
    expect(mine.data).toMatchObject({ in_class: true, team_title: '一班', days_active: 1 });
    expect(mine.data.recent.length).toBeGreaterThan(0);
    expect((await w.get(s1.token, '/api/ai/MyStudy/inClass', { robot_id: robotId })).data).toEqual({ in_class: true });
    const outsider = await w.personA();
    expect((await w.get(outsider.token, '/api/ai/MyStudy/inClass', { robot_id: robotId })).data).toEqual({ in_class: false });
    expect((await w.get(b.token, '/api/ai/MyStudy/inClass', { robot_id: robotId })).status).toBe(404);
  });
});
