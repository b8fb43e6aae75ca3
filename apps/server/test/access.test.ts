/**
 * Access tests generated from the route table (design.md §8): every API route that a module
 * registers is checked here without a test of its own having to remember it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/types.ts';
import { Role } from '@xueban/contract/roles';
import { ADMIN, call, createTestApp, login, register, type TestApp } from './harness.ts';
import { bodySchema, isIdField, label, querySchema, schemaKeys } from './route-table.ts';
import { notify } from '../src/modules/notifications/notifications.service.ts';
import { eq } from 'drizzle-orm';
import { chatRecords, chatSessions } from '../src/db/schema/chat.ts';
import { knowledgeChunks, knowledgeDocuments } from '../src/db/schema/knowledge.ts';
import { markingSubmissions } from '../src/db/schema/marking.ts';
import { replaceDocumentChunks } from '../src/modules/knowledge/chunks.repo.ts';
import { safetyAlerts } from '../src/db/schema/safety.ts';
import { mcpServices, mcpTools } from '../src/db/schema/mcp.ts';
import { appInstallations } from '../src/db/schema/apps.ts';
import { groupInvites } from '../src/db/schema/groups.ts';
import { trainingAttempts } from '../src/db/schema/training.ts';
import { solutionInstalls } from '../src/db/schema/resources.ts';
import { multipartUploads } from '../src/db/schema/files.ts';

let t: TestApp;
let routes: RouteEntry[];
/** Org A is the demo organisation; org B is created by its own admin. */
const ctx = { studentA: { token: '', uid: 0 }, adminA: '', adminUid: 0, adminB: '', groupA: 0, sceneId: 0, teamCode: '', sessionCode: '', recordRobot: 0 };

/** A private robot of org A (made by its admin). */
async function robotA(): Promise<number> {
  const res = await call(t.app, 'POST', '/api/ai/Robot/saveRobot', { token: ctx.adminA, body: { name: '甲校机器人', scene_id: ctx.sceneId } });
  expect(res.code).toBe(20000);
  return res.data.id as number;
}

/**
 * Makes a row owned by org A for each kind of resource a route can name, returning its id.
 * A module that adds a tenant-scoped route adds its resource here.
 */
