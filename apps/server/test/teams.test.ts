import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { teamMembers } from '../src/db/schema/teams.ts';
import { inviteChecksum, newInviteCode, verifyInviteCode } from '../src/modules/teams/invite-code.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { World, type Person } from './robot-fixtures.ts';

let t: TestApp;
let w: World;
let creator: Person;
let teacher: Person;
let b: Awaited<ReturnType<World['orgB']>>;
/** A robot of org A with use_type 1 and 2, on which `teacher` holds role teacher. */
let robotId = 0;

beforeAll(async () => {
  t = await createTestApp();
  w = await new World(t).init();
  creator = await w.personA(Role.CREATOR);
  teacher = await w.personA(Role.TEACHER);
  b = await w.orgB();
  robotId = (await w.robot(creator.token, { name: '班级助手', extra: { use_type: [1, 2] } })).id;
  const joined = await w.post(teacher.token, '/api/ai/Robot/joinRobot', { robot_id: robotId, role: 'teacher' });
  expect(joined.data.role).toBe('teacher');
});
afterAll(async () => { await t?.close(); });

const CHECK = '/api/ai/RobotTeam/checkRobotTeamName';
const INVITE = '/api/ai/RobotTeam/checkRobotTeamInvite';
const OPERATE = '/api/ai/RobotTeam/operateInviteAction';
const tamper = (code: string) => code.slice(0, 3) + (code[3] === 'A' ? 'B' : 'A') + code.slice(4);

describe('team names (spec §5)', () => {
  it('requires a name of at most 15 characters, unique per robot', async () => {
    const check = (title: unknown, extra: Record<string, number> = {}) =>
      w.get(teacher.token, CHECK, { robot_id: robotId, ...(title === undefined ? {} : { title: title as string }), ...extra });
    expect((await check(undefined)).msg).toBe(MSG.teamNameRequired);
    expect((await check('')).msg).toBe(MSG.teamNameRequired);
    expect((await check('    ')).msg).toBe(MSG.teamNameRequired);
    expect((await check('一二三四五六七八九十一二三四五六')).msg).toBe(MSG.teamNameTooLong);
    expect((await check('一二三四五六七八九十一二三四五')).code).toBe(20000);
    const team = await w.team(teacher.token, robotId, { title: '三年一班' });
    const taken = await check('三年一班');
    expect(taken.status).toBe(409);
    expect(taken.msg).toBe(MSG.teamNameTaken);
    expect((await check('三年一班', { id: team.id })).code).toBe(20000);
    const dup = await w.post(teacher.token, '/api/ai/RobotTeam/save', { robot_id: robotId, title: ' 三年一班 ' });
    expect(dup.msg).toBe(MSG.teamNameTaken);
    const tooLong = await w.post(teacher.token, '/api/ai/RobotTeam/save', { robot_id: robotId, title: '一二三四五六七八九十一二三四五六' });
    expect(tooLong.msg).toBe(MSG.teamNameTooLong);
    // Another robot may reuse the name.
    const other = await w.robot(creator.token);
    expect((await w.post(creator.token, '/api/ai/RobotTeam/save', { robot_id: other.id, title: '三年一班' })).code).toBe(20000);
  });
});

