import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { dailyQuotaReached } from '@xueban/contract/classes';
import { chatRecords } from '../src/db/schema/chat.ts';
import { postTeamNews } from '../src/modules/teams/team-records.service.ts';
import { call, createTestApp, listen, type TestApp } from './harness.ts';
import { World, type OrgB, type Person } from './robot-fixtures.ts';
import { FakeOpenAI } from './fakes/openai-server.ts';
import { streamChat } from './sse-client.ts';

let fake: FakeOpenAI;
let t: TestApp;
let w: World;
let base: string;
let creator: Person;
let teacher: Person;
let b: OrgB;
let robotId = 0;
/** Two classes of `teacher` on the robot. */
let classA: { id: number; code: string; title: string };
let classB: { id: number; code: string; title: string };

const C = '/api/ai/TeamClass';

beforeAll(async () => {
  fake = await new FakeOpenAI().start();
  t = await createTestApp({ LLM_BASE_URL: fake.url, LLM_API_KEY: 'sk-test', LLM_MODEL: 'fake-chat' });
  base = await listen(t);
  w = await new World(t).init();
  creator = await w.personA(Role.CREATOR);
  teacher = await w.personA(Role.TEACHER);
  b = await w.orgB();
  robotId = (await w.robot(creator.token, { name: '班级助手', extra: { use_type: [1, 2] } })).id;
  expect((await w.post(teacher.token, '/api/ai/Robot/joinRobot', { robot_id: robotId, role: 'teacher' })).data.role).toBe('teacher');
  classA = await w.team(teacher.token, robotId, { title: '一班' });
  classB = await w.team(teacher.token, robotId, { title: '二班' });
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

/** A new student of org A who joined a class with its invite code. */
async function studentIn(code: string): Promise<Person> {
  const s = await w.personA();
  const joined = await w.post(s.token, '/api/ai/RobotTeam/operateInviteAction', { invite_code: code, action: 'accept' });
  expect(joined.code, joined.msg).toBe(20000);
  return s;
}

async function ask(s: Person, question: string) {
  const session = await w.post(s.token, '/api/ai/ChatCategory/save', { r_id: robotId });
  expect(session.code, session.msg).toBe(20000);
  return { session: session.data.id as number, result: await streamChat(base, s.token, { category_id: session.data.id, question }) };
}

const roster = async (token: string, id: number) => w.get(token, `${C}/roster`, { id });

describe('class roster', () => {
  it('lists the members who joined with their account, join time and today\'s questions', async () => {
    const s = await studentIn(classA.code);
    const r = await roster(teacher.token, classA.id);
    expect(r.code, r.msg).toBe(20000);
    expect(r.data.class).toMatchObject({ id: classA.id, title: '一班', robot_id: robotId, daily_quota: null, invite_expired: false });
    const row = r.data.members.find((m: { uid: number }) => m.uid === s.uid);
    expect(row).toMatchObject({ role: 'student', asked_today: 0, daily_quota: null, openid: s.openid });
    expect(row.account).toBeTruthy();
    expect(Math.abs(row.join_time - Date.now() / 1000)).toBeLessThan(60);
    const mine = await w.get(teacher.token, `${C}/mine`, { robot_id: robotId });
    expect(mine.data.find((c: { id: number }) => c.id === classA.id).student_count).toBeGreaterThanOrEqual(1);
  });
});

describe('daily question quota', () => {
  it('refuses a class\'s student at the class quota with the message, storing and sending nothing', async () => {
    const { id } = await w.team(teacher.token, robotId, { title: '限额班' });
    const code = (await roster(teacher.token, id)).data.class.code as string;
    const s = await studentIn(code);
    const set = await w.post(teacher.token, `${C}/setQuota`, { id, daily_quota: 2 });
    expect(set.data.daily_quota).toBe(2);
    for (const q of ['第一问', '第二问']) {
      fake.queue.push({ tokens: ['好的'] });
      expect((await ask(s, q)).result.answer).toBe('好的');
    }
    const sent = fake.chatRequests.length;
    const { session, result } = await ask(s, '第三问');
    expect([result.status, result.envelope!.msg]).toEqual([409, dailyQuotaReached(2)]);
    expect(result.envelope!.msg).toBe('今日提问次数已达上限（每日 2 次），请明天再来');
    expect(fake.chatRequests.length).toBe(sent);
    expect(await t.deps.db.select().from(chatRecords).where(eq(chatRecords.sessionId, session))).toEqual([]);
    const row = (await roster(teacher.token, id)).data.members.find((m: { uid: number }) => m.uid === s.uid);
    expect(row.asked_today).toBe(2);
    // Lifting the quota lets them ask again.
    await w.post(teacher.token, `${C}/setQuota`, { id, daily_quota: null });
    fake.queue.push({ tokens: ['可以'] });
    expect((await ask(s, '第三问')).result.answer).toBe('可以');
  });

  it('a student\'s own quota overrides the class\'s; others keep the class quota', async () => {
    const { id } = await w.team(teacher.token, robotId, { title: '个别限额班' });
    const code = (await roster(teacher.token, id)).data.class.code as string;
    const [s1, s2] = [await studentIn(code), await studentIn(code)];
    await w.post(teacher.token, `${C}/setQuota`, { id, daily_quota: 5 });
    const own = await w.post(teacher.token, `${C}/setMemberQuota`, { id, uid: s1.uid, daily_quota: 1 });
    expect(own.code, own.msg).toBe(20000);
    fake.queue.push({ tokens: ['一'] }, { tokens: ['二'] }, { tokens: ['三'] });
    expect((await ask(s1, '问一')).result.answer).toBe('一');
    expect((await ask(s1, '问二')).result.envelope!.msg).toBe('今日提问次数已达上限（每日 1 次），请明天再来');
    expect((await ask(s2, '问一')).result.answer).toBe('二');
    expect((await ask(s2, '问二')).result.answer).toBe('三');
    const r = (await roster(teacher.token, id)).data.members;
    expect(r.find((m: { uid: number }) => m.uid === s1.uid)).toMatchObject({ daily_quota: 1, asked_today: 1 });
    expect(r.find((m: { uid: number }) => m.uid === s2.uid)).toMatchObject({ daily_quota: null, asked_today: 2 });
    const bad = await w.post(teacher.token, `${C}/setQuota`, { id, daily_quota: 0 });
    expect(bad.status).toBe(400);
  });

  it('a question refused for another reason (the robot closed) does not use the quota', async () => {
    const { id } = await w.team(teacher.token, robotId, { title: '关闭限额班' });
    const s = await studentIn((await roster(teacher.token, id)).data.class.code as string);
    await w.post(teacher.token, `${C}/setQuota`, { id, daily_quota: 1 });
    await w.setting(creator.token, robotId, { is_close: 1 });
    try {
      expect((await ask(s, '关着的时候问')).result.status).toBe(403);
    } finally {
      await w.setting(creator.token, robotId, { is_close: 0 });
    }
    expect((await roster(teacher.token, id)).data.members.find((m: { uid: number }) => m.uid === s.uid).asked_today).toBe(0);
    fake.queue.push({ tokens: ['开了'] });
    expect((await ask(s, '开了再问')).result.answer).toBe('开了');
  });
});

describe('invite expiry', () => {
  it('an expired code answers 链接不存在或已失效; renewing gives a new code, the old one stays dead', async () => {
    const { id, code } = await w.team(teacher.token, robotId, { title: '过期班' });
    const past = Math.floor(Date.now() / 1000) - 60;
    const set = await w.post(teacher.token, `${C}/setInviteExpiry`, { id, expire_time: past });
    expect(set.data).toMatchObject({ invite_expire_time: past, invite_expired: true });
    const s = await w.personA();
    const check = await w.get(s.token, '/api/ai/RobotTeam/checkRobotTeamInvite', { invite_code: code });
    expect([check.status, check.msg]).toEqual([404, MSG.inviteInvalid]);
    const join = await w.post(s.token, '/api/ai/RobotTeam/operateInviteAction', { invite_code: code, action: 'accept' });
    expect([join.status, join.msg]).toEqual([404, MSG.inviteInvalid]);
    const renewed = await w.post(teacher.token, `${C}/renewInvite`, { id });
    expect(renewed.data).toMatchObject({ invite_expire_time: 0, invite_expired: false });
    expect(renewed.data.code).not.toBe(code);
    expect((await w.get(s.token, '/api/ai/RobotTeam/checkRobotTeamInvite', { invite_code: code })).msg).toBe(MSG.inviteInvalid);
    expect((await w.get(s.token, '/api/ai/RobotTeam/checkRobotTeamInvite', { invite_code: renewed.data.code })).code).toBe(20000);
    // A future expiry keeps it working; clearing it too.
    await w.post(teacher.token, `${C}/setInviteExpiry`, { id, expire_time: past + 3600 });
    expect((await w.get(s.token, '/api/ai/RobotTeam/checkRobotTeamInvite', { invite_code: renewed.data.code })).code).toBe(20000);
    const cleared = await w.post(teacher.token, `${C}/setInviteExpiry`, { id, expire_time: null });
    expect(cleared.data.invite_expire_time).toBe(0);
  });
});

describe('moving a student', () => {
  it('moves a student to another class of the same robot, not to another robot\'s or a full one', async () => {
    const s = await studentIn(classA.code);
    const moved = await w.post(teacher.token, `${C}/moveMember`, { id: classA.id, uid: s.uid, to_team_id: classB.id });
    expect(moved.code, moved.msg).toBe(20000);
    const inB = (await roster(teacher.token, classB.id)).data.members.map((m: { uid: number }) => m.uid);
    const inA = (await roster(teacher.token, classA.id)).data.members.map((m: { uid: number }) => m.uid);
    expect(inB).toContain(s.uid);
    expect(inA).not.toContain(s.uid);
    const otherRobot = (await w.robot(creator.token, { name: '别的机器人' })).id;
    const elsewhere = await w.team(creator.token, otherRobot, { title: '别处' });
    const wrong = await w.post(creator.token, `${C}/moveMember`, { id: classB.id, uid: s.uid, to_team_id: elsewhere.id });
    expect(wrong.status).toBe(400);
    const tiny = await w.team(teacher.token, robotId, { title: '小班', team_size: 1 });
    await studentIn(tiny.code);
    const full = await w.post(teacher.token, `${C}/moveMember`, { id: classB.id, uid: s.uid, to_team_id: tiny.id });
    expect([full.status, full.msg]).toEqual([409, MSG.teamFull]);
  });
});

describe('adding members by account', () => {
  it('adds the organisation\'s users named by mobile or email, and says which accounts it could not add', async () => {
    const { id } = await w.team(teacher.token, robotId, { title: '按账号添加班' });
    const accountOf = async (p: Person) => {
      const info = (await w.get(p.token, '/api/uc/passport/getUserInfo')).data as { mobile?: string; email?: string };
      return (info.mobile || info.email)!;
    };
    const [s1, s2] = [await w.personA(), await w.personA()];
    const inOtherClass = await studentIn(classA.code);
    const outsider = await accountOf(b);
    const accounts = [await accountOf(s1), (await accountOf(s2)).toUpperCase(), '13900000000', outsider, await accountOf(inOtherClass)];
    const res = await w.post(teacher.token, `${C}/addByAccount`, { id, accounts });
    expect(res.code, res.msg).toBe(20000);
    expect(res.data.added).toBe(2);
    expect(res.data.skipped).toEqual(accounts.slice(2));
    const members = (await roster(teacher.token, id)).data.members.map((m: { uid: number; role: string }) => [m.uid, m.role]);
    expect(members).toEqual(expect.arrayContaining([[s1.uid, 'student'], [s2.uid, 'student']]));
    expect(members).toHaveLength(2);
    // Only the class's teachers may; a student cannot, another organisation's class is a 404.
    expect((await w.post(s1.token, `${C}/addByAccount`, { id, accounts: [await accountOf(s2)] })).status).toBe(403);
    expect((await w.post(b.token, `${C}/addByAccount`, { id, accounts: [outsider] })).status).toBe(404);
    expect((await w.post(teacher.token, `${C}/addByAccount`, { id, accounts: [] })).status).toBe(400);
  });
});

describe('roster export', () => {
  it('is a CSV with a byte-order mark and the columns 姓名, 账号, 班级, 角色, 加入时间, 今日提问', async () => {
    const { id, code } = await w.team(teacher.token, robotId, { title: '导出班' });
    const s = await studentIn(code);
    await w.post(teacher.token, `${C}/setQuota`, { id, daily_quota: 3 });
    fake.queue.push({ tokens: ['嗯'] });
    await ask(s, '导出前的提问');
    const res = await t.app.inject({ method: 'GET', url: `${C}/exportRoster?id=${id}`, headers: { 'x-token': teacher.token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('姓名,账号,班级,角色,加入时间,今日提问');
    const info = (await roster(teacher.token, id)).data.members.find((m: { uid: number }) => m.uid === s.uid);
    const row = lines.find((l) => l.includes(info.account))!.split(',');
    expect(row[2]).toBe('导出班');
    expect(row[3]).toBe('学生');
    expect(row[4]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(row[5]).toBe('1');
  });
});

describe('who may see and run a class', () => {
  it('a teacher sees only the classes they lead and their students', async () => {
    const other = await w.personA(Role.TEACHER);
    await w.post(other.token, '/api/ai/Robot/joinRobot', { robot_id: robotId, role: 'teacher' });
    const theirs = await w.team(other.token, robotId, { title: '别人的班' });
    const s = await studentIn(theirs.code);
    const mine = await w.get(teacher.token, `${C}/mine`, { robot_id: robotId });
    const ids = mine.data.map((c: { id: number }) => c.id);
    expect(ids).toContain(classA.id);
    expect(ids).not.toContain(theirs.id);
    const everywhere = await w.get(teacher.token, `${C}/mine`);
    expect(everywhere.data.map((c: { id: number }) => c.id)).not.toContain(theirs.id);
    const peek = await roster(teacher.token, theirs.id);
    expect([peek.status, peek.msg]).toEqual([403, MSG.noOperationPermission]);
    const steal = await w.post(teacher.token, `${C}/moveMember`, { id: theirs.id, uid: s.uid, to_team_id: classA.id });
    expect(steal.status).toBe(403);
    // The robot's creator runs every class on it.
    expect((await roster(creator.token, theirs.id)).code).toBe(20000);
  });

  it('a student cannot call the teacher-only calls', async () => {
    const s = await studentIn(classA.code);
    for (const [method, url, body] of [
      ['GET', `${C}/roster`, { id: classA.id }],
      ['GET', `${C}/mine`, {}],
      ['GET', `${C}/exportRoster`, { id: classA.id }],
      ['POST', `${C}/setQuota`, { id: classA.id, daily_quota: 100 }],
      ['POST', `${C}/setMemberQuota`, { id: classA.id, uid: s.uid, daily_quota: 100 }],
      ['POST', `${C}/postNotice`, { id: classA.id, title: '学生冒充通知' }],
      ['POST', `${C}/renewInvite`, { id: classA.id }],
    ] as const) {
      const res = method === 'GET'
        ? await call(t.app, 'GET', url, { token: s.token, query: body as Record<string, number> })
        : await call(t.app, 'POST', url, { token: s.token, body });
      expect([url, res.status, res.msg]).toEqual([url, 403, MSG.noOperationPermission]);
    }
  });

  it('another organisation\'s class answers 404', async () => {
    expect((await roster(b.token, classA.id)).status).toBe(404);
    expect((await w.post(b.token, `${C}/setQuota`, { id: classA.id, daily_quota: 1 })).status).toBe(404);
    expect((await w.get(b.token, `${C}/mine`, { robot_id: robotId })).status).toBe(404);
  });
});

describe('class news', () => {
  it('a teacher\'s notice reaches their class\'s students newest first; a personal item only its student', async () => {
    const { id, code } = await w.team(teacher.token, robotId, { title: '动态班' });
    const [s1, s2] = [await studentIn(code), await studentIn(code)];
    const outsider = await studentIn(classA.code);
    expect((await w.post(teacher.token, `${C}/postNotice`, { id, title: '明天带上课本' })).code).toBe(20000);
    expect((await w.post(teacher.token, `${C}/postNotice`, { id, title: '   ' })).status).toBe(400);
    await postTeamNews(t.deps.db, [{ teamId: id, groupId: (await w.get(s1.token, '/api/uc/passport/getUserInfo')).data.group_id, kind: 'mark_released', title: '你的作业已批阅', userId: s1.uid, link: null }]);
    const feed1 = await w.get(s1.token, `${C}/news`, { robot_id: robotId });
    expect(feed1.data.data.map((n: { title: string }) => n.title)).toEqual(['你的作业已批阅', '明天带上课本']);
    expect(feed1.data.data[1]).toMatchObject({ kind: 'notice', team_title: '动态班', personal: false });
    const feed2 = await w.get(s2.token, `${C}/news`, { robot_id: robotId });
    expect(feed2.data.data.map((n: { title: string }) => n.title)).toEqual(['明天带上课本']);
    const feed3 = await w.get(outsider.token, `${C}/news`, { robot_id: robotId });
    expect(feed3.data.data.map((n: { title: string }) => n.title)).not.toContain('明天带上课本');
    const overview = await w.get(teacher.token, `${C}/robotNews`, { robot_id: robotId });
    expect(overview.data[0]).toMatchObject({ title: '明天带上课本', team_id: id });
    expect(overview.data.map((n: { title: string }) => n.title)).not.toContain('你的作业已批阅');
  });
});
