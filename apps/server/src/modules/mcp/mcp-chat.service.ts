import type OpenAI from 'openai';
import { MSG } from '@xueban/contract/messages';
import type { Deps } from '../../types.ts';
import { callMcpTool, McpTimeout, type McpCallResult, type McpEndpoint } from '../../ai/mcp-client.ts';
import { enabledRobotTools } from './mcp.repo.ts';
import { headersOf } from './mcp.service.ts';

/**
 * What chat (the tool loop) uses of MCP: a robot's enabled tools as OpenAI function tools, and
 * one call of one of them. Nothing here knows about streams or replies.
 */
export interface RobotFunctionTool {
  /** The function name the model sees (unique within the robot; OpenAI allows [A-Za-z0-9_-]{1,64}). */
  fn: string;
  toolId: number;
  /** The tool's own name on its server. */
  name: string;
  /** What the activity card shows. */
  title: string;
  serviceName: string;
  definition: OpenAI.Chat.Completions.ChatCompletionTool;
  endpoint: McpEndpoint | null;
  /** Header values, for redacting logs. */
  secrets: string[];
  timeoutMs: number;
}

const fnName = (id: number, name: string) => `t${id}_${name.replace(/[^A-Za-z0-9_-]/g, '_')}`.slice(0, 64);

export async function robotFunctionTools(deps: Deps, robotId: number, groupId: number): Promise<RobotFunctionTool[]> {
  const rows = await enabledRobotTools(deps.db, robotId, groupId);
  return rows.map(({ t, s }) => {
    const headers = headersOf(deps.config.APP_SECRET, s);
    const parameters = { type: 'object', properties: {}, ...t.inputSchema };
    return {
      fn: fnName(t.id, t.name), toolId: t.id, name: t.name, title: t.title || t.name, serviceName: s.name,
      definition: { type: 'function', function: { name: fnName(t.id, t.name), description: (t.description || t.title || t.name).slice(0, 1024), parameters } },
      endpoint: headers ? { transport: s.transport, url: s.url, headers } : null,
      secrets: Object.values(headers ?? {}).filter((v) => v.length >= 4),
      timeoutMs: s.timeoutSec * 1000,
    };
  });
}

export type ToolOutcome = { ok: true; text: string } | { ok: false; reason: 'failed' | 'timeout'; text: string };

/** One call: the tool's answer, or why it failed (the model is told the same). Aborts throw. */
export async function runRobotTool(deps: Deps, tool: RobotFunctionTool, args: Record<string, unknown>, signal: AbortSignal): Promise<ToolOutcome> {
  if (!tool.endpoint) return { ok: false, reason: 'failed', text: MSG.mcpHeadersUnreadable };
  let res: McpCallResult;
  try {
    res = await callMcpTool(deps.egress.mcp, tool.endpoint, tool.name, args, tool.timeoutMs, signal);
  } catch (err) {
    if (signal.aborted) throw signal.reason;
    if (err instanceof McpTimeout) return { ok: false, reason: 'timeout', text: `${MSG.mcpToolTimeout}（${tool.timeoutMs / 1000}秒）` };
    const message = err instanceof Error ? err.message : String(err);
    return { ok: false, reason: 'failed', text: `${MSG.mcpToolFailed}：${redact(message, tool.secrets).slice(0, 500)}` };
  }
  return res.isError ? { ok: false, reason: 'failed', text: `${MSG.mcpToolFailed}：${res.text.slice(0, 2000)}` } : { ok: true, text: res.text };
}

/** Text for the logs with every header value of the service blanked out. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join('[redacted]');
  return out;
}
