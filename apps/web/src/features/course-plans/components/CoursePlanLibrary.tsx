import { useState } from 'react';
import { Button, Card, Col, Empty, Flex, Input, Pagination, Row, Spin, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SendOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { CoursePlan } from '@xueban/contract/courses';
import { MSG } from '@xueban/contract/messages';
import { pathTo } from '../../../app/paths.ts';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { showSuccess } from '../../../lib/toast.ts';
import { usePlans } from '../api/get-plans.ts';
import { useDeletePlan } from '../api/delete-plan.ts';
import { PlanFormModal } from './PlanFormModal.tsx';
import { PublishModal } from './PublishModal.tsx';

const PAGE = 12;

/**
 * 课程库 (the creator centre's course library, the teaching space's 课程 tab): the plans I manage
 * as cards — 编辑 opens the directory editor (/resource/project-detail?plan_id=…), 发布 the
 * classes to publish to, 删除 after a confirm. `onShare` (the creator centre) adds 共享: publishing
 * the plan to the resource centre, which the page composes from the resources feature.
 */
export function CoursePlanLibrary({ mode, onShare }: { mode: 'teaching' | 'creator'; onShare?: (p: CoursePlan) => void }) {
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const plans = usePlans({ page, limit: PAGE, ...(keyword ? { keyword } : {}) });
  const remove = useDeletePlan();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<CoursePlan | null | undefined>(undefined);
  const [publishing, setPublishing] = useState<CoursePlan | null>(null);
  const [confirm, holder] = useConfirm();
  const back = mode === 'creator' ? pathTo('creator', { tab: 'project' }) : pathTo('teachingSpace', { tab: 'project' });
  const open = (p: CoursePlan) => void navigate(pathTo('project-detail', {}, { plan_id: p.id, redirect_uri: back }));
  const rows = plans.data?.data ?? [];

  return (
    <div className="course-plan-library">
      {holder}
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Input.Search placeholder="搜索课程" allowClear style={{ maxWidth: 280 }} onSearch={(v) => { setKeyword(v.trim()); setPage(1); }} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>新建课程</Button>
      </Flex>
      <Spin spinning={plans.isFetching}>
        {rows.length === 0 && !plans.isFetching
          ? <Empty description={keyword ? '没有找到课程' : '还没有课程，点击“新建课程”开始搭建章节与课时'} />
          : (
            <Row gutter={[16, 16]}>
              {rows.map((p) => (
                <Col key={p.id} xs={24} sm={12} lg={8}>
                  <Card
                    hoverable
                    aria-label={p.title}
                    title={p.title}
                    onClick={() => open(p)}
                    actions={[
                      <Button key="edit" type="link" icon={<EditOutlined />} onClick={(e) => { e.stopPropagation(); open(p); }}>编辑</Button>,
                      <Button key="publish" type="link" icon={<SendOutlined />} onClick={(e) => { e.stopPropagation(); setPublishing(p); }}>发布</Button>,
                      ...(onShare ? [<Button key="share" type="link" icon={<ShareAltOutlined />} onClick={(e) => { e.stopPropagation(); onShare(p); }}>共享</Button>] : []),
                      <Button
                        key="delete" type="link" danger icon={<DeleteOutlined />}
                        onClick={(e) => {
                          e.stopPropagation();
                          confirm({
                            title: `确定删除课程“${p.title}”？`, content: '删除后课程的章节、课时和班级的学习记录一并删除。',
                            okText: '删除', okButtonProps: { danger: true }, cancelText: '取消',
                            onOk: () => remove.mutateAsync(p.id).then(() => showSuccess(MSG.deleted)),
                          });
                        }}
                      >删除</Button>,
                    ]}
                  >
                    <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ minHeight: 44 }}>{p.description || '暂无简介'}</Typography.Paragraph>
                    <Typography.Text type="secondary">{p.node_count} 个章节/课时 · 已发布到 {p.class_count} 个班级</Typography.Text>
                  </Card>
                </Col>
              ))}
            </Row>
          )}
      </Spin>
      {(plans.data?.total ?? 0) > PAGE && (
        <Flex justify="center" style={{ marginTop: 16 }}>
          <Pagination current={page} pageSize={PAGE} total={plans.data?.total ?? 0} onChange={setPage} />
        </Flex>
      )}
      <PlanFormModal plan={editing} onClose={() => setEditing(undefined)} onSaved={(p) => { if (!editing) open(p); }} />
      <PublishModal plan={publishing} onClose={() => setPublishing(null)} />
    </div>
  );
}
