import { useState } from 'react';
import { Alert, Button, Card, Col, DatePicker, Row, Space, Statistic, Table, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Link } from 'react-router';
import type { RevenueRow } from '@xueban/contract/app-store';
import { APP_MSG, yuan } from '@xueban/contract/constants/app-store';
import { pathTo } from '../../../app/paths.ts';
import { useRevenue } from '../api/revenue.ts';
import { exportRevenue } from '../api/export-revenue.ts';

const MONTH = 'YYYY-MM';
const money = (fen: number) => `¥${yuan(fen)}`;

/**
 * 收益中心 (/creator tab app): my apps per month — installs, seats, active seats, questions served
 * and the amount under each listing's price — with an xlsx export. No payment happens here.
 */
export function RevenueCentre() {
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(11, 'month'), dayjs()]);
  const params = { from: range[0].format(MONTH), to: range[1].format(MONTH) };
  const revenue = useRevenue(params);
  const [exporting, setExporting] = useState(false);
  const rows = revenue.data?.rows ?? [];
  const thisMonth = dayjs().format(MONTH);
  const current = rows.filter((r) => r.month === thisMonth);

  const columns: TableColumnsType<RevenueRow> = [
    { title: '应用', dataIndex: 'app_name', render: (v: string, r) => <Link to={pathTo('developer-app-detail', {}, { id: r.app_id })}>{v}</Link> },
    { title: '月份', dataIndex: 'month', width: 84 },
    { title: '价格', dataIndex: 'price_fen', width: 124, render: (v: number) => (v ? `${money(v)}/席位/月` : '免费') },
    { title: '安装数', dataIndex: 'installs', width: 68 },
    { title: '新安装', dataIndex: 'new_installs', width: 68 },
    { title: '计费席位', dataIndex: 'seats', width: 82 },
    { title: '活跃席位', dataIndex: 'active_seats', width: 82 },
    { title: '问答数', dataIndex: 'questions', width: 68 },
    { title: '金额', dataIndex: 'amount_fen', width: 100, align: 'right', render: (v: number) => money(v) },
  ];

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Alert type="info" showIcon message={`本页金额为对账单，不经过在线支付：${APP_MSG.settleNotice}。`}
        description="付费应用按「席位数 × 每席位月价」计费；当月按实际安装天数折算（安装当天计入、卸载当天不计入），当前月份计算到今天。免费应用金额为 0。" />
      <Row gutter={16}>
        <Col xs={12} md={6}><Card><Statistic title="本月安装" value={current.reduce((n, r) => n + r.installs, 0)} /></Card></Col>
        <Col xs={12} md={6}><Card><Statistic title="本月计费席位" value={current.reduce((n, r) => n + r.seats, 0)} /></Card></Col>
        <Col xs={12} md={6}><Card><Statistic title="本月问答数" value={current.reduce((n, r) => n + r.questions, 0)} /></Card></Col>
        <Col xs={12} md={6}><Card><Statistic title="区间金额（元）" value={yuan(revenue.data?.total_fen ?? 0)} /></Card></Col>
      </Row>
      <Space wrap>
        <DatePicker.RangePicker picker="month" allowClear={false} value={range} onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])} />
        <Button loading={exporting} onClick={() => { setExporting(true); void exportRevenue(params.from, params.to).finally(() => setExporting(false)); }}>导出 Excel</Button>
        <Link to={pathTo('developer-index')}>管理我的应用</Link>
      </Space>
      <Table<RevenueRow>
        rowKey={(r) => `${r.app_id}-${r.month}`} columns={columns} dataSource={rows} loading={revenue.isFetching} scroll={{ x: 780 }} size="small" pagination={false}
        locale={{ emptyText: '这段时间还没有组织安装你的应用' }}
        summary={() => rows.length > 0 && (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={8}><b>合计</b></Table.Summary.Cell>
            <Table.Summary.Cell index={8} align="right"><b>{money(revenue.data?.total_fen ?? 0)}</b></Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </Space>
  );
}
