import { useState } from 'react';
import { Button, Card, Descriptions, Empty, InputNumber, Popconfirm, Result, Select, Space, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { MSG } from '@xueban/contract/messages';
import { pathTo } from '../../../app/paths.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { useAppDetail } from '../api/app-detail.ts';
import { useAssignSeat } from '../api/assign-seat.ts';
import { useReleaseSeat } from '../api/release-seat.ts';
import { useSetAppSeats } from '../api/set-app-seats.ts';
import { useUninstallApp } from '../api/uninstall-app.ts';
import { useMemberOptions } from '../api/org-member-options.ts';

type Holder = NonNullable<ReturnType<typeof useAppDetail>['data']>['seat_holders'][number];

/** 应用管理 (appManage/{id}): the app, its seat count, who holds a seat; assign, release, uninstall. */
export function AppManage({ id }: { id: number }) {
  const detail = useAppDetail(id);
  const members = useMemberOptions(!!detail.data);
  const setSeats = useSetAppSeats();
  const assign = useAssignSeat();
  const release = useReleaseSeat();
  const uninstall = useUninstallApp();
  const navigate = useNavigate();
  const [seats, setSeatsDraft] = useState<number | null>(null);
  const [uid, setUid] = useState<number | null>(null);
  const a = detail.data;

  if (detail.isError) return <Result status="404" title="应用不存在" extra={<Button onClick={() => navigate(pathTo('group-app-list'))}>返回应用列表</Button>} />;
  if (!a) return <Card loading />;

  const holderIds = new Set(a.seat_holders.map((h) => h.uid));
  const options = (members.data?.data ?? []).filter((m) => !holderIds.has(m.uid)).map((m) => ({ value: m.uid, label: `${m.truename}（${m.mobile || m.email || m.uid}）` }));
  const columns: TableColumnsType<Holder> = [
    { title: '成员', dataIndex: 'truename' },
    { title: '账号', key: 'account', render: (_, h) => h.mobile || h.email || '—' },
    { title: '分配时间', dataIndex: 'assigned_at', width: 170, render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD HH:mm') },
    {
      title: '操作', key: 'actions', width: 90, render: (_, h) => (
        <Popconfirm title={`收回 ${h.truename} 的席位？`} okText="收回" cancelText="取消" onConfirm={() => release.mutate({ id, uid: h.uid }, { onSuccess: () => showSuccess(MSG.done) })}>
          <Button type="link" size="small" danger>收回</Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <>
      <Card title={a.name} style={{ marginBottom: 16 }} extra={
        <Popconfirm title="卸载后席位分配一并清除，确定卸载？" okText="卸载" cancelText="取消"
          onConfirm={() => uninstall.mutate(id, { onSuccess: () => { showSuccess(MSG.deleted); navigate(pathTo('group-app-list')); } })}>
          <Button danger>卸载应用</Button>
        </Popconfirm>
      }>
        <Descriptions column={{ xs: 1, md: 2 }} size="small" items={[
          { key: 'intro', label: '简介', children: a.intro || '—' },
          { key: 'seats', label: '席位', children: `已分配 ${a.seats_used} / 共 ${a.seats}` },
          { key: 'open', label: '使用次数', children: a.open_count },
          { key: 'by', label: '安装人', children: a.installed_by || '—' },
          { key: 'at', label: '安装时间', children: dayjs.unix(a.installed_at).format('YYYY-MM-DD HH:mm') },
        ]} />
        <Space style={{ marginTop: 16 }}>
          <span>席位数</span>
          <InputNumber aria-label="席位数" min={1} max={100000} precision={0} value={seats ?? a.seats} onChange={(v) => setSeatsDraft(v)} />
          <Button disabled={seats === null || seats === a.seats} loading={setSeats.isPending}
            onClick={() => seats && setSeats.mutate({ id, seats }, { onSuccess: () => { showSuccess(MSG.updated); setSeatsDraft(null); } })}>修改席位数</Button>
        </Space>
      </Card>
      <Card title="席位分配">
        <Space style={{ marginBottom: 16 }}>
          <Select aria-label="选择成员" showSearch optionFilterProp="label" placeholder="选择成员" style={{ width: 280 }} options={options} value={uid} onChange={setUid}
            notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有可分配的成员" />} />
          <Button type="primary" disabled={!uid || a.seats_used >= a.seats} loading={assign.isPending}
            onClick={() => uid && assign.mutate({ id, uid }, { onSuccess: () => { showSuccess(MSG.done); setUid(null); } })}>分配席位</Button>
          {a.seats_used >= a.seats && <span style={{ color: '#fa8c16' }}>席位已用完</span>}
        </Space>
        <Table<Holder> rowKey="uid" size="small" columns={columns} dataSource={a.seat_holders} locale={{ emptyText: '还没有成员占用席位' }} pagination={false} />
      </Card>
    </>
  );
}
