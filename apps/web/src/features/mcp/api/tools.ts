import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminMcpTool } from '@xueban/contract/calls/mcp';
import { call } from '../../../lib/api.ts';
import { mcpKey } from './services.ts';

/** GET /api/ai/admin.McpTool/lists — one service's tools. */
export const useMcpTools = (serviceId: number) =>
  useQuery({ queryKey: [...mcpKey, 'tools', serviceId], queryFn: ({ signal }) => call(AdminMcpTool.lists, { service_id: serviceId }, { signal }) });

/** POST /api/ai/admin.McpTool/update — on or off for every robot. */
export function useSetMcpTool() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { id: number; enabled: 0 | 1 }) => call(AdminMcpTool.update, b),
    onSuccess: () => qc.invalidateQueries({ queryKey: mcpKey }),
  });
}
