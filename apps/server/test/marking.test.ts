/**
 * AI marking (issue 17): a teacher sets an assignment for a class they lead, students hand work
 * in, the organisation's model drafts the marks (the scripted OpenAI-compatible server), the
 * teacher overrides and releases, the student sees only their own released result, and the
 * class's results export as xlsx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { teamNews } from '../src/db/schema/teams.ts';
import { crc32, deflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { Code } from '@xueban/contract/codes';
import { MARK_MSG } from '@xueban/contract/marking';
import { Role } from '@xueban/contract/roles';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { markingSubmissions } from '../src/db/schema/marking.ts';
import { createTestApp, until, type TestApp } from './harness.ts';
import { World, type Person } from './robot-fixtures.ts';
import { FakeOpenAI } from './fakes/openai-server.ts';
import { uploadFile } from './uploads.ts';

let fake: FakeOpenAI;
let t: TestApp;
let w: World;
let teacher: Person;
let otherTeacher: Person;
let ann: Person;
let ben: Person;
let cara: Person;
let robotId = 0;
let classId = 0;
let restarted: FastifyInstance | null = null;

const RUBRIC = [
  { name: '内容', points: 60, description: '观点清楚，论据充分' },
  { name: '表达', points: 40, description: '语句通顺' },
];
const dueIn = (days: number) => Math.floor(Date.now() / 1000) + days * 86400;
/** The model's answer, streamed as the fake sends tokens. */
const answer = (json: unknown) => ({ tokens: ['```json\n', JSON.stringify(json).slice(0, 10), JSON.stringify(json).slice(10), '\n```'] });

async function joinClass(teamId: number, code: string) {
  const p = await w.personA();
  const joined = await w.post(p.token, '/api/ai/RobotTeam/joinTeam', { team_id: teamId, invite_code: code });
  expect(joined.code, joined.msg).toBe(Code.OK);
  return p;
}

async function setAssignment(body: Record<string, unknown> = {}, token = teacher.token) {
  const res = await w.post(token, '/api/ai/Marking/save', { team_id: classId, title: '我的家乡', instructions: '写一篇 300 字的短文', rubric: RUBRIC, due_at: dueIn(3), ...body });
  expect(res.code, res.msg).toBe(Code.OK);
  return res.data as { id: number; counts: Record<string, number> };
}

const review = async (assignmentId: number, token = teacher.token) => {
  const res = await w.get(token, '/api/ai/Marking/review', { assignment_id: assignmentId });
  expect(res.code, res.msg).toBe(Code.OK);
  return res.data as { students: { uid: number; truename: string; submission: any }[] };
};
const submissionOf = async (assignmentId: number, uid: number) => (await review(assignmentId)).students.find((s) => s.uid === uid)!.submission;
const waitFor = (assignmentId: number, uid: number, status: string) =>
  until(`submission ${status}`, async () => {
    const s = await submissionOf(assignmentId, uid);
    return s?.status === status ? s : undefined;
  }, 20_000);
/** The class's latest news item (the student's 动态 reads this feed). */
const lastNews = async () => (await t.deps.db.select().from(teamNews).where(eq(teamNews.teamId, classId)).orderBy(desc(teamNews.id)).limit(1))[0];
const mine = async (p: Person) => {
  const res = await w.get(p.token, '/api/ai/Marking/mine', { robot_id: robotId });
  expect(res.code, res.msg).toBe(Code.OK);
  return res.data as any[];
};

