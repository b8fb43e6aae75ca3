import { useState } from 'react';
import { Button, Flex, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { McpServiceItem } from '@xueban/contract/mcp';
import { MCP_TRANSPORT_LABELS } from '@xueban/contract/constants/mcp';
import { MSG } from '@xueban/contract/messages';
import { showSuccess } from '../../../lib/toast.ts';
import { useDeleteMcp, useMcpServices } from '../api/services.ts';
import { McpServiceFormModal } from './McpServiceFormModal.tsx';
import { McpToolList } from './McpToolList.tsx';

/**
 * MCP 管理 (/admin/robot/mcp): MCP servers robots may call tools of. A row opens to its tools;
 * robots enable the ones they use on their design page (工具).
 */
export function McpServiceTable({ superAdmin }: { superAdmin: boolean }) {
  const list = useMcpServices();
  const remove = useDeleteMcp();
  const [modal, setModal] = useState<{ open: boolean; editing: McpServiceItem | null }>({ open: false, editing: null });

  const columns: TableColumnsType<McpServiceItem> = [
    { title: '服务名称', dataIndex: 'name', width: 180, render: (v: string, s) => <Space>{v}{s.is_platform ? <Tag color="blue">平台</Tag> : null}</Space> },
    { title: '传输方式', dataIndex: 'transport', width: 140, render: (v: McpServiceItem['transport']) => MCP_TRANSPORT_LABELS[v] },
    { title: '服务地址', dataIndex: 'url', width: 240, ellipsis: true, render: (v: string) => <Typography.Text copyable ellipsis={{ tooltip: v }}>{v}</Typography.Text> },
    { title: '请求头', dataIndex: 'headers', width: 220, render: (hs: McpServiceItem['headers']) => (hs.length ? hs.map((h) => <div key={h.name}><Typography.Text code>{h.name}: {h.value}</Typography.Text></div>) : '—') },
    { title: '工具数', dataIndex: 'tool_count', width: 80 },
    { title: '超时', dataIndex: 'timeout', width: 80, render: (v: number) => `${v} 秒` },
    {
      // Kept in view when the table scrolls sideways.
      title: '操作', key: 'op', width: 130, fixed: 'right',
      render: (_, s) => (s.editable ? (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setModal({ open: true, editing: s })}>编辑</Button>
          <Popconfirm title={`确定删除 ${s.name}？`} description="机器人将不能再使用它的工具" okText="删除" cancelText="取消"
            onConfirm={() => remove.mutateAsync(s.id).then(() => showSuccess(MSG.deleted))}>
            <Button type="link" size="small" danger>删除</Button>
          </Popconfirm>
        </Space>
      ) : <Typography.Text type="secondary">平台提供</Typography.Text>),
    },
  ];

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">接入 MCP 服务（Streamable HTTP 或 SSE）后，机器人可在对话中调用它的工具；请求头加密保存。</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true, editing: null })}>新增服务</Button>
      </Flex>
      <Table<McpServiceItem>
        rowKey="id" columns={columns} dataSource={list.data ?? []} loading={list.isFetching} pagination={false} scroll={{ x: 1150 }}
        locale={{ emptyText: '暂无 MCP 服务' }}
        expandable={{ expandedRowRender: (s) => <McpToolList serviceId={s.id} editable={!!s.editable} />, rowExpandable: (s) => s.tool_count > 0 }}
      />
      <McpServiceFormModal open={modal.open} editing={modal.editing} superAdmin={superAdmin} onClose={() => setModal({ open: false, editing: null })} />
    </>
  );
}
