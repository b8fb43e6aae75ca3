import { Button, Card, Empty, Flex, List, Progress, Spin, Typography } from 'antd';
import { BookOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { pathTo } from '../../../app/paths.ts';
import { useStudyList } from '../api/get-study-list.ts';

/** The student's 资源 tab: the plans published to their class on this robot, with their progress. */
export function ClassResources({ robotId }: { robotId: number }) {
  const list = useStudyList(robotId);
  const navigate = useNavigate();
  const back = pathTo('dialogueIndex', { tab: 'resource' }, { dialogueRid: robotId });
  return (
    <Card title="班级课程" size="small">
      {!list.data ? <Spin /> : (
        <List
          aria-label="班级课程"
          dataSource={list.data}
          locale={{ emptyText: <Empty description="老师还没有发布课程" /> }}
          renderItem={(p) => (
            <List.Item
              actions={[
                <Button key="study" type="primary" onClick={() => void navigate(pathTo('student-project-detail', { id: p.plan_id }, { plan_id: p.plan_id, redirect_uri: back }))}>
                  {p.done_count ? '继续学习' : '开始学习'}
                </Button>,
              ]}
            >
              <List.Item.Meta
                avatar={<BookOutlined style={{ fontSize: 22, color: '#1677ff' }} />}
                title={p.title}
                description={(
                  <Flex vertical gap={4}>
                    <Typography.Text type="secondary">{p.description || '暂无简介'} · 已解锁 {p.open_count}/{p.node_count} · 已学完 {p.done_count}</Typography.Text>
                    <Progress size="small" percent={p.node_count ? Math.round((p.done_count / p.node_count) * 100) : 0} style={{ maxWidth: 260, margin: 0 }} />
                  </Flex>
                )}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
