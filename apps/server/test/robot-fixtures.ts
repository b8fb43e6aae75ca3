/** People and robots for the robot and team suites: org A is the demo organisation, org B a stranger. */
import { expect } from 'vitest';
import { Role } from '@xueban/contract/roles';
import { ADMIN, call, login, register, type TestApp } from './harness.ts';
import { uploadFile } from './uploads.ts';

export interface Person { token: string; uid: number; openid: string }

export class World {
  admin = '';
  sceneId = 0;
  industryIds: number[] = [];
  constructor(readonly t: TestApp) {}

  async init() {
    this.admin = await login(this.t.app, ADMIN.account, ADMIN.password);
    const scenes = await this.get(this.admin, '/api/ai/Robot/getRobotScenes');
    this.sceneId = scenes.data[0].id;
    const industries = await this.get(this.admin, '/api/ai/robot/getRobotCategoryList');
    this.industryIds = industries.data.map((i: { id: number }) => i.id);
    return this;
  }

  get(token: string | undefined, url: string, query: Record<string, string | number> = {}) {
    return call(this.t.app, 'GET', url, { token, query });
  }

  post(token: string | undefined, url: string, body: unknown = {}) {
    return call(this.t.app, 'POST', url, { token, body });
  }

  /** A new account in org A (the demo organisation) holding `roles` there. */
  async personA(...roles: Role[]): Promise<Person> {
    const u = await register(this.t.app);
    if (roles.length > 0) {
      const set = await this.post(this.admin, '/api/uc/groups/setMemberRoles', { uid: u.uid, roles });
      expect(set.code).toBe(20000);
    }
    const info = await this.get(u.token, '/api/uc/passport/getUserInfo');
    return { token: u.token, uid: u.uid, openid: info.data.openid };
  }

  /** The admin of a new organisation B, switched into it (and out of org A). */
  async orgB(): Promise<Person & { groupId: number }> {
    const u = await register(this.t.app);
    const created = await this.post(u.token, '/api/uc/groups/save', { name: `乙校${u.uid}` });
    expect(created.code).toBe(20000);
    const removed = await this.post(this.admin, '/api/uc/groups/removeMember', { uid: u.uid });
    expect(removed.code).toBe(20000);
    const info = await this.get(u.token, '/api/uc/passport/getUserInfo');
    return { token: u.token, uid: u.uid, openid: info.data.openid, groupId: created.data.group_id };
  }

  async robot(token: string, body: Record<string, unknown> = {}) {
    const res = await this.post(token, '/api/ai/Robot/saveRobot', { name: '数学助手', scene_id: this.sceneId, ...body });
    expect(res.code, res.msg).toBe(20000);
    return res.data as { id: number; code: string; [k: string]: unknown };
  }

  /** A robot bound to a knowledge base of one trained document (a markdown file), as a creator makes one. */
  async robotWithDocument(token: string, name: string, fileName: string, markdown: string) {
    const kb = await this.post(token, '/api/ai/knowledge/save', { name: fileName.replace(/\.md$/, ''), info: '' });
    const up = await uploadFile(this.t.app, token, 'knowledge', fileName, Buffer.from(markdown));
    await this.post(token, '/api/ai/knowledge/training', { type: 'file', repository_id: kb.data.id, file_ids: [up.data.id] });
    for (let i = 0; ; i++) {
      const tasks = await this.get(token, '/api/ai/knowledge/trainingtasks', { repository_id: kb.data.id });
      if (tasks.data.queued + tasks.data.training === 0) break;
      if (i > 300) throw new Error('training did not finish');
      await new Promise((r) => setTimeout(r, 100));
    }
    const robot = await this.robot(token, { name });
    await this.post(token, '/api/ai/Robot/bindContent', { robot_id: robot.id, type: 'repository', ids: [kb.data.id] });
    return robot;
  }

  setting(token: string, id: number, s: Record<string, number>) {
    return this.post(token, '/api/ai/Robot/updateRobotSetting', { id, ...s });
  }

  detail(token: string, id: number, q: Record<string, number> = {}) {
    return this.get(token, '/api/ai/Robot/detail', { id, ...q });
  }

  /** Releases a robot and has the super admin approve it. */
  async publish(token: string, id: number, target: 'square' | 'template') {
    const applied = await this.post(token, '/api/ai/Robot/release', { id, target });
    expect(applied.code, applied.msg).toBe(20000);
    const audited = await this.post(this.admin, '/api/ai/admin.robot/audit', { id: applied.data.id, status: 3 });
    expect(audited.code, audited.msg).toBe(20000);
  }

  async team(token: string, robotId: number, body: Record<string, unknown> = {}) {
    const res = await this.post(token, '/api/ai/RobotTeam/save', { robot_id: robotId, title: `团队${Math.random().toString(36).slice(2, 8)}`, ...body });
    expect(res.code, res.msg).toBe(20000);
    return res.data as { id: number; code: string; title: string; invite_url: string; team_size: number; member_count: number };
  }
}

/** Org A's creator, student and teacher, and the admin of a new org B: the cast of the robot suites. */
export async function cast(t: TestApp) {
  const w = await new World(t).init();
  const creator = await w.personA(Role.CREATOR);
  const student = await w.personA();
  const teacher = await w.personA(Role.TEACHER);
  return { w, creator, student, teacher, b: await w.orgB() };
}
export type OrgB = Awaited<ReturnType<World['orgB']>>;
