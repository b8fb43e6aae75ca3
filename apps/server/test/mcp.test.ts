import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { mcpServices } from '../src/db/schema/mcp.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { World, type Person } from './robot-fixtures.ts';
import { everythingFactory, FakeMcp } from './fakes/mcp-server.ts';

let mcp: FakeMcp;
let everything: FakeMcp;
let t: TestApp;
let w: World;
let orgAdmin: Person;

beforeAll(async () => {
  mcp = await new FakeMcp().start();
  everything = await new FakeMcp(await everythingFactory()).start();
  // The operator allows the test servers' exact origins, as an intranet tool server would be.
  t = await createTestApp({ EGRESS_MCP_ORIGINS: `${mcp.origin},${everything.origin}` });
  w = await new World(t).init();
  orgAdmin = await w.personA(Role.ORG_ADMIN);
});
afterAll(async () => {
  await t?.close();
  await mcp?.stop();
  await everything?.stop();
});

const save = (token: string, body: Record<string, unknown>) => w.post(token, '/api/ai/admin.Mcp/save', body);

describe('MCP 管理: services connect and list their tools on save', () => {
  it.each(['streamable_http', 'sse'] as const)('saves a %s service with its tools (description and input schema)', async (transport) => {
    const url = `${mcp.origin}/${transport === 'sse' ? 'sse' : 'mcp'}`;
    const res = await save(orgAdmin.token, { name: `课表服务-${transport}`, transport, url, timeout: 5 });
    expect(res.code, res.msg).toBe(20000);
    expect(res.data).toMatchObject({ transport, url, tool_count: 4, is_platform: 0, editable: 1, timeout: 5 });
    const tools = await w.get(orgAdmin.token, '/api/ai/admin.McpTool/lists', { service_id: res.data.id });
    const timetable = tools.data.find((x: { name: string }) => x.name === 'timetable');
    expect(timetable).toMatchObject({ title: '查询课表', description: '按班级查询今天的课表', enabled: 1 });
    expect(timetable.input_schema.properties.class_name).toMatchObject({ type: 'string', description: '班级名称' });
  });

  it('lists the tools of @modelcontextprotocol/server-everything (from npm, behind the SDK\'s streamable HTTP transport)', async () => {
    const res = await save(orgAdmin.token, { name: 'Everything', url: `${everything.origin}/mcp` });
    expect(res.code, res.msg).toBe(20000);
    const tools = await w.get(orgAdmin.token, '/api/ai/admin.McpTool/lists', { service_id: res.data.id });
    const names = tools.data.map((x: { name: string }) => x.name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum']));
    expect(tools.data.find((x: { name: string }) => x.name === 'echo')).toMatchObject({ description: 'Echoes back the input string' });
  });

  it('keeps header values sealed at rest and never returns them in full; a masked value on update keeps the secret', async () => {
    const secret = 'sk-school-timetable-123456';
    const res = await save(orgAdmin.token, { name: '带密钥', url: `${mcp.origin}/mcp`, headers: [{ name: 'Authorization', value: `Bearer ${secret}` }] });
    expect(res.code, res.msg).toBe(20000);
    expect(JSON.stringify(res.data)).not.toContain(secret);
    const [row] = await t.deps.db.select().from(mcpServices).where(eq(mcpServices.id, res.data.id));
    expect(row!.headersEnc).not.toContain(secret);
    const list = await w.get(orgAdmin.token, '/api/ai/admin.Mcp/lists');
    expect(JSON.stringify(list.data)).not.toContain(secret);
    mcp.seenHeaders.length = 0;
    const masked = list.data.find((s: { id: number }) => s.id === res.data.id).headers[0].value as string;
    const upd = await w.post(orgAdmin.token, '/api/ai/admin.Mcp/update', { id: res.data.id, name: '带密钥2', url: `${mcp.origin}/mcp`, headers: [{ name: 'Authorization', value: masked }] });
    expect(upd.code, upd.msg).toBe(20000);
    expect(mcp.seenHeaders.some((h) => h.authorization === `Bearer ${secret}`)).toBe(true);
  });

  it('sends a header value like ${DATABASE_URL} literally (no expansion)', async () => {
    process.env.XUEBAN_TEST_SECRET = 'expanded!';
    mcp.seenHeaders.length = 0;
    const res = await save(orgAdmin.token, { name: '字面值', url: `${mcp.origin}/mcp`, headers: [
      { name: 'X-Db', value: '${DATABASE_URL}' }, { name: 'X-Other', value: '$XUEBAN_TEST_SECRET {{APP_SECRET}}' },
    ] });
    expect(res.code, res.msg).toBe(20000);
    expect(mcp.seenHeaders.length).toBeGreaterThan(0);
    for (const h of mcp.seenHeaders) {
      expect(h['x-db']).toBe('${DATABASE_URL}');
      expect(h['x-other']).toBe('$XUEBAN_TEST_SECRET {{APP_SECRET}}');
    }
  });

  it('says clearly when it cannot connect, and stores nothing', async () => {
    const before = (await w.get(orgAdmin.token, '/api/ai/admin.Mcp/lists')).data.length;
    const wrong = await save(orgAdmin.token, { name: '错的地址', url: `${mcp.origin}/nothing-here` });
    expect(wrong.status).toBe(400);
    expect(wrong.msg).toContain(MSG.mcpConnectFailed);
    const bad = await save(orgAdmin.token, { name: '坏地址', url: 'ftp://example.com/mcp' });
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe(MSG.mcpUrlInvalid);
    expect((await w.get(orgAdmin.token, '/api/ai/admin.Mcp/lists')).data.length).toBe(before);
  });

  it('a platform service is the super admin\'s: an organisation admin sees it but cannot add, change or delete one', async () => {
    const denied = await save(orgAdmin.token, { name: '平台服务', url: `${mcp.origin}/mcp`, is_platform: 1 });
    expect(denied.status).toBe(403);
    expect(denied.msg).toBe(MSG.mcpPlatformOnlySuperAdmin);
    const platform = await save(w.admin, { name: '平台服务', url: `${mcp.origin}/mcp`, is_platform: 1 });
    expect(platform.code, platform.msg).toBe(20000);
    const seen = (await w.get(orgAdmin.token, '/api/ai/admin.Mcp/lists')).data.find((s: { id: number }) => s.id === platform.data.id);
    expect(seen).toMatchObject({ is_platform: 1, editable: 0 });
    expect((await w.post(orgAdmin.token, '/api/ai/admin.Mcp/delete', { id: platform.data.id })).status).toBe(403);
    // Another organisation's admin does not see this organisation's services at all.
    const b = await w.orgB();
    const mine = (await w.get(orgAdmin.token, '/api/ai/admin.Mcp/lists')).data.filter((s: { is_platform: number }) => !s.is_platform);
    const theirs = await w.get(b.token, '/api/ai/admin.Mcp/lists');
    expect(theirs.data.map((s: { id: number }) => s.id)).not.toContain(mine[0].id);
    expect((await w.post(b.token, '/api/ai/admin.Mcp/delete', { id: mine[0].id })).status).toBe(404);
  });

  it('a student or teacher cannot manage services', async () => {
    const student = await w.personA();
    expect((await w.get(student.token, '/api/ai/admin.Mcp/lists')).status).toBe(403);
  });
});

describe('MCP egress: addresses refused before any connection (design.md §8)', () => {
  it.each([
    ['loopback', 'http://127.0.0.1:9/mcp'],
    ['loopback spelled as a number', 'http://2130706433:9/mcp'],
    ['IPv6 loopback', 'http://[::1]:9/mcp'],
    ['private 10/8', 'http://10.1.2.3/mcp'],
    ['private 192.168/16', 'http://192.168.1.10:8080/mcp'],
    ['link-local', 'http://169.254.10.20/mcp'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]:9/mcp'],
    ['a name that resolves to loopback', 'http://localhost:9/mcp'],
  ])('%s', async (_what, url) => {
    const res = await save(orgAdmin.token, { name: '内网', url });
    expect(res.status).toBe(400);
    expect(res.msg).toBe(MSG.mcpAddressRefused);
  });

  it.each(['streamable_http', 'sse'] as const)('a redirect (%s) from an allowed server to the metadata address or loopback is refused', async (transport) => {
    // The loopback target is this very test server on another path: reaching it would connect.
    for (const to of ['http://169.254.169.254/latest/meta-data/', `http://localhost:${new URL(mcp.origin).port}/mcp`]) {
      const before = mcp.connections;
      const res = await save(orgAdmin.token, { name: '跳转', transport, url: `${mcp.origin}/redirect?to=${encodeURIComponent(to)}` });
      expect(res.status).toBe(400);
      expect(res.msg).toBe(MSG.mcpAddressRefused);
      // Only the redirecting request reached the server; the target never did.
      expect(mcp.connections - before).toBeLessThanOrEqual(1);
    }
  });
});
