import { useState } from 'react';
import { Button, Card, Col, Empty, Flex, Input, Row, Space, Spin, Tag, Typography } from 'antd';
import { AppstoreAddOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { MSG } from '@xueban/contract/messages';
import type { Solution } from '@xueban/contract/resources';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { showSuccess } from '../../../lib/toast.ts';
import { useSolutions } from '../api/get-solutions.ts';
import { useDeleteSolution } from '../api/delete-solution.ts';
import { useInstallSolution } from '../api/install-solution.ts';
import { SolutionFormModal } from './SolutionFormModal.tsx';
import { InstallProgressModal } from './InstallProgressModal.tsx';

const PartLine = ({ label, parts }: { label: string; parts: { id: number; name: string }[] }) => (parts.length === 0 ? null : (
  <div><Typography.Text type="secondary">{label}：</Typography.Text>{parts.map((p) => <Tag key={p.id}>{p.name}</Tag>)}</div>
));

/**
 * 解决方案: named bundles of my organisation's robots, knowledge, intents and courses for a use
 * case. 安装 copies every part into the organisation in one step (a progress popup), the robots
 * re-bound to the copies.
 */
export function SolutionsTab() {
  const [keyword, setKeyword] = useState('');
  const list = useSolutions({ page: 1, limit: 50, ...(keyword ? { keyword } : {}) });
  const [editing, setEditing] = useState<Solution | null | undefined>(undefined);
  const [installing, setInstalling] = useState<{ id: number; name: string } | null>(null);
  const install = useInstallSolution();
  const remove = useDeleteSolution();
  const [confirm, holder] = useConfirm();
  const rows = list.data?.data ?? [];
  const start = (s: Solution) => void install.mutateAsync(s.id).then((r) => setInstalling({ id: r.id, name: s.name })).catch(() => undefined);

  return (
    <div className="solutions-tab">
      {holder}
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Input.Search placeholder="搜索解决方案" allowClear style={{ maxWidth: 280 }} onSearch={(v) => setKeyword(v.trim())} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>新建解决方案</Button>
      </Flex>
      <Spin spinning={list.isFetching}>
        {rows.length === 0 && !list.isFetching
          ? <Empty description={keyword ? '没有找到解决方案' : '还没有解决方案：把机器人、知识库、意图库和课程组合成一个方案（如“新生入学咨询”），一键安装'} />
          : (
            <Row gutter={[16, 16]}>
              {rows.map((s) => (
                <Col key={s.id} xs={24} md={12} xl={8}>
                  <Card
                    aria-label={s.name}
                    title={s.name}
                    extra={<Typography.Text type="secondary">已安装 {s.install_num} 次</Typography.Text>}
                    actions={[
                      <Button key="install" type="link" icon={<AppstoreAddOutlined />} loading={install.isPending && install.variables === s.id} onClick={() => start(s)}>安装</Button>,
                      <Button key="edit" type="link" icon={<EditOutlined />} onClick={() => setEditing(s)}>编辑</Button>,
                      <Button
                        key="delete" type="link" danger icon={<DeleteOutlined />}
                        onClick={() => confirm({
                          title: `确定删除解决方案“${s.name}”？`, content: '已安装的副本不受影响。',
                          okText: '删除', okButtonProps: { danger: true }, cancelText: '取消',
                          onOk: () => remove.mutateAsync(s.id).then(() => showSuccess(MSG.deleted)),
                        })}
                      >删除</Button>,
                    ]}
                  >
                    <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }}>{s.info || '暂无说明'}</Typography.Paragraph>
                    <Space direction="vertical" size={4}>
                      <PartLine label="机器人" parts={s.robots} />
                      <PartLine label="知识库" parts={s.knowledge} />
                      <PartLine label="意图库" parts={s.intents} />
                      <PartLine label="课程" parts={s.courses} />
                    </Space>
                  </Card>
                </Col>
              ))}
            </Row>
          )}
      </Spin>
      <SolutionFormModal solution={editing} onClose={() => setEditing(undefined)} />
      <InstallProgressModal installId={installing?.id ?? null} name={installing?.name ?? ''} onClose={() => setInstalling(null)} />
    </div>
  );
}
