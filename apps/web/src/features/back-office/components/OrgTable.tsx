import { useState } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space, Table, Tag, message, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import { MSG } from '@xueban/contract/messages';
import type { OrgRow } from '@xueban/contract/admin';
import { FormModal } from '../../../components/FormModal.tsx';
import { tablePagination } from '../../../components/table-pagination.ts';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { orgNameRules } from '../../../lib/form-rules.ts';
import { TIER_LABEL } from '../lib/labels.ts';
import { useOrgList } from '../api/get-org-list.ts';
import { useCreateOrg } from '../api/create-org.ts';
import { useRenameOrg } from '../api/rename-org.ts';
import { useSetOrgTier } from '../api/set-org-tier.ts';
import { useSetOrgStatus } from '../api/set-org-status.ts';

const PAGE_SIZE = 10;
type Editing = { kind: 'create' } | { kind: 'rename'; org: OrgRow } | { kind: 'tier'; org: OrgRow } | null;
interface TierForm { tier: 'trial' | 'paid'; vip_level: number; end: Dayjs }

/**
 * Every organisation (/admin/user/organization): tier (trial, paid, expired), end date, members,
 * robots and sub-organisations; create, rename, set tier and end date, disable or enable.
 * `membersHref` links an organisation to its members page.
 */
