import { useState } from 'react';
import { Avatar, Button, Card, Empty, Flex, List, Select, Space, Spin, Tag, Typography } from 'antd';
import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { COURSE_MSG } from '@xueban/contract/constants/courses';
import { showSuccess } from '../../../lib/toast.ts';
import { useTeachingDetail } from '../api/get-teaching-detail.ts';
import { useSetItemStatus } from '../api/set-item-status.ts';
import { CourseTree } from './CourseTree.tsx';
import { NodeContent } from './NodeContent.tsx';

/**
 * 课程教学 (/teacher/project-detail/{id}, study type teaching): one of my classes the plan is
 * published to; each node 解锁 / 锁定 for it, how many studied it, and who.
 */
export function TeachingView({ planId, initialNodeId }: { planId: number; initialNodeId?: number | undefined }) {
  const [teamId, setTeamId] = useState<number | undefined>(undefined);
  const detail = useTeachingDetail(planId, teamId);
  const setStatus = useSetItemStatus();
  const [selectedId, setSelectedId] = useState<number | undefined>(initialNodeId);

  if (detail.isError) return <Empty description="课程不存在" />;
  if (!detail.data) return <Spin />;
  const d = detail.data;
  const team = d.team_id;
  const node = d.nodes.find((n) => n.id === selectedId);
  const treeNode = d.tree.find((n) => n.id === selectedId);
  const studies = (selectedId && d.studies[selectedId]) || [];
  const toggle = (nodeId: number, open: boolean) => team && setStatus.mutate(
    { plan_id: planId, team_id: team, node_id: nodeId, item_status: open ? 1 : 0 },
    { onSuccess: () => showSuccess(open ? COURSE_MSG.unlocked : COURSE_MSG.locked) },
  );

  return (
    <div className="course-teaching-view">
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>{d.plan.title}</Typography.Title>
          <Typography.Text type="secondary">{d.plan.description || '暂无简介'}</Typography.Text>
        </div>
        {d.classes.length > 0 && (
          <Space>
            <Typography.Text>班级</Typography.Text>
            <Select
              aria-label="班级"
              style={{ minWidth: 180 }}
              value={team ?? undefined}
              onChange={setTeamId}
              options={d.classes.map((c) => ({ value: c.team_id, label: `${c.team_title}（${c.robot_name}）` }))}
            />
            <Tag>{d.student_count} 名学生</Tag>
          </Space>
        )}
      </Flex>
      {d.classes.length === 0 && <Empty description="课程还没有发布到你带的班级" style={{ marginBottom: 16 }} />}
      <Flex gap={16} align="flex-start" wrap>
        <Card title="课程目录" style={{ width: 380, maxWidth: '100%', flex: 'none' }}>
          <CourseTree
            ariaLabel="课程目录"
            nodes={d.tree}
            selectedId={selectedId}
            onSelect={(n) => setSelectedId(n.id)}
            extra={(n) => (
              <>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>{n.studied} 人已学</Typography.Text>
                {team && (
                  n.item_status === 0
                    ? <Button size="small" type="link" icon={<UnlockOutlined />} onClick={(e) => { e.stopPropagation(); toggle(n.id, true); }}>解锁</Button>
                    : <Button size="small" type="link" icon={<LockOutlined />} onClick={(e) => { e.stopPropagation(); toggle(n.id, false); }}>锁定</Button>
                )}
              </>
            )}
          />
        </Card>
        <Flex vertical gap={16} style={{ flex: 1, minWidth: 300 }}>
          <Card>
            {node ? <NodeContent node={node} /> : <Empty description="在左侧选择课时查看内容和学习情况" />}
          </Card>
          {node && treeNode && (
            <Card title={`学习情况（${treeNode.studied}/${d.student_count} 人已学，${treeNode.done} 人学完）`}>
              <List
                aria-label="学习情况"
                locale={{ emptyText: treeNode.item_status === 0 ? '课时未解锁' : '还没有学生学习' }}
                dataSource={studies}
                renderItem={(s) => (
                  <List.Item extra={s.done ? <Tag color="green">已学完</Tag> : <Tag>已打开</Tag>}>
                    <List.Item.Meta avatar={<Avatar src={s.avatar || undefined}>{s.truename.slice(0, 1)}</Avatar>} title={s.truename || `用户${s.uid}`} />
                  </List.Item>
                )}
              />
            </Card>
          )}
        </Flex>
      </Flex>
    </div>
  );
}
