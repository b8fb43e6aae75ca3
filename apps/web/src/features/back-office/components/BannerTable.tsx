import { useState } from 'react';
import { Button, Card, Form, Image, Input, InputNumber, Radio, Select, Space, Table, Tag, message, type TableColumnsType } from 'antd';
import { MSG } from '@xueban/contract/messages';
import type { Banner } from '@xueban/contract/platform';
import { FormModal } from '../../../components/FormModal.tsx';
import { tablePagination } from '../../../components/table-pagination.ts';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { useBannerList } from '../api/get-banner-list.ts';
import { useSaveBanner } from '../api/save-banner.ts';
import { useDeleteBanner } from '../api/delete-banner.ts';
import { ImageField } from './ImageField.tsx';

const PAGE_SIZE = 10;
const TYPE_LABEL: Record<string, string> = { upgrade_tip: '升级提示', top: '顶部横幅' };
interface Values { type: 'upgrade_tip' | 'top'; title: string; big_img_url: string; link: string; sort: number; status: 0 | 1 }

/** Banners (spec §3 Banner: upgrade_tip items with big_img_url), shown once per banner id. */
export function BannerTable() {
  const [page, setPage] = useState(1);
  const list = useBannerList(page, PAGE_SIZE);
  const save = useSaveBanner();
  const remove = useDeleteBanner();
  const [editing, setEditing] = useState<Banner | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const [confirm, confirmHolder] = useConfirm();
  const [toast, toastHolder] = message.useMessage();
  const open = (b: Banner | 'new') => {
    form.resetFields();
    form.setFieldsValue(b === 'new' ? { type: 'upgrade_tip', status: 1, sort: 0 } : { ...b, type: b.type as Values['type'], status: b.status as 0 | 1 });
    setEditing(b);
  };
  const finish = (v: Values) => save.mutate({ ...(editing !== 'new' && editing ? { id: editing.id } : {}), ...v, big_img_url: v.big_img_url ?? '', link: v.link ?? '' }, {
    onSuccess: () => { void toast.success(editing === 'new' ? MSG.created : MSG.updated); setEditing(null); },
  });
  const columns: TableColumnsType<Banner> = [
    { title: '图片', dataIndex: 'big_img_url', width: 120, render: (v: string) => (v ? <Image src={v} height={40} alt="横幅图片" /> : '—') },
    { title: '标题', dataIndex: 'title', render: (v: string) => v || '—' },
    { title: '类型', dataIndex: 'type', width: 100, render: (v: string) => TYPE_LABEL[v] ?? v },
    { title: '排序', dataIndex: 'sort', width: 70 },
    { title: '状态', dataIndex: 'status', width: 80, render: (s: number) => (s ? <Tag color="green">显示</Tag> : <Tag>隐藏</Tag>) },
    { title: '操作', key: 'ops', width: 140, render: (_, b) => (
      <Space size={0}>
        <Button size="small" type="link" onClick={() => open(b)}>编辑</Button>
        <Button size="small" type="link" danger onClick={() => confirm({
          title: '确定删除该横幅？', okText: '删除', okButtonProps: { danger: true }, cancelText: '取消',
          onOk: () => remove.mutateAsync(b.id).then(() => void toast.success(MSG.deleted)),
        })}>删除</Button>
      </Space>
    ) },
  ];
  return (
    <Card title="横幅" size="small" extra={<Button type="primary" size="small" onClick={() => open('new')}>新建横幅</Button>}>
      <Table<Banner> rowKey="id" columns={columns} dataSource={list.data?.data ?? []} loading={list.isFetching} size="small"
        locale={{ emptyText: '暂无横幅' }} pagination={tablePagination(page, PAGE_SIZE, list.data?.total ?? 0, setPage)} />
      <FormModal open={editing !== null} title={editing === 'new' ? '新建横幅' : '编辑横幅'} name="banner" form={form} saving={save.isPending}
        onCancel={() => setEditing(null)} onFinish={finish}>
        <Form.Item name="type" label="类型"><Select options={Object.entries(TYPE_LABEL).map(([value, label]) => ({ value, label }))} /></Form.Item>
        <Form.Item name="title" label="标题"><Input maxLength={100} /></Form.Item>
        <Form.Item name="big_img_url" label="图片（big_img_url）"><ImageField label="图片" /></Form.Item>
        <Form.Item name="link" label="链接"><Input maxLength={500} /></Form.Item>
        <Form.Item name="sort" label="排序"><InputNumber min={0} max={9999} /></Form.Item>
        <Form.Item name="status" label="状态"><Radio.Group options={[{ value: 1, label: '显示' }, { value: 0, label: '隐藏' }]} /></Form.Item>
      </FormModal>
      {confirmHolder}{toastHolder}
    </Card>
  );
}