export function OrgTable({ membersHref }: { membersHref: (id: number) => string }) {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const keyword = search.get('keyword') ?? '';
  const pid = Number(search.get('pid')) || undefined;
  const list = useOrgList({ page, limit: PAGE_SIZE, keyword: keyword || undefined, pid });
  const [editing, setEditing] = useState<Editing>(null);
  const [nameForm] = Form.useForm<{ name: string }>();
  const [tierForm] = Form.useForm<TierForm>();
  const create = useCreateOrg();
  const rename = useRenameOrg();
  const setTier = useSetOrgTier();
  const setStatus = useSetOrgStatus();
  const [confirm, confirmHolder] = useConfirm();
  const [toast, toastHolder] = message.useMessage();
  const done = (text: string) => { void toast.success(text); setEditing(null); };

  const openTier = (org: OrgRow) => {
    tierForm.setFieldsValue({
      tier: org.vip_level > 1 ? 'paid' : 'trial', vip_level: Math.max(2, org.vip_level),
      end: org.vip_end_time ? dayjs.unix(org.vip_end_time) : dayjs().add(30, 'day'),
    });
    setEditing({ kind: 'tier', org });
  };
  const toggle = (org: OrgRow) => confirm({
    title: org.status ? `停用组织「${org.name}」？` : `启用组织「${org.name}」？`,
    content: org.status ? '停用后，该组织的成员在下次状态检查时将退出登录。' : '启用后，成员可以重新进入该组织。',
    okText: org.status ? '停用' : '启用', okButtonProps: { danger: !!org.status }, cancelText: '取消',
    onOk: () => setStatus.mutateAsync({ group_id: org.id, status: org.status ? 0 : 1 }).then(() => void toast.success(MSG.done)),
  });

  const columns: TableColumnsType<OrgRow> = [
    { title: '组织', dataIndex: 'name', render: (_, o) => (
      <Space direction="vertical" size={0}>
        <Link to={membersHref(o.id)}>{o.name}</Link>
        {o.parent_name && <span style={{ fontSize: 12, color: '#888' }}>上级：{o.parent_name}</span>}
      </Space>
    ) },
    { title: '服务等级', dataIndex: 'tier', width: 150, render: (_, o) => (
      <Space><Tag color={TIER_LABEL[o.tier]?.color}>{TIER_LABEL[o.tier]?.text}</Tag><span>vip_level {o.vip_level}</span></Space>
    ) },
    { title: '到期时间', dataIndex: 'vip_end_time', width: 120, render: (v: number) => (v ? dayjs.unix(v).format('YYYY-MM-DD') : '—') },
    { title: '成员', dataIndex: 'member_count', width: 70 },
    { title: '机器人', dataIndex: 'robot_count', width: 80 },
    { title: '子组织', dataIndex: 'sub_count', width: 80, render: (n: number, o) => (n ? <Button type="link" size="small" onClick={() => setSearch({ pid: String(o.id) })}>{n}</Button> : 0) },
    { title: '状态', dataIndex: 'status', width: 80, render: (s: number) => (s ? <Tag color="green">正常</Tag> : <Tag>已停用</Tag>) },
    { title: '操作', key: 'ops', width: 260, render: (_, o) => (
      <Space size={4} wrap>
        <Button size="small" type="link" onClick={() => { nameForm.setFieldsValue({ name: o.name }); setEditing({ kind: 'rename', org: o }); }}>重命名</Button>
        <Button size="small" type="link" onClick={() => openTier(o)}>服务等级</Button>
        <Link to={membersHref(o.id)}>成员</Link>
        <Button size="small" type="link" danger={!!o.status} onClick={() => toggle(o)}>{o.status ? '停用' : '启用'}</Button>
      </Space>
    ) },
  ];

  const saveName = ({ name }: { name: string }) => {
    if (editing?.kind === 'create') create.mutate({ name }, { onSuccess: () => done(MSG.created) });
    if (editing?.kind === 'rename') rename.mutate({ group_id: editing.org.id, name }, { onSuccess: () => done(MSG.updated) });
  };
  const saveTier = (v: TierForm) => {
    if (editing?.kind !== 'tier') return;
    setTier.mutate({ group_id: editing.org.id, vip_level: v.tier === 'trial' ? 1 : v.vip_level, vip_end_time: v.end.endOf('day').unix() },
      { onSuccess: () => done(MSG.updated) });
  };
  const tier = Form.useWatch('tier', tierForm);

  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search allowClear placeholder="搜索组织名称" defaultValue={keyword} style={{ width: 240 }} aria-label="搜索组织名称"
          onSearch={(v) => setSearch(v ? { keyword: v } : {})} />
        {pid && <Button onClick={() => setSearch({})}>显示全部组织</Button>}
        <Button type="primary" onClick={() => { nameForm.resetFields(); setEditing({ kind: 'create' }); }}>新建组织</Button>
      </Space>
      <Table<OrgRow> rowKey="id" columns={columns} dataSource={list.data?.data ?? []} loading={list.isFetching}
        scroll={{ x: 960 }} locale={{ emptyText: '暂无组织' }}
        pagination={tablePagination(page, PAGE_SIZE, list.data?.total ?? 0, (p) => setSearch({ ...(keyword ? { keyword } : {}), page: String(p) }))} />
      <FormModal open={editing?.kind === 'create' || editing?.kind === 'rename'} title={editing?.kind === 'create' ? '新建组织' : '重命名组织'}
        name="org-name" form={nameForm} saving={create.isPending || rename.isPending} onFinish={saveName} onCancel={() => setEditing(null)}>
        <Form.Item name="name" label="组织名称" rules={orgNameRules}><Input maxLength={20} placeholder="请输入组织名称" /></Form.Item>
      </FormModal>
      <FormModal open={editing?.kind === 'tier'} title={`服务等级：${editing?.kind === 'tier' ? editing.org.name : ''}`} name="org-tier" form={tierForm}
        saving={setTier.isPending} onFinish={saveTier} onCancel={() => setEditing(null)}>
        <Form.Item name="tier" label="服务类型">
          <Select options={[{ value: 'trial', label: '试用（vip_level 1）' }, { value: 'paid', label: '付费（vip_level 大于 1）' }]} />
        </Form.Item>
        {tier === 'paid' && <Form.Item name="vip_level" label="vip_level"><InputNumber min={2} max={9} /></Form.Item>}
        <Form.Item name="end" label="到期日期" rules={[{ required: true, message: '请选择到期日期' }]}>
          <DatePicker style={{ width: '100%' }} presets={[
            { label: '30 天后', value: dayjs().add(30, 'day') },
            { label: '一年后', value: dayjs().add(1, 'year') },
          ]} />
        </Form.Item>
      </FormModal>
      {confirmHolder}{toastHolder}
    </>
  );
}
