/**
 * Publishing, review, the resource centre and solutions (issue 20): a creator publishes, the
 * organisation admin reviews, another organisation finds and copies it; a solution is installed
 * in one step with its progress kept on an install record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@xueban/contract/roles';
import { RES_MSG } from '@xueban/contract/resources';
import { createTestApp, until, type TestApp } from './harness.ts';
import { World, type OrgB, type Person } from './robot-fixtures.ts';
import { installSolution } from '../src/modules/resources/solutions.service.ts';

let t: TestApp;
let w: World;
let creator: Person;
let b: OrgB;
let kb = 0;
let plan = 0;

async function settled(token: string, kbId: number) {
  await until('training', async () => {
    const tasks = await w.get(token, '/api/ai/knowledge/trainingtasks', { repository_id: kbId });
    return tasks.data.queued + tasks.data.training === 0 ? true : undefined;
  }, 30_000);
}

beforeAll(async () => {
  t = await createTestApp();
  w = await new World(t).init();
  creator = await w.personA(Role.CREATOR, Role.TEACHER);
  b = await w.orgB();
  kb = (await w.post(creator.token, '/api/ai/knowledge/save', { name: '高一物理知识', info: '力学' })).data.id;
  await w.post(creator.token, '/api/ai/knowledge/training', { type: 'qa', repository_id: kb, qa: [{ question: '牛顿第一定律是什么？', answer: '一切物体在没有受到力的作用时，总保持静止或匀速直线运动状态。' }] });
  await settled(creator.token, kb);
  plan = (await w.post(creator.token, '/api/ai/coursePlan/save', { title: '高一物理', description: '必修一' })).data.id;
  const ch = (await w.post(creator.token, '/api/ai/courseNode/save', { plan_id: plan, title: '第一章 运动的描述' })).data.id;
  await w.post(creator.token, '/api/ai/courseNode/save', { plan_id: plan, pid: ch, title: '质点 参考系', content: '质点是用来代替物体的有质量的点。' });
});
afterAll(async () => { await t?.close(); });

const resCenter = (token: string, q: Record<string, string | number> = {}) => w.get(token, '/api/ai/resCenter/lists', { limit: 50, ...q });
const ids = (res: { data: { data: { kind: string; id: number }[] } }) => res.data.data.map((i) => `${i.kind}:${i.id}`);

describe('publishing and review', () => {
  it('a publication waits for the organisation admin, then another organisation finds, previews and copies it', async () => {
    const pub = await w.post(creator.token, '/api/ai/publish/save', { kind: 'course', content_id: plan, scope: 'platform', subject: '物理', licence: 'CC BY 4.0（署名）' });
    expect([pub.code, pub.msg]).toEqual([20000, RES_MSG.published]);
    expect(pub.data).toMatchObject({ kind: 'course', title: '高一物理', status: 2, subject: '物理', scope: 'platform', publisher: { id: creator.uid } });
    const id = pub.data.id as number;

    // Pending: not listed, and another organisation cannot even open it.
    expect(ids(await resCenter(b.token))).not.toContain(`course:${id}`);
    expect((await w.get(b.token, '/api/ai/publish/detail', { id })).status).toBe(404);
    expect((await w.post(b.token, '/api/ai/resCenter/copy', { kind: 'course', id })).status).toBe(404);

    // A creator is not the reviewer; org B's admin cannot review org A's; a rejection needs a reason.
    expect((await w.get(creator.token, '/api/ai/publish/reviewLists')).status).toBe(403);
    expect((await w.post(b.token, '/api/ai/publish/review', { id, status: 3 })).status).toBe(404);
    const pending = await w.get(w.admin, '/api/ai/publish/reviewLists', { status: 2 });
    expect(pending.data.data.map((p: { id: number }) => p.id)).toContain(id);
    expect((await w.post(w.admin, '/api/ai/publish/review', { id, status: -2 })).msg).toBe(RES_MSG.rejectReasonRequired);
    expect((await w.post(w.admin, '/api/ai/publish/review', { id, status: 3 })).code).toBe(20000);

    const listed = await resCenter(b.token, { kind: 'course', subject: '物理', keyword: '物理' });
    expect(listed.data.data).toEqual([expect.objectContaining({ kind: 'course', id, title: '高一物理', licence: 'CC BY 4.0（署名）', author: expect.any(String), group_name: '示例学校' })]);
    expect(ids(await resCenter(b.token, { subject: '数学' }))).not.toContain(`course:${id}`);

    const detail = await w.get(b.token, '/api/ai/publish/detail', { id });
    expect(detail.data).toMatchObject({ can_copy: true, can_review: false, is_mine: false, view_num: 1 });
    expect(detail.data.preview.map((l: { title: string }) => l.title)).toEqual(['第一章 运动的描述', '质点 参考系']);

    const copied = await w.post(b.token, '/api/ai/resCenter/copy', { kind: 'course', id });
    expect([copied.code, copied.msg]).toEqual([20000, RES_MSG.copied]);
    expect(copied.data).toMatchObject({ kind: 'course', name: '高一物理' });
    expect(copied.data.id).not.toBe(plan);
    const mine = await w.get(b.token, '/api/ai/coursePlan/detail', { plan_id: copied.data.id });
    expect(mine.data.nodes.map((n: { title: string }) => n.title)).toEqual(['第一章 运动的描述', '质点 参考系']);

    const stats = await w.get(creator.token, '/api/ai/publish/mine');
    expect(stats.data.data.find((p: { id: number }) => p.id === id)).toMatchObject({ status: 3, view_num: 1, copy_num: 1 });
  });

  it('an organisation-only publication is listed in its organisation alone', async () => {
    const pub = await w.post(creator.token, '/api/ai/publish/save', { kind: 'knowledge', content_id: kb, scope: 'org' });
    await w.post(w.admin, '/api/ai/publish/review', { id: pub.data.id, status: 3 });
    expect(ids(await resCenter(creator.token, { kind: 'knowledge' }))).toContain(`knowledge:${pub.data.id}`);
    expect(ids(await resCenter(b.token, { kind: 'knowledge' }))).not.toContain(`knowledge:${pub.data.id}`);
    expect((await w.post(b.token, '/api/ai/resCenter/copy', { kind: 'knowledge', id: pub.data.id })).status).toBe(404);
    // Someone of the same organisation copies it; the copy answers at once (its chunks travelled).
    const teacher = await w.personA(Role.TEACHER);
    const copied = await w.post(teacher.token, '/api/ai/resCenter/copy', { kind: 'knowledge', id: pub.data.id });
    expect(copied.code, copied.msg).toBe(20000);
    const hits = await w.get(teacher.token, '/api/ai/knowledge/hitTest', { repository_id: copied.data.id, query: '牛顿第一定律' });
    expect(JSON.stringify(hits.data)).toContain('匀速直线运动');
  });

  it('lists shared robots and copies one through the robots\' own copy', async () => {
    const robot = await w.robot(creator.token, { name: '物理答疑' });
    await w.setting(creator.token, robot.id, { is_public: 2 });
    expect(ids(await resCenter(creator.token, { kind: 'robot' }))).toContain(`robot:${robot.id}`);
    expect(ids(await resCenter(b.token, { kind: 'robot' }))).not.toContain(`robot:${robot.id}`);
    const copied = await w.post(creator.token, '/api/ai/resCenter/copy', { kind: 'robot', id: robot.id });
    expect(copied.data).toMatchObject({ kind: 'robot', name: '物理答疑' });
    expect(copied.data.id).not.toBe(robot.id);
  });
});

describe('solutions', () => {
  it('bundles a robot with its bound knowledge and installs it in one step, every part copied and re-bound', async () => {
    const robot = await w.robot(creator.token, { name: '高一物理助教' });
    await w.post(creator.token, '/api/ai/Robot/bindContent', { robot_id: robot.id, type: 'repository', ids: [kb] });
    const saved = await w.post(creator.token, '/api/ai/solution/save', { name: '高一物理', info: '物理课的机器人与资料', robot_ids: [robot.id], course_ids: [plan] });
    expect(saved.code, saved.msg).toBe(20000);
    expect(saved.data).toMatchObject({ name: '高一物理', robots: [{ id: robot.id, name: '高一物理助教' }], knowledge: [{ id: kb, name: '高一物理知识' }], courses: [{ id: plan }] });

    const started = await w.post(creator.token, '/api/ai/solution/install', { id: saved.data.id });
    expect(started.data).toMatchObject({ status: 'running', total: 3 });
    const done = await until('install', async () => {
      const s = await w.get(creator.token, '/api/ai/solution/installStatus', { id: started.data.id });
      return s.data.status === 'running' ? undefined : s.data;
    }, 30_000);
    expect(done).toMatchObject({ status: 'done', done: 3, total: 3, error: '' });
    const robotCopy = done.result.robots[0].copy as number;
    const kbCopy = done.result.knowledgeBases[0].copy as number;
    expect([robotCopy, kbCopy]).not.toEqual([robot.id, kb]);
    expect(robotCopy).not.toBe(robot.id);
    expect(kbCopy).not.toBe(kb);
    const bound = await w.get(creator.token, '/api/ai/Robot/bindedContent', { robot_id: robotCopy });
    expect(bound.data.map((c: { content_id: number }) => c.content_id)).toEqual([kbCopy]);
    const planCopy = await w.get(creator.token, '/api/ai/coursePlan/detail', { plan_id: done.result.coursePlans[0].copy });
    expect(planCopy.data.plan.title).toBe('高一物理');
    expect((await w.get(creator.token, '/api/ai/solution/lists')).data.data[0]).toMatchObject({ install_num: 1 });
  });

  it('refuses another organisation\'s parts and solutions (404), and an empty bundle (400)', async () => {
    expect((await w.post(b.token, '/api/ai/solution/save', { name: '越界', knowledge_ids: [kb] })).status).toBe(404);
    expect((await w.post(creator.token, '/api/ai/solution/save', { name: '空方案' })).msg).toBe(RES_MSG.solutionEmpty);
    const mine = await w.post(creator.token, '/api/ai/solution/save', { name: '新生入学咨询', knowledge_ids: [kb], with_bound: false });
    expect((await w.post(b.token, '/api/ai/solution/install', { id: mine.data.id })).status).toBe(404);
    expect((await w.get(b.token, '/api/ai/solution/lists')).data.data).toEqual([]);
  });

  it('installSolution (the store\'s entry) installs into another organisation and returns the finished record', async () => {
    const mine = await w.post(creator.token, '/api/ai/solution/save', { name: '知识包', knowledge_ids: [kb] });
    const record = await installSolution({ db: t.deps.db }, mine.data.id, { groupId: b.groupId, uid: b.uid });
    expect(record).toMatchObject({ status: 'done', done: 1, total: 1 });
    const theirs = await w.get(b.token, '/api/ai/knowledge/lists');
    expect(theirs.data.data.map((k: { id: number }) => k.id)).toContain(record.result!.knowledgeBases[0]!.copy);
    expect((await w.get(b.token, '/api/ai/solution/installStatus', { id: record.id })).data.status).toBe('done');
  });
});
