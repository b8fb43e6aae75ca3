import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@xueban/contract/roles';
import { chatRecords } from '../src/db/schema/chat.ts';
import { createTestApp, listen, until, type TestApp } from './harness.ts';
import { World, type Person } from './robot-fixtures.ts';
import { FakeOpenAI } from './fakes/openai-server.ts';
import { FakeMcp } from './fakes/mcp-server.ts';
import { streamChat, type SseEvent, type StreamResult } from './sse-client.ts';

let fake: FakeOpenAI;
let mcp: FakeMcp;
let t: TestApp;
let w: World;
let base: string;
let creator: Person;
let student: Person;
let robotId: number;
/** Function names the model sees, by service transport and tool name. */
const fn: Record<string, string> = {};

async function addService(name: string, path: string, transport: string, timeout: number) {
  const res = await w.post(w.admin, '/api/ai/admin.Mcp/save', { name, transport, url: `${mcp.origin}${path}`, timeout });
  expect(res.code, res.msg).toBe(20000);
  return res.data.id as number;
}

beforeAll(async () => {
  fake = await new FakeOpenAI().start();
  mcp = await new FakeMcp().start();
  t = await createTestApp({
    LLM_BASE_URL: fake.url, LLM_API_KEY: 'sk-test', LLM_MODEL: 'fake-chat', EGRESS_MCP_ORIGINS: mcp.origin,
    CHAT_HEARTBEAT_MS: '500', LLM_FIRST_BYTE_TIMEOUT_MS: '5000', LLM_IDLE_TIMEOUT_MS: '5000',
    // A client that leaves stops its answer at once here: the default 20 s wait for a resume
    // (chat-resume.test.ts) equalled this file's wait for the stopped reply, a race it lost under load.
    CHAT_RESUME_GRACE_MS: '0',
  });
  base = await listen(t);
  w = await new World(t).init();
  creator = await w.personA(Role.CREATOR);
  student = await w.personA();
  robotId = (await w.robot(creator.token, { name: '课表助手', info: '帮学生查课表', is_public: 2 })).id;
  await w.setting(creator.token, robotId, { is_public: 2 });
  // One service per transport; the streamable one gives tools 2 s, the SSE one 60 s (for Stop).
  const http = await addService('学校课表', '/mcp', 'streamable_http', 2);
  const sse = await addService('旧课表', '/sse', 'sse', 60);
  const tools = await w.get(creator.token, '/api/ai/RobotTool/lists', { robot_id: robotId });
  expect(tools.code, tools.msg).toBe(20000);
  for (const tool of tools.data as { id: number; name: string; service_id: number }[]) {
    const key = `${tool.service_id === http ? 'http' : tool.service_id === sse ? 'sse' : 'other'}:${tool.name}`;
    fn[key] = `t${tool.id}_${tool.name}`;
    const on = await w.post(creator.token, '/api/ai/RobotTool/update', { robot_id: robotId, tool_id: tool.id, enabled: 1 });
    expect(on.code, on.msg).toBe(20000);
  }
});
afterAll(async () => {
  await t?.close();
  await mcp?.stop();
  await fake?.stop();
});

async function ask(question: string, onEvent?: (e: SseEvent, stop: () => void) => void): Promise<StreamResult> {
  const s = await w.post(student.token, '/api/ai/ChatCategory/save', { r_id: robotId });
  return streamChat(base, student.token, { category_id: s.data.id, question }, onEvent);
}
const activities = (r: StreamResult) => r.events.filter((e) => e.event === 'activity').map((e) => e.data);
async function stored(r: StreamResult) {
  const id = r.events.find((e) => e.event === 'records')!.data.id as number;
  const [row] = await t.deps.db.select().from(chatRecords).where(eq(chatRecords.id, id));
  return row!;
}

