import type { ReactNode } from 'react';
import { Card, Col, Empty, List, Row, Select, Space, Spin, Statistic, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { useClasses } from '../api/get-classes.ts';
import { useUserData } from '../api/get-user-data.ts';
import { CorrectionBlock } from './CorrectionBlock.tsx';
import { DailyBars } from './DailyBars.tsx';
import './teacher-console.css';

/**
 * 学生数据 (user-data): one student of the teacher's classes (picked here, kept in `?uid=`) — activity,
 * the terms they ask about most, recent questions, and `studentExtra` (course progress, another feature's).
 */
export function UserDataTab({ robotId, studentExtra }: { robotId: number; studentExtra: (studentId: number) => ReactNode }) {
  const [search, setSearch] = useSearchParams();
  const classes = useClasses(robotId);
  const students = (classes.data ?? []).flatMap((c) => c.students.map((s) => ({ ...s, team: c.title })));
  const uid = Number(search.get('uid')) || students[0]?.uid;
  const data = useUserData(robotId, uid);
  if (classes.isPending) return <Spin />;
  if (students.length === 0) return <Empty description="你的班级里还没有学生" />;
  const d = data.data;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Select
        aria-label="选择学生" showSearch optionFilterProp="label" style={{ width: 240 }} value={uid}
        options={(classes.data ?? []).map((c) => ({
          label: c.title, options: c.students.map((s) => ({ value: s.uid, label: s.truename || `学生 ${s.uid}` })),
        }))}
        onChange={(v: number) => setSearch((s) => { const n = new URLSearchParams(s); n.set('uid', String(v)); return n; })}
      />
      {!d ? <Spin /> : (
        <Row gutter={[16, 16]}>
          <Col xs={24} sm={8}><Card><Statistic title="提问数" value={d.questions_total} /></Card></Col>
          <Col xs={24} sm={8}><Card><Statistic title="活跃天数" value={d.days_active} /></Card></Col>
          <Col xs={24} sm={8}>
            <Card><Statistic title="最近活跃" value={d.last_active ? dayjs.unix(d.last_active).format('YYYY-MM-DD HH:mm') : '还没有提问'} valueStyle={{ fontSize: 20 }} /></Card>
          </Col>
          <Col span={24}><Card title="近 14 天提问"><DailyBars days={d.per_day} /></Card></Col>
          <Col xs={24} lg={10}>
            <Card title="常问话题">
              {d.topics.length ? (
                <Space size={[8, 8]} wrap>{d.topics.map((t) => <Tag key={t.term} color="blue">{t.term} · {t.count}</Tag>)}</Space>
              ) : <Empty description="暂无话题" />}
            </Card>
          </Col>
          <Col xs={24} lg={14}>
            <Card title="最近提问">
              <List
                size="small"
                locale={{ emptyText: '还没有提问' }}
                dataSource={d.recent}
                renderItem={(r) => (
                  <List.Item>
                    <div style={{ width: '100%' }}>
                      <Typography.Text>{r.question}</Typography.Text>
                      <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>{dayjs.unix(r.create_time).format('MM-DD HH:mm')}</Typography.Text>
                      {r.correction && <CorrectionBlock correction={r.correction} />}
                    </div>
                  </List.Item>
                )}
              />
            </Card>
          </Col>
          <Col span={24}>{studentExtra(d.user.uid)}</Col>
        </Row>
      )}
    </Space>
  );
}
