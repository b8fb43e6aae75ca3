import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { industries, robotMembers, scenes } from '../src/db/schema/robots.ts';
import { SEED_INDUSTRIES, SEED_SCENES, seedCatalogue } from '../src/modules/robots/catalogue.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { cast, type OrgB, type Person, type World } from './robot-fixtures.ts';

let t: TestApp;
let w: World, creator: Person, student: Person, teacher: Person, b: OrgB;
beforeAll(async () => {
  t = await createTestApp();
  ({ w, creator, student, teacher, b } = await cast(t));
});
afterAll(async () => { await t?.close(); });

const SAVE = '/api/ai/Robot/saveRobot';

describe('catalogues', () => {
  it('seeds industries and scenes once, however often the server boots', async () => {
    await seedCatalogue(t.deps.db);
    await seedCatalogue(t.deps.db);
    const [i] = await t.deps.db.select({ n: count() }).from(industries);
    const [s] = await t.deps.db.select({ n: count() }).from(scenes);
    expect(i!.n).toBe(SEED_INDUSTRIES.length);
    expect(s!.n).toBe(SEED_SCENES.length);
    for (const url of ['/api/uc/Tool/getCategoryList', '/api/ai/robot/getRobotCategoryList']) {
      const res = await w.get(student.token, url);
      expect(res.data.map((x: { name: string }) => x.name)).toEqual([...SEED_INDUSTRIES]);
    }
    const sc = await w.get(student.token, '/api/ai/Robot/getRobotScenes');
    expect(sc.data.map((x: { name: string }) => x.name)).toEqual(SEED_SCENES.map((x) => x.name));
  });
});

describe('Robot/saveRobot', () => {
  it('checks the name, then the scene, with the spec messages', async () => {
    const cases: [unknown, string][] = [
      [{ scene_id: w.sceneId }, MSG.robotNameRequired],
      [{ name: '   ', scene_id: w.sceneId }, MSG.robotNameRequired],
      [{ name: 42, scene_id: w.sceneId }, MSG.robotNameRequired],
      [{}, MSG.robotNameRequired],
      [{ name: '助手' }, MSG.sceneRequired],
      [{ name: '助手', scene_id: '' }, MSG.sceneRequired],
      [{ name: '助手', scene_id: 0 }, MSG.sceneRequired],
      [{ name: '一'.repeat(31), scene_id: w.sceneId }, MSG.robotNameTooLong],
    ];
    for (const [body, msg] of cases) {
      const res = await w.post(creator.token, SAVE, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.msg, JSON.stringify(body)).toBe(msg);
    }
    const unknownScene = await w.post(creator.token, SAVE, { name: '助手', scene_id: 99999 });
    expect(unknownScene.msg).toBe(MSG.sceneRequired);
  });

  it('lets creators and admins create (the creator gets role creator) but not students or plain teachers', async () => {
    expect((await w.post(student.token, SAVE, { name: '助手', scene_id: w.sceneId })).msg).toBe(MSG.noOperationPermission);
    const byTeacher = await w.post(teacher.token, SAVE, { name: '助手', scene_id: w.sceneId });
    expect(byTeacher.status).toBe(403);
    expect(byTeacher.msg).toBe(MSG.noOperationPermission);
    const res = await w.post(creator.token, SAVE, {
      name: '  英语口语陪练  ', scene_id: w.sceneId, info: '陪你练口语', msg: '你好！', industry_ids: [w.industryIds[3], 99999, w.industryIds[3]],
      extra: { introduce: '能力介绍', use_type: [2, 1] }, config: { onboarding_info: { prologue: '开场白', suggested_questions: ['问题一'] } },
      group_id: b.groupId, creator_id: student.uid, copy_num: 99, is_public: 1,
    });
    expect(res.msg).toBe(MSG.created);
    expect(res.data).toMatchObject({
      name: '英语口语陪练', info: '陪你练口语', msg: '你好！', role: 'creator', source: 0, is_public: 0, copy_num: 0,
      industry_ids: [w.industryIds[3]], robot_member_count: 1, user: { uid: creator.uid },
      extra: { cover_url: '', introduce: '能力介绍', use_type: [1, 2] },
      config: { onboarding_info: { prologue: '开场白', suggested_questions: ['问题一'], suggested_questions_show_mode: 0 } },
    });
    expect(res.data.group_id).not.toBe(b.groupId);
    const byAdmin = await w.robot(w.admin, { name: '校园服务助手' });
    expect(byAdmin.role).toBe('creator');
  });

  it('updates for creator-level editors and cooperators, 403 for teachers on the robot, 404 across organisations', async () => {
    const robot = await w.robot(creator.token);
    const updated = await w.post(creator.token, SAVE, { id: robot.id, name: '新名字', scene_id: w.sceneId });
    expect(updated.msg).toBe(MSG.updated);
    expect(updated.data.name).toBe('新名字');
    const other = await w.post(b.token, SAVE, { id: robot.id, name: '抢走', scene_id: w.sceneId });
    expect(other.status).toBe(404);
    expect(other.data).toBeNull();
    expect((await w.post(teacher.token, SAVE, { id: robot.id, name: '改名', scene_id: w.sceneId })).msg).toBe(MSG.noOperationPermission);
  });

  it('keeps the fields an update leaves out', async () => {
    const robot = await w.robot(creator.token, { info: '简介', msg: '欢迎语', avatar: '/a.png', industry_ids: [w.industryIds[2]] });
    const res = await w.post(creator.token, SAVE, { id: robot.id, name: '只改名字', scene_id: w.sceneId });
    expect(res.data).toMatchObject({ name: '只改名字', info: '简介', msg: '欢迎语', avatar: '/a.png', industry_ids: [w.industryIds[2]] });
    const cleared = await w.post(creator.token, SAVE, { id: robot.id, name: '只改名字', scene_id: w.sceneId, info: '', industry_ids: [] });
    expect(cleared.data).toMatchObject({ info: '', industry_ids: [], msg: '欢迎语' });
  });
});

