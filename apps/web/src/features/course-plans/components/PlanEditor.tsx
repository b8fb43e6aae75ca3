import { useState } from 'react';
import { Button, Card, Empty, Flex, Space, Spin, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { MSG } from '@xueban/contract/messages';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { showSuccess } from '../../../lib/toast.ts';
import { usePlanDetail } from '../api/get-plan-detail.ts';
import { useSaveNode } from '../api/save-node.ts';
import { useDeleteNode } from '../api/delete-node.ts';
import { useMoveNodes } from '../api/move-nodes.ts';
import { applyDrop, nestNodes, positions } from '../lib/tree.ts';
import { CourseTree } from './CourseTree.tsx';
import { NodeEditorPanel } from './NodeEditorPanel.tsx';
import { PlanFormModal } from './PlanFormModal.tsx';
import { PublishModal } from './PublishModal.tsx';

/**
 * The course detail for its manager (/resource/project-detail?plan_id=…): the directory as a tree
 * (drag to reorder, indent 30) with 添加章节 / 添加课时 / 删除, and the chosen node edited in the side panel.
 */
export function PlanEditor({ planId, initialNodeId }: { planId: number; initialNodeId?: number | undefined }) {
  const detail = usePlanDetail(planId);
  const saveNode = useSaveNode(planId);
  const deleteNode = useDeleteNode(planId);
  const move = useMoveNodes(planId);
  const [selectedId, setSelectedId] = useState<number | undefined>(initialNodeId);
  const [editingPlan, setEditingPlan] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [confirm, holder] = useConfirm();

  if (detail.isError) return <Empty description="课程不存在" />;
  if (!detail.data) return <Spin />;
  const { plan, nodes } = detail.data;
  const selected = nodes.find((n) => n.id === selectedId);

  const add = (pid: number) => saveNode.mutate(
    { plan_id: planId, pid, title: pid ? '未命名课时' : '未命名章节' },
    { onSuccess: (n) => setSelectedId(n.id) },
  );
  const removeSelected = () => selected && confirm({
    title: `确定删除“${selected.title}”？`, content: '其下的课时一并删除。', okText: '删除', okButtonProps: { danger: true }, cancelText: '取消',
    onOk: () => deleteNode.mutateAsync(selected.id).then(() => { showSuccess(MSG.deleted); setSelectedId(undefined); }),
  });

  return (
    <div className="course-plan-editor">
      {holder}
      <Flex justify="space-between" align="flex-start" gap={12} wrap style={{ marginBottom: 16 }}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>{plan.title}</Typography.Title>
          <Typography.Text type="secondary">{plan.description || '暂无简介'} · 已发布到 {plan.class_count} 个班级</Typography.Text>
        </div>
        <Space>
          <Button icon={<EditOutlined />} onClick={() => setEditingPlan(true)}>编辑信息</Button>
          <Button type="primary" icon={<SendOutlined />} onClick={() => setPublishing(true)}>发布到班级</Button>
        </Space>
      </Flex>
      <Flex gap={16} align="flex-start" wrap>
        <Card
          title="课程目录"
          style={{ width: 340, maxWidth: '100%', flex: 'none' }}
          extra={<Button size="small" type="link" icon={<PlusOutlined />} disabled={saveNode.isPending} onClick={() => add(0)}>添加章节</Button>}
        >
          {nodes.length === 0
            ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有章节，先添加一个章节" />
            : (
              <CourseTree
                ariaLabel="课程目录"
                nodes={nodes}
                selectedId={selectedId}
                onSelect={(n) => setSelectedId(n.id)}
                onDrop={(d) => {
                  const next = positions(applyDrop(nestNodes(nodes), d));
                  move.mutate({ plan_id: planId, items: next });
                }}
              />
            )}
          {selected && (
            <Flex gap={8} style={{ marginTop: 12 }} wrap>
              <Button size="small" icon={<PlusOutlined />} disabled={saveNode.isPending} onClick={() => add(selected.id)}>添加课时</Button>
              <Button size="small" danger icon={<DeleteOutlined />} onClick={removeSelected}>删除</Button>
            </Flex>
          )}
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>拖动目录可调整顺序和层级。</Typography.Paragraph>
        </Card>
        <Card style={{ flex: 1, minWidth: 300 }}>
          {selected
            ? <NodeEditorPanel key={selected.id} node={selected} />
            : <Empty description="在左侧选择章节或课时进行编辑" />}
        </Card>
      </Flex>
      <PlanFormModal plan={editingPlan ? plan : undefined} onClose={() => setEditingPlan(false)} />
      <PublishModal plan={publishing ? plan : null} onClose={() => setPublishing(false)} />
    </div>
  );
}
