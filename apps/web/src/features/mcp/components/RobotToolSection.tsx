import { Card, Empty, Switch, Table, Typography } from 'antd';
import type { RobotToolItem } from '@xueban/contract/mcp';
import { useRobotTools, useSetRobotTool } from '../api/robot-tools.ts';
import { ToolParams } from './McpToolList.tsx';

/** The robot design page's 工具 section: the MCP tools the robot may offer the model in chats. */
export function RobotToolSection({ robotId, editable = true }: { robotId: number; editable?: boolean }) {
  const tools = useRobotTools(robotId);
  const set = useSetRobotTool(robotId);
  return (
    <Card size="small" title="工具" style={{ maxWidth: 720, marginTop: 16 }} aria-label="工具">
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        启用后，机器人回答时可调用这些 MCP 工具（由管理员在“MCP 管理”中接入），调用过程会显示在对话中。
      </Typography.Paragraph>
      <Table<RobotToolItem>
        size="small" rowKey="id" pagination={false} loading={tools.isFetching} dataSource={tools.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无可用工具" /> }}
        columns={[
          { title: '工具', dataIndex: 'name', render: (v: string, t) => <span>{t.title || v}<br /><Typography.Text type="secondary" style={{ fontSize: 12 }}>{t.service_name} · {v}</Typography.Text></span> },
          { title: '说明', dataIndex: 'description', render: (v: string) => v || '—' },
          { title: '参数', dataIndex: 'input_schema', width: 160, render: (v: Record<string, unknown>) => <ToolParams schema={v} /> },
          {
            title: '启用', dataIndex: 'robot_enabled', width: 70,
            render: (v: number, t) => (
              <Switch size="small" aria-label={`机器人使用工具 ${t.title || t.name}`} checked={!!v} disabled={!editable}
                loading={set.isPending && set.variables?.tool_id === t.id} onChange={(on) => set.mutate({ tool_id: t.id, enabled: on ? 1 : 0 })} />
            ),
          },
        ]}
      />
    </Card>
  );
}