describe('Robot/detail', () => {
  it('returns every Robot field of spec §3 with the caller role, counters and options', async () => {
    const robot = await w.robot(creator.token, { industry_ids: [w.industryIds[0]] });
    const res = await w.detail(student.token, robot.id);
    expect(res.code).toBe(20000);
    for (const key of [
      'id', 'name', 'info', 'avatar', 'msg', 'industry_ids', 'scene_id', 'source', 'code', 'rid', 'is_show', 'online_status',
      'is_close', 'is_used', 'is_cooperator', 'is_template', 'role', 'team_id', 'copy_num', 'view_num', 'robot_member_count',
      'robot_stats_data', 'user', 'extra', 'update_extra', 'config',
    ]) expect(res.data, key).toHaveProperty(key);
    expect(res.data).toMatchObject({ role: '', is_used: false, is_cooperator: false, team_id: 0, rid: robot.id, is_show: true, online_status: true });
    expect(res.data.user).toHaveProperty('avatar');
    expect(res.data.user).toHaveProperty('truename');
    expect(res.data.config.onboarding_info).toEqual({ prologue: '', suggested_questions: [], suggested_questions_show_mode: 0 });
    expect(res.data.update_extra).toEqual({ use_type: [1] });

    const viewed = await w.detail(student.token, robot.id, { inc_view: 1, with_cate: 1, with_check_used: 1, with_user_team: 1 });
    expect(viewed.data.view_num).toBe(1);
    expect(viewed.data.robot_stats_data.view_num).toBe(1);
    expect(viewed.data.industries).toEqual([{ id: w.industryIds[0], name: '通用' }]);
    expect(viewed.data.scene).toMatchObject({ id: w.sceneId });
    const counted = await w.post(student.token, '/api/ai/Robot/viewCount', { id: robot.id });
    expect(counted.data.view_num).toBe(2);
  });

  it('answers 机器人不存在 for an unknown robot and 404 for another organisation (also with isolate)', async () => {
    const missing = await w.detail(student.token, 999999);
    expect(missing.status).toBe(404);
    expect(missing.msg).toBe(MSG.robotNotFound);
    const robot = await w.robot(creator.token);
    const cross = await w.detail(b.token, robot.id);
    expect(cross.status).toBe(404);
    expect(cross.data).toBeNull();
    expect((await w.post(b.token, '/api/ai/Robot/viewCount', { id: robot.id })).status).toBe(404);
    // A square robot is visible to org B, but not with isolate=1 (its own organisation only).
    await w.publish(creator.token, robot.id, 'square');
    expect((await w.detail(b.token, robot.id)).code).toBe(20000);
    expect((await w.detail(b.token, robot.id, { isolate: 1 })).status).toBe(404);
  });
});

