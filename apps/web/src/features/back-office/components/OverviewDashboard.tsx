import { lazy, Suspense, useState } from 'react';
import { Card, Col, Row, Segmented, Spin, Statistic } from 'antd';
import { loadChunk } from '../../../lib/load-chunk.ts';
import { useOverview } from '../api/get-overview.ts';

const OverviewCharts = lazy(() => loadChunk(() => import('./OverviewCharts.tsx')));
const PERIODS = [{ value: 7, label: '近 7 天' }, { value: 30, label: '近 30 天' }, { value: 90, label: '近 90 天' }];

/** /admin/index: the platform at a glance over a chosen period. */
export function OverviewDashboard() {
  const [days, setDays] = useState(30);
  const overview = useOverview({ days });
  const t = overview.data?.totals;
  const stats = [
    { title: '用户', value: t?.users }, { title: '组织', value: t?.organisations }, { title: '机器人', value: t?.robots },
    { title: `提问（${days} 天）`, value: t?.questions }, { title: `活跃用户（${days} 天）`, value: t?.active_users },
  ];
  return (
    <>
      <Segmented options={PERIODS} value={days} onChange={(v) => setDays(Number(v))} style={{ marginBottom: 16 }} aria-label="统计时间段" />
      <Row gutter={[16, 16]}>
        {stats.map((s) => (
          <Col key={s.title} xs={12} md={8} xl={4}><Card size="small"><Statistic title={s.title} value={s.value ?? '—'} loading={!overview.data} /></Card></Col>
        ))}
      </Row>
      <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
        {overview.data ? <OverviewCharts data={overview.data} /> : <Spin style={{ display: 'block', margin: 48 }} />}
      </Suspense>
    </>
  );
}
