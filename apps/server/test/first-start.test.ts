/**
 * Issue 27 "A first start that teaches": the demo content a fresh database gets (DEMO_CONTENT on,
 * as in the product), what a new learner meets with no model configured, restarts, and the
 * admin's checklist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { bootstrap } from '../src/bootstrap.ts';
import { DEMO_AVATAR, DEMO_DOCUMENT_NAME, DEMO_QUESTIONS, DEMO_ROBOT_NAME } from '../src/demo-content.ts';
import { ADMIN, createTestApp, listen, login, register, type TestApp } from './harness.ts';
import { World } from './robot-fixtures.ts';
import { streamChat } from './sse-client.ts';

let t: TestApp;
let w: World;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ DEMO_CONTENT: '1' });
  base = await listen(t);
  w = await new World(t).init();
});
afterAll(async () => { await t?.close(); });

const demoRobots = async (token: string) =>
  (await w.get(token, '/api/ai/Robot/lists', { page: 1, limit: 50 })).data.data.filter((r: { name: string }) => r.name === DEMO_ROBOT_NAME);

describe('a fresh database', () => {
  it('opens the demo robot, ready to talk, on a new learner\'s /home', async () => {
    const learner = await register(t.app);
    const res = await w.get(learner.token, '/api/ai/RobotUsed/defaultRobot');
    expect(res.code, res.msg).toBe(20000);
    const robot = res.data.robot;
    expect(robot.name).toBe(DEMO_ROBOT_NAME);
    expect(robot.avatar).toBe(DEMO_AVATAR);
    expect(robot.config.onboarding_info.prologue).toContain('学伴小助手');
    expect(robot.config.onboarding_info.suggested_questions).toEqual([...DEMO_QUESTIONS]);
    // The learner is a student of 示例学校, which owns the robot.
    const info = await w.get(learner.token, '/api/uc/passport/getUserInfo');
    expect(info.data.group_info.name).toBe('示例学校');
  });

  it('binds the demo robot to a knowledge base whose document is ready, and to an intent category', async () => {
    const [robot] = await demoRobots(w.admin);
    const bound = await w.get(w.admin, '/api/ai/Robot/bindedContent', { robot_id: robot.id });
    expect(bound.data.map((b: { type: string }) => b.type).sort()).toEqual(['intent', 'repository']);
    const kb = bound.data.find((b: { type: string }) => b.type === 'repository');
    const docs = await w.get(w.admin, '/api/ai/knowledge/trainlists', { repository_id: kb.content_id, page: 1, limit: 10 });
    expect(docs.code, docs.msg).toBe(20000);
    expect(docs.data.data).toMatchObject([{ name: DEMO_DOCUMENT_NAME, status: 'ready' }]);
    expect(docs.data.data[0].chunk_count).toBeGreaterThan(0);
  });

  it('answers a new learner without any model, from the demo knowledge, citing the demo document', async () => {
    const learner = await register(t.app);
    const robot = (await w.get(learner.token, '/api/ai/RobotUsed/defaultRobot')).data;
    const session = await w.post(learner.token, '/api/ai/ChatCategory/save', { r_id: robot.rid });
    expect(session.code, session.msg).toBe(20000);
    const r = await streamChat(base, learner.token, { category_id: session.data.id, question: '知识库有什么用？' });
    expect(r.answer).toContain(MSG.noModelConfigured);
    expect(r.answer).toContain('检索相关片段');
    const finish = r.events.find((e) => e.event === 'finish')!.data;
    const cited = finish.sources.filter((s: { document_id?: number }) => s.document_id);
    expect(cited.length).toBeGreaterThan(0);
    expect(cited[0].title).toBe(DEMO_DOCUMENT_NAME);
    // Related questions: the robot's other suggested questions, each askable.
    expect(r.events.find((e) => e.event === 'correlation_questions')!.data).toEqual(['学伴 AI 能做什么？', '怎样创建自己的机器人？']);
  });

  it('shows the demo intent\'s recommend content when a question names it', async () => {
    const learner = await register(t.app);
    const robot = (await w.get(learner.token, '/api/ai/RobotUsed/defaultRobot')).data;
    const session = await w.post(learner.token, '/api/ai/ChatCategory/save', { r_id: robot.rid });
    const r = await streamChat(base, learner.token, { category_id: session.data.id, question: '我是新手，这个怎么用？' });
    const finish = r.events.find((e) => e.event === 'finish')!.data;
    expect(JSON.stringify(finish.recommend_content)).toContain('机器人广场');
  });

  it('seeds nothing again on restart, and a deleted demo robot stays deleted', async () => {
    await bootstrap(t.deps.db, t.config, pino({ level: 'silent' }));
    expect(await demoRobots(w.admin)).toHaveLength(1);
    const [robot] = await demoRobots(w.admin);
    const del = await w.post(w.admin, '/api/ai/Robot/delete', { id: robot.id });
    expect(del.code, del.msg).toBe(20000);
    await bootstrap(t.deps.db, t.config, pino({ level: 'silent' }));
    expect(await demoRobots(w.admin)).toHaveLength(0);
    const learner = await register(t.app);
    expect((await w.get(learner.token, '/api/ai/RobotUsed/defaultRobot')).data).toBeNull();
  });
});

describe('without demo content (DEMO_CONTENT=0)', () => {
  it('a fresh database has no robot at all', async () => {
    const t0 = await createTestApp();
    try {
      const learner = await register(t0.app);
      const res = await t0.app.inject({ method: 'GET', url: '/api/ai/RobotUsed/defaultRobot', headers: { 'x-token': learner.token } });
      expect(res.json().data).toBeNull();
    } finally {
      await t0.close();
    }
  });
});

describe('the admin\'s checklist', () => {
  it('lists connect a model, invite the school and create a robot, each done by what exists, and goes once all are', async () => {
    const t2 = await createTestApp({ DEMO_CONTENT: '1' });
    try {
      const w2 = await new World(t2).init();
      const state = async () => (await w2.get(w2.admin, '/api/uc/Onboarding/checklist')).data;
      const done = async () => Object.fromEntries((await state()).items.map((i: { key: string; done: boolean }) => [i.key, i.done]));
      // The demo robot is not the school's own robot.
      expect(await state()).toEqual({ show: true, items: [{ key: 'model', done: false }, { key: 'invite', done: false }, { key: 'robot', done: false }] });

      const invite = await w2.post(w2.admin, '/api/uc/groups/createInvite', { expire_days: 7 });
      expect(invite.code, invite.msg).toBe(20000);
      expect(await done()).toEqual({ model: false, invite: true, robot: false });

      await w2.robot(w2.admin, { name: '我的第一个机器人' });
      expect(await done()).toEqual({ model: false, invite: true, robot: true });

      const provider = await w2.post(w2.admin, '/api/ai/admin.AiKey/save', { name: '测试', base_url: 'https://api.example.com/v1', api_key: 'sk-x' });
      expect(provider.code, provider.msg).toBe(20000);
      const model = await w2.post(w2.admin, '/api/ai/admin.AiModel/save', { provider_id: provider.data.id, model: 'm-1', label: 'M1', capabilities: ['chat'] });
      expect(model.code, model.msg).toBe(20000);
      expect(await state()).toMatchObject({ show: false, items: [{ key: 'model', done: true }, { key: 'invite', done: true }, { key: 'robot', done: true }] });
    } finally {
      await t2.close();
    }
  });

  it('counts a member who joined as inviting the school, and can be dismissed for good', async () => {
    const t3 = await createTestApp({ DEMO_CONTENT: '1' });
    try {
      const w3 = await new World(t3).init();
      await register(t3.app); // a learner lands in 示例学校
      const before = (await w3.get(w3.admin, '/api/uc/Onboarding/checklist')).data;
      expect(before.items.find((i: { key: string }) => i.key === 'invite').done).toBe(true);
      expect(before.show).toBe(true);
      expect((await w3.post(w3.admin, '/api/uc/Onboarding/dismiss')).code).toBe(20000);
      expect((await w3.get(w3.admin, '/api/uc/Onboarding/checklist')).data.show).toBe(false);
      // A fresh login does not bring it back.
      const again = await login(t3.app, ADMIN.account, ADMIN.password);
      expect((await w3.get(again, '/api/uc/Onboarding/checklist')).data.show).toBe(false);
    } finally {
      await t3.close();
    }
  });

  it('is for admins only: a learner is refused, an organisation admin gets no model item', async () => {
    const learner = await register(t.app);
    const refused = await w.get(learner.token, '/api/uc/Onboarding/checklist');
    expect(refused.status).toBe(403);
    const orgAdmin = await w.personA(Role.ORG_ADMIN);
    const own = await w.get(orgAdmin.token, '/api/uc/Onboarding/checklist');
    expect(own.code, own.msg).toBe(20000);
    expect(own.data.items.map((i: { key: string }) => i.key)).toEqual(['invite', 'robot']);
  });
});
