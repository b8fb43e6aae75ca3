import { Card, Col, Empty, List, Row, Spin, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMyStudy } from '../api/get-my-study.ts';
import { CorrectionBlock } from './CorrectionBlock.tsx';

/** The student's own data on a robot (/dialogueIndex/data): questions, days active, recent questions, corrections received. */
export function MyStudyData({ robotId }: { robotId: number }) {
  const my = useMyStudy(robotId);
  if (my.isPending) return <Spin />;
  const d = my.data;
  if (!d) return <Empty description="暂无数据" />;
  return (
    <Row gutter={[16, 16]}>
      {d.team_title && <Col span={24}><Typography.Text type="secondary">所在班级：{d.team_title}</Typography.Text></Col>}
      <Col xs={24} sm={8}><Card><Statistic title="提问数" value={d.questions_total} /></Card></Col>
      <Col xs={24} sm={8}><Card><Statistic title="活跃天数" value={d.days_active} /></Card></Col>
      <Col xs={24} sm={8}>
        <Card><Statistic title="最近活跃" value={d.last_active ? dayjs.unix(d.last_active).format('YYYY-MM-DD HH:mm') : '还没有提问'} valueStyle={{ fontSize: 20 }} /></Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="最近提问">
          <List
            size="small"
            locale={{ emptyText: '还没有提问，去和机器人聊聊吧' }}
            dataSource={d.recent}
            renderItem={(r) => (
              <List.Item extra={<Typography.Text type="secondary" style={{ fontSize: 12 }}>{dayjs.unix(r.create_time).format('MM-DD HH:mm')}</Typography.Text>}>
                <Typography.Text ellipsis>{r.question}</Typography.Text>
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="老师的订正">
          <List
            size="small"
            locale={{ emptyText: '还没有老师订正过你的回答' }}
            dataSource={d.corrections}
            renderItem={(c) => (
              <List.Item>
                <div style={{ width: '100%' }}>
                  <Typography.Text strong>{c.question}</Typography.Text>
                  <CorrectionBlock correction={c} />
                </div>
              </List.Item>
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}