describe('chat with MCP tools (function calling)', () => {
  it('offers the robot\'s enabled tools, runs the call, streams its activity card and the answer, and stores them', async () => {
    fake.queue.push(
      { tokens: ['我查一下。'], toolCalls: [{ name: fn['http:timetable']!, arguments: '{"class_name":"三年二班"}' }] },
      { tokens: ['三年二班今天第一节是', '数学。'] },
    );
    const r = await ask('三年二班今天第一节是什么课？');
    const offered = fake.chatRequests.at(-2)!.body.tools.map((x: { function: { name: string } }) => x.function.name);
    expect(offered).toContain(fn['http:timetable']);
    const cards = activities(r);
    expect(cards.map((c) => c.state)).toEqual(['running', 'done']);
    expect(cards[1]).toMatchObject({ title: '查询课表', content_type_str: '学校课表' });
    expect(cards[1].duration_ms).toBeGreaterThanOrEqual(0);
    expect(r.answer).toBe('我查一下。三年二班今天第一节是数学。');
    // The tool's answer went back to the model with its call.
    const fed = fake.chatRequests.at(-1)!.body.messages;
    expect(fed.at(-2).tool_calls[0].function.name).toBe(fn['http:timetable']);
    expect(fed.at(-1)).toMatchObject({ role: 'tool', content: '三年二班今天第一节是数学，第二节是语文' });
    const row = await stored(r);
    expect(row.status).toBe('done');
    expect(row.activityContent).toEqual([expect.objectContaining({
      title: '查询课表', state: 'done', tool: 'timetable', arguments: '{"class_name":"三年二班"}', result: '三年二班今天第一节是数学，第二节是语文',
    })]);
    // The stored reply shows the cards again (records: activity_content as a JSON string).
    const rec = await w.get(student.token, '/api/ai/ChatRecords/detail', { id: row.id, robot_id: robotId });
    expect(JSON.parse(rec.data.activity_content)[0]).toMatchObject({ title: '查询课表', state: 'done' });
  });

  it('runs the calls of one round in parallel; a tool that throws is reported to the model and the user, and the answer goes on', async () => {
    fake.queue.push(
      { toolCalls: [{ name: fn['sse:timetable']!, arguments: '{"class_name":"一班"}' }, { name: fn['http:explode']!, arguments: '{}' }] },
      { tokens: ['课表查到了，另一个工具出错了。'] },
    );
    const r = await ask('查课表');
    const ended = activities(r).filter((c) => c.state !== 'running');
    expect(ended.map((c) => [c.title, c.state]).sort()).toEqual([['会出错的工具', 'failed'], ['查询课表', 'done']]);
    expect(r.answer).toBe('课表查到了，另一个工具出错了。');
    const tools = fake.chatRequests.at(-1)!.body.messages.filter((m: { role: string }) => m.role === 'tool');
    expect(tools).toHaveLength(2);
    expect(tools[1].content).toContain('database is on fire');
    expect((await stored(r)).status).toBe('done');
  });

  it('a tool that hangs times out within its bound, and the answer goes on', async () => {
    fake.queue.push({ toolCalls: [{ name: fn['http:hang']!, arguments: '{}' }] }, { tokens: ['工具超时了，我先回答。'] });
    const started = Date.now();
    const r = await ask('慢慢查');
    const end = activities(r).at(-1)!;
    expect(end).toMatchObject({ title: '很慢的工具', state: 'failed' });
    expect(end.duration_ms).toBeGreaterThanOrEqual(1900);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(fake.chatRequests.at(-1)!.body.messages.at(-1).content).toContain('工具调用超时');
    expect(r.answer).toBe('工具超时了，我先回答。');
  });

  it('停止回答 during a tool call cancels it: the reply is stored stopped with the card failed', async () => {
    fake.queue.push({ toolCalls: [{ name: fn['sse:hang']!, arguments: '{}' }] });
    const requests = fake.chatRequests.length;
    const hangs = mcp.hangStarted;
    let recordId = 0;
    const r = await ask('查个很慢的', (e, stop) => {
      // Stopped once the server is running the call.
      if (e.event === 'activity' && e.data.state === 'running') void until('the call running', async () => (mcp.hangStarted > hangs ? true : undefined), 10_000).then(stop);
    });
    expect(activities(r).map((c) => c.state)).toEqual(['running']);
    const row = await until('the stopped reply', async () => {
      const rows = await t.deps.db.select().from(chatRecords).where(eq(chatRecords.robotId, robotId));
      const last = rows.sort((a, b) => b.id - a.id)[0]!;
      recordId = last.id;
      return last.status === 'stopped' ? last : undefined;
    }, 20_000);
    expect(row.activityContent).toEqual([expect.objectContaining({ title: '很慢的工具', state: 'failed' })]);
    expect(recordId).toBeGreaterThan(0);
    expect(mcp.hangStarted).toBe(hangs + 1);
    // The SSE server is told the call was cancelled; the model is not asked again.
    await until('the cancelled call', async () => (mcp.hangCancelled > 0 ? true : undefined), 10_000);
    expect(fake.chatRequests.length).toBe(requests + 1);
  });

  it('logs arguments and results for the dialogue records with the service\'s secrets and secret-looking fields redacted', async () => {
    const secret = 'sk-timetable-secret-987654';
    const svc = await w.post(w.admin, '/api/ai/admin.Mcp/save', { name: '带密钥课表', url: `${mcp.origin}/mcp`, headers: [{ name: 'X-Api-Key', value: secret }] });
    expect(svc.code, svc.msg).toBe(20000);
    const tool = (await w.get(creator.token, '/api/ai/RobotTool/lists', { robot_id: robotId })).data
      .find((x: { service_id: number; name: string }) => x.service_id === svc.data.id && x.name === 'headers');
    await w.post(creator.token, '/api/ai/RobotTool/update', { robot_id: robotId, tool_id: tool.id, enabled: 1 });
    fake.queue.push({ toolCalls: [{ name: `t${tool.id}_headers`, arguments: '{"password":"hunter2","class":"一班"}' }] }, { tokens: ['好了'] });
    const r = await ask('看看请求头');
    const [act] = (await stored(r)).activityContent as { arguments: string; result: string; state: string }[];
    expect(act!.state).toBe('done');
    // The server did get the key; neither the stored record nor the model sees it.
    expect(act!.result).toContain('x-api-key');
    expect(act!.result).not.toContain(secret);
    expect(act!.result).toContain('[redacted]');
    expect(act!.arguments).toBe('{"password":"[redacted]","class":"一班"}');
    expect(JSON.stringify(fake.chatRequests.at(-1)!.body.messages)).not.toContain(secret);
    // The admin's dialogue records carry them.
    const admin = await w.get(w.admin, '/api/ai/ChatRecords/lists', { robot_id: robotId });
    const listed = admin.data.data.find((x: { id: number }) => x.id === r.events.find((e) => e.event === 'records')!.data.id);
    expect(JSON.parse(listed.activity_content)[0]).toMatchObject({ tool: 'headers', arguments: '{"password":"[redacted]","class":"一班"}' });
  });

  it('a tool disabled on its service is no longer offered', async () => {
    const tools = await w.get(w.admin, '/api/ai/admin.McpTool/lists', {});
    const explode = tools.data.filter((x: { name: string }) => x.name === 'explode');
    for (const x of explode) expect((await w.post(w.admin, '/api/ai/admin.McpTool/update', { id: x.id, enabled: 0 })).code).toBe(20000);
    fake.queue.push({ tokens: ['好的'] });
    await ask('你好');
    const offered = fake.chatRequests.at(-1)!.body.tools.map((x: { function: { name: string } }) => x.function.name);
    expect(offered).not.toContain(fn['http:explode']);
    expect(offered).toContain(fn['http:timetable']);
  });
});
