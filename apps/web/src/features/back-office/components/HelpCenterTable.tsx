import { useState } from 'react';
import { Button, Form, Input, InputNumber, Segmented, Select, Space, Table, Tag, Typography, message, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { MSG } from '@xueban/contract/messages';
import type { HelpArticle } from '@xueban/contract/admin';
import { FormModal } from '../../../components/FormModal.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { useHelpList } from '../api/get-help-list.ts';
import { useSaveHelp } from '../api/save-help.ts';
import { useDeleteHelp } from '../api/delete-help.ts';

const TYPE_LABEL = { release_guide: '发布指南', faq: '常见问题' } as const;
type HelpType = keyof typeof TYPE_LABEL;
interface Values { type: HelpType; title: string; content: string; sort: number; status: 'published' | 'draft' }

/** 帮助中心: release guides and FAQs (spec §3 help-centre types), written here, read by every user. */
export function HelpCenterTable() {
  const [type, setType] = useState<HelpType | 'all'>('all');
  const list = useHelpList(type === 'all' ? undefined : type);
  const save = useSaveHelp();
  const remove = useDeleteHelp();
  const [editing, setEditing] = useState<HelpArticle | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const [confirm, confirmHolder] = useConfirm();
  const [toast, toastHolder] = message.useMessage();
  const open = (a: HelpArticle | 'new') => {
    form.resetFields();
    form.setFieldsValue(a === 'new' ? { type: type === 'all' ? 'faq' : type, sort: 0, status: 'published' } : a);
    setEditing(a);
  };
  const columns: TableColumnsType<HelpArticle> = [
    { title: '标题', dataIndex: 'title', width: 240 },
    { title: '类型', dataIndex: 'type', width: 100, render: (v: HelpType) => TYPE_LABEL[v] },
    { title: '内容', dataIndex: 'content', render: (v: string) => <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>{v}</Typography.Paragraph> },
    { title: '状态', dataIndex: 'status', width: 80, render: (v: string) => (v === 'draft' ? <Tag>草稿</Tag> : <Tag color="green">已发布</Tag>) },
    { title: '排序', dataIndex: 'sort', width: 70 },
    { title: '更新时间', dataIndex: 'update_time', width: 150, render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD HH:mm') },
    { title: '操作', key: 'ops', width: 130, render: (_, a) => (
      <Space size={0}>
        <Button size="small" type="link" onClick={() => open(a)}>编辑</Button>
        <Button size="small" type="link" danger onClick={() => confirm({
          title: `删除「${a.title}」？`, okText: '删除', okButtonProps: { danger: true }, cancelText: '取消',
          onOk: () => remove.mutateAsync(a.id).then(() => void toast.success(MSG.deleted)),
        })}>删除</Button>
      </Space>
    ) },
  ];
  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Segmented value={type} onChange={(v) => setType(v as HelpType | 'all')}
          options={[{ value: 'all', label: '全部' }, { value: 'release_guide', label: '发布指南' }, { value: 'faq', label: '常见问题' }]} />
        <Button type="primary" onClick={() => open('new')}>新建文章</Button>
      </Space>
      <Table<HelpArticle> rowKey="id" columns={columns} dataSource={list.data ?? []} loading={list.isFetching} pagination={false}
        scroll={{ x: 940 }} locale={{ emptyText: '还没有帮助文章：点击“新建文章”写一篇发布指南或常见问题' }} />
      <FormModal open={editing !== null} title={editing === 'new' ? '新建文章' : '编辑文章'} name="help-article" form={form} saving={save.isPending}
        onCancel={() => setEditing(null)}
        onFinish={(v) => save.mutate({ ...(editing !== 'new' && editing ? { id: editing.id } : {}), ...v }, {
          onSuccess: () => { void toast.success(editing === 'new' ? MSG.created : MSG.updated); setEditing(null); },
        })}>
        <Form.Item name="type" label="类型"><Select options={Object.entries(TYPE_LABEL).map(([value, label]) => ({ value, label }))} /></Form.Item>
        <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请输入标题' }]}><Input maxLength={100} /></Form.Item>
        <Form.Item name="content" label="内容" rules={[{ required: true, whitespace: true, message: '请输入内容' }]}><Input.TextArea rows={8} maxLength={20000} /></Form.Item>
        <Form.Item name="sort" label="排序"><InputNumber min={0} max={9999} /></Form.Item>
        <Form.Item name="status" label="状态" extra="草稿只在这里可见，发布后用户在帮助中心可以看到">
          <Segmented options={[{ value: 'published', label: '发布' }, { value: 'draft', label: '草稿' }]} />
        </Form.Item>
      </FormModal>
      {confirmHolder}{toastHolder}
    </>
  );
}