beforeAll(async () => {
  fake = await new FakeOpenAI().start();
  t = await createTestApp({ LLM_BASE_URL: fake.url, LLM_API_KEY: 'sk-test', LLM_MODEL: 'fake-chat', LLM_FIRST_BYTE_TIMEOUT_MS: '800', LLM_IDLE_TIMEOUT_MS: '800' });
  w = await new World(t).init();
  const creator = await w.personA(Role.CREATOR);
  teacher = await w.personA(Role.TEACHER);
  otherTeacher = await w.personA(Role.TEACHER);
  robotId = (await w.robot(creator.token, { name: '语文助手', extra: { use_type: [1, 2] } })).id;
  for (const p of [teacher, otherTeacher]) {
    expect((await w.post(p.token, '/api/ai/Robot/joinRobot', { robot_id: robotId, role: 'teacher' })).code).toBe(Code.OK);
  }
  const team = await w.team(teacher.token, robotId, { title: '三年一班' });
  classId = team.id;
  ann = await joinClass(team.id, team.code);
  ben = await joinClass(team.id, team.code);
  const otherClass = await w.team(otherTeacher.token, robotId, { title: '三年二班' });
  cara = await joinClass(otherClass.id, otherClass.code);
});
afterAll(async () => {
  await restarted?.close();
  await t?.close();
  await fake?.stop();
});

describe('assignments', () => {
  it('are set for a class the teacher leads, posted as class news, listed with counts', async () => {
    const classes = await w.get(teacher.token, '/api/ai/Marking/classes');
    expect(classes.data).toEqual([expect.objectContaining({ team_id: classId, title: '三年一班', robot_name: '语文助手', students: 2 })]);
    const a = await setAssignment({ title: '秋天的树叶' });
    const list = await w.get(teacher.token, '/api/ai/Marking/assignments');
    expect(list.data.find((x: { id: number }) => x.id === a.id)).toMatchObject({
      title: '秋天的树叶', team_title: '三年一班', total_points: 100, counts: { students: 2, submitted: 0, drafted: 0, released: 0 },
    });
    const news = await lastNews();
    expect(news).toMatchObject({ title: '新作业：秋天的树叶', userId: null });
  });

  it('refuses a rubric without criteria and a class the teacher does not lead', async () => {
    const empty = await w.post(teacher.token, '/api/ai/Marking/save', { team_id: classId, title: '空', rubric: [], due_at: dueIn(1) });
    expect(empty.status).toBe(400);
    expect(empty.msg).toBe(MARK_MSG.rubricRequired);
    const other = await w.post(otherTeacher.token, '/api/ai/Marking/save', { team_id: classId, title: '越权', rubric: RUBRIC, due_at: dueIn(1) });
    expect(other.status).toBe(403);
    const farFuture = await w.post(teacher.token, '/api/ai/Marking/save', { team_id: classId, title: '远期', rubric: RUBRIC, due_at: 1e15 });
    expect(farFuture.status).toBe(400);
  });
});

