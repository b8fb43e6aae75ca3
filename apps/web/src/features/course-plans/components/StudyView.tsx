import { useState } from 'react';
import { Button, Card, Empty, Flex, Progress, Spin, Tag, Typography } from 'antd';
import { CheckOutlined, RobotOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { COURSE_MSG } from '@xueban/contract/constants/courses';
import { pathTo } from '../../../app/paths.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { useStudyDetail } from '../api/get-study-detail.ts';
import { useStudyNode } from '../api/get-study-node.ts';
import { useMarkDone } from '../api/mark-done.ts';
import { CourseTree } from './CourseTree.tsx';
import { NodeContent } from './NodeContent.tsx';

/**
 * 课程学习 (/student/project-detail/{id}, study type study): the directory with locked lessons
 * greyed and not openable, the open lesson's content, 标记学完, and 向机器人提问 — the robot's
 * chat with this lesson as context (plan_id and node_id go with every question).
 */
export function StudyView({ planId, initialNodeId }: { planId: number; initialNodeId?: number | undefined }) {
  const detail = useStudyDetail(planId);
  const [chosen, setChosen] = useState<number | undefined>(initialNodeId);
  const tree = detail.data?.tree ?? [];
  // The node asked for in the URL only while it is open; else the first open lesson.
  const open = tree.filter((n) => n.item_status === 1);
  const selectedId = open.some((n) => n.id === chosen) ? chosen : open.find((n) => !tree.some((c) => c.pid === n.id))?.id ?? open[0]?.id;
  const node = useStudyNode(planId, selectedId);
  const done = useMarkDone();
  const navigate = useNavigate();

  if (detail.isError) return <Empty description="课程不存在或未发布到你的班级" />;
  if (!detail.data) return <Spin />;
  const d = detail.data;
  const doneCount = tree.filter((n) => n.done).length;
  const ask = () => node.data && void navigate(pathTo('dialogueIndex', {}, { dialogueRid: node.data.robot_id, plan_id: planId, node_id: node.data.id }));

  return (
    <div className="course-study-view">
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>{d.plan.title}</Typography.Title>
          <Typography.Text type="secondary">{d.plan.description || '暂无简介'}</Typography.Text>
        </div>
        <Flex align="center" gap={8} style={{ minWidth: 220 }}>
          <Typography.Text>学习进度</Typography.Text>
          <Progress percent={tree.length ? Math.round((doneCount / tree.length) * 100) : 0} size="small" style={{ width: 140, margin: 0 }} />
        </Flex>
      </Flex>
      <Flex gap={16} align="flex-start" wrap>
        <Card title="课程目录" style={{ width: 340, maxWidth: '100%', flex: 'none' }}>
          <CourseTree
            ariaLabel="课程目录"
            nodes={tree}
            selectedId={selectedId}
            lockedDisabled
            onSelect={(n) => setChosen(n.id)}
            extra={(n) => (n.done ? <Tag color="green" style={{ marginInlineEnd: 0 }}>已学完</Tag> : n.item_status === 0 ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>未解锁</Typography.Text> : null)}
          />
        </Card>
        <Card style={{ flex: 1, minWidth: 300 }}>
          {!selectedId
            ? <Empty description="老师还没有解锁课时，请耐心等待" />
            : node.isError ? <Empty description={COURSE_MSG.nodeLocked} />
              : !node.data ? <Spin />
                : (
                  <>
                    <NodeContent node={node.data} />
                    <Flex gap={12} wrap style={{ marginTop: 24 }}>
                      <Button type="primary" icon={<RobotOutlined />} onClick={ask}>向机器人提问</Button>
                      {node.data.done
                        ? <Tag color="green" icon={<CheckOutlined />} style={{ lineHeight: '30px' }}>已学完</Tag>
                        : (
                          <Button
                            icon={<CheckOutlined />}
                            loading={done.isPending}
                            onClick={() => done.mutate({ plan_id: planId, node_id: node.data!.id }, { onSuccess: () => showSuccess(COURSE_MSG.studied) })}
                          >标记学完</Button>
                        )}
                    </Flex>
                  </>
                )}
        </Card>
      </Flex>
    </div>
  );
}