const resourceFactories: Record<string, () => Promise<number>> = {
  group: async () => ctx.groupA,
  /** An invite link of org A, made by its admin. */
  groupInvite: async () => {
    const res = await call(t.app, 'POST', '/api/uc/groups/createInvite', { token: ctx.adminA, body: { expire_days: 7 } });
    expect(res.code).toBe(20000);
    const [row] = await t.deps.db.select({ id: groupInvites.id }).from(groupInvites).where(eq(groupInvites.code, res.data.code));
    return row!.id;
  },
  /** An app installed in org A (written directly: the demo organisation is a trial, and the store comes in issue 20). */
  appInstallation: async () => {
    const [row] = await t.deps.db.insert(appInstallations).values({ groupId: ctx.groupA, name: '甲校应用', seats: 5 }).returning({ id: appInstallations.id });
    return row!.id;
  },
  /** A catalogue app of org A's admin (a draft listing of a robot of org A). */
  storeApp: async () => {
    const res = await call(t.app, 'POST', '/api/ai/DeveloperApp/create', { token: ctx.adminA, body: { kind: 'robot', robot_id: await robotA(), name: '甲校应用' } });
    expect(res.code).toBe(20000);
    return res.data.id as number;
  },
  user: async () => ctx.studentA.uid,
  developerApply: async () => {
    const u = await register(t.app);
    const res = await call(t.app, 'POST', '/api/uc/User/applyDeveloper', { token: u.token, body: { reason: '想做机器人' } });
    return res.data.id as number;
  },
  notification: async () => {
    await notify(t.deps.db, { userId: ctx.studentA.uid, groupId: ctx.groupA, title: '私人通知' });
    const res = await call(t.app, 'GET', '/api/uc/notice/lists', { token: ctx.studentA.token });
    return res.data.data[0].id as number;
  },
  robot: robotA,
  /** A team on a private robot of org A; its invite code is kept for routes that also need one. */
  team: async () => {
    const res = await call(t.app, 'POST', '/api/ai/RobotTeam/save', { token: ctx.adminA, body: { robot_id: await robotA(), title: '甲校团队' } });
    expect(res.code).toBe(20000);
    ctx.teamCode = res.data.code;
    return res.data.id as number;
  },
  /** A chat session of org A's student with a robot of org A; its code is kept for ChatCategory/delete. */
  session: async () => {
    const res = await call(t.app, 'POST', '/api/ai/ChatCategory/save', { token: ctx.studentA.token, body: { r_id: await robotA() } });
    expect(res.code).toBe(20000);
    ctx.sessionCode = res.data.code;
    return res.data.id as number;
  },
  /** An exchange stored in such a session, as the stream endpoint stores it. */
  record: async () => {
    const [s] = await t.deps.db.select().from(chatSessions).where(eq(chatSessions.id, await resourceFactories.session!()));
    ctx.recordRobot = s!.robotId;
    const [r] = await t.deps.db.insert(chatRecords).values({
      sessionId: s!.id, groupId: s!.groupId, userId: s!.userId, robotId: s!.robotId, question: '私人问题', answer: '私人回答', status: 'done',
    }).returning({ id: chatRecords.id });
    return r!.id;
  },
  /** A knowledge base of org A with one typed Q&A document (stored directly: the queue is not what is tested here). */
  knowledge: async () => {
    const res = await call(t.app, 'POST', '/api/ai/knowledge/save', { token: ctx.adminA, body: { name: '甲校知识库' } });
    expect(res.code).toBe(20000);
    return res.data.id as number;
  },
  knowledgeDocument: async () => {
    const kbId = await resourceFactories.knowledge!();
    const [d] = await t.deps.db.insert(knowledgeDocuments).values({
      kbId, groupId: ctx.groupA, creatorId: ctx.adminUid, type: 'qa', name: '甲校问答', status: 'failed', qa: [{ question: '问', answer: '答' }],
    }).returning({ id: knowledgeDocuments.id });
    return d!.id;
  },
  knowledgeChunk: async () => {
    const docId = await resourceFactories.knowledgeDocument!();
    const [d] = await t.deps.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, docId));
    await replaceDocumentChunks(t.deps.db, d!, [{ heading: '', question: '问', content: '甲校的答案' }]);
    const [c] = await t.deps.db.select().from(knowledgeChunks).where(eq(knowledgeChunks.documentId, docId));
    return c!.id;
  },
  /** Intent library (意图库) rows of org A, made by its admin. */
  intentCategory: async () => {
    const res = await call(t.app, 'POST', '/api/ai/intentCategory/save', { token: ctx.adminA, body: { name: '甲校意图分类' } });
    expect(res.code).toBe(20000);
    return res.data.id as number;
  },
  intent: async () => {
    const res = await call(t.app, 'POST', '/api/ai/intent/save', { token: ctx.adminA, body: { category_id: await resourceFactories.intentCategory!(), name: '甲校意图' } });
    expect(res.code).toBe(20000);
    return res.data.id as number;
  },
  /** An assignment for a class of org A (its admin leads the class it created). */
  assignment: async () => {
    const res = await call(t.app, 'POST', '/api/ai/Marking/save', {
      token: ctx.adminA, body: { team_id: await resourceFactories.team!(), title: '甲校作业', rubric: [{ name: '内容', points: 10 }], due_at: 2_000_000_000 },
    });
    expect(res.code).toBe(20000);
    return res.data.id as number;
  },
  /** A student's submission to it (stored directly: handing in is not what is tested here). */
  submission: async () => {
    const [s] = await t.deps.db.insert(markingSubmissions).values({
      groupId: ctx.groupA, assignmentId: await resourceFactories.assignment!(), studentId: ctx.studentA.uid, text: '甲校学生的作业',
    }).returning({ id: markingSubmissions.id });
    return s!.id;
  },
  intentContent: async () => {
    const res = await call(t.app, 'POST', '/api/ai/intentContent/save', {
      token: ctx.adminA, body: { intent_id: await resourceFactories.intent!(), content_type: 'text', content: { content: '甲校推荐' } },
    });
    expect(res.code).toBe(20000);
    return res.data.id as number;
  },
  /** A course plan of org A and a node in it, made by its admin. */
  coursePlan: async () => {
    const res = await call(t.app, 'POST', '/api/ai/coursePlan/save', { token: ctx.adminA, body: { title: '甲校课程' } });
    expect(res.code).toBe(20000);
    return res.data.id as number;
  },
  courseNode: async () => {
    const res = await call(t.app, 'POST', '/api/ai/courseNode/save', { token: ctx.adminA, body: { plan_id: await resourceFactories.coursePlan!(), title: '甲校课时' } });
    expect(res.code).toBe(20000);
    return res.data.id as number;
  },
  /** A safety alert of org A (issue 28), recorded as the chat records a hit. */
  safetyAlert: async () => {
    const [s] = await t.deps.db.select().from(chatSessions).where(eq(chatSessions.id, await resourceFactories.session!()));
    const [a] = await t.deps.db.insert(safetyAlerts).values({
      groupId: s!.groupId, robotId: s!.robotId, sessionId: s!.id, studentId: s!.userId, source: 'question',
      word: '私密词', matched: '私 密 词', category: '其他', severity: 'standard',
    }).returning({ id: safetyAlerts.id });
    return a!.id;
  },
  /** An API key of a robot of org A (issue 25). */
  apiKey: async () => {
    const res = await call(t.app, 'POST', '/api/ai/RobotApiKey/create', { token: ctx.adminA, body: { robot_id: await robotA(), name: '甲校密钥' } });
    expect(res.code).toBe(20000);
    return res.data.key.id as number;
  },
};

