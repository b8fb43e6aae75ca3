import { MSG } from '@xueban/contract/messages';
import { EgressError } from '../../lib/egress.ts';
import { McpTimeout } from '../../ai/mcp-client.ts';

/** The errors of a connection, its causes included (the SDK wraps what fetch threw). */
function chain(err: unknown): unknown[] {
  const out: unknown[] = [];
  for (let e = err, i = 0; e && i < 6; e = (e as { cause?: unknown }).cause, i++) out.push(e);
  return out;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : typeof e === 'string' ? e : '');

/** Why a connection to an MCP server failed, in words an admin can act on (never the server's internals). */
export function connectError(err: unknown): string {
  const errors = chain(err);
  if (errors.some((e) => e instanceof McpTimeout || (e instanceof DOMException && e.name === 'TimeoutError'))) return MSG.mcpConnectTimeout;
  const egress = errors.find((e) => e instanceof EgressError) as EgressError | undefined;
  const text = errors.map(messageOf).join(' ');
  if (egress?.message === MSG.egressRefused || text.includes(MSG.egressRefused)) return MSG.mcpAddressRefused;
  if (egress) return `${MSG.mcpConnectFailed}：${egress.message}`;
  if (/\b(401|403)\b|unauthori[sz]ed|forbidden/i.test(text)) return MSG.mcpUnauthorized;
  const reason = messageOf(errors.at(-1) ?? err).slice(0, 200);
  return reason ? `${MSG.mcpConnectFailed}：${reason}` : MSG.mcpConnectFailed;
}
