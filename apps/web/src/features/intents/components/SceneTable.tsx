import { useEffect, useState } from 'react';
import { Button, Flex, Form, Input, Popconfirm, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { INTENT_LIMITS, type SceneItem } from '@xueban/contract/intents';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { tablePagination } from '../../../components/table-pagination.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { showSuccess } from '../../../lib/toast.ts';
import { useScenes } from '../api/get-scenes.ts';
import { useSaveScene } from '../api/save-scene.ts';
import { useDeleteScene } from '../api/delete-scene.ts';
import { InfoField, SortField } from './form-fields.tsx';

const PAGE_SIZE = LIMITS.pageSize.default;

function SceneFormModal({ open, scene, onClose }: { open: boolean; scene: SceneItem | null | undefined; onClose: () => void }) {
  const [form] = Form.useForm<{ name: string; info: string; sort: number }>();
  const save = useSaveScene();
  useEffect(() => {
    if (open) form.setFieldsValue({ name: scene?.name ?? '', info: scene?.info ?? '', sort: scene?.sort ?? 0 });
  }, [open, scene, form]);
  const finish = (v: { name: string; info: string; sort: number }) =>
    save.mutate({ id: scene?.id, name: v.name.trim(), info: v.info?.trim() ?? '', sort: v.sort ?? 0 }, {
      onSuccess: () => {
        showSuccess(scene ? MSG.updated : MSG.created);
        onClose();
      },
    });
  return (
    <FormModal open={open} title={scene ? '编辑场景' : '添加场景'} name="scene" form={form} saving={save.isPending} onFinish={finish} onCancel={onClose}>
      <Form.Item name="name" label="场景名称" rules={[{ required: true, whitespace: true, message: MSG.sceneNameRequired }, { max: INTENT_LIMITS.sceneNameMax, message: MSG.sceneNameTooLong }]}>
        <Input maxLength={INTENT_LIMITS.sceneNameMax} showCount placeholder="如：学科辅导" />
      </Form.Item>
      <InfoField label="场景说明" />
      <SortField />
    </FormModal>
  );
}

/**
 * 场景 (/admin/robot/scene): the scenes creators pick for a robot (请选择机器人场景). A scene robots
 * still use cannot be deleted; the button says so before the server would.
 */
export function SceneTable() {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const keyword = search.get('keyword') ?? '';
  const list = useScenes({ page, limit: PAGE_SIZE, keyword: keyword || undefined });
  const remove = useDeleteScene();
  const [typed, setTyped] = useState(keyword);
  const [editing, setEditing] = useState<SceneItem | null | undefined>(undefined);
  const go = (next: { page?: number; keyword?: string }) => {
    const kw = next.keyword ?? keyword;
    const p = next.page ?? 1;
    setSearch({ ...(kw ? { keyword: kw } : {}), ...(p > 1 ? { page: String(p) } : {}) });
  };

  const columns: TableColumnsType<SceneItem> = [
    { title: '场景名称', dataIndex: 'name' },
    { title: '场景说明', dataIndex: 'info', ellipsis: true },
    { title: '使用中的机器人', dataIndex: 'robot_count', width: 140 },
    { title: '排序', dataIndex: 'sort', width: 80 },
    {
      title: '操作', key: 'op', width: 140,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(r)}>编辑</Button>
          {r.robot_count > 0 ? (
            <Tooltip title={MSG.sceneInUse}><Button type="link" size="small" danger disabled>删除</Button></Tooltip>
          ) : (
            <Popconfirm title={MSG.sceneDeleteConfirm} okText="删除" cancelText="取消" onConfirm={() => remove.mutateAsync(r.id).then(() => showSuccess(MSG.deleted))}>
              <Button type="link" size="small" danger>删除</Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Input.Search aria-label="搜索场景" placeholder="搜索场景名称" allowClear style={{ width: 260 }} value={typed}
          onChange={(e) => setTyped(e.target.value)} onSearch={(v) => go({ keyword: v.trim(), page: 1 })} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>添加场景</Button>
      </Flex>
      <Table<SceneItem>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        locale={{ emptyText: keyword ? '没有找到相关场景' : '暂无场景' }}
        pagination={tablePagination(page, PAGE_SIZE, list.data?.total ?? 0, (p) => go({ page: p }))}
      />
      <SceneFormModal open={editing !== undefined} scene={editing} onClose={() => setEditing(undefined)} />
    </>
  );
}