describe('robot management roles', () => {
  it('lets the creator do everything, a cooperator design and release, a teacher only read; students get 没有操作权限', async () => {
    const robot = await w.robot(creator.token);
    const coop = await w.personA(Role.CREATOR);
    expect((await w.post(creator.token, '/api/ai/RobotMember/addRobotUser', { robot_id: robot.id, uid: coop.uid })).code).toBe(20000);
    const joinedTeacher = await w.personA(Role.TEACHER);
    await w.post(creator.token, '/api/ai/Robot/updateRobotExtraInfo', { id: robot.id, extra: { use_type: [1, 2] } });
    expect((await w.post(joinedTeacher.token, '/api/ai/Robot/joinRobot', { robot_id: robot.id, role: 'teacher' })).data.role).toBe('teacher');
    expect((await w.post(student.token, '/api/ai/Robot/joinRobot', { robot_id: robot.id })).code).toBe(20000);

    const design = (token: string) => w.get(token, '/api/ai/Robot/getRobotDesignInfo', { id: robot.id, with_industry: 1, with_group: 1, with_public_review: 1 });
    const extra = (token: string) => w.post(token, '/api/ai/Robot/updateRobotExtraInfo', { id: robot.id, extra: { introduce: '介绍' } });
    const setting = (token: string) => w.setting(token, robot.id, { is_close: 0 });
    const stats = (token: string) => w.get(token, '/api/ai/Robot/stats', { id: robot.id });
    const members = (token: string) => w.get(token, '/api/ai/RobotMember/lists', { robot_id: robot.id });

    const mine = await design(creator.token);
    expect(mine.data).toMatchObject({ manage_role: 'creator', role: 'creator', group: { name: '示例学校' }, public_review: { square: null, template: null } });
    expect((await design(coop.token)).data).toMatchObject({ manage_role: 'cooperator', is_cooperator: true });
    expect((await design(joinedTeacher.token)).data.manage_role).toBe('teacher');
    expect((await extra(coop.token)).code).toBe(20000);
    expect((await extra(joinedTeacher.token)).msg).toBe(MSG.noOperationPermission);
    expect((await setting(coop.token)).msg).toBe(MSG.noOperationPermission);
    expect((await setting(creator.token)).code).toBe(20000);
    expect((await stats(joinedTeacher.token)).code).toBe(20000);
    expect((await members(coop.token)).code).toBe(20000);
    expect((await w.post(coop.token, '/api/ai/Robot/delete', { id: robot.id })).msg).toBe(MSG.noOperationPermission);
    // Students (role user on the robot) are refused on every management call.
    for (const res of [await design(student.token), await extra(student.token), await setting(student.token), await stats(student.token), await members(student.token)]) {
      expect(res.status).toBe(403);
      expect(res.msg).toBe(MSG.noOperationPermission);
    }
    // A teacher account without a role on the robot, and an org admin elsewhere.
    expect((await design(teacher.token)).msg).toBe(MSG.noOperationPermission);
    for (const res of [await design(b.token), await extra(b.token), await setting(b.token), await stats(b.token), await members(b.token)]) {
      expect(res.status).toBe(404);
      expect(res.data).toBeNull();
    }
  });

  it('merges extra and onboarding info field by field', async () => {
    const robot = await w.robot(creator.token, { extra: { cover_url: '/c.png', introduce: '甲' } });
    const e = await w.post(creator.token, '/api/ai/Robot/updateRobotExtraInfo', { id: robot.id, extra: { use_type: [2, 1, 2] } });
    expect(e.data.extra).toEqual({ cover_url: '/c.png', introduce: '甲', use_type: [1, 2] });
    await w.post(creator.token, '/api/ai/Robot/updateRobotConfigData', { id: robot.id, config: { onboarding_info: { prologue: '欢迎' } } });
    const c = await w.post(creator.token, '/api/ai/Robot/updateRobotConfigData', {
      id: robot.id, config: { onboarding_info: { suggested_questions: ['一', '二', '三', '四'], suggested_questions_show_mode: 1 } },
    });
    expect(c.data.config.onboarding_info).toEqual({ prologue: '欢迎', suggested_questions: ['一', '二', '三', '四'], suggested_questions_show_mode: 1 });
    const bad = await w.post(creator.token, '/api/ai/Robot/updateRobotExtraInfo', { id: robot.id, extra: { use_type: [3] } });
    expect(bad.status).toBe(400);
  });

  it('deletes a robot with its members (creator only)', async () => {
    const robot = await w.robot(creator.token);
    await w.post(student.token, '/api/ai/Robot/joinRobot', { robot_id: robot.id });
    const res = await w.post(creator.token, '/api/ai/Robot/delete', { id: robot.id });
    expect(res.msg).toBe(MSG.deleted);
    expect((await w.detail(creator.token, robot.id)).msg).toBe(MSG.robotNotFound);
    const [left] = await t.deps.db.select({ n: count() }).from(robotMembers).where(eq(robotMembers.robotId, robot.id));
    expect(left!.n).toBe(0);
  });
});

