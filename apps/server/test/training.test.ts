/**
 * The training centre (issue 20): a teacher sets up a scenario on a robot, a learner practises it
 * round by round with the organisation's model (the scripted OpenAI-compatible server) and gets a
 * scored debrief against the rubric; an unreadable debrief is a clear error with a retry; talk is
 * unscored; a teacher sees the results of their own students only; other organisations get 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@xueban/contract/codes';
import { Role } from '@xueban/contract/roles';
import { TRAIN_MSG } from '@xueban/contract/training';
import { aiModels } from '../src/db/schema/chat.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { World, type Person } from './robot-fixtures.ts';
import { FakeOpenAI } from './fakes/openai-server.ts';

let fake: FakeOpenAI;
let t: TestApp;
let w: World;
let creator: Person;
let teacher: Person;
let otherTeacher: Person;
let ann: Person;
let cara: Person;
let robotId = 0;

const RUBRIC = [{ name: '倾听', points: 40 }, { name: '表达', points: 60 }];
const SCENARIO = {
  title: '家长沟通', role: '你是一位焦虑的家长，孩子最近成绩下滑。', goal: '安抚家长并给出可行的建议', rubric: RUBRIC, rounds: 3, opening: '老师，我家孩子最近成绩怎么掉得这么厉害？',
};
const fenced = (json: unknown) => ({ tokens: ['好的，评分如下：\n```json\n', JSON.stringify(json), '\n```'] });

async function joinClass(teamId: number, code: string) {
  const p = await w.personA();
  const joined = await w.post(p.token, '/api/ai/RobotTeam/joinTeam', { team_id: teamId, invite_code: code });
  expect(joined.code, joined.msg).toBe(Code.OK);
  return p;
}

async function scenario(body: Record<string, unknown> = {}, publish = true, token = teacher.token) {
  const saved = await w.post(token, '/api/ai/TrainScenario/save', { robot_id: robotId, ...SCENARIO, ...body });
  expect(saved.code, saved.msg).toBe(Code.OK);
  if (publish) expect((await w.post(token, '/api/ai/TrainScenario/publish', { id: saved.data.id, publish: 1 })).code).toBe(Code.OK);
  return saved.data as { id: number; status: string };
}

const start = async (p: Person, scenarioId: number, mode = 'train') => {
  const res = await w.post(p.token, '/api/ai/TrainAttempt/start', { scenario_id: scenarioId, mode });
  expect(res.code, res.msg).toBe(Code.OK);
  return res.data;
};
const reply = (p: Person, id: number, content: string) => w.post(p.token, '/api/ai/TrainAttempt/reply', { id, content });

beforeAll(async () => {
  fake = await new FakeOpenAI().start();
  t = await createTestApp({ LLM_BASE_URL: fake.url, LLM_API_KEY: 'sk-test', LLM_MODEL: 'fake-chat', LLM_FIRST_BYTE_TIMEOUT_MS: '800', LLM_IDLE_TIMEOUT_MS: '800' });
  w = await new World(t).init();
  creator = await w.personA(Role.CREATOR);
  teacher = await w.personA(Role.TEACHER);
  otherTeacher = await w.personA(Role.TEACHER);
  robotId = (await w.robot(creator.token, { name: '沟通教练', extra: { use_type: [1, 2] } })).id;
  for (const p of [teacher, otherTeacher]) {
    expect((await w.post(p.token, '/api/ai/Robot/joinRobot', { robot_id: robotId, role: 'teacher' })).code).toBe(Code.OK);
  }
  const team = await w.team(teacher.token, robotId, { title: '新教师一班' });
  ann = await joinClass(team.id, team.code);
  const other = await w.team(otherTeacher.token, robotId, { title: '新教师二班' });
  cara = await joinClass(other.id, other.code);
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

describe('setup', () => {
  it('is for teachers and the robot creator; a learner is refused; drafts stay with their editors', async () => {
    const draft = await scenario({ title: '草稿场景' }, false);
    expect(draft.status).toBe('draft');
    const byCreator = await w.post(creator.token, '/api/ai/TrainScenario/save', { robot_id: robotId, ...SCENARIO, title: '创建者的场景' });
    expect(byCreator.code, byCreator.msg).toBe(Code.OK);
    const byStudent = await w.post(ann.token, '/api/ai/TrainScenario/save', { robot_id: robotId, ...SCENARIO });
    expect(byStudent.status).toBe(403);
    expect((await w.get(ann.token, '/api/ai/TrainScenario/detail', { id: draft.id })).status).toBe(404);
    const annList = await w.get(ann.token, '/api/ai/TrainScenario/lists');
    expect(annList.data.map((s: { title: string }) => s.title)).not.toContain('草稿场景');
    // Another teacher may not change a colleague's scenario.
    const edit = await w.post(otherTeacher.token, '/api/ai/TrainScenario/save', { id: draft.id, robot_id: robotId, ...SCENARIO });
    expect(edit.status).toBe(404);
    const published = await w.post(teacher.token, '/api/ai/TrainScenario/publish', { id: draft.id, publish: 1 });
    expect(published.data.status).toBe('published');
    expect((await w.post(otherTeacher.token, '/api/ai/TrainScenario/delete', { id: draft.id })).status).toBe(403);
    const seen = await w.get(ann.token, '/api/ai/TrainScenario/detail', { id: draft.id });
    expect(seen.data).toMatchObject({ title: '草稿场景', can_edit: false, model_ready: true, rubric: RUBRIC, rounds: 3 });
  });

  it('refuses a rubric without criteria, duplicate names and too many rounds, naming the rule', async () => {
    const empty = await w.post(teacher.token, '/api/ai/TrainScenario/save', { robot_id: robotId, ...SCENARIO, rubric: [] });
    expect(empty.status).toBe(400);
    expect(empty.msg).toBe(TRAIN_MSG.rubricRequired);
    const dup = await w.post(teacher.token, '/api/ai/TrainScenario/save', { robot_id: robotId, ...SCENARIO, rubric: [RUBRIC[0], RUBRIC[0]] });
    expect(dup.msg).toBe(TRAIN_MSG.rubricDuplicate);
    expect((await w.post(teacher.token, '/api/ai/TrainScenario/save', { robot_id: robotId, ...SCENARIO, rounds: 99 })).status).toBe(400);
  });
});

describe('practice', () => {
  it('goes round by round in the role, then scores the debrief against the rubric', async () => {
    const s = await scenario();
    const a = await start(ann, s.id);
    expect(a).toMatchObject({ mode: 'train', status: 'active', round: 0, rounds: 3, turns: [{ role: 'robot', content: SCENARIO.opening }] });
    fake.queue.push({ tokens: ['我真的', '很着急。'] }, { tokens: ['那我该怎么做？'] });
    const r1 = await reply(ann, a.id, '您先别着急，我们一起看看原因。');
    expect(r1.data).toMatchObject({ round: 1, status: 'active' });
    expect(r1.data.turns.at(-1)).toMatchObject({ role: 'robot', content: '我真的很着急。' });
    // The role goes to the model as the system prompt, with the whole dialogue so far.
    const sent = fake.chatRequests.at(-1)!.body.messages;
    expect(sent[0].content).toContain(SCENARIO.role);
    expect(sent.at(-1)).toEqual({ role: 'user', content: '您先别着急，我们一起看看原因。' });
    await reply(ann, a.id, '他最近是不是睡得比较晚？');
    // A score over a criterion's points is clamped; the total is the sum, not the model's.
    fake.queue.push(fenced({ scores: [{ name: '倾听', score: 55, comment: '耐心倾听' }, { name: '表达', score: 42.5, comment: '建议具体' }], summary: '整体不错', total: 999 }));
    const last = await reply(ann, a.id, '我们每天一起复盘作业吧。');
    expect(last.code, last.msg).toBe(Code.OK);
    expect(last.data).toMatchObject({
      status: 'done', round: 3, debrief_error: '',
      debrief: { total: 82.5, max: 100, summary: '整体不错', scores: [
        { name: '倾听', points: 40, score: 40, comment: '耐心倾听' }, { name: '表达', points: 60, score: 42.5, comment: '建议具体' },
      ] },
    });
    expect(fake.chatRequests.at(-1)!.body.messages[1].content).toContain('倾听（满分 40 分）');
    const again = await reply(ann, a.id, '还有一句');
    expect(again.status).toBe(409);
    expect(again.msg).toBe(TRAIN_MSG.attemptFinished);
    const mine = await w.get(ann.token, '/api/ai/TrainAttempt/mine', { scenario_id: s.id });
    expect(mine.data[0]).toMatchObject({ id: a.id, status: 'done', debrief: { total: 82.5 } });
  });

  it('keeps an unreadable debrief as a clear error with 重新评分, never a 500', async () => {
    const s = await scenario({ rounds: 1 });
    const a = await start(ann, s.id);
    fake.queue.push({ tokens: ['我觉得你表现很好！'] });
    const r = await reply(ann, a.id, '我理解您的担心。');
    expect(r.code, r.msg).toBe(Code.OK);
    expect(r.data).toMatchObject({ status: 'unscored', debrief: null, debrief_error: TRAIN_MSG.debriefUnreadable });
    expect(r.data.turns.at(-1)).toMatchObject({ role: 'learner', content: '我理解您的担心。' });
    fake.queue.push(fenced({ scores: { 倾听: 30, 表达: 50 }, summary: '好' }));
    fake.queue.push(fenced({ scores: [{ name: '倾听', score: 30 }, { name: '表达', score: '50' }], summary: '好' }));
    const retried = await w.post(ann.token, '/api/ai/TrainAttempt/debrief', { id: a.id });
    // An object of name → score is not the asked shape: still unscored, asked again.
    expect(retried.data.status).toBe('unscored');
    const ok = await w.post(ann.token, '/api/ai/TrainAttempt/debrief', { id: a.id });
    expect(ok.data).toMatchObject({ status: 'done', debrief: { total: 80 } });
    expect((await w.post(ann.token, '/api/ai/TrainAttempt/debrief', { id: a.id })).status).toBe(409);
  });

  it('stores nothing when the model fails mid-practice, and says so', async () => {
    const s = await scenario();
    const a = await start(ann, s.id);
    fake.queue.push({ status: 500 });
    const failed = await reply(ann, a.id, '您好');
    expect(failed.status).toBe(409);
    expect(failed.msg).toBe(TRAIN_MSG.modelFailed);
    const detail = await w.get(ann.token, '/api/ai/TrainAttempt/detail', { id: a.id });
    expect(detail.data.turns).toHaveLength(1);
  });

  it('talk is free conversation in the role, never scored', async () => {
    const s = await scenario({ rounds: 1 });
    const a = await start(ann, s.id, 'talk');
    fake.queue.push({ tokens: ['嗯。'] }, { tokens: ['好吧。'] });
    await reply(ann, a.id, '第一句');
    const r = await reply(ann, a.id, '第二句');
    expect(r.data).toMatchObject({ mode: 'talk', status: 'active', round: 2, rounds: 0, debrief: null });
    expect(fake.chatRequests.at(-1)!.body.messages[0].content).toContain('自由对话');
  });

  it('says plainly that training needs a model when none is configured', async () => {
    const s = await scenario();
    await t.deps.db.update(aiModels).set({ enabled: false });
    try {
      const detail = await w.get(ann.token, '/api/ai/TrainScenario/detail', { id: s.id });
      expect(detail.data.model_ready).toBe(false);
      const res = await w.post(ann.token, '/api/ai/TrainAttempt/start', { scenario_id: s.id, mode: 'train' });
      expect(res.status).toBe(409);
      expect(res.msg).toBe(TRAIN_MSG.noModel);
    } finally {
      await t.deps.db.update(aiModels).set({ enabled: true });
    }
  });
});

describe('results', () => {
  it('a teacher sees the attempts of their own students only; a learner sees only their own attempt', async () => {
    const s = await scenario({ rounds: 1 });
    for (const p of [ann, cara]) {
      const a = await start(p, s.id);
      fake.queue.push(fenced({ scores: [{ name: '倾听', score: 20 }, { name: '表达', score: 30 }], summary: '继续努力' }));
      expect((await reply(p, a.id, '您好，我们聊聊。')).data.status).toBe('done');
    }
    const mine = await w.get(teacher.token, '/api/ai/TrainScenario/results', { id: s.id });
    expect(mine.data).toEqual([expect.objectContaining({ user_id: ann.uid, team_title: '新教师一班', status: 'done', debrief: expect.objectContaining({ total: 50 }) })]);
    const theirs = await w.get(otherTeacher.token, '/api/ai/TrainScenario/results', { id: s.id });
    expect(theirs.data.map((r: { user_id: number }) => r.user_id)).toEqual([cara.uid]);
    // The teacher opens their student's attempt; not the other class's; a classmate sees neither.
    expect((await w.get(teacher.token, '/api/ai/TrainAttempt/detail', { id: mine.data[0].id })).data.turns).toHaveLength(2);
    expect((await w.get(teacher.token, '/api/ai/TrainAttempt/detail', { id: theirs.data[0].id })).status).toBe(404);
    expect((await w.get(ann.token, '/api/ai/TrainAttempt/detail', { id: theirs.data[0].id })).status).toBe(404);
    expect((await w.get(ann.token, '/api/ai/TrainScenario/results', { id: s.id })).status).toBe(403);
    expect((await reply(cara, mine.data[0].id, '冒充')).status).toBe(404);
  });

  it("answers 404 to another organisation's admin for scenarios and attempts", async () => {
    const s = await scenario();
    const a = await start(ann, s.id);
    const b = await w.orgB();
    expect((await w.get(b.token, '/api/ai/TrainScenario/detail', { id: s.id })).status).toBe(404);
    expect((await w.get(b.token, '/api/ai/TrainScenario/lists')).data).toEqual([]);
    expect((await w.post(b.token, '/api/ai/TrainAttempt/start', { scenario_id: s.id, mode: 'train' })).status).toBe(404);
    expect((await w.get(b.token, '/api/ai/TrainAttempt/detail', { id: a.id })).status).toBe(404);
    expect((await w.post(b.token, '/api/ai/TrainScenario/save', { robot_id: robotId, ...SCENARIO })).status).toBe(404);
  });
});