describe('AI drafting', () => {
  it("turns the model's JSON into the draft, scores clamped to each criterion's points", async () => {
    const a = await setAssignment();
    fake.queue.push(answer({ scores: [{ name: '内容', score: 75 }, { name: '表达', score: 31.5 }], comment: '内容充实，表达流畅。' }));
    const sent = await w.post(ann.token, '/api/ai/Marking/submit', { assignment_id: a.id, text: '我的家乡在江南，小桥流水。' });
    expect(sent.code, sent.msg).toBe(Code.OK);
    expect(sent.data).toMatchObject({ status: 'submitted', late: false, result: null });
    const drafted = await waitFor(a.id, ann.uid, 'drafted');
    expect(drafted.ai_scores).toEqual([{ name: '内容', score: 60 }, { name: '表达', score: 31.5 }]);
    expect(drafted.ai_comment).toBe('内容充实，表达流畅。');
    // The model read the work and the rubric.
    const asked = JSON.stringify(fake.chatRequests.at(-1)!.body.messages);
    expect(asked).toContain('小桥流水');
    expect(asked).toContain('内容（满分 60 分）');
    // The student sees no draft before release.
    const own = (await mine(ann)).find((x) => x.id === a.id);
    expect(own.submission).toMatchObject({ status: 'submitted', result: null });
    expect(JSON.stringify(own)).not.toContain('内容充实');
  });

  it('keeps the submission waiting with the reason when the model fails or times out, and a retry drafts it', async () => {
    const a = await setAssignment();
    fake.queue.push({ status: 500 });
    await w.post(ann.token, '/api/ai/Marking/submit', { assignment_id: a.id, text: '第一篇' });
    const failed = await waitFor(a.id, ann.uid, 'failed');
    expect(failed.draft_error).toBe(MARK_MSG.modelFailed);
    expect(failed.text).toBe('第一篇');

    fake.queue.push({ firstByteDelayMs: 2000, tokens: ['{}'] });
    await w.post(ben.token, '/api/ai/Marking/submit', { assignment_id: a.id, text: '第二篇' });
    const timedOut = await waitFor(a.id, ben.uid, 'failed');
    expect(timedOut.draft_error).toBe(MARK_MSG.modelTimeout);

    fake.queue.push(answer({ scores: { 内容: 50, 表达: 30 }, comment: '不错' }));
    const retried = await w.post(teacher.token, '/api/ai/Marking/draft', { id: timedOut.id });
    expect(retried.code, retried.msg).toBe(Code.OK);
    expect(retried.data).toMatchObject({ status: 'drafted', draft_error: '', ai_scores: [{ name: '内容', score: 50 }, { name: '表达', score: 30 }], text: '第二篇' });
  });

  it('says plainly it cannot mark without a model; the teacher marks by hand', async () => {
    const a = await setAssignment();
    await t.deps.db.execute(sql`update ai_models set enabled = false`);
    try {
      await w.post(ann.token, '/api/ai/Marking/submit', { assignment_id: a.id, text: '没有模型' });
      const waiting = await waitFor(a.id, ann.uid, 'failed');
      expect(waiting.draft_error).toBe(MARK_MSG.noModel);
      const draft = await w.post(teacher.token, '/api/ai/Marking/draft', { id: waiting.id });
      expect(draft.status).toBe(400);
      expect(draft.msg).toBe(MARK_MSG.noModel);
      const marked = await w.post(teacher.token, '/api/ai/Marking/mark', {
        id: waiting.id, scores: [{ name: '内容', score: 40 }, { name: '表达', score: 20 }], comment: '老师手动评分', release: 1,
      });
      expect(marked.code, marked.msg).toBe(Code.OK);
      expect(marked.data).toMatchObject({ status: 'released', scores: [{ name: '内容', score: 40 }, { name: '表达', score: 20 }] });
    } finally {
      await t.deps.db.execute(sql`update ai_models set enabled = true`);
    }
  });
});