describe('joinRobot', () => {
  it('joins as user once, with the spec messages; only usable robots', async () => {
    const robot = await w.robot(creator.token);
    const u = await w.personA();
    const join = () => w.post(u.token, '/api/ai/Robot/joinRobot', { robot_id: robot.id, role: '' });
    expect((await w.detail(u.token, robot.id)).data.role).toBe('');
    const first = await join();
    expect(first.msg).toBe(MSG.joined);
    expect(first.data).toEqual({ robot_id: robot.id, role: 'user' });
    expect((await w.detail(u.token, robot.id)).data.role).toBe('user');
    const again = await join();
    expect(again.status).toBe(409);
    expect(again.msg).toBe(MSG.alreadyJoinedRobot);

    const other = await w.post(u.token, '/api/ai/Robot/joinRobot', { robot_id: robot.id, uid: student.uid });
    expect(other.msg).toBe(MSG.noOperationPermission);

    const v = await w.personA();
    await w.setting(creator.token, robot.id, { online_status: 0, is_show: 0 });
    expect((await w.post(v.token, '/api/ai/Robot/joinRobot', { robot_id: robot.id })).msg).toBe(MSG.robotOffline);
    await w.setting(creator.token, robot.id, { online_status: 1 });
    expect((await w.post(v.token, '/api/ai/Robot/joinRobot', { robot_id: robot.id })).msg).toBe(MSG.robotDisabled);
    await w.setting(creator.token, robot.id, { is_show: 1 });
    expect((await w.post(v.token, '/api/ai/Robot/joinRobot', { robot_id: robot.id })).msg).toBe(MSG.joined);

    // Joining as a teacher needs a teacher account and use_type 2.
    expect((await w.post(student.token, '/api/ai/Robot/joinRobot', { robot_id: robot.id, role: 'teacher' })).msg).toBe(MSG.noOperationPermission);
    expect((await w.post(teacher.token, '/api/ai/Robot/joinRobot', { robot_id: robot.id, role: 'teacher' })).msg).toBe(MSG.joinFailed);
    expect((await w.post(b.token, '/api/ai/Robot/joinRobot', { robot_id: robot.id })).status).toBe(404);
  });

  it('gives one membership for 20 simultaneous joins by the same user', async () => {
    const robot = await w.robot(creator.token);
    const u = await w.personA();
    const results = await Promise.all(Array.from({ length: 20 }, () => w.post(u.token, '/api/ai/Robot/joinRobot', { robot_id: robot.id })));
    expect(results.filter((r) => r.code === 20000)).toHaveLength(1);
    expect(results.filter((r) => r.msg === MSG.alreadyJoinedRobot)).toHaveLength(19);
    const rows = await t.deps.db.select().from(robotMembers).where(eq(robotMembers.robotId, robot.id));
    expect(rows.map((r) => r.role).sort()).toEqual(['creator', 'user']);
  });
});

