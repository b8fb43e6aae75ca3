import { Card, Col, Row, Spin, Statistic } from 'antd';
import { useRobotStats } from '../../api/get-robot-stats.ts';

const LABELS = [
  ['view_num', '次查看'], ['join_num', '人加入'], ['copy_num', '次复制'], ['user_num', '学生'],
  ['teacher_num', '教师'], ['cooperator_num', '协作者'], ['team_num', '团队'], ['used_num', '使用人数'],
] as const;

/** 数据: the robot's counters. */
export function StatsTab({ id }: { id: number }) {
  const { data } = useRobotStats(id);
  if (!data) return <Spin />;
  return (
    <Row gutter={[16, 16]}>
      {LABELS.map(([key, label]) => (
        <Col key={key} xs={12} md={6}>
          <Card size="small"><Statistic title={label} value={data[key]} /></Card>
        </Col>
      ))}
    </Row>
  );
}