describe('team create / update', () => {
  it('creates for teachers of the robot with the Team fields of spec §3', async () => {
    const res = await w.post(teacher.token, '/api/ai/RobotTeam/save', {
      robot_id: robotId, title: '四年二班', with_info: 1, from: 'settle', team_category_id: 1, team_size: 40, users: [],
    });
    expect(res.msg).toBe(MSG.created);
    expect(res.data).toMatchObject({ title: '四年二班', team_size: 40, member_count: 0, uid: teacher.uid, team_category_id: 1, robot: { id: robotId } });
    expect(res.data.code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
    expect(res.data.invite_url).toBe(`/robot/about/${robotId}?invite_code=${res.data.code}&from=invite`);
    expect(res.data).toHaveProperty('truename');
    const renamed = await w.post(teacher.token, '/api/ai/RobotTeam/save', { id: res.data.id, robot_id: robotId, title: '四年三班' });
    expect(renamed.msg).toBe(MSG.updated);
    expect(renamed.data).toMatchObject({ id: res.data.id, title: '四年三班', code: res.data.code });
  });

  it('refuses students, users and cooperators of the robot (没有操作权限) and other organisations (404)', async () => {
    const student = await w.personA();
    await w.post(student.token, '/api/ai/Robot/joinRobot', { robot_id: robotId });
    const body = { robot_id: robotId, title: '不该有的团队' };
    const byStudent = await w.post(student.token, '/api/ai/RobotTeam/save', body);
    expect(byStudent.status).toBe(403);
    expect(byStudent.msg).toBe(MSG.noOperationPermission);
    const joinedTeacher = await w.personA(Role.TEACHER);
    await w.post(joinedTeacher.token, '/api/ai/Robot/joinRobot', { robot_id: robotId });
    expect((await w.post(joinedTeacher.token, '/api/ai/RobotTeam/save', body)).msg).toBe(MSG.noOperationPermission);
    const coop = await w.personA(Role.CREATOR);
    await w.post(creator.token, '/api/ai/RobotMember/addRobotUser', { robot_id: robotId, uid: coop.uid });
    expect((await w.post(coop.token, '/api/ai/RobotTeam/save', body)).msg).toBe(MSG.noOperationPermission);
    const cross = await w.post(b.token, '/api/ai/RobotTeam/save', body);
    expect(cross.status).toBe(404);
    expect(cross.data).toBeNull();
  });

  it('adds members by openid, changes roles, removes members, and is deleted by its teacher', async () => {
    const team = await w.team(teacher.token, robotId, { title: '五年一班' });
    const s1 = await w.personA();
    const s2 = await w.personA();
    const t2 = await w.personA(Role.TEACHER);
    const saved = await w.post(teacher.token, '/api/ai/RobotTeam/save', {
      id: team.id, robot_id: robotId, title: '五年一班',
      users: [{ openid: s1.openid, role: 'student' }, { openid: t2.openid, role: 'teacher' }, { openid: b.openid }, { openid: s2.openid, role: 'teacher' }],
    });
    expect(saved.data.member_count).toBe(2);
    expect(saved.data.skipped).toEqual([b.openid, s2.openid]);
    expect((await w.detail(s1.token, robotId)).data).toMatchObject({ role: 'user', team_id: team.id });
    expect((await w.detail(t2.token, robotId)).data.role).toBe('teacher');

    const added = await w.post(teacher.token, '/api/ai/RobotTeam/addMember', { id: team.id, users: [{ openid: s2.openid }] });
    expect(added.data.member_count).toBe(3);
    const members = await w.get(teacher.token, '/api/ai/RobotTeam/members', { id: team.id });
    expect(members.data.data.map((m: { uid: number; role: string }) => [m.uid, m.role])).toEqual([[s1.uid, 'student'], [t2.uid, 'teacher'], [s2.uid, 'student']]);

    const change = (uid: number, role: string) => w.post(teacher.token, '/api/ai/RobotTeam/changeRole', { id: team.id, uid, role });
    expect((await change(s1.uid, 'teacher')).msg).toBe(MSG.teamTeacherNeedsRole);
    expect((await change(t2.uid, 'student')).msg).toBe(MSG.updated);
    expect((await change(creator.uid, 'student')).msg).toBe(MSG.notTeamMember);
    expect((await change(t2.uid, 'teacher')).code).toBe(20000);
    // A team teacher helps run the team, but only its owner (or the creator) deletes it.
    expect((await w.get(t2.token, '/api/ai/RobotTeam/members', { id: team.id })).code).toBe(20000);
    expect((await w.post(t2.token, '/api/ai/RobotTeam/delete', { id: team.id })).msg).toBe(MSG.noOperationPermission);

    expect((await w.post(teacher.token, '/api/ai/RobotTeam/removeMember', { id: team.id, uid: s2.uid })).msg).toBe(MSG.deleted);
    expect((await w.post(teacher.token, '/api/ai/RobotTeam/removeMember', { id: team.id, uid: s2.uid })).msg).toBe(MSG.notTeamMember);
    const small = await w.post(teacher.token, '/api/ai/RobotTeam/save', { id: team.id, robot_id: robotId, title: '五年一班', team_size: 1 });
    expect(small.msg).toBe(MSG.teamSizeTooSmall);

    // Leaving: a member leaves; the owner cannot; a stranger gets 404.
    expect((await w.post(teacher.token, '/api/ai/RobotTeam/leave', { id: team.id })).msg).toBe(MSG.teamOwnerCannotLeave);
    expect((await w.post(s1.token, '/api/ai/RobotTeam/leave', { id: team.id })).msg).toBe(MSG.done);
    expect((await w.post(s1.token, '/api/ai/RobotTeam/leave', { id: team.id })).status).toBe(404);
    expect((await w.post(b.token, '/api/ai/RobotTeam/leave', { id: team.id })).status).toBe(404);
    expect((await w.detail(s1.token, robotId)).data).toMatchObject({ role: 'user', team_id: 0 });

    expect((await w.post(teacher.token, '/api/ai/RobotTeam/delete', { id: team.id })).msg).toBe(MSG.deleted);
    expect((await w.get(teacher.token, '/api/ai/RobotTeam/members', { id: team.id })).status).toBe(404);
  });

  it("lists a robot's teams: all for its creator, their own for a teacher", async () => {
    const other = await w.personA(Role.TEACHER);
    await w.post(other.token, '/api/ai/Robot/joinRobot', { robot_id: robotId, role: 'teacher' });
    const theirs = await w.team(other.token, robotId, { title: '别人的班' });
    const mine = await w.team(teacher.token, robotId, { title: '自己的班' });
    const ids = async (token: string) =>
      (await w.get(token, '/api/ai/RobotTeam/lists', { robot_id: robotId, limit: 100 })).data.data.map((x: { id: number }) => x.id);
    expect(await ids(creator.token)).toEqual(expect.arrayContaining([theirs.id, mine.id]));
    expect(await ids(teacher.token)).toContain(mine.id);
    expect(await ids(teacher.token)).not.toContain(theirs.id);
    expect((await w.get(teacher.token, '/api/ai/RobotTeam/members', { id: theirs.id })).msg).toBe(MSG.noOperationPermission);
    expect((await w.get(b.token, '/api/ai/RobotTeam/lists', { robot_id: robotId })).status).toBe(404);
  });
});

describe('invite codes', () => {
  it('carry a 6-character HMAC checksum that only this secret produces', () => {
    const secret = t.config.APP_SECRET;
    const code = newInviteCode(secret);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
    expect(code.slice(10)).toBe(inviteChecksum(secret, code.slice(0, 10)));
    expect(verifyInviteCode(secret, code)).toBe(code);
    expect(verifyInviteCode(secret, ` ${code.toLowerCase()} `)).toBe(code);
    expect(verifyInviteCode(secret, tamper(code))).toBeNull();
    expect(verifyInviteCode('another-secret', code)).toBeNull();
    expect(verifyInviteCode(secret, code.slice(0, 15))).toBeNull();
    expect(verifyInviteCode(secret, `${code}A`)).toBeNull();
  });

  it('rejects a tampered or unknown code as an invalid link', async () => {
    const team = await w.team(teacher.token, robotId);
    const u = await w.personA();
    for (const code of [tamper(team.code), newInviteCode('another-secret'), newInviteCode(t.config.APP_SECRET), 'hello']) {
      const res = await w.get(u.token, INVITE, { invite_code: code });
      expect(res.status, code).toBe(404);
      expect(res.msg).toBe(MSG.inviteInvalid);
      expect((await w.post(u.token, OPERATE, { invite_code: code, action: 'accept' })).msg).toBe(MSG.inviteInvalid);
    }
    expect((await w.get(u.token, INVITE, { invite_code: team.code.toLowerCase() })).code).toBe(20000);
  });

  it('runs the checks in the order of spec §4: offline, disabled, already joined, another team', async () => {
    const robot = await w.robot(creator.token, { name: '邀请检查' });
    const teamA = await w.team(creator.token, robot.id, { title: '甲班' });
    const teamB = await w.team(creator.token, robot.id, { title: '乙班' });
    const inA = await w.personA();
    expect((await w.post(inA.token, OPERATE, { invite_code: teamA.code, action: 'accept' })).msg).toBe(MSG.joined);
    const check = async (p: Person, code: string) => (await w.get(p.token, INVITE, { invite_code: code })).msg;

    await w.setting(creator.token, robot.id, { online_status: 0, is_show: 0, is_close: 1 });
    expect(await check(inA, teamA.code)).toBe(MSG.robotOffline);
    await w.setting(creator.token, robot.id, { online_status: 1 });
    expect(await check(inA, teamA.code)).toBe(MSG.robotDisabled);
    await w.setting(creator.token, robot.id, { is_show: 1 });
    expect(await check(inA, teamA.code)).toBe(MSG.robotDisabled); // is_close still on
    await w.setting(creator.token, robot.id, { is_close: 0 });
    expect(await check(inA, teamA.code)).toBe(MSG.alreadyJoinedRobot);
    expect(await check(inA, teamB.code)).toBe(MSG.alreadyInOtherTeam);
    expect((await w.post(inA.token, OPERATE, { invite_code: teamB.code, action: 'accept' })).msg).toBe(MSG.alreadyInOtherTeam);
    expect(await check(creator, teamA.code)).toBe(MSG.alreadyJoinedRobot);

    const fresh = await w.personA();
    const info = await w.get(fresh.token, INVITE, { invite_code: teamA.code });
    expect(info.msg).toBe(MSG.confirmJoinRobot);
    expect(info.data).toMatchObject({
      code: teamA.code, inviter_uid: creator.uid, robot_id: robot.id, team_id: teamA.id, group_name: '示例学校', has_joined: false,
      team: { id: teamA.id, title: '甲班', member_count: 1 }, robot: { id: robot.id, name: '邀请检查' }, inviter: { uid: creator.uid },
    });
    // Joined the robot directly but in no team yet: may still join a team.
    const direct = await w.personA();
    await w.post(direct.token, '/api/ai/Robot/joinRobot', { robot_id: robot.id });
    const directInfo = await w.get(direct.token, INVITE, { invite_code: teamA.code });
    expect(directInfo.data).toMatchObject({ has_joined: true, role: 'user' });
  });

  it('accepts (joining the team and the robot as user) or rejects', async () => {
    const team = await w.team(teacher.token, robotId);
    const u = await w.personA();
    const rejected = await w.post(u.token, OPERATE, { invite_code: team.code, action: 'reject' });
    expect(rejected.data.joined).toBe(false);
    expect((await w.detail(u.token, robotId)).data.role).toBe('');
    const accepted = await w.post(u.token, OPERATE, { invite_code: team.code, action: 'accept' });
    expect(accepted.msg).toBe(MSG.joined);
    expect(accepted.data).toMatchObject({ joined: true, team_id: team.id, robot_id: robotId, role: 'user' });
    expect((await w.detail(u.token, robotId, { with_user_team: 1 })).data).toMatchObject({
      role: 'user', team_id: team.id, team: { id: team.id, title: team.title },
    });
    expect((await w.post(u.token, OPERATE, { invite_code: team.code, action: 'accept' })).msg).toBe(MSG.alreadyJoinedRobot);
  });

  it('joins by {team_id, invite_code} only when the code is that team\'s', async () => {
    const team = await w.team(teacher.token, robotId);
    const other = await w.team(teacher.token, robotId);
    const u = await w.personA();
    const wrong = await w.post(u.token, '/api/ai/RobotTeam/joinTeam', { team_id: other.id, invite_code: team.code });
    expect(wrong.msg).toBe(MSG.inviteInvalid);
    expect((await w.post(u.token, '/api/ai/RobotTeam/joinTeam', { team_id: team.id, invite_code: team.code })).msg).toBe(MSG.joined);
  });

  it("treats another organisation's private robot as an invalid link", async () => {
    const robotB = await w.robot(b.token);
    const teamB = await w.team(b.token, robotB.id);
    const u = await w.personA();
    const res = await w.get(u.token, INVITE, { invite_code: teamB.code });
    expect(res.status).toBe(404);
    expect(res.msg).toBe(MSG.inviteInvalid);
    expect(res.data).toBeNull();
  });

  it('rate-limits code guessing per account', async () => {
    const u = await w.personA();
    const results = [];
    for (let i = 0; i < 31; i++) results.push(await w.get(u.token, INVITE, { invite_code: newInviteCode('guess') }));
    expect(results.slice(0, 30).every((r) => r.msg === MSG.inviteInvalid)).toBe(true);
    expect(results[30]!.status).toBe(429);
  });
});

describe('joining under concurrency', () => {
  it('gives one membership for 20 simultaneous accepts by the same user', async () => {
    const team = await w.team(teacher.token, robotId);
    const u = await w.personA();
    const results = await Promise.all(Array.from({ length: 20 }, () => w.post(u.token, OPERATE, { invite_code: team.code, action: 'accept' })));
    expect(results.filter((r) => r.code === 20000)).toHaveLength(1);
    expect(results.filter((r) => r.msg === MSG.alreadyJoinedRobot)).toHaveLength(19);
    const rows = await t.deps.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id));
    expect(rows.map((r) => r.userId)).toEqual([u.uid]);
  });

  it('never admits more than team_size: 10 users at once into a team of 3 → exactly 3', async () => {
    const team = await w.team(teacher.token, robotId, { team_size: 3 });
    const users = await Promise.all(Array.from({ length: 10 }, () => w.personA()));
    const results = await Promise.all(users.map((u) => w.post(u.token, OPERATE, { invite_code: team.code, action: 'accept' })));
    expect(results.filter((r) => r.code === 20000)).toHaveLength(3);
    expect(results.filter((r) => r.msg === MSG.teamFull)).toHaveLength(7);
    const rows = await t.deps.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id));
    expect(rows).toHaveLength(3);
    const list = await w.get(teacher.token, '/api/ai/RobotTeam/lists', { robot_id: robotId, limit: 100 });
    expect(list.data.data.find((x: { id: number }) => x.id === team.id).member_count).toBe(3);
  });

  it('keeps a user in one team per robot when they join two teams at once', async () => {
    const one = await w.team(teacher.token, robotId);
    const two = await w.team(teacher.token, robotId);
    const u = await w.personA();
    const results = await Promise.all([one, two, one, two].map((team) => w.post(u.token, OPERATE, { invite_code: team.code, action: 'accept' })));
    expect(results.filter((r) => r.code === 20000)).toHaveLength(1);
    const rows = await t.deps.db.select().from(teamMembers).where(eq(teamMembers.userId, u.uid));
    expect(rows).toHaveLength(1);
  });
});
