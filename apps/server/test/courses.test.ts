import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COURSE_MSG } from '@xueban/contract/courses';
import { Role } from '@xueban/contract/roles';
import { chatRecords } from '../src/db/schema/chat.ts';
import { teamNews } from '../src/db/schema/teams.ts';
import { createTestApp, listen, type TestApp } from './harness.ts';
import { World, type Person } from './robot-fixtures.ts';
import { FakeOpenAI } from './fakes/openai-server.ts';
import { streamChat } from './sse-client.ts';
import { uploadFile } from './uploads.ts';

let fake: FakeOpenAI;
let t: TestApp;
let w: World;
let base: string;
let teacher: Person;
let student: Person;
/** A student of another class (same robot, another teacher's class). */
let otherStudent: Person;
let b: Awaited<ReturnType<World['orgB']>>;
let robotId = 0;
let teamId = 0;
let otherTeamId = 0;

const P = '/api/ai/coursePlan';
const N = '/api/ai/courseNode';
const T = '/api/ai/courseTeach';
const S = '/api/ai/courseStudy';

beforeAll(async () => {
  fake = await new FakeOpenAI().start();
  t = await createTestApp({ LLM_BASE_URL: fake.url, LLM_API_KEY: 'sk-test', LLM_MODEL: 'fake-chat' });
  base = await listen(t);
  w = await new World(t).init();
  const creator = await w.personA(Role.CREATOR);
  teacher = await w.personA(Role.TEACHER);
  const otherTeacher = await w.personA(Role.TEACHER);
  student = await w.personA();
  otherStudent = await w.personA();
  b = await w.orgB();
  robotId = (await w.robot(creator.token, { name: '语文助手', is_public: 2, extra: { use_type: [1, 2] } })).id;
  await w.setting(creator.token, robotId, { is_public: 2 });
  for (const who of [teacher, otherTeacher]) {
    expect((await w.post(who.token, '/api/ai/Robot/joinRobot', { robot_id: robotId, role: 'teacher' })).data.role).toBe('teacher');
  }
  teamId = (await w.team(teacher.token, robotId, { title: '七年级一班', users: [{ openid: student.openid, role: 'student' }] })).id;
  otherTeamId = (await w.team(otherTeacher.token, robotId, { title: '七年级二班', users: [{ openid: otherStudent.openid, role: 'student' }] })).id;
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

async function newPlan(title = '古诗文单元') {
  const res = await w.post(teacher.token, `${P}/save`, { title, description: '七年级上册' });
  expect(res.code, res.msg).toBe(20000);
  return res.data.id as number;
}

async function newNode(planId: number, title: string, pid = 0, extra: Record<string, unknown> = {}) {
  const res = await w.post(teacher.token, `${N}/save`, { plan_id: planId, pid, title, ...extra });
  expect(res.code, res.msg).toBe(20000);
  return res.data as { id: number; level: number; sort: number; pid: number };
}

/** A plan with one chapter and two lessons, published to the teacher's class. */
async function publishedPlan() {
  const planId = await newPlan();
  const chapter = await newNode(planId, '第一章 古诗');
  const lesson1 = await newNode(planId, '《静夜思》', chapter.id, { content: '床前明月光，疑是地上霜。李白思乡之作。' });
  const lesson2 = await newNode(planId, '《春晓》', chapter.id, { content: '春眠不觉晓，处处闻啼鸟。孟浩然。' });
  const pub = await w.post(teacher.token, `${P}/publish`, { plan_id: planId, team_id: teamId });
  expect(pub.code, pub.msg).toBe(20000);
  return { planId, chapter, lesson1, lesson2 };
}

const unlock = (planId: number, nodeId: number, status = 1, token = teacher.token, team = teamId) =>
  w.post(token, `${T}/unlock`, { plan_id: planId, team_id: team, node_id: nodeId, item_status: status });

describe('the plan tree', () => {
  it('creates chapters and lessons with level and sort, text, files (one main file) and a question set', async () => {
    const planId = await newPlan();
    const chapter = await newNode(planId, '第一章');
    expect(chapter).toMatchObject({ level: 1, sort: 1, pid: 0 });
    const up = await uploadFile(t.app, teacher.token, 'file', '讲义.pdf', Buffer.from('%PDF-1.4 lesson'));
    expect(up.code, up.msg).toBe(20000);
    const lesson = await w.post(teacher.token, `${N}/save`, {
      plan_id: planId, pid: chapter.id, title: '第一课', content: '课文内容',
      files: [{ name: '讲义.pdf', url: up.data.url, is_main_file: true }, { name: '副本.pdf', url: up.data.url, is_main_file: true }],
      questions: ['这首诗表达了什么？'],
    });
    expect(lesson.data).toMatchObject({ level: 2, sort: 1, pid: chapter.id, questions: ['这首诗表达了什么？'] });
    expect(lesson.data.files.map((f: { extra: { is_main_file: boolean } }) => f.extra.is_main_file)).toEqual([true, false]);
    expect((await newNode(planId, '第二课', chapter.id)).sort).toBe(2);
    // Another organisation's file, or a link that is no upload, is refused.
    const foreign = await uploadFile(t.app, b.token, 'file', '乙.pdf', Buffer.from('%PDF-1.4 b'));
    const bad = await w.post(teacher.token, `${N}/save`, { plan_id: planId, title: '坏文件', files: [{ name: '乙.pdf', url: foreign.data.url }] });
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe(COURSE_MSG.fileInvalid);
    const detail = await w.get(teacher.token, `${P}/detail`, { plan_id: planId });
    expect(detail.data.nodes.map((n: { title: string }) => n.title)).toEqual(['第一章', '第一课', '第二课']);
    expect(detail.data.plan).toMatchObject({ title: '古诗文单元', node_count: 3, uid: teacher.uid });
  });

  it('reorders by a drag: sort, pid and level follow the new tree, and a move under itself is refused', async () => {
    const planId = await newPlan('排序课程');
    const c1 = await newNode(planId, '章一');
    const c2 = await newNode(planId, '章二');
    const l1 = await newNode(planId, '课一', c1.id);
    // 课一 moves to the top level between the chapters; 章一 goes under 章二.
    const moved = await w.post(teacher.token, `${N}/move`, {
      plan_id: planId, items: [{ id: l1.id, pid: 0 }, { id: c2.id, pid: 0 }, { id: c1.id, pid: c2.id }],
    });
    expect(moved.code, moved.msg).toBe(20000);
    expect(moved.data.map((n: { title: string; pid: number; level: number; sort: number }) => [n.title, n.pid, n.level, n.sort]))
      .toEqual([['课一', 0, 1, 1], ['章二', 0, 1, 2], ['章一', c2.id, 2, 1]]);
    const cycle = await w.post(teacher.token, `${N}/move`, { plan_id: planId, items: [{ id: c1.id, pid: l1.id }, { id: l1.id, pid: c1.id }, { id: c2.id, pid: 0 }] });
    expect(cycle.status).toBe(400);
    const missing = await w.post(teacher.token, `${N}/move`, { plan_id: planId, items: [{ id: c1.id, pid: 0 }] });
    expect(missing.msg).toBe(COURSE_MSG.moveInvalid);
    // Deleting a chapter deletes what is under it.
    expect((await w.post(teacher.token, `${N}/delete`, { node_id: c2.id })).code).toBe(20000);
    expect((await w.get(teacher.token, `${P}/detail`, { plan_id: planId })).data.nodes.map((n: { title: string }) => n.title)).toEqual(['课一']);
  });

  it('lets only the owner (or an org admin) change a plan; another organisation gets 404', async () => {
    const planId = await newPlan('私有课程');
    const colleague = await w.personA(Role.TEACHER);
    const edit = await w.post(colleague.token, `${P}/save`, { id: planId, title: '改名' });
    expect(edit.status).toBe(403);
    expect(edit.msg).toBe(COURSE_MSG.notYourPlan);
    expect((await w.get(colleague.token, `${P}/lists`)).data.total).toBe(0);
    expect((await w.post(w.admin, `${P}/save`, { id: planId, title: '管理员改名' })).code).toBe(20000);
    const cross = await w.get(b.token, `${P}/detail`, { plan_id: planId });
    expect(cross.status).toBe(404);
    expect(cross.data).toBeNull();
    expect((await w.post(student.token, `${P}/save`, { title: '学生课程' })).status).toBe(403);
  });

  it('does not show a plan to a colleague who neither manages it nor teaches it in a class (404)', async () => {
    const planId = await newPlan('未发布的课程');
    await newNode(planId, '私有课时', 0, { content: '只属于作者的讲稿' });
    const colleague = await w.personA(Role.TEACHER);
    for (const path of [`${T}/detail`, `${P}/detail`]) {
      const res = await w.get(colleague.token, path, { plan_id: planId });
      expect(res.status, path).not.toBe(200);
      expect(JSON.stringify(res.data ?? null)).not.toContain('只属于作者的讲稿');
    }
    expect((await w.get(colleague.token, `${T}/detail`, { plan_id: planId })).status).toBe(404);
    expect((await w.get(teacher.token, `${T}/detail`, { plan_id: planId })).code).toBe(20000);
  });
});

describe('publishing, unlocking and studying', () => {
  it('publishes to a class the teacher leads only, and tells the class', async () => {
    const planId = await newPlan('发布课程');
    const notMine = await w.post(teacher.token, `${P}/publish`, { plan_id: planId, team_id: otherTeamId });
    expect(notMine.status).toBe(403);
    expect(notMine.msg).toBe(COURSE_MSG.notYourClass);
    const classes = await w.get(teacher.token, `${P}/classes`, { plan_id: planId });
    expect(classes.data).toEqual([expect.objectContaining({ team_id: teamId, title: '七年级一班', published: false })]);
    const pub = await w.post(teacher.token, `${P}/publish`, { plan_id: planId, team_id: teamId });
    expect(pub.msg).toBe(COURSE_MSG.published);
    const news = await t.deps.db.select().from(teamNews).where(eq(teamNews.teamId, teamId));
    expect(news.some((n) => n.kind === 'plan_published' && n.title.includes('发布课程'))).toBe(true);
    const list = await w.get(teacher.token, `${T}/lists`, { robot_id: robotId });
    expect(list.data.find((p: { plan_id: number }) => p.plan_id === planId)).toMatchObject({ team_title: '七年级一班', student_count: 1, unlocked_count: 0 });
  });

  it('refuses a locked lesson (item_status 0) to the student, and opens it after the unlock', async () => {
    const { planId, chapter, lesson1, lesson2 } = await publishedPlan();
    const tree = await w.get(student.token, `${S}/detail`, { plan_id: planId });
    expect(tree.data.tree.map((n: { title: string; item_status: number }) => [n.title, n.item_status]))
      .toEqual([['第一章 古诗', 0], ['《静夜思》', 0], ['《春晓》', 0]]);
    const locked = await w.get(student.token, `${S}/node`, { plan_id: planId, node_id: lesson1.id });
    expect(locked.status).toBe(403);
    expect(locked.msg).toBe(COURSE_MSG.nodeLocked);
    expect(locked.data).toBeNull();

    expect((await unlock(planId, lesson1.id)).msg).toBe(COURSE_MSG.unlocked);
    const after = await w.get(student.token, `${S}/detail`, { plan_id: planId });
    // Unlocking a lesson opens its chapter; the other lesson stays locked.
    expect(after.data.tree.map((n: { id: number; item_status: number }) => [n.id, n.item_status]))
      .toEqual([[chapter.id, 1], [lesson1.id, 1], [lesson2.id, 0]]);
    const open = await w.get(student.token, `${S}/node`, { plan_id: planId, node_id: lesson1.id });
    expect(open.data).toMatchObject({ title: '《静夜思》', content: '床前明月光，疑是地上霜。李白思乡之作。', item_status: 1, done: false, robot_id: robotId });
    expect((await w.get(student.token, `${S}/node`, { plan_id: planId, node_id: lesson2.id })).status).toBe(403);
    const news = await t.deps.db.select().from(teamNews).where(eq(teamNews.teamId, teamId));
    expect(news.some((n) => n.kind === 'node_unlocked' && n.title.includes('《静夜思》'))).toBe(true);

    // Locking it again closes it.
    expect((await unlock(planId, lesson1.id, 0)).msg).toBe(COURSE_MSG.locked);
    expect((await w.get(student.token, `${S}/node`, { plan_id: planId, node_id: lesson1.id })).status).toBe(403);
    // Only a teacher of the class unlocks.
    expect((await unlock(planId, lesson1.id, 1, student.token)).status).toBe(403);
  });

  it('gives a student of another class or another organisation nothing (404)', async () => {
    const { planId, lesson1 } = await publishedPlan();
    await unlock(planId, lesson1.id);
    for (const [token, who] of [[otherStudent.token, 'other class'], [b.token, 'other org']] as const) {
      const detail = await w.get(token, `${S}/detail`, { plan_id: planId });
      expect(detail.status, who).toBe(404);
      const node = await w.get(token, `${S}/node`, { plan_id: planId, node_id: lesson1.id });
      expect(node.status, who).toBe(404);
      expect(node.data).toBeNull();
    }
    expect((await w.get(otherStudent.token, `${S}/lists`, { robot_id: robotId })).data).toEqual([]);
    const mine = await w.get(student.token, `${S}/lists`, { robot_id: robotId });
    expect(mine.data.some((p: { plan_id: number }) => p.plan_id === planId)).toBe(true);
  });

  it('records progress, and the teacher sees who studied each lesson', async () => {
    const { planId, lesson1, lesson2 } = await publishedPlan();
    await unlock(planId, lesson1.id);
    await w.get(student.token, `${S}/node`, { plan_id: planId, node_id: lesson1.id });
    expect((await w.post(student.token, `${S}/done`, { plan_id: planId, node_id: lesson2.id })).status).toBe(403);
    expect((await w.post(student.token, `${S}/done`, { plan_id: planId, node_id: lesson1.id })).msg).toBe(COURSE_MSG.studied);
    const mine = await w.get(student.token, `${S}/detail`, { plan_id: planId });
    expect(mine.data.tree.find((n: { id: number }) => n.id === lesson1.id)).toMatchObject({ studied: 1, done: 1 });

    const view = await w.get(teacher.token, `${T}/detail`, { plan_id: planId });
    expect(view.data).toMatchObject({ team_id: teamId, student_count: 1 });
    expect(view.data.tree.find((n: { id: number }) => n.id === lesson1.id)).toMatchObject({ item_status: 1, studied: 1, done: 1 });
    expect(view.data.tree.find((n: { id: number }) => n.id === lesson2.id)).toMatchObject({ item_status: 0, studied: 0 });
    expect(view.data.studies[lesson1.id]).toEqual([expect.objectContaining({ uid: student.uid, done: true })]);

    const progress = await w.get(teacher.token, `${T}/studentProgress`, { robot_id: robotId, student_id: student.uid });
    expect(progress.data.find((p: { plan_id: number }) => p.plan_id === planId)).toMatchObject({ node_count: 3, done_count: 1, opened_count: 1 });
    // Not their student: refused.
    expect((await w.get(teacher.token, `${T}/studentProgress`, { robot_id: robotId, student_id: otherStudent.uid })).status).toBe(403);
  });
});

describe('asking the robot about a lesson', () => {
  async function session(token = student.token) {
    const res = await w.post(token, '/api/ai/ChatCategory/save', { r_id: robotId });
    expect(res.code, res.msg).toBe(20000);
    return res.data.id as number;
  }

  it('puts the open lesson\'s title and text in the prompt', async () => {
    const { planId, lesson1 } = await publishedPlan();
    await unlock(planId, lesson1.id);
    fake.queue.push({ tokens: ['这首诗', '表达思乡之情'] });
    const r = await streamChat(base, student.token, {
      category_id: await session(), question: '这首诗表达了什么？', extra: { plan_id: planId, node_id: lesson1.id },
    });
    expect(r.answer).toBe('这首诗表达思乡之情');
    const system = fake.chatRequests.at(-1)!.body.messages[0].content as string;
    expect(system).toContain('《静夜思》');
    expect(system).toContain('床前明月光，疑是地上霜。李白思乡之作。');
    // Without the lesson the prompt carries none.
    fake.queue.push({ tokens: ['好'] });
    await streamChat(base, student.token, { category_id: await session(), question: '你好' });
    expect(fake.chatRequests.at(-1)!.body.messages[0].content).not.toContain('床前明月光');
  });

  it('refuses a locked lesson\'s context before storing the question, and another class\'s with 404', async () => {
    const { planId, lesson2 } = await publishedPlan();
    const id = await session();
    const asked = fake.chatRequests.length;
    const r = await streamChat(base, student.token, { category_id: id, question: '春晓讲什么', extra: { plan_id: planId, node_id: lesson2.id } });
    expect(r.status).toBe(403);
    expect(r.envelope!.msg).toBe(COURSE_MSG.nodeLocked);
    expect(fake.chatRequests.length).toBe(asked);
    expect(await t.deps.db.select().from(chatRecords).where(eq(chatRecords.sessionId, id))).toEqual([]);
    await unlock(planId, lesson2.id);
    const other = await streamChat(base, otherStudent.token, {
      category_id: await session(otherStudent.token), question: '春晓讲什么', extra: { plan_id: planId, node_id: lesson2.id },
    });
    expect(other.status).toBe(404);
  });
});
