import { Card, Progress, Table, Typography } from 'antd';
import type { TrainDebrief } from '@xueban/contract/training';

/** The scored debrief: the total against the rubric's maximum, each criterion's score and comment, the summary. */
export function DebriefCard({ debrief }: { debrief: TrainDebrief }) {
  const percent = debrief.max ? Math.round((debrief.total / debrief.max) * 100) : 0;
  return (
    <Card size="small" title="训练评分" className="train-debrief" data-testid="train-debrief">
      <div style={{ display: 'flex', gap: 24, alignItems: 'center', flexWrap: 'wrap', marginBottom: 12 }}>
        <Progress type="circle" percent={percent} size={88} format={() => <span style={{ fontSize: 18 }}>{debrief.total}<span style={{ fontSize: 12, color: '#888' }}> / {debrief.max}</span></span>} />
        <div style={{ flex: 1, minWidth: 200 }}>
          <Typography.Text strong>总分 {debrief.total} 分（满分 {debrief.max} 分）</Typography.Text>
          {debrief.summary && <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>{debrief.summary}</Typography.Paragraph>}
        </div>
      </div>
      <Table size="small" rowKey="name" pagination={false} dataSource={debrief.scores} columns={[
        { title: '评分项', dataIndex: 'name', width: 140 },
        { title: '得分', key: 'score', width: 110, render: (_, s) => `${s.score} / ${s.points}` },
        { title: '点评', dataIndex: 'comment', render: (v: string) => v || '—' },
      ]} />
    </Card>
  );
}