/** An MCP service of org A and one of its tools (stored directly: saving one connects to a live server). */
Object.assign(resourceFactories, {
  mcpService: async () => {
    const [row] = await t.deps.db.insert(mcpServices).values({ groupId: ctx.groupA, name: '甲校工具', transport: 'streamable_http', url: 'https://tools.example/mcp' }).returning({ id: mcpServices.id });
    return row!.id;
  },
  mcpTool: async () => {
    const [row] = await t.deps.db.insert(mcpTools).values({ serviceId: await resourceFactories.mcpService!(), name: 'timetable' }).returning({ id: mcpTools.id });
    return row!.id;
  },
});

/** A training scenario of org A (published by its admin) and an attempt at it (stored directly: starting one needs a model). */
Object.assign(resourceFactories, {
  trainingScenario: async () => {
    const res = await call(t.app, 'POST', '/api/ai/TrainScenario/save', {
      token: ctx.adminA, body: { robot_id: await robotA(), title: '甲校训练', role: '家长', goal: '沟通', rubric: [{ name: '表达', points: 10 }] },
    });
    expect(res.code).toBe(20000);
    await call(t.app, 'POST', '/api/ai/TrainScenario/publish', { token: ctx.adminA, body: { id: res.data.id, publish: 1 } });
    return res.data.id as number;
  },
  trainingAttempt: async () => {
    const [row] = await t.deps.db.insert(trainingAttempts).values({
      groupId: ctx.groupA, scenarioId: await resourceFactories.trainingScenario!(), userId: ctx.adminUid, turns: [],
    }).returning({ id: trainingAttempts.id });
    return row!.id;
  },
});

/** Issue 20: a pending publication of org A (not listed anywhere yet), a solution of org A and an install into org A. */
Object.assign(resourceFactories, {
  publication: async () => {
    const res = await call(t.app, 'POST', '/api/ai/publish/save', { token: ctx.adminA, body: { kind: 'knowledge', content_id: await resourceFactories.knowledge!(), scope: 'platform' } });
    expect(res.code, res.msg).toBe(20000);
    return res.data.id as number;
  },
  solution: async () => {
    const res = await call(t.app, 'POST', '/api/ai/solution/save', { token: ctx.adminA, body: { name: '甲校方案', knowledge_ids: [await resourceFactories.knowledge!()] } });
    expect(res.code, res.msg).toBe(20000);
    return res.data.id as number;
  },
  solutionInstall: async () => {
    const [row] = await t.deps.db.insert(solutionInstalls).values({ groupId: ctx.groupA, userId: ctx.adminUid, name: '甲校安装', status: 'done' }).returning({ id: solutionInstalls.id });
    return row!.id;
  },
});

