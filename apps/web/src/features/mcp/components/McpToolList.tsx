import { Switch, Table, Tooltip, Typography } from 'antd';
import type { McpToolItem } from '@xueban/contract/mcp';
import { useMcpTools, useSetMcpTool } from '../api/tools.ts';

/** The parameters a tool takes, from its input schema (name and description). */
export function ToolParams({ schema }: { schema: Record<string, unknown> }) {
  const props = (schema.properties ?? {}) as Record<string, { type?: string; description?: string }>;
  const names = Object.keys(props);
  if (!names.length) return <Typography.Text type="secondary">无参数</Typography.Text>;
  return (
    <span>
      {names.map((n, i) => (
        <span key={n}>
          {i > 0 && '、'}
          <Tooltip title={props[n]?.description}><Typography.Text code>{n}</Typography.Text></Tooltip>
        </span>
      ))}
    </span>
  );
}

/** One service's tools (expanded row of MCP 管理): each on or off for every robot. */
export function McpToolList({ serviceId, editable }: { serviceId: number; editable: boolean }) {
  const tools = useMcpTools(serviceId);
  const set = useSetMcpTool();
  return (
    <Table<McpToolItem>
      size="small" rowKey="id" pagination={false} loading={tools.isFetching} dataSource={tools.data ?? []}
      locale={{ emptyText: '该服务没有提供工具' }}
      aria-label="工具列表"
      columns={[
        { title: '工具', dataIndex: 'name', width: 200, render: (v: string, t) => <span>{t.title || v}<br /><Typography.Text type="secondary" style={{ fontSize: 12 }}>{v}</Typography.Text></span> },
        { title: '说明', dataIndex: 'description', render: (v: string) => v || '—' },
        { title: '参数', dataIndex: 'input_schema', width: 220, render: (v: Record<string, unknown>) => <ToolParams schema={v} /> },
        {
          title: '启用', dataIndex: 'enabled', width: 80,
          render: (v: number, t) => (
            <Switch size="small" aria-label={`启用工具 ${t.name}`} checked={!!v} disabled={!editable} loading={set.isPending && set.variables?.id === t.id}
              onChange={(on) => set.mutate({ id: t.id, enabled: on ? 1 : 0 })} />
          ),
        },
      ]}
    />
  );
}