describe('review and release', () => {
  it('lets the teacher override and release; the student sees their own released mark only', async () => {
    const a = await setAssignment({ title: '春游' });
    fake.queue.push(answer({ scores: [{ name: '内容', score: 50 }, { name: '表达', score: 35 }], comment: 'AI 评语' }));
    await w.post(ann.token, '/api/ai/Marking/submit', { assignment_id: a.id, text: '安的作文' });
    const annSub = await waitFor(a.id, ann.uid, 'drafted');
    // Scored work keeps the rubric it was scored on; the title may still change.
    const changed = await w.post(teacher.token, '/api/ai/Marking/save', {
      id: a.id, team_id: classId, title: '春游', instructions: '', rubric: [{ name: '内容', points: 100 }], due_at: dueIn(3),
    });
    expect(changed.status).toBe(409);
    expect(changed.msg).toBe(MARK_MSG.rubricLocked);
    expect((await w.post(teacher.token, '/api/ai/Marking/save', { id: a.id, team_id: classId, title: '春游记', rubric: RUBRIC, due_at: dueIn(3) })).code).toBe(Code.OK);
    await w.post(teacher.token, '/api/ai/Marking/save', { id: a.id, team_id: classId, title: '春游', rubric: RUBRIC, due_at: dueIn(3) });
    fake.queue.push(answer({ scores: [{ name: '内容', score: 40 }, { name: '表达', score: 30 }], comment: '本的评语' }));
    await w.post(ben.token, '/api/ai/Marking/submit', { assignment_id: a.id, text: '本的作文' });
    await waitFor(a.id, ben.uid, 'drafted');

    const tooHigh = await w.post(teacher.token, '/api/ai/Marking/mark', { id: annSub.id, scores: [{ name: '内容', score: 61 }, { name: '表达', score: 1 }] });
    expect(tooHigh.status).toBe(400);
    const saved = await w.post(teacher.token, '/api/ai/Marking/mark', {
      id: annSub.id, scores: [{ name: '内容', score: 55 }, { name: '表达', score: 35 }], comment: '老师改过的评语', release: 1,
    });
    expect(saved.data).toMatchObject({ status: 'released', comment: '老师改过的评语' });
    const news = await lastNews();
    expect(news).toMatchObject({ title: '批阅结果已发布：春游', userId: ann.uid });

    const annView = (await mine(ann)).find((x) => x.id === a.id);
    expect(annView.submission.result).toMatchObject({ scores: [{ name: '内容', score: 55 }, { name: '表达', score: 35 }], total: 90, comment: '老师改过的评语' });
    const benView = (await mine(ben)).find((x) => x.id === a.id);
    expect(benView.submission).toMatchObject({ text: '本的作文', result: null });
    expect(JSON.stringify(benView)).not.toContain('安的作文');
    // A student cannot read the review, nor resubmit after release.
    expect((await w.get(ben.token, '/api/ai/Marking/review', { assignment_id: a.id })).status).toBe(403);
    const again = await w.post(ann.token, '/api/ai/Marking/submit', { assignment_id: a.id, text: '改一下' });
    expect(again.msg).toBe(MARK_MSG.alreadyReleased);

    const all = await w.post(teacher.token, '/api/ai/Marking/releaseAll', { id: a.id });
    expect(all.data).toEqual({ released: 1 });
    expect((await mine(ben)).find((x) => x.id === a.id).submission.result).toMatchObject({ total: 70, comment: '本的评语' });
  });

  it('accepts work after the due date, marked late', async () => {
    const a = await setAssignment({ due_at: dueIn(-1) });
    fake.queue.push(answer({ scores: [{ name: '内容', score: 10 }, { name: '表达', score: 10 }], comment: '按时交' }));
    const sent = await w.post(ann.token, '/api/ai/Marking/submit', { assignment_id: a.id, text: '迟到的作业' });
    expect(sent.code).toBe(Code.OK);
    expect(sent.data.late).toBe(true);
    expect((await waitFor(a.id, ann.uid, 'drafted')).late).toBe(true);
  });

  it('reads the text of a submitted file for the model', async () => {
    const a = await setAssignment();
    const up = await uploadFile(t.app, ann.token, 'file', '作文.txt', Buffer.from('文件里的作文内容：家乡的小河。'));
    expect(up.code, up.msg).toBe(Code.OK);
    fake.queue.push(answer({ scores: [{ name: '内容', score: 30 }, { name: '表达', score: 30 }], comment: '好' }));
    const sent = await w.post(ann.token, '/api/ai/Marking/submit', { assignment_id: a.id, files: [{ url: up.data.url, name: '作文.txt' }] });
    expect(sent.code, sent.msg).toBe(Code.OK);
    const drafted = await waitFor(a.id, ann.uid, 'drafted');
    expect(drafted.files[0]).toMatchObject({ name: '作文.txt', kind: 'document', text: '文件里的作文内容：家乡的小河。' });
    expect(JSON.stringify(fake.chatRequests.at(-1)!.body.messages)).toContain('家乡的小河');
    // Someone else's upload is not their work.
    const theirs = await w.post(ben.token, '/api/ai/Marking/submit', { assignment_id: a.id, files: [{ url: up.data.url, name: '作文.txt' }] });
    expect(theirs.status).toBe(400);
  });
});