/** Issue 21: a multipart upload straight to the bucket, begun by org A's admin (written directly: it needs S3). */
Object.assign(resourceFactories, {
  multipartUpload: async () => {
    const [row] = await t.deps.db.insert(multipartUploads).values({
      groupId: ctx.groupA, userId: ctx.adminUid, scene: 'file', key: `file/202601/probe${Date.now()}${Math.random().toString(36).slice(2)}`,
      uploadId: 'probe', name: '甲校录像.mp4', size: 1,
    }).returning({ id: multipartUploads.id });
    return row!.id;
  },
});

/** The rest of a valid request for routes with a tenant probe (the probed field is filled in). */
const validRest: Record<string, Record<string, unknown>> = {
  'POST /api/uc/upload/multipartSign': { part_numbers: [1] },
  'POST /api/uc/groups/save': { name: '越界组织' },
  'POST /api/uc/groups/setMemberRoles': { roles: [Role.TEACHER] },
  'POST /api/uc/GroupApp/setSeats': { seats: 9 },
  'POST /api/uc/GroupApp/assignSeat': { get uid() { return ctx.studentA.uid; } },
  'POST /api/uc/GroupApp/releaseSeat': { get uid() { return ctx.studentA.uid; } },
  'POST /api/uc/User/auditDeveloperApply': { status: 3 },
  'POST /api/ai/DeveloperApp/create': { kind: 'robot', name: '越界应用' },
  'POST /api/ai/DeveloperApp/update': { name: '越界应用' },
  'POST /api/ai/Robot/saveRobot': { name: '越界机器人', get scene_id() { return ctx.sceneId; } },
  'POST /api/ai/Robot/copyClassRobot': { source: 1 },
  'POST /api/ai/Robot/updateRobotExtraInfo': { extra: { introduce: '越界' } },
  'POST /api/ai/Robot/updateRobotConfigData': { config: { onboarding_info: { prologue: '越界' } } },
  'POST /api/ai/Robot/updateRobotSetting': { online_status: 0 },
  'POST /api/ai/Robot/release': { target: 'square' },
  'POST /api/ai/Robot/cancelRelease': { target: 'square' },
  'POST /api/ai/RobotMember/addRobotUser': { get uid() { return ctx.studentA.uid; } },
  'POST /api/ai/RobotMember/unbindMember': { get uid() { return ctx.studentA.uid; } },
  'GET /api/ai/RobotTeam/checkRobotTeamName': { title: '越界团队' },
  'POST /api/ai/RobotTeam/save': { title: '越界团队' },
  'POST /api/ai/RobotTeam/addMember': { users: [{ openid: 'nobody', role: 'student' }] },
  'POST /api/ai/RobotTeam/removeMember': { get uid() { return ctx.studentA.uid; } },
  'POST /api/ai/RobotTeam/changeRole': { get uid() { return ctx.studentA.uid; }, role: 'student' },
  'POST /api/ai/chat/stream': { question: '越界提问' },
  'POST /api/ai/TeamClass/setInviteExpiry': { expire_time: null },
  'POST /api/ai/TeamClass/setQuota': { daily_quota: 5 },
  'POST /api/ai/TeamClass/setMemberQuota': { get uid() { return ctx.studentA.uid; }, daily_quota: 5 },
  'POST /api/ai/TeamClass/moveMember': { get uid() { return ctx.studentA.uid; }, to_team_id: 1 },
  'POST /api/ai/TeamClass/postNotice': { title: '越界通知' },
  'POST /api/ai/TeamClass/addByAccount': { accounts: ['13900000000'] },
  'POST /api/ai/RobotTeam/joinTeam': { get invite_code() { return ctx.teamCode; } },
  'POST /api/ai/ChatCategory/delete': { get code() { return ctx.sessionCode; } },
  'GET /api/ai/ChatRecords/detail': { get robot_id() { return ctx.recordRobot; } },
  'POST /api/ai/chat/cleanChat': { type: 1 },
  'POST /api/ai/chat/stop': { client_msg_id: 'msg-access-1' },
  'POST /api/ai/RobotApiKey/create': { name: '越界密钥' },
  'GET /api/ai/TeacherConsole/userData': { get uid() { return ctx.studentA.uid; } },
  'POST /api/ai/TeacherConsole/saveSetting': { tutoring_mode: 'guide' },
  'POST /api/ai/RecordsHasCorrect/save': { content: '越界订正' },
  'POST /api/ai/intentCategory/save': { name: '越界分类' },
  'POST /api/ai/admin.Mcp/update': { name: '越界服务', url: 'https://tools.example/mcp' },
  'POST /api/ai/admin.McpTool/update': { enabled: 0 },
  'POST /api/ai/RobotTool/update': { tool_id: 1, enabled: 1 },
  'POST /api/ai/intent/save': { name: '越界意图' },
  'POST /api/ai/intent/saveConnection': { related_ids: [] },
  'POST /api/ai/Marking/save': { title: '越界作业', rubric: [{ name: '内容', points: 10 }], due_at: 2_000_000_000 },
  'POST /api/ai/Marking/submit': { text: '越界提交' },
  'POST /api/ai/Marking/mark': { scores: [] },
  'POST /api/ai/intentContent/save': { content_type: 'text', content: { content: '越界' } },
  'POST /api/ai/intentContent/sort': { ids: [1] },
  'POST /api/ai/intent/bindCategory': { ids: [1] },
  'POST /api/ai/intent/unbindCategory': { id: 1 },
  'POST /api/ai/intent/ask': { id: 1, robot_id: 1 },
  'POST /api/ai/knowledge/save': { name: '越界知识库' },
  'POST /api/ai/knowledge/training': { type: 'qa', qa: [{ question: '越界', answer: '越界' }] },
  'POST /api/ai/knowledge/edittrain': { content: '越界修改' },
  'GET /api/ai/knowledge/hitTest': { query: '越界' },
  'POST /api/ai/Robot/bindContent': { type: 'repository', ids: [1] },
  'POST /api/ai/Robot/unbindContent': { type: 'repository', id: 1 },
  'POST /api/ai/Robot/setRobotContentStatus': { type: 'repository', id: 1, status: 0 },
  'POST /api/ai/coursePlan/save': { title: '越界课程' },
  'POST /api/ai/courseNode/save': { title: '越界课时' },
  'POST /api/ai/courseNode/move': { items: [{ id: 1, pid: 0 }] },
  'POST /api/ai/coursePlan/publish': { team_id: 1 },
  'POST /api/ai/coursePlan/unpublish': { team_id: 1 },
  'POST /api/ai/courseTeach/unlock': { team_id: 1, node_id: 1, item_status: 1 },
  'GET /api/ai/courseTeach/studentProgress': { get student_id() { return ctx.studentA.uid; } },
  'GET /api/ai/courseStudy/node': { node_id: 1 },
  'POST /api/ai/admin.robot/handles': { action: 'hide', scope: 'group' },
  'POST /api/ai/admin.robot/delete': { scope: 'group' },
  'POST /api/ai/courseStudy/done': { node_id: 1 },
  'POST /api/ai/TrainScenario/save': { title: '越界训练', role: '家长', goal: '沟通', rubric: [{ name: '表达', points: 10 }] },
  'POST /api/ai/TrainAttempt/start': { mode: 'train' },
  'POST /api/ai/TrainAttempt/reply': { content: '越界回答' },
  'POST /api/ai/publish/save': { kind: 'knowledge', scope: 'org' },
  'POST /api/ai/publish/review': { status: 3 },
  'POST /api/ai/resCenter/copy': { kind: 'knowledge' },
  'POST /api/ai/solution/save': { name: '越界方案', robot_ids: [] },
};

