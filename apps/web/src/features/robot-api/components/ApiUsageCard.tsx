import { Card, Col, Empty, Progress, Row, Statistic, Table, Typography } from 'antd';
import { useApiUsage } from '../api/get-api-usage.ts';
import { KIND_LABELS } from '../lib/snippets.ts';

/** 数据统计's API 调用: questions through the robot's keys today, in all, over 7 days and per key. */
export function ApiUsageCard({ robotId }: { robotId: number }) {
  const { data, isPending } = useApiUsage(robotId);
  const peak = Math.max(1, ...(data?.days.map((d) => d.count) ?? []));
  return (
    <Card title="API 调用" size="small" loading={isPending} aria-label="API 调用">
      {data && (data.keys.length === 0 ? <Empty description="还没有 API 密钥、网页嵌入或分享链接" /> : (
        <Row gutter={[24, 16]}>
          <Col xs={12} md={4}><Statistic title="今日提问" value={data.today} /></Col>
          <Col xs={12} md={4}><Statistic title="累计提问" value={data.total} /></Col>
          <Col xs={24} md={16}>
            <Typography.Text type="secondary">近 7 天</Typography.Text>
            {data.days.map((d) => (
              <Row key={d.date} align="middle" gutter={8}>
                <Col flex="96px"><Typography.Text type="secondary">{d.date.slice(5)}</Typography.Text></Col>
                <Col flex="auto"><Progress percent={(d.count / peak) * 100} showInfo={false} size="small" /></Col>
                <Col flex="48px">{d.count}</Col>
              </Row>
            ))}
          </Col>
          <Col span={24}>
            <Table rowKey="id" size="small" pagination={false} dataSource={data.keys} columns={[
              { title: '密钥', dataIndex: 'name' },
              { title: '类型', dataIndex: 'kind', render: (k: keyof typeof KIND_LABELS) => KIND_LABELS[k] },
              { title: '今日', dataIndex: 'today' },
              { title: '累计', dataIndex: 'total' },
            ]} />
          </Col>
        </Row>
      ))}
    </Card>
  );
}
