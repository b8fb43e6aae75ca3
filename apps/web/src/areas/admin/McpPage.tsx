import { AreaFrame } from '../../components/AreaFrame.tsx';
import { useUserInfo } from '../../lib/session.ts';
import { isSuperAdmin } from '../../app/guards/access.ts';
import { McpServiceTable } from '../../features/mcp/components/McpServiceTable.tsx';

/** /admin/robot/mcp (MCP 管理, issue 19): the platform's MCP services and the organisation's. */
export function McpPage() {
  const user = useUserInfo();
  return <AreaFrame name="admin-mcp"><McpServiceTable superAdmin={isSuperAdmin(user.data ?? null)} /></AreaFrame>;
}