beforeAll(async () => {
  t = await createTestApp();
  routes = t.app.routeTable;
  ctx.adminA = await login(t.app, ADMIN.account, ADMIN.password);
  ctx.adminUid = (await call(t.app, 'GET', '/api/uc/passport/getUserInfo', { token: ctx.adminA })).data.uid;
  ctx.studentA = await register(t.app);
  const b = await register(t.app);
  const created = await call(t.app, 'POST', '/api/uc/groups/save', { token: b.token, body: { name: '乙学校' } });
  expect(created.code).toBe(20000);
  ctx.adminB = b.token;
  const info = await call(t.app, 'GET', '/api/uc/passport/getUserInfo', { token: ctx.studentA.token });
  ctx.groupA = info.data.group_id;
  ctx.sceneId = (await call(t.app, 'GET', '/api/ai/Robot/getRobotScenes', { token: ctx.adminA })).data[0].id;
  // New accounts start in the demo organisation; B's admin leaves it so B is a true stranger to A.
  const removed = await call(t.app, 'POST', '/api/uc/groups/removeMember', { token: ctx.adminA, body: { uid: b.uid } });
  expect(removed.code).toBe(20000);
});
afterAll(async () => { await t?.close(); });

const needsLogin = (r: RouteEntry) => r.access !== 'public' && r.access !== 'optional';
const roleGated = (r: RouteEntry) => typeof r.access === 'object' && !r.access.roles.includes(Role.STUDENT);
const request = (r: RouteEntry, token: string | undefined, payload: Record<string, unknown>) =>
  call(t.app, r.method as 'GET' | 'POST', r.url, r.method === 'GET'
    ? { token, query: payload as Record<string, string> }
    : { token, body: payload });

