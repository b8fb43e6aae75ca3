import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminMcp } from '@xueban/contract/calls/mcp';
import { MCP_SAVE_TIMEOUT_MS } from '@xueban/contract/constants/mcp';
import { call } from '../../../lib/api.ts';

export const mcpKey = ['ai', 'admin.Mcp'] as const;

/** GET /api/ai/admin.Mcp/lists — the platform's services and the organisation's, header values masked. */
export const useMcpServices = () =>
  useQuery(queryOptions({ queryKey: [...mcpKey, 'lists'], queryFn: ({ signal }) => call(AdminMcp.lists, {}, { signal }) }));

export type McpSave = CallInput<typeof AdminMcp.save>;
export type McpUpdate = CallInput<typeof AdminMcp.update>;

/** Saving connects to the server and lists its tools: the server answers within 60 s, so the request waits a little longer. */
const SAVE_WAIT_MS = MCP_SAVE_TIMEOUT_MS + 5_000;

function useMcpMutation<T>(fn: (arg: T) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: mcpKey }) });
}

/** POST /api/ai/admin.Mcp/save or update (with an id). */
export const useSaveMcp = () => useMcpMutation((body: McpSave | McpUpdate) =>
  ('id' in body && body.id ? call(AdminMcp.update, body as McpUpdate, { timeoutMs: SAVE_WAIT_MS }) : call(AdminMcp.save, body, { timeoutMs: SAVE_WAIT_MS })));
/** POST /api/ai/admin.Mcp/delete. */
export const useDeleteMcp = () => useMcpMutation((id: number) => call(AdminMcp.delete, { id }));