/** A valid 2×2 greyscale PNG (the upload checks an image's content and size). */
function tinyPng() {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr[8] = 1;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(4))), chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('pictures', () => {
  it('go to a vision model as image parts, and are named in the prompt of a model without vision', async () => {
    const a = await setAssignment();
    const up = await uploadFile(t.app, ann.token, 'file', '手写作业.png', tinyPng());
    expect(up.code, up.msg).toBe(Code.OK);
    await t.deps.db.execute(sql`update ai_models set capabilities = '{chat,vision}'`);
    try {
      fake.queue.push(answer({ scores: [{ name: '内容', score: 40 }, { name: '表达', score: 30 }], comment: '字迹工整' }));
      await w.post(ann.token, '/api/ai/Marking/submit', { assignment_id: a.id, text: '见图片', files: [{ url: up.data.url, name: '手写作业.png' }] });
      const drafted = await waitFor(a.id, ann.uid, 'drafted');
      expect(drafted.files[0]).toMatchObject({ kind: 'image', name: '手写作业.png' });
      const parts = fake.chatRequests.at(-1)!.body.messages[1].content as { type: string; image_url?: { url: string } }[];
      expect(parts.find((p) => p.type === 'image_url')?.image_url?.url).toMatch(/^data:image\/png;base64,/);
    } finally {
      await t.deps.db.execute(sql`update ai_models set capabilities = '{chat}'`);
    }
    fake.queue.push(answer({ scores: [{ name: '内容', score: 40 }, { name: '表达', score: 30 }], comment: '请老师看图' }));
    const redrafted = await w.post(teacher.token, '/api/ai/Marking/draft', { id: (await submissionOf(a.id, ann.uid)).id });
    expect(redrafted.data.status).toBe('drafted');
    const asked = fake.chatRequests.at(-1)!.body.messages[1].content;
    expect(typeof asked).toBe('string');
    expect(asked).toContain('当前模型无法查看图片');
  });
});

describe('who sees what', () => {
  it('keeps a teacher of another class on the same robot out (403), and another organisation out (404)', async () => {
    const a = await setAssignment();
    fake.queue.push(answer({ scores: [{ name: '内容', score: 1 }, { name: '表达', score: 1 }], comment: '' }));
    await w.post(ann.token, '/api/ai/Marking/submit', { assignment_id: a.id, text: '作业' });
    const sub = await waitFor(a.id, ann.uid, 'drafted');
    expect((await w.get(otherTeacher.token, '/api/ai/Marking/review', { assignment_id: a.id })).status).toBe(403);
    expect((await w.post(otherTeacher.token, '/api/ai/Marking/mark', { id: sub.id, scores: [], release: 1 })).status).toBe(403);
    expect((await w.get(otherTeacher.token, '/api/ai/Marking/assignments')).data.some((x: { id: number }) => x.id === a.id)).toBe(false);
    // Cara is in the other class: the assignment is not hers to see or hand in.
    expect((await mine(cara)).some((x) => x.id === a.id)).toBe(false);
    expect((await w.post(cara.token, '/api/ai/Marking/submit', { assignment_id: a.id, text: '串班' })).status).toBe(403);

    // Only a teacher of the class deletes it; then it is gone, submissions with it.
    expect((await w.post(otherTeacher.token, '/api/ai/Marking/delete', { id: a.id })).status).toBe(403);
    const b = await w.orgB();
    expect((await w.get(b.token, '/api/ai/Marking/review', { assignment_id: a.id })).status).toBe(404);
    expect((await w.post(b.token, '/api/ai/Marking/draft', { id: sub.id })).status).toBe(404);
    expect((await w.post(b.token, '/api/ai/Marking/submit', { assignment_id: a.id, text: '外校' })).status).toBe(404);
    expect((await w.get(b.token, '/api/ai/Marking/export', { assignment_id: a.id })).status).toBe(404);
    expect((await w.post(b.token, '/api/ai/Marking/delete', { id: a.id })).status).toBe(404);
    expect((await w.post(teacher.token, '/api/ai/Marking/delete', { id: a.id })).code).toBe(Code.OK);
    expect((await w.get(teacher.token, '/api/ai/Marking/review', { assignment_id: a.id })).status).toBe(404);
    expect((await mine(ann)).some((x) => x.id === a.id)).toBe(false);
  });
});