describe('access rules for every route', () => {
  it('finds the routes of every module', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.map(label)).toContain('POST /api/uc/passport/doLogin');
  });

  it('answers 401 with code 50008 to every non-public route without a login', async () => {
    const failures: string[] = [];
    for (const r of routes.filter(needsLogin)) {
      const res = await request(r, undefined, {});
      if (res.status !== 401 || res.code !== 50008 || res.data !== null) failures.push(`${label(r)} → ${res.status} ${res.code}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to a student on every role-gated route', async () => {
    const gated = routes.filter(roleGated);
    expect(gated.length).toBeGreaterThan(3);
    const failures: string[] = [];
    for (const r of gated) {
      const res = await request(r, ctx.studentA.token, {});
      if (res.status !== 403 || res.data !== null) failures.push(`${label(r)} → ${res.status} ${res.code}`);
    }
    expect(failures).toEqual([]);
  });

  it('makes every route that names a row by id declare a tenant probe or why it needs none', () => {
    const undeclared = routes.filter((r) => {
      const keys = [...schemaKeys(bodySchema(r)), ...schemaKeys(querySchema(r))];
      return keys.some(isIdField) && !r.tenant && !r.tenantExempt;
    });
    expect(undeclared.map(label)).toEqual([]);
  });

  it("answers 404 with no data when org B's admin names org A's rows", async () => {
    const probed = routes.filter((r) => r.tenant);
    expect(probed.length).toBeGreaterThan(3);
    const failures: string[] = [];
    for (const r of probed) {
      const probe = r.tenant!;
      const factory = resourceFactories[probe.resource];
      const rest = validRest[label(r)] ?? {};
      if (!factory) {
        failures.push(`${label(r)}: no factory for resource '${probe.resource}'`);
        continue;
      }
      const id = await factory();
      const res = await request(r, ctx.adminB, { ...rest, [probe.field]: id });
      if (res.status !== 404 || res.data !== null) failures.push(`${label(r)} → ${res.status} ${res.code} ${res.msg}`);
    }
    expect(failures).toEqual([]);
  });

  it('lets the owners of those rows reach them (the probes are not 404 for everyone)', async () => {
    const switched = await call(t.app, 'POST', '/api/uc/User/setCurrentGroup', { token: ctx.studentA.token, body: { group_id: ctx.groupA } });
    expect(switched.code).toBe(20000);
    const roles = await call(t.app, 'POST', '/api/uc/groups/setMemberRoles', { token: ctx.adminA, body: { uid: ctx.studentA.uid, roles: [Role.STUDENT] } });
    expect(roles.code).toBe(20000);
    const notice = await resourceFactories.notification!();
    const read = await call(t.app, 'POST', '/api/uc/notice/read', { token: ctx.studentA.token, body: { id: notice } });
    expect(read.code).toBe(20000);
    const robot = await resourceFactories.robot!();
    const detail = await call(t.app, 'GET', '/api/ai/Robot/detail', { token: ctx.studentA.token, query: { id: robot } });
    expect(detail.code).toBe(20000);
    const team = await resourceFactories.team!();
    const joined = await call(t.app, 'POST', '/api/ai/RobotTeam/joinTeam', { token: ctx.studentA.token, body: { team_id: team, invite_code: ctx.teamCode } });
    expect(joined.code).toBe(20000);
    const record = await resourceFactories.record!();
    const ownRecord = await call(t.app, 'GET', '/api/ai/ChatRecords/detail', { token: ctx.studentA.token, query: { id: record, robot_id: ctx.recordRobot } });
    expect(ownRecord.code).toBe(20000);
  });
});
