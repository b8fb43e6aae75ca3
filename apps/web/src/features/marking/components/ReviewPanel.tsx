import { useState } from 'react';
import { Badge, Button, Card, Col, Descriptions, Empty, List, Row, Space, Spin, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { ReviewData } from '@xueban/contract/marking';
import { useReview } from '../api/get-review.ts';
import { useReleaseAll } from '../api/release-all.ts';
import { exportResults } from '../api/export-results.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { statusOf, sumScores } from '../lib/status.ts';
import { SubmissionReview } from './SubmissionReview.tsx';

type Student = ReviewData['students'][number];

/** The review screen of one assignment: every student of the class, and the selected one's work and marks. */
export function ReviewPanel({ assignmentId, onBack }: { assignmentId: number; onBack: () => void }) {
  const review = useReview(assignmentId);
  const releaseAll = useReleaseAll();
  const [picked, setPicked] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);

  if (!review.data) return <Card><Button icon={<ArrowLeftOutlined />} onClick={onBack}>返回</Button>{review.isLoading && <Spin style={{ marginLeft: 16 }} />}</Card>;
  const { assignment: a, students } = review.data;
  const current = students.find((s) => s.uid === picked) ?? students.find((s) => s.submission) ?? students[0];
  const drafted = students.filter((s) => s.submission?.status === 'drafted').length;

  const scoreOf = (s: Student) => {
    const sc = s.submission?.scores ?? s.submission?.ai_scores;
    return sc ? `${sumScores(sc)} 分` : '';
  };

  return (
    <Card
      title={<Space><Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} aria-label="返回作业列表" />{a.title}</Space>}
      extra={(
        <Space>
          <Button
            disabled={!drafted} loading={releaseAll.isPending}
            onClick={() => releaseAll.mutate(a.id, { onSuccess: (r) => showSuccess(`已发布 ${r.released} 份`) })}
          >全部发布{drafted ? `（${drafted}）` : ''}</Button>
          <Button
            icon={<DownloadOutlined />} loading={exporting}
            onClick={() => {
              setExporting(true);
              void exportResults(a.id).finally(() => setExporting(false));
            }}
          >导出成绩</Button>
        </Space>
      )}
    >
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="班级">{a.team_title}</Descriptions.Item>
        <Descriptions.Item label="截止时间">{dayjs.unix(a.due_at).format('YYYY-MM-DD HH:mm')}</Descriptions.Item>
        <Descriptions.Item label="已提交">{a.counts.submitted} / {a.counts.students}</Descriptions.Item>
        <Descriptions.Item label="评分标准" span={3}>{a.rubric.map((c) => `${c.name}（${c.points}分）`).join('、')}，满分 {a.total_points}</Descriptions.Item>
        {a.instructions && <Descriptions.Item label="作业要求" span={3}><span style={{ whiteSpace: 'pre-wrap' }}>{a.instructions}</span></Descriptions.Item>}
      </Descriptions>
      <Row gutter={16}>
        <Col xs={24} md={7}>
          <List
            size="small" bordered
            header={<Typography.Text strong>学生（{students.length}）</Typography.Text>}
            dataSource={students}
            locale={{ emptyText: <Empty description="班级里还没有学生" /> }}
            renderItem={(s) => {
              const st = statusOf(s.submission);
              return (
                <List.Item
                  onClick={() => setPicked(s.uid)}
                  style={{ cursor: 'pointer', background: s.uid === current?.uid ? 'rgba(22,119,255,0.08)' : undefined }}
                  aria-current={s.uid === current?.uid}
                >
                  <Space direction="vertical" size={0} style={{ width: '100%' }}>
                    <Space style={{ justifyContent: 'space-between', width: '100%' }}>
                      <Typography.Text>{s.truename}</Typography.Text>
                      <Typography.Text type="secondary">{scoreOf(s)}</Typography.Text>
                    </Space>
                    <Space size={4}>
                      {s.submission?.status === 'drafting' ? <Badge status="processing" text={st.label} /> : <Tag color={st.color}>{st.label}</Tag>}
                      {s.submission?.late && <Tag color="red">迟交</Tag>}
                    </Space>
                  </Space>
                </List.Item>
              );
            }}
          />
        </Col>
        <Col xs={24} md={17}>
          {current
            ? <SubmissionReview key={`${current.uid}:${current.submission?.id ?? 0}:${current.submission?.status ?? ''}`} assignment={a} student={current} />
            : <Empty description="班级里还没有学生" />}
        </Col>
      </Row>
    </Card>
  );
}