describe('RobotMember', () => {
  it('adds cooperators from the organisation, lists members and unbinds anyone but the creator', async () => {
    const robot = await w.robot(creator.token);
    const coop = await w.personA(Role.TEACHER);
    const add = (uid: number) => w.post(creator.token, '/api/ai/RobotMember/addRobotUser', { robot_id: robot.id, uid });
    expect((await add(student.uid)).msg).toBe(MSG.cooperatorNeedsRole);
    expect((await add(b.uid)).status).toBe(404);
    expect((await add(coop.uid)).data.role).toBe('cooperator');
    expect((await add(coop.uid)).msg).toBe(MSG.alreadyCooperator);
    expect((await add(creator.uid)).msg).toBe(MSG.alreadyCooperator);
    await w.post(student.token, '/api/ai/Robot/joinRobot', { robot_id: robot.id });

    const list = await w.get(creator.token, '/api/ai/RobotMember/lists', { robot_id: robot.id });
    expect(list.data.total).toBe(3);
    expect(list.data.data.map((m: { uid: number; role: string }) => [m.uid, m.role])).toEqual([
      [creator.uid, 'creator'], [coop.uid, 'cooperator'], [student.uid, 'user'],
    ]);
    const coops = await w.get(creator.token, '/api/ai/RobotMember/lists', { robot_id: robot.id, role: 'cooperator' });
    expect(coops.data.total).toBe(1);

    const unbind = (uid: number) => w.post(creator.token, '/api/ai/RobotMember/unbindMember', { robot_id: robot.id, uid });
    expect((await unbind(creator.uid)).msg).toBe(MSG.cannotRemoveCreator);
    expect((await unbind(student.uid)).msg).toBe(MSG.deleted);
    expect((await unbind(student.uid)).status).toBe(404);
    expect((await w.detail(student.token, robot.id)).data.role).toBe('');
  });
});

