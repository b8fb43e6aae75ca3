import { useState } from 'react';
import { Card, Col, Empty, List, Row, Segmented, Space, Spin, Statistic, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useConsoleData } from '../api/get-console-data.ts';
import { DailyBars } from './DailyBars.tsx';
import './teacher-console.css';

/** 数据: the teacher's classes on this robot — questions per day, active students, top questions, answers to look at. */
export function DataTab({ robotId }: { robotId: number }) {
  const [days, setDays] = useState(7);
  const data = useConsoleData(robotId, days);
  if (data.isPending) return <Spin />;
  const d = data.data;
  if (!d) return <Empty description="暂无数据" />;
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Segmented aria-label="时间范围" value={days} onChange={(v) => setDays(v)} options={[{ value: 7, label: '近 7 天' }, { value: 14, label: '近 14 天' }, { value: 30, label: '近 30 天' }]} />
      </Col>
      <Col xs={24} sm={8}><Card><Statistic title="班级学生" value={d.students_total} /></Card></Col>
      <Col xs={24} sm={8}><Card><Statistic title="活跃学生" value={d.active_students} /></Card></Col>
      <Col xs={24} sm={8}><Card><Statistic title="提问数" value={d.questions_total} /></Card></Col>
      <Col span={24}>
        <Card title="每日提问">{d.questions_total ? <DailyBars days={d.per_day} /> : <Empty description="这段时间没有提问" />}</Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card title="热门问题">
          <List
            size="small"
            locale={{ emptyText: '暂无提问' }}
            dataSource={d.top_questions}
            renderItem={(q, i) => (
              <List.Item extra={<Tag>{q.count} 次</Tag>}>
                <Typography.Text ellipsis style={{ maxWidth: '100%' }}>{i + 1}. {q.question}</Typography.Text>
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card title="待改进的回答">
          <List
            size="small"
            locale={{ emptyText: '没有失败、中断或找不到资料的回答' }}
            dataSource={d.weak_answers}
            renderItem={(r) => (
              <List.Item
                extra={<Space><Tag color="warning">{r.reason}</Tag><Link to={`/teacherCenter/console/${robotId}/follow?record_id=${r.id}`}>查看上下文</Link></Space>}
              >
                <List.Item.Meta
                  title={<Typography.Text ellipsis>{r.question}</Typography.Text>}
                  description={`${r.user.truename || `学生 ${r.user.uid}`} · ${r.team_title} · ${dayjs.unix(r.create_time).format('MM-DD HH:mm')}${r.correction ? ' · 已订正' : ''}`}
                />
              </List.Item>
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}