describe('export', () => {
  it('has one row per student of the class, those who handed nothing in included', async () => {
    const a = await setAssignment({ title: '导出测试' });
    fake.queue.push(answer({ scores: [{ name: '内容', score: 45 }, { name: '表达', score: 25 }], comment: '写得好' }));
    await w.post(ann.token, '/api/ai/Marking/submit', { assignment_id: a.id, text: '安的导出作业' });
    const sub = await waitFor(a.id, ann.uid, 'drafted');
    await w.post(teacher.token, '/api/ai/Marking/mark', { id: sub.id, scores: [{ name: '内容', score: 50 }, { name: '表达', score: 25 }], comment: '=SUM(A1)', release: 1 });
    const res = await t.app.inject({ method: 'GET', url: `/api/ai/Marking/export?assignment_id=${a.id}`, headers: { 'x-token': teacher.token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['姓名', '内容（60分）', '表达（40分）', '总分', '评语', '状态', '提交时间']);
    expect(rows).toHaveLength(3);
    const annName = (await review(a.id)).students.find((s) => s.uid === ann.uid)!.truename;
    const annRow = rows.find((r) => r[0] === annName)!;
    expect(annRow.slice(1, 6)).toEqual([50, 25, 75, '=SUM(A1)', '已发布']);
    const benRow = rows.find((r) => r[0] !== annName && r[0] !== '姓名')!;
    expect(benRow[5]).toBe('未提交');
  });
});

describe('a stop while drafting (last: it restarts the app)', () => {
  it('leaves the submission waiting with the reason, to be drafted again', async () => {
    const a = await setAssignment();
    fake.queue.push(answer({ scores: [{ name: '内容', score: 1 }, { name: '表达', score: 1 }], comment: '' }));
    await w.post(ann.token, '/api/ai/Marking/submit', { assignment_id: a.id, text: '写到一半停电了' });
    const sub = await waitFor(a.id, ann.uid, 'drafted');
    // As a killed process leaves it: claimed, never finished.
    await t.deps.db.update(markingSubmissions).set({ status: 'drafting', draftStartedAt: new Date() }).where(eq(markingSubmissions.id, sub.id));
    await t.app.close();
    restarted = await buildApp(t.deps);
    await restarted.ready();
    const [after] = await t.deps.db.select().from(markingSubmissions).where(eq(markingSubmissions.id, sub.id));
    if (t.deps.dbKind === 'pglite') {
      // Embedded: this process was the only drafter, so the open draft died with the last one.
      expect(after).toMatchObject({ status: 'failed', draftError: MARK_MSG.interrupted, text: '写到一半停电了' });
      return;
    }
    // PostgreSQL: another node may still be drafting it. Once the claim is stale, a redraft takes it over.
    expect(after).toMatchObject({ status: 'drafting', text: '写到一半停电了' });
    await t.deps.db.update(markingSubmissions).set({ draftStartedAt: new Date(Date.now() - 10 * 60_000) }).where(eq(markingSubmissions.id, sub.id));
    fake.queue.push(answer({ scores: [{ name: '内容', score: 2 }, { name: '表达', score: 2 }], comment: '重新批阅' }));
    const res = await restarted.inject({ method: 'POST', url: '/api/ai/Marking/draft', headers: { 'x-token': teacher.token }, payload: { id: sub.id } });
    expect(res.json()).toMatchObject({ code: Code.OK, data: { status: 'drafted' } });
  });
});
