import { useState, type ReactNode } from 'react';
import { Button, Empty, Flex, Popconfirm, Segmented, Switch, Table, Typography, type TableColumnsType } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { BINDING_TYPES, BINDING_TYPE_LABEL, type BindingType } from '@xueban/contract/knowledge';
import type { BoundContent } from '@xueban/contract/robots';
import { MSG } from '@xueban/contract/messages';
import { pathTo } from '../../../app/paths.ts';
import { useBoundContents } from '../api/get-bound-contents.ts';
import { useUnbindContent } from '../api/unbind-content.ts';
import { useSetContentStatus } from '../api/set-content-status.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { BindContentModal } from './BindContentModal.tsx';

function BoundTable({ robotId, type, items, loading, editable }: { robotId: number; type: BindingType; items: BoundContent[]; loading: boolean; editable: boolean }) {
  const unbind = useUnbindContent();
  const status = useSetContentStatus();
  const label = BINDING_TYPE_LABEL[type];
  const columns: TableColumnsType<BoundContent> = [
    {
      title: '名称', dataIndex: 'name', ellipsis: true,
      render: (name: string, b) => type === 'repository'
        ? <Link to={pathTo('repository-content', { id: b.content_id })}>{name}</Link>
        : name,
    },
    { title: '简介', dataIndex: 'info', ellipsis: true, render: (v: string) => v || <Typography.Text type="secondary">—</Typography.Text> },
    { title: '关联时间', dataIndex: 'create_time', width: 160, render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD HH:mm') },
    {
      title: '启用', key: 'status', width: 80,
      render: (_, b) => (
        <Switch
          size="small"
          aria-label={`启用${b.name}`}
          checked={b.status === 1}
          disabled={!editable}
          loading={status.isPending && status.variables?.id === b.content_id}
          onChange={(on) => status.mutate({ robot_id: robotId, type, id: b.content_id, status: on ? 1 : 0 }, { onSuccess: () => showSuccess(MSG.updated) })}
        />
      ),
    },
    ...(editable ? [{
      title: '操作', key: 'op', width: 100,
      render: (_: unknown, b: BoundContent) => (
        <Popconfirm
          title={`确定取消关联“${b.name}”？`}
          description={`机器人回答时将不再使用该${label}`}
          okText="取消关联"
          cancelText="保留"
          okButtonProps={{ danger: true }}
          onConfirm={() => unbind.mutateAsync({ robot_id: robotId, type, id: b.content_id }).then(() => showSuccess(MSG.unbindingDone))}
        >
          <Button type="link" size="small" danger>取消关联</Button>
        </Popconfirm>
      ),
    }] : []),
  ];
  return (
    <Table<BoundContent>
      rowKey="id"
      columns={columns}
      dataSource={items}
      loading={loading}
      pagination={false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`还没有关联${label}`} /> }}
      scroll={{ x: 640 }}
    />
  );
}

/**
 * 资源库 of a robot (/creator/robot/{rid}/library): the knowledge bases and intent libraries it
 * draws on when answering, each switchable on and off and unbindable; 关联知识库 / 关联意图库 pick more.
 * 资源 has nothing to bind yet and says so.
 */
export function RobotLibraryTab({ robotId, editable = true }: { robotId: number; editable?: boolean }) {
  const [tab, setTab] = useState<BindingType>('repository');
  const [picking, setPicking] = useState(false);
  const bound = useBoundContents(robotId);
  const all = bound.data ?? [];
  const of = (type: BindingType) => all.filter((b) => b.type === type);
  const count = (type: BindingType) => (bound.data ? ` (${of(type).length})` : '');
  const panels: Record<BindingType, ReactNode> = {
    repository: (
      <>
        <Typography.Paragraph type="secondary">机器人回答问题时，会先从已启用的知识库中检索相关内容作为依据，并在回答下方列出来源文档。</Typography.Paragraph>
        <BoundTable robotId={robotId} type="repository" items={of('repository')} loading={bound.isLoading} editable={editable} />
      </>
    ),
    intent: (
      <>
        <Typography.Paragraph type="secondary">命中意图库中的问题时，机器人直接给出设定的回复。</Typography.Paragraph>
        <BoundTable robotId={robotId} type="intent" items={of('intent')} loading={bound.isLoading} editable={editable} />
      </>
    ),
    resource: <Empty description="暂无资源" style={{ padding: '32px 0' }} />,
  };
  // A switch of sections, not tabs: the page's own tabs (资源库, 数据统计…) stay the only tab bar.
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Segmented
          aria-label="资源类型"
          value={tab}
          onChange={(k) => setTab(k as BindingType)}
          options={BINDING_TYPES.map((t) => ({ value: t, label: t === 'resource' ? BINDING_TYPE_LABEL[t] : `${BINDING_TYPE_LABEL[t]}${count(t)}` }))}
        />
        {tab !== 'resource' && editable && (
          <Button type="primary" icon={<LinkOutlined />} onClick={() => setPicking(true)}>关联{BINDING_TYPE_LABEL[tab]}</Button>
        )}
      </Flex>
      {panels[tab]}
      {editable && (
        <BindContentModal
          robotId={robotId}
          type={tab === 'intent' ? 'intent' : 'repository'}
          open={picking}
          bound={of(tab).map((b) => b.content_id)}
          onClose={() => setPicking(false)}
        />
      )}
    </>
  );
}