describe('Robot/lists', () => {
  it("lists 'my' robots (13 a page), the square and the template library with filters", async () => {
    const maker = await w.personA(Role.CREATOR);
    const ids: number[] = [];
    for (let i = 0; i < 14; i++) ids.push((await w.robot(maker.token, { name: `列表机器人${i}` })).id);
    const page1 = await w.get(maker.token, '/api/ai/Robot/lists', { fetch_type: 'my' });
    expect(page1.data).toMatchObject({ total: 14, limit: 13, page: 1 });
    expect(page1.data.data).toHaveLength(13);
    const page2 = await w.get(maker.token, '/api/ai/Robot/lists', { fetch_type: 'my', page: 2 });
    expect(page2.data.data).toHaveLength(1);

    const kw = await w.get(maker.token, '/api/ai/Robot/lists', { fetch_type: 'my', keyword: '机器人1' });
    expect(kw.data.total).toBe(5); // 1, 10, 11, 12, 13
    expect((await w.get(maker.token, '/api/ai/Robot/lists', { fetch_type: 'my', keyword: '%' })).data.total).toBe(0);

    const special = await w.robot(maker.token, { name: '科学实验', industry_ids: [w.industryIds[4]] });
    const byIndustry = await w.get(maker.token, '/api/ai/Robot/lists', { fetch_type: 'my', industry_id: w.industryIds[4]! });
    expect(byIndustry.data.data.map((r: { id: number }) => r.id)).toEqual([special.id]);
    const scene2 = (await w.get(maker.token, '/api/ai/Robot/getRobotScenes')).data[1].id;
    expect((await w.get(maker.token, '/api/ai/Robot/lists', { fetch_type: 'my', scene_id: scene2 })).data.total).toBe(0);

    // Organisation-public robots are in the square of their own organisation only, and only when usable.
    await w.setting(maker.token, ids[0]!, { is_public: 2 });
    const squareA = await w.get(student.token, '/api/ai/Robot/lists', { fetch_type: 'square', limit: 100 });
    expect(squareA.data.data.map((r: { id: number }) => r.id)).toContain(ids[0]);
    const squareB = await w.get(b.token, '/api/ai/Robot/lists', { fetch_type: 'square', limit: 100 });
    expect(squareB.data.data.map((r: { id: number }) => r.id)).not.toContain(ids[0]);
    await w.setting(maker.token, ids[0]!, { online_status: 0 });
    const offline = await w.get(student.token, '/api/ai/Robot/lists', { fetch_type: 'square', limit: 100 });
    expect(offline.data.data.map((r: { id: number }) => r.id)).not.toContain(ids[0]);
    expect((await w.get(student.token, '/api/ai/Robot/lists', { fetch_type: 'my' })).data.data.map((r: { id: number }) => r.id)).not.toContain(ids[1]);
  });
});

describe('RobotUsed', () => {
  it('keeps the recently used list (8 a page), newest first, removable with hideRobot; picks a default robot', async () => {
    const u = await w.personA();
    expect((await w.get(u.token, '/api/ai/RobotUsed/defaultRobot')).data).not.toBeUndefined();
    const robots = [];
    for (let i = 0; i < 9; i++) robots.push(await w.robot(creator.token, { name: `常用${i}` }));
    for (const r of robots) expect((await w.post(u.token, '/api/ai/RobotUsed/save', { id: r.id, is_chat: 1 })).code).toBe(20000);
    const list = await w.get(u.token, '/api/ai/RobotUsed/lists');
    expect(list.data).toMatchObject({ total: 9, limit: 8 });
    expect(list.data.data[0]).toMatchObject({ rid: robots[8]!.id, code: robots[8]!.code, robot: { name: '常用8', is_used: true } });
    await w.post(u.token, '/api/ai/RobotUsed/save', { id: robots[0]!.id });
    expect((await w.get(u.token, '/api/ai/RobotUsed/lists')).data.data[0].rid).toBe(robots[0]!.id);
    expect((await w.get(u.token, '/api/ai/RobotUsed/defaultRobot')).data.rid).toBe(robots[0]!.id);

    expect((await w.post(u.token, '/api/ai/Robot/hideRobot', { id: robots[0]!.id })).code).toBe(20000);
    const after = await w.get(u.token, '/api/ai/RobotUsed/lists', { limit: 20 });
    expect(after.data.total).toBe(8);
    expect(after.data.data.map((r: { rid: number }) => r.rid)).not.toContain(robots[0]!.id);
    expect((await w.post(b.token, '/api/ai/RobotUsed/save', { id: robots[1]!.id })).status).toBe(404);

    const both = await w.get(creator.token, '/api/ai/RobotUsed/usedOrCooperator', { limit: 100 });
    expect(both.data.data.map((r: { rid: number }) => r.rid)).toEqual(expect.arrayContaining(robots.map((r) => r.id)));
  });
});
