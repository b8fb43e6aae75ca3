/**
 * Safety for minors (issue 28) through the chat stream: disguised words caught in questions and in
 * streamed answers, answers cut before the word, alerts recorded and sent to the student's teachers
 * (and, when high, to the organisation admins who opted in), the flags calls, organisation words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { chatRecords } from '../src/db/schema/chat.ts';
import { createTestApp, listen, type TestApp } from './harness.ts';
import { World, type OrgB, type Person } from './robot-fixtures.ts';
import { FakeOpenAI } from './fakes/openai-server.ts';
import { FakeSmtp } from './fakes/smtp-server.ts';
import { users } from '../src/db/schema/users.ts';
import { names, streamChat } from './sse-client.ts';

let fake: FakeOpenAI;
let smtp: FakeSmtp;
let t: TestApp;
let w: World;
let base: string;
let teacher: Person;
let otherTeacher: Person;
let student: Person;
let orgAdmin: Person;
let quietAdmin: Person;
let b: OrgB;
let robotId: number;
let teamId: number;

beforeAll(async () => {
  fake = await new FakeOpenAI().start();
  smtp = await new FakeSmtp().start();
  t = await createTestApp({ LLM_BASE_URL: fake.url, LLM_API_KEY: 'sk-test', LLM_MODEL: 'fake-chat', SMTP_URL: smtp.url });
  base = await listen(t);
  w = await new World(t).init();
  // Teachers who also create: each makes the robot their class uses.
  teacher = await w.personA(Role.TEACHER, Role.CREATOR);
  otherTeacher = await w.personA(Role.TEACHER, Role.CREATOR);
  student = await w.personA();
  orgAdmin = await w.personA(Role.ORG_ADMIN);
  quietAdmin = await w.personA(Role.ORG_ADMIN);
  b = await w.orgB();
  const robot = await w.robot(teacher.token, { name: '心理小助手', is_public: 2, extra: { use_type: [1, 2] } });
  robotId = robot.id;
  await w.setting(teacher.token, robotId, { is_public: 2 });
  const team = await w.team(teacher.token, robotId, { title: '初二一班' });
  teamId = team.id;
  const joined = await w.post(student.token, '/api/ai/RobotTeam/joinTeam', { team_id: team.id, invite_code: team.code });
  expect(joined.code, joined.msg).toBe(20000);
  // The other teacher leads a class of their own on another robot.
  const otherRobot = await w.robot(otherTeacher.token, { name: '英语助手', extra: { use_type: [1, 2] } });
  await w.team(otherTeacher.token, otherRobot.id, { title: '初二二班' });

  for (const [word, category, severity] of [['自杀', '自伤', 'high'], ['赌博', '违法', 'standard'], ['炸弹', '暴力', 'high']]) {
    const saved = await w.post(w.admin, '/api/ai/admin.Sensitive/save', { word, category, severity });
    expect(saved.data, saved.msg).toMatchObject({ word, category, severity });
  }
  expect((await w.post(orgAdmin.token, '/api/ai/SafetyFlag/setOptIn', { enabled: true })).data).toEqual({ enabled: true });
  // Addresses for the alert emails (the accounts were registered by mobile number).
  await t.deps.db.update(users).set({ email: 'teacher@school.test' }).where(eq(users.id, teacher.uid));
  await t.deps.db.update(users).set({ email: 'head@school.test' }).where(eq(users.id, orgAdmin.uid));
  await t.deps.db.update(users).set({ email: 'quiet@school.test' }).where(eq(users.id, quietAdmin.uid));
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
  await smtp?.stop();
});

async function newSession(token = student.token, rid = robotId) {
  const res = await w.post(token, '/api/ai/ChatCategory/save', { r_id: rid });
  expect(res.code, res.msg).toBe(20000);
  return res.data.id as number;
}
const ask = (category_id: number, question: string, token = student.token) => streamChat(base, token, { category_id, question });
const flags = (token: string, q: Record<string, string | number> = {}) => w.get(token, '/api/ai/SafetyFlag/lists', { limit: 50, ...q });
const notices = async (token: string) => (await w.get(token, '/api/uc/notice/lists', { limit: 50 })).data.data as { title: string; content: string; link: string }[];

describe('questions', () => {
  it('refuses a high-severity word disguised with spaces, records the alert and tells the teacher and the opted-in admin only', async () => {
    const id = await newSession();
    fake.queue.push({ tokens: ['你好，有什么可以帮你？'] });
    const first = await ask(id, '你好');
    const firstRecord = first.events.find((e) => e.event === 'records')!.data.id as number;

    const refused = await ask(id, '我真的想 自 杀 了');
    expect([refused.status, refused.envelope!.msg]).toEqual([400, MSG.sensitiveQuestion]);

    const list = await flags(teacher.token);
    expect(list.data.total).toBe(1);
    expect(list.data.data[0]).toMatchObject({
      source: 'question', word: '自杀', matched: '自 杀', category: '自伤', severity: 'high', status: 'open',
      student_id: student.uid, team_id: teamId, team_title: '初二一班', robot_id: robotId, robot_name: '心理小助手',
      record_id: firstRecord, excerpt: '我真的想 自 杀 了',
    });

    const [toTeacher] = await notices(teacher.token);
    expect(toTeacher!.title).toContain('安全预警');
    expect(toTeacher!.link).toBe(`/teacherCenter/console/${robotId}/follow?record_id=${firstRecord}`);
    expect((await notices(orgAdmin.token))[0]).toMatchObject({ title: toTeacher!.title, link: '/group/safety/flags' });
    expect(await notices(quietAdmin.token)).toEqual([]);
    expect(await notices(otherTeacher.token)).toEqual([]);

    // With SMTP, an email each to the teacher and the opted-in admin (sent in the background).
    await expect.poll(() => smtp.messages.flatMap((m) => m.to).join(' '), { timeout: 5_000 }).toContain('head@school.test');
    const to = smtp.messages.flatMap((m) => m.to).join(' ');
    expect(to).toContain('teacher@school.test');
    expect(to).not.toContain('quiet@school.test');
  });

  it('a standard word in traditional characters or pinyin tells the teacher but not the admins', async () => {
    const id = await newSession();
    const before = (await notices(orgAdmin.token)).length;
    for (const q of ['可以去賭博嗎', '我们去 du bo 吧']) {
      const r = await ask(id, q);
      expect([r.status, r.envelope!.msg]).toEqual([400, MSG.sensitiveQuestion]);
    }
    const list = await flags(teacher.token, { category: '违法' });
    expect(list.data.data.map((a: { matched: string }) => a.matched)).toEqual(['du bo', '賭博']);
    expect(list.data.data[0].record_id).toBeNull();
    expect((await notices(orgAdmin.token)).length).toBe(before);
    expect((await notices(teacher.token))[0]!.link).toBe(`/teacherCenter/console/${robotId}/follow`);
  });

  it('lets near misses through', async () => {
    const id = await newSession();
    fake.queue.push({ tokens: ['好的'] });
    const r = await ask(id, '电脑要装杀毒软件，自主学习很重要，博物馆几点开门？');
    expect(r.status).toBe(200);
  });
});

describe('answers', () => {
  it('cuts a streamed answer before a word disguised across deltas, keeps what was shown and records the hit', async () => {
    const id = await newSession();
    fake.queue.push({ tokens: ['化学课上', '我们学了', '怎么做炸', ' *', '弹的', '原理'] });
    const r = await ask(id, '化学课学了什么');
    expect(names(r)).toEqual(['chat', 'msg', 'finish', 'records', 'close']);
    expect(r.answer).toBe('化学课上我们学了怎么做');
    const recordId = r.events.find((e) => e.event === 'records')!.data.id as number;
    const [row] = await t.deps.db.select().from(chatRecords).where(eq(chatRecords.id, recordId));
    expect(row).toMatchObject({ answer: '化学课上我们学了怎么做', notice: MSG.sensitiveAnswer, status: 'done' });

    const [alert] = (await flags(teacher.token, { category: '暴力' })).data.data;
    expect(alert).toMatchObject({ source: 'answer', word: '炸弹', matched: '炸 *弹', record_id: recordId, severity: 'high', excerpt: '化学课上我们学了怎么做' });
    expect((await notices(teacher.token))[0]!.link).toBe(`/teacherCenter/console/${robotId}/follow?record_id=${recordId}`);
  });

  it('cuts 深度思考 reasoning before a listed word too, and stops before the answer', async () => {
    const id = await newSession();
    fake.queue.push({ reasoning: ['先想想怎么做炸', '弹'], tokens: ['不该出现的回答'] });
    const r = await streamChat(base, student.token, { category_id: id, question: '化学实验', is_reason: 1 });
    const thought = r.events.filter((e) => e.event === 'reasoning').map((e) => e.data.content).join('');
    expect(thought).toBe('先想想怎么做');
    expect(r.answer).toBe('');
    expect(r.events.find((e) => e.event === 'msg')!.data.content).toBe(MSG.sensitiveAnswer);
    const recordId = r.events.find((e) => e.event === 'records')!.data.id as number;
    const [row] = await t.deps.db.select().from(chatRecords).where(eq(chatRecords.id, recordId));
    expect(row).toMatchObject({ reasoning: '先想想怎么做', answer: '', notice: MSG.sensitiveAnswer });
  });

  it('catches pinyin at the very end of an answer', async () => {
    const id = await newSession();
    fake.queue.push({ tokens: ['答案是 Zì', 'Shā'] });
    const r = await ask(id, '拼音');
    expect(r.answer).toBe('答案是 ');
    expect(r.events.find((e) => e.event === 'msg')!.data.content).toBe(MSG.sensitiveAnswer);
  });
});

describe('organisation words', () => {
  it('apply to their organisation only, and are managed by its admins', async () => {
    const saved = await w.post(orgAdmin.token, '/api/ai/group.Sensitive/save', { word: '校内暗语', category: '欺凌' });
    expect(saved.data, saved.msg).toMatchObject({ word: '校内暗语', category: '欺凌', severity: 'standard' });
    expect((await w.get(orgAdmin.token, '/api/ai/group.Sensitive/lists')).data.data.map((x: { word: string }) => x.word)).toEqual(['校内暗语']);
    expect((await w.get(w.admin, '/api/ai/admin.Sensitive/lists', { keyword: '校内' })).data.total).toBe(0);
    expect((await w.post(teacher.token, '/api/ai/group.Sensitive/save', { word: 'x' })).status).toBe(403);

    const id = await newSession();
    const refused = await ask(id, '他说了校 内 暗 语');
    expect([refused.status, refused.envelope!.msg]).toEqual([400, MSG.sensitiveQuestion]);

    // Org B: its own robot and session; org A's word passes, the platform's does not.
    const robotB = await w.robot(b.token, { name: '乙校助手' });
    const sessionB = await newSession(b.token, robotB.id);
    fake.queue.push({ tokens: ['好'] });
    expect((await ask(sessionB, '他说了校内暗语', b.token)).status).toBe(200);
    expect((await ask(sessionB, '自杀', b.token)).status).toBe(400);
    // Another organisation's word cannot be deleted from here.
    expect((await w.post(b.token, '/api/ai/group.Sensitive/delete', { ids: [saved.data.id] })).status).toBe(404);
  });
});

describe('flags', () => {
  it('teachers see their classes only; admins the organisation; another organisation nothing', async () => {
    expect((await flags(otherTeacher.token)).data.total).toBe(0);
    expect((await flags(otherTeacher.token, { scope: 'group' })).status).toBe(403);
    const all = await flags(orgAdmin.token, { scope: 'group' });
    expect(all.data.total).toBeGreaterThanOrEqual(6);
    expect((await flags(b.token, { scope: 'group' })).data.data.every((a: { robot_name: string }) => a.robot_name === '乙校助手')).toBe(true);
    expect((await flags(b.token, { team_id: teamId })).status).toBe(404);
    const choices = await w.get(teacher.token, '/api/ai/SafetyFlag/filters', { scope: 'teacher' });
    expect(choices.data).toMatchObject({ teams: [{ id: teamId, title: '初二一班' }], students: [{ id: student.uid }] });
    expect((await flags(teacher.token, { student_id: student.uid, team_id: teamId })).data.total).toBe(7);
  });

  it('a teacher marks an alert handled with a note; others cannot', async () => {
    const [alert] = (await flags(teacher.token, { category: '自伤' })).data.data;
    expect((await w.post(otherTeacher.token, '/api/ai/SafetyFlag/handle', { id: alert.id, note: '越权' })).status).toBe(404);
    expect((await w.post(b.token, '/api/ai/SafetyFlag/handle', { id: alert.id })).status).toBe(404);
    const done = await w.post(teacher.token, '/api/ai/SafetyFlag/handle', { id: alert.id, note: '已与学生和家长谈话' });
    expect([done.code, done.msg]).toEqual([20000, MSG.safetyHandled]);
    expect(done.data).toMatchObject({ status: 'handled', note: '已与学生和家长谈话' });
    expect(done.data.handled_time).toBeGreaterThan(0);
    // Two 自伤 alerts (the question and the answer in pinyin): one left open.
    expect((await flags(teacher.token, { status: 'open', category: '自伤' })).data.data.map((a: { id: number }) => a.id)).not.toContain(alert.id);
    expect((await flags(teacher.token, { status: 'handled' })).data.data[0].id).toBe(alert.id);
    expect((await w.post(teacher.token, '/api/ai/SafetyFlag/handle', { id: alert.id, note: '长'.repeat(201) })).msg).toBe(MSG.safetyNoteTooLong);
  });
});

describe('the moderation model', () => {
  it('adds its categories after the word list when configured, and never blocks a question when unreachable', async () => {
    const save = (body: Record<string, unknown>) => w.post(w.admin, '/api/ai/admin.Moderation/save', body);
    expect((await save({ enabled: true, base_url: '' })).msg).toBe(MSG.moderationUrlInvalid);
    expect((await w.post(orgAdmin.token, '/api/ai/admin.Moderation/save', { enabled: false, base_url: '' })).status).toBe(403);
    const saved = await save({ enabled: true, base_url: fake.url, model: 'omni-moderation-latest', api_key: 'sk-mod' });
    expect(saved.data).toEqual({ enabled: true, base_url: fake.url, model: 'omni-moderation-latest', has_key: true });
    fake.moderationRules.push({ includes: '不想活', categories: ['self-harm', 'self-harm/intent'] });

    const id = await newSession();
    const refused = await ask(id, '我有点不想活了');
    expect([refused.status, refused.envelope!.msg]).toEqual([400, MSG.sensitiveQuestion]);
    expect(fake.moderationRequests.at(-1)).toEqual({ model: 'omni-moderation-latest', input: '我有点不想活了' });
    const [alert] = (await flags(teacher.token, { category: '自伤', status: 'open' })).data.data;
    expect(alert).toMatchObject({ origin: 'model', word: 'self-harm', severity: 'high', excerpt: '我有点不想活了' });

    // The list decides first: the model is not asked about a listed word.
    const asked = fake.moderationRequests.length;
    expect((await ask(id, '去赌博')).status).toBe(400);
    expect(fake.moderationRequests.length).toBe(asked);

    // Unreachable: the list alone decides.
    await save({ enabled: true, base_url: 'http://127.0.0.1:9/v1' });
    fake.queue.push({ tokens: ['好的'] });
    expect((await ask(id, '我有点不想活了')).status).toBe(200);
    await save({ enabled: false, base_url: '' });
  });
});
