import type { z } from 'zod';
import { MSG } from '@xueban/contract/messages';
import {
  MCP_SAVE_TIMEOUT_MS, type McpServiceItem, type McpToolItem, type RobotToolItem, type mcpSaveBody, type mcpUpdateBody,
} from '@xueban/contract/mcp';
import type { Deps } from '../../types.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { toSeconds } from '../../lib/time.ts';
import { maskKey, open, seal } from '../../ai/secret-box.ts';
import { listMcpTools, type McpEndpoint, type McpToolInfo } from '../../ai/mcp-client.ts';
import { LEVELS, loadManaged } from '../robots/robot-access.ts';
import * as repo from './mcp.repo.ts';
import { connectError } from './mcp-errors.ts';

type SaveBody = z.infer<typeof mcpSaveBody>;
type UpdateBody = z.infer<typeof mcpUpdateBody>;

/** The stored headers (sealed JSON); null when they were sealed under another APP_SECRET. */
export function headersOf(secret: string, row: repo.ServiceRow): Record<string, string> | null {
  if (!row.headersEnc) return {};
  const plain = open(secret, row.headersEnc);
  if (plain === null) return null;
  try {
    return JSON.parse(plain) as Record<string, string>;
  } catch {
    return null;
  }
}

const editable = (me: AuthContext, row: repo.ServiceRow) => (row.groupId === null ? me.isSuperAdmin : row.groupId === me.groupId);

function toItem(secret: string, me: AuthContext, row: repo.ServiceRow, toolCount: number): McpServiceItem {
  const headers = headersOf(secret, row) ?? {};
  return {
    id: row.id, name: row.name, transport: row.transport, url: row.url,
    headers: Object.entries(headers).map(([name, value]) => ({ name, value: maskKey(value) })),
    timeout: row.timeoutSec, is_platform: row.groupId === null ? 1 : 0, editable: editable(me, row) ? 1 : 0,
    tool_count: toolCount, create_time: toSeconds(row.createdAt),
  };
}

export async function listServices({ db, config }: Deps, me: AuthContext): Promise<McpServiceItem[]> {
  const rows = await repo.servicesWithCounts(db, me.groupId);
  return rows.map(({ s, n }) => toItem(config.APP_SECRET, me, s, n));
}

/** A service the caller may change: another organisation's is a 404, the platform's (for an org admin) a 403. */
async function loadEditable(deps: Deps, me: AuthContext, id: number) {
  const row = await repo.findService(deps.db, id, me.groupId);
  if (!row) throw notFound(MSG.mcpNotFound);
  if (!editable(me, row)) throw forbidden(MSG.noOperationPermission);
  return row;
}

/** Connects and lists the tools within 60 s; any failure is a 400 the admin can act on, and nothing is stored. */
async function probe(deps: Deps, ep: McpEndpoint): Promise<McpToolInfo[]> {
  try {
    return await listMcpTools(deps.egress.mcp, ep, MCP_SAVE_TIMEOUT_MS);
  } catch (err) {
    throw badRequest(connectError(err));
  }
}

/** Headers as the form sent them; on update a value left masked (or empty) keeps the stored one. */
function mergeHeaders(sent: SaveBody['headers'], old: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const h of sent) {
    const before = old[h.name];
    out[h.name] = before !== undefined && (h.value === '' || h.value === maskKey(before)) ? before : h.value;
  }
  return out;
}

const sealHeaders = (secret: string, headers: Record<string, string>) =>
  (Object.keys(headers).length ? seal(secret, JSON.stringify(headers)) : '');

export async function saveService(deps: Deps, me: AuthContext, b: SaveBody): Promise<McpServiceItem> {
  if (b.is_platform && !me.isSuperAdmin) throw forbidden(MSG.mcpPlatformOnlySuperAdmin);
  const groupId = b.is_platform ? null : me.groupId;
  if (!b.is_platform && !groupId) throw forbidden(MSG.orgNotMember);
  const headers = mergeHeaders(b.headers, {});
  const tools = await probe(deps, { transport: b.transport, url: b.url, headers });
  const row = await repo.insertService(deps.db, {
    groupId, creatorId: me.userId, name: b.name, transport: b.transport, url: b.url,
    headersEnc: sealHeaders(deps.config.APP_SECRET, headers), timeoutSec: b.timeout,
  }, tools);
  return toItem(deps.config.APP_SECRET, me, row, tools.length);
}

export async function updateService(deps: Deps, me: AuthContext, b: UpdateBody): Promise<McpServiceItem> {
  const old = await loadEditable(deps, me, b.id);
  const headers = mergeHeaders(b.headers, headersOf(deps.config.APP_SECRET, old) ?? {});
  const tools = await probe(deps, { transport: b.transport, url: b.url, headers });
  const row = await repo.updateService(deps.db, b.id, {
    name: b.name, transport: b.transport, url: b.url, headersEnc: sealHeaders(deps.config.APP_SECRET, headers), timeoutSec: b.timeout,
  }, tools);
  return toItem(deps.config.APP_SECRET, me, row, tools.length);
}

export async function deleteService(deps: Deps, me: AuthContext, id: number) {
  await loadEditable(deps, me, id);
  await repo.deleteService(deps.db, id);
}

const toolItem = (t: repo.ToolRow, serviceName: string): McpToolItem => ({
  id: t.id, service_id: t.serviceId, service_name: serviceName, name: t.name, title: t.title,
  description: t.description, input_schema: t.inputSchema, enabled: t.enabled ? 1 : 0,
});

export async function listTools({ db }: Deps, me: AuthContext, serviceId?: number): Promise<McpToolItem[]> {
  if (serviceId && !(await repo.findService(db, serviceId, me.groupId))) throw notFound(MSG.mcpNotFound);
  const rows = await repo.toolsOf(db, me.groupId, serviceId);
  return rows.map(({ t, serviceName }) => toolItem(t, serviceName));
}

export async function updateTool(deps: Deps, me: AuthContext, id: number, enabled: boolean) {
  const found = await repo.findTool(deps.db, id, me.groupId);
  if (!found) throw notFound(MSG.mcpToolNotFound);
  if (!editable(me, found.s)) throw forbidden(MSG.noOperationPermission);
  await repo.setToolEnabled(deps.db, id, enabled);
}

/** The robot design page's 工具 section: the tools of the services its organisation may use. */
export async function robotToolList({ db }: Deps, me: AuthContext, robotId: number): Promise<RobotToolItem[]> {
  const { view } = await loadManaged(db, me, robotId, LEVELS.view);
  const [rows, on] = await Promise.all([repo.toolsOf(db, view.robot.groupId), repo.robotToolIds(db, robotId)]);
  return rows.filter(({ t }) => t.enabled || on.has(t.id))
    .map(({ t, serviceName }) => ({ ...toolItem(t, serviceName), robot_enabled: on.has(t.id) ? 1 : 0 }));
}

export async function setRobotTool({ db }: Deps, me: AuthContext, robotId: number, toolId: number, enabled: boolean) {
  const { view } = await loadManaged(db, me, robotId, LEVELS.edit);
  if (!(await repo.findTool(db, toolId, view.robot.groupId))) throw notFound(MSG.mcpToolNotFound);
  await repo.setRobotTool(db, robotId, view.robot.groupId, toolId, enabled);
}
