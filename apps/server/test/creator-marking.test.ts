/**
 * The creator's read-only view of AI marking on their robot (/creator/robot/{rid} tab AI 批阅,
 * issue 20): the assignments teachers set on the robot and on their settled copies in the
 * organisation, with submission counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@xueban/contract/roles';
import { createTestApp, type TestApp } from './harness.ts';
import { World, type Person } from './robot-fixtures.ts';

let t: TestApp;
let w: World;
let creator: Person;
let teacher: Person;
let robotId = 0;
const VIEW = '/api/ai/Marking/creatorView';

beforeAll(async () => {
  t = await createTestApp();
  w = await new World(t).init();
  creator = await w.personA(Role.CREATOR);
  teacher = await w.personA(Role.TEACHER);
  robotId = (await w.robot(creator.token, { name: '作文助手', extra: { use_type: [1, 2] } })).id;
});
afterAll(async () => { await t?.close(); });

describe("the creator's AI marking tab", () => {
  it("lists the assignments set on the robot's settled copies with their counts, read-only", async () => {
    expect((await w.get(creator.token, VIEW, { robot_id: robotId })).data).toEqual([]);
    const settled = await w.post(teacher.token, '/api/ai/Robot/copyClassRobot', { id: robotId, source: 2 });
    expect(settled.code, settled.msg).toBe(20000);
    const team = await w.team(teacher.token, settled.data.id, { title: '初二三班' });
    const student = await w.personA();
    expect((await w.post(student.token, '/api/ai/RobotTeam/joinTeam', { team_id: team.id, invite_code: team.code })).code).toBe(20000);
    const set = await w.post(teacher.token, '/api/ai/Marking/save', {
      team_id: team.id, title: '我的老师', instructions: '写一篇作文', rubric: [{ name: '内容', points: 100, description: '' }], due_at: Math.floor(Date.now() / 1000) + 86400,
    });
    expect(set.code, set.msg).toBe(20000);
    const sent = await w.post(student.token, '/api/ai/Marking/submit', { assignment_id: set.data.id, text: '我的老师很认真。' });
    expect(sent.code, sent.msg).toBe(20000);

    const view = await w.get(creator.token, VIEW, { robot_id: robotId });
    expect(view.code, view.msg).toBe(20000);
    expect(view.data).toHaveLength(1);
    expect(view.data[0]).toMatchObject({ title: '我的老师', team_title: '初二三班', robot_id: settled.data.id, counts: { students: 1, submitted: 1, released: 0 } });
    expect(JSON.stringify(view.data)).not.toContain('我的老师很认真');
  });

  it("answers 404 to another organisation and 403 to a student", async () => {
    const b = await w.orgB();
    expect((await w.get(b.token, VIEW, { robot_id: robotId })).status).toBe(404);
    const student = await w.personA();
    expect((await w.get(student.token, VIEW, { robot_id: robotId })).status).toBe(403);
  });
});
