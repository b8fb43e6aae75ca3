/**
 * A robot as an MCP server (issue 19, point 5): an MCP client elsewhere connects to /v1/mcp with the
 * robot's API key, finds one tool, `ask`, and gets the robot's answer with its sources; the key's
 * limits and revocation hold, and an embed key cannot be used.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Role } from '@xueban/contract/roles';
import { createTestApp, listen, type TestApp } from './harness.ts';
import { World, type Person } from './robot-fixtures.ts';

let t: TestApp;
let w: World;
let creator: Person;
let base: string;
let robot: { id: number; code: string };
const clients: Client[] = [];

const GUIDE = '# 图书馆使用指南\n\n## 开放时间\n\n图书馆周一至周五早上八点开放，晚上十点闭馆。周末开放时间为早上九点到下午五点。\n';

async function newKey(body: Record<string, unknown>) {
  const res = await w.post(creator.token, '/api/ai/RobotApiKey/create', { robot_id: robot.id, name: 'MCP 客户端', ...body });
  expect(res.code, res.msg).toBe(20000);
  return res.data as { key: { id: number }; secret: string };
}

/** An MCP client of the official SDK, connected to the robot with `secret`. */
async function connect(secret: string) {
  const client = new Client({ name: 'school-agent', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/v1/mcp`), { requestInit: { headers: { authorization: `Bearer ${secret}` } } });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) =>
  (result.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('');

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  w = await new World(t).init();
  creator = await w.personA(Role.CREATOR);
  robot = await w.robotWithDocument(creator.token, '图书馆助手', '图书馆指南.md', GUIDE);
}, 120_000);
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await t?.close();
});

it('an MCP client finds the robot\'s ask tool and gets its answer with the document it comes from, stored in the robot\'s records', async () => {
  const { secret, key } = await newKey({});
  const client = await connect(secret);
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toEqual(['ask']);
  expect(tools[0]!.description).toContain('图书馆助手');
  expect(Object.keys((tools[0]!.inputSchema as { properties: object }).properties)).toEqual(['question', 'user']);

  const result = await client.callTool({ name: 'ask', arguments: { question: '图书馆周末几点开门？', user: 'agent-7' } });
  expect(result.isError).toBeFalsy();
  expect(textOf(result)).toContain('九点');
  expect(textOf(result)).toContain('来源：图书馆指南.md');

  // Counted against the key, and kept as one of the robot's conversations under the end user.
  const usage = await w.get(creator.token, '/api/ai/RobotApiKey/usage', { robot_id: robot.id });
  expect(usage.data.keys.find((k: { id: number }) => k.id === key.id)).toMatchObject({ today: 1, total: 1 });
  const records = await w.get(creator.token, '/api/ai/ChatRecords/lists', { robot_id: robot.id, limit: 50 });
  const mine = records.data.data.filter((r: { session_name: string }) => r.session_name === 'API · agent-7');
  expect(mine.map((r: { question: string }) => r.question)).toEqual(['图书馆周末几点开门？']);
});

it('the key\'s per-minute limit holds: the call past it fails in the robot\'s words, nothing answered', async () => {
  const { secret } = await newKey({ name: '限流', per_minute: 1 });
  const client = await connect(secret);
  expect((await client.callTool({ name: 'ask', arguments: { question: '图书馆周一几点开门？' } })).isError).toBeFalsy();
  const second = await client.callTool({ name: 'ask', arguments: { question: '图书馆几点闭馆？' } });
  expect(second.isError).toBe(true);
  expect(textOf(second)).toMatch(/请求过于频繁，请 \d+ 秒后再试/);
});

it('a revoked key, an unknown key and an embed key cannot connect; there is no session stream to open', async () => {
  const { secret, key } = await newKey({ name: '将吊销' });
  await w.post(creator.token, '/api/ai/RobotApiKey/revoke', { id: key.id });
  await expect(connect(secret)).rejects.toMatchObject({ code: 401, message: expect.stringContaining('API 密钥已被吊销') });
  await expect(connect('xb-api-not-a-key')).rejects.toMatchObject({ code: 401 });
  const embed = await newKey({ name: '嵌入', kind: 'embed', allowed_origins: ['https://school.example.cn'] });
  await expect(connect(embed.secret)).rejects.toMatchObject({ code: 403 });

  const get = await fetch(`${base}/v1/mcp`, { headers: { authorization: 'Bearer x', accept: 'text/event-stream' } });
  expect(get.status).toBe(405);
  expect(get.headers.get('allow')).toBe('POST');
});
