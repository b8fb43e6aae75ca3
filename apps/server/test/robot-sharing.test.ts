/** Sharing robots: copying (and teacher settle), release to the square or the library with review, stats. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { createTestApp, type TestApp } from './harness.ts';
import { cast, type OrgB, type Person, type World } from './robot-fixtures.ts';

let t: TestApp;
let w: World, creator: Person, student: Person, teacher: Person, b: OrgB;
beforeAll(async () => {
  t = await createTestApp();
  ({ w, creator, student, teacher, b } = await cast(t));
});
afterAll(async () => { await t?.close(); });

describe('copyClassRobot', () => {
  it('copies a template of another organisation into the caller\'s and counts the copy', async () => {
    const tpl = await w.robot(b.token, { name: '作文批改模板', extra: { introduce: '批改作文' } });
    const first = await w.post(creator.token, '/api/ai/Robot/copyClassRobot', { id: tpl.id, source: 1 });
    expect(first.status).toBe(404);
    await w.publish(b.token, tpl.id, 'template');
    const tplList = await w.get(creator.token, '/api/ai/Robot/lists', { fetch_type: 'template', limit: 100 });
    expect(tplList.data.data.map((r: { id: number }) => r.id)).toContain(tpl.id);

    const copied = await w.post(creator.token, '/api/ai/Robot/copyClassRobot', {
      id: tpl.id, source: 1, name: '我的作文批改', info: '三年级', industry_ids: [w.industryIds[1]],
    });
    expect(copied.msg).toBe(MSG.copied);
    expect(copied.data).toMatchObject({ name: '我的作文批改', source: 1, role: 'creator', source_robot_id: tpl.id });
    const mine = await w.detail(creator.token, copied.data.id);
    expect(mine.data).toMatchObject({
      role: 'creator', info: '三年级', industry_ids: [w.industryIds[1]], is_template: false, is_public: 0, copy_num: 0,
      extra: { introduce: '批改作文' },
    });
    expect(mine.data.group_id).not.toBe(b.groupId);
    expect((await w.detail(b.token, tpl.id)).data.copy_num).toBe(1);
  });

  it('refuses students, private robots of colleagues (机器人复制失败) and robots of other organisations', async () => {
    const priv = await w.robot(creator.token);
    expect((await w.post(student.token, '/api/ai/Robot/copyClassRobot', { id: priv.id })).msg).toBe(MSG.noOperationPermission);
    const colleague = await w.personA(Role.CREATOR);
    const refused = await w.post(colleague.token, '/api/ai/Robot/copyClassRobot', { id: priv.id });
    expect(refused.status).toBe(403);
    expect(refused.msg).toBe(MSG.robotCopyFailed);
    await w.setting(creator.token, priv.id, { is_public: 2 });
    expect((await w.post(colleague.token, '/api/ai/Robot/copyClassRobot', { id: priv.id })).code).toBe(20000);
    expect((await w.post(b.token, '/api/ai/Robot/copyClassRobot', { id: priv.id })).status).toBe(404);
  });

  it('settles a teacher (source 2): a copy they own with role teacher, only when use_type includes 2', async () => {
    const robot = await w.robot(creator.token, { extra: { use_type: [1] } });
    const settle = (token: string) => w.post(token, '/api/ai/Robot/copyClassRobot', { id: robot.id, source: 2 });
    expect((await settle(teacher.token)).msg).toBe(MSG.robotCopyFailed);
    await w.post(creator.token, '/api/ai/Robot/updateRobotExtraInfo', { id: robot.id, extra: { use_type: [1, 2] } });
    expect((await settle(student.token)).msg).toBe(MSG.noOperationPermission);
    const plainCreator = await w.personA(Role.CREATOR);
    expect((await settle(plainCreator.token)).msg).toBe(MSG.noOperationPermission);
    const res = await settle(teacher.token);
    expect(res.msg).toBe(MSG.copied);
    expect(res.data).toMatchObject({ source: 2, role: 'teacher', source_robot_id: robot.id });
    const copy = await w.detail(teacher.token, res.data.id);
    expect(copy.data).toMatchObject({ role: 'teacher', source: 2, user: { uid: teacher.uid } });
    // The settled teacher runs the copy: the team-creation step follows.
    const design = await w.get(teacher.token, '/api/ai/Robot/getRobotDesignInfo', { id: res.data.id });
    expect(design.data.manage_role).toBe('creator');
    const team = await w.post(teacher.token, '/api/ai/RobotTeam/save', { robot_id: res.data.id, title: '三年二班' });
    expect(team.msg).toBe(MSG.created);
    expect((await w.detail(creator.token, robot.id)).data.copy_num).toBe(1);
  });

  it('settles a teacher once per robot: a second 入驻 is refused with 您已入驻该机器人 and the detail names the copy', async () => {
    const robot = await w.robot(creator.token, { name: '入驻一次', extra: { use_type: [1, 2] } });
    const me = await w.personA(Role.TEACHER);
    const settle = () => w.post(me.token, '/api/ai/Robot/copyClassRobot', { id: robot.id, source: 2 });
    expect((await w.detail(me.token, robot.id)).data.settled_robot).toBeNull();
    const first = await settle();
    expect(first.msg).toBe(MSG.copied);
    const copyId = first.data.id as number;
    expect((await w.detail(me.token, robot.id)).data.settled_robot).toEqual({ id: copyId, name: '入驻一次' });

    const again = await settle();
    expect(again.status).toBe(409);
    expect(again.msg).toBe(MSG.alreadySettled);
    expect(again.data).toEqual({ robot_id: copyId });
    // Two at once (a double click) still make one copy.
    const other = await w.personA(Role.TEACHER);
    const both = await Promise.all([1, 2].map(() => w.post(other.token, '/api/ai/Robot/copyClassRobot', { id: robot.id, source: 2 })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const mine = await w.get(me.token, '/api/ai/Robot/lists', { fetch_type: 'my', role: 'teacher', limit: 100 });
    expect(mine.data.data.filter((r: { source_robot_id: number }) => r.source_robot_id === robot.id).map((r: { id: number }) => r.id)).toEqual([copyId]);
    expect((await w.detail(creator.token, robot.id)).data.copy_num).toBe(2);
    // The creator settled nothing: its detail names no copy.
    expect((await w.detail(creator.token, robot.id)).data.settled_robot).toBeNull();

    // A creator's plain copy (source 1) is not a settle: it may be made again.
    await w.setting(creator.token, robot.id, { is_public: 2 });
    const maker = await w.personA(Role.CREATOR);
    expect((await w.post(maker.token, '/api/ai/Robot/copyClassRobot', { id: robot.id, source: 1 })).code).toBe(20000);
    expect((await w.post(maker.token, '/api/ai/Robot/copyClassRobot', { id: robot.id, source: 1 })).code).toBe(20000);
  });
});

describe('release → review → square', () => {
  it('goes pending, is reviewed by the super admin only, notifies the creator and then shows in every square', async () => {
    const maker = await w.personA(Role.CREATOR);
    const robot = await w.robot(maker.token, { name: '广场候选' });
    const applied = await w.post(maker.token, '/api/ai/Robot/release', { id: robot.id, target: 'square' });
    expect(applied.msg).toBe(MSG.applyPending);
    expect(applied.data.status).toBe(2);
    expect((await w.post(maker.token, '/api/ai/Robot/release', { id: robot.id, target: 'square' })).msg).toBe(MSG.applyExists);
    const design = await w.get(maker.token, '/api/ai/Robot/getRobotDesignInfo', { id: robot.id, with_public_review: 1 });
    expect(design.data.public_review.square).toMatchObject({ status: 2 });
    const inSquare = async (token: string) =>
      (await w.get(token, '/api/ai/Robot/lists', { fetch_type: 'square', limit: 100 })).data.data.some((r: { id: number }) => r.id === robot.id);
    expect(await inSquare(b.token)).toBe(false);

    expect((await w.get(b.token, '/api/ai/admin.robot/auditLists')).status).toBe(403);
    const pending = await w.get(w.admin, '/api/ai/admin.robot/auditLists', { status: 2, target: 'square', limit: 100 });
    const row = pending.data.data.find((r: { robot_id: number }) => r.robot_id === robot.id);
    expect(row).toMatchObject({ status: 2, target: 'square', robot: { name: '广场候选' }, group_name: '示例学校', applicant: { uid: maker.uid } });

    expect((await w.post(w.admin, '/api/ai/admin.robot/audit', { id: row.id, status: -2 })).msg).toBe(MSG.rejectReasonRequired);
    expect((await w.post(b.token, '/api/ai/admin.robot/audit', { id: row.id, status: 3 })).status).toBe(403);
    const approved = await w.post(w.admin, '/api/ai/admin.robot/audit', { id: row.id, status: 3 });
    expect(approved.code).toBe(20000);
    const twice = await w.post(w.admin, '/api/ai/admin.robot/audit', { id: row.id, status: -2, reason: '晚了' });
    expect(twice.status).toBe(409);
    expect(twice.msg).toBe(MSG.alreadyReviewed);

    expect(await inSquare(b.token)).toBe(true);
    expect((await w.detail(b.token, robot.id)).data.is_public).toBe(1);
    const notices = await w.get(maker.token, '/api/uc/notice/lists');
    expect(notices.data.data[0]).toMatchObject({ title: MSG.releaseApproved, link: `/robot/manage/${robot.id}/release` });
    expect((await w.post(maker.token, '/api/ai/Robot/release', { id: robot.id, target: 'square' })).msg).toBe(MSG.robotAlreadyReleased);

    // Withdrawing takes it out again.
    expect((await w.post(maker.token, '/api/ai/Robot/cancelRelease', { id: robot.id, target: 'square' })).code).toBe(20000);
    expect(await inSquare(b.token)).toBe(false);
  });

  it('records a rejection with its reason (-2) and tells the creator why', async () => {
    const maker = await w.personA(Role.CREATOR);
    const robot = await w.robot(maker.token, { name: '模板候选' });
    const applied = await w.post(maker.token, '/api/ai/Robot/release', { id: robot.id, target: 'template' });
    const rejected = await w.post(w.admin, '/api/ai/admin.robot/audit', { id: applied.data.id, status: -2, reason: '介绍不完整' });
    expect(rejected.code).toBe(20000);
    const list = await w.get(w.admin, '/api/ai/admin.robot/auditLists', { status: -2 });
    expect(list.data.data.find((r: { id: number }) => r.id === applied.data.id)).toMatchObject({ status: -2, reason: '介绍不完整' });
    const notices = await w.get(maker.token, '/api/uc/notice/lists');
    expect(notices.data.data[0].title).toBe(MSG.releaseRejected);
    expect(notices.data.data[0].content).toContain('介绍不完整');
    const design = await w.get(maker.token, '/api/ai/Robot/getRobotDesignInfo', { id: robot.id, with_public_review: 1 });
    expect(design.data.public_review.template).toMatchObject({ status: -2, reason: '介绍不完整' });
    expect(design.data.is_template).toBe(false);
  });

  it('opens a square review from the settings call (is_public 1) and applies 0 / 2 at once', async () => {
    const robot = await w.robot(creator.token);
    const res = await w.setting(creator.token, robot.id, { is_public: 1 });
    expect(res.data).toMatchObject({ is_public: 0, public_review: { status: 2, target: 'square' } });
    expect((await w.setting(creator.token, robot.id, { is_public: 2 })).data.is_public).toBe(2);
  });
});

describe('robot stats', () => {
  it('counts views, joins, copies and members', async () => {
    const robot = await w.robot(creator.token, { extra: { use_type: [1, 2] } });
    await w.post(creator.token, '/api/ai/Robot/updateRobotSetting', { id: robot.id, is_public: 2 });
    await w.detail(student.token, robot.id, { inc_view: 1 });
    await w.post(student.token, '/api/ai/Robot/viewCount', { id: robot.id });
    await w.post(student.token, '/api/ai/Robot/joinRobot', { robot_id: robot.id });
    await w.post(teacher.token, '/api/ai/Robot/joinRobot', { robot_id: robot.id, role: 'teacher' });
    await w.post(w.admin, '/api/ai/Robot/copyClassRobot', { id: robot.id });
    await w.post(student.token, '/api/ai/RobotUsed/save', { id: robot.id });
    const stats = await w.get(creator.token, '/api/ai/Robot/stats', { id: robot.id });
    expect(stats.data).toMatchObject({
      view_num: 2, copy_num: 1, join_num: 2, member_count: 3, user_num: 1, teacher_num: 1, cooperator_num: 0, team_num: 0, used_num: 1,
    });
    expect((await w.detail(student.token, robot.id)).data.robot_member_count).toBe(3);
  });

  // Issue 27 reported a settled teacher counted as a cooperator; the server never did (this test
  // passed before any change): stats and the member list agree on the copy and on its source.
  it('counts a settled teacher as a teacher, as the member list names them', async () => {
    const robot = await w.robot(creator.token, { extra: { use_type: [1, 2] } });
    const settler = await w.personA(Role.TEACHER);
    const copy = (await w.post(settler.token, '/api/ai/Robot/copyClassRobot', { id: robot.id, source: 2 })).data.id as number;
    await w.team(settler.token, copy);
    const members = await w.get(settler.token, '/api/ai/RobotMember/lists', { robot_id: copy });
    expect(members.data.data.map((m: { uid: number; role: string }) => [m.uid, m.role])).toEqual([[settler.uid, 'teacher']]);
    const stats = await w.get(settler.token, '/api/ai/Robot/stats', { id: copy });
    expect(stats.data).toMatchObject({ teacher_num: 1, cooperator_num: 0, user_num: 0, join_num: 1, member_count: 1, team_num: 1 });
    expect((await w.get(creator.token, '/api/ai/Robot/stats', { id: robot.id })).data)
      .toMatchObject({ copy_num: 1, teacher_num: 0, cooperator_num: 0, member_count: 1 });
  });
});
