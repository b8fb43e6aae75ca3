import { useState } from 'react';
import { Button, Flex, Popconfirm, Space, Switch, Table, Tag, Typography, message, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ProviderItem } from '@xueban/contract/ai-models';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { testProvider, useDeleteProvider, useProviders, useSaveProvider } from '../api/providers.ts';
import { ProviderFormModal } from './ProviderFormModal.tsx';
import { showSuccess } from '../../../lib/toast.ts';

const TOAST_S = LIMITS.timeouts.toastMs / 1000;

/**
 * 密钥管理 (/admin/settings/key): OpenAI-compatible providers. The key is only ever shown masked;
 * 测试连接 asks the provider for its model list and says what went wrong in plain words.
 */
export function ProviderKeyTable() {
  const list = useProviders();
  const remove = useDeleteProvider();
  const save = useSaveProvider();
  const [modal, setModal] = useState<{ open: boolean; editing: ProviderItem | null }>({ open: false, editing: null });
  const [testing, setTesting] = useState<number | null>(null);

  const test = async (p: ProviderItem) => {
    setTesting(p.id);
    try {
      const r = await testProvider(p.id);
      if (r.ok) void message.success(r.msg, TOAST_S);
      else void message.error(r.msg, TOAST_S);
    } catch {
      // the request layer has shown why
    } finally {
      setTesting(null);
    }
  };

  const columns: TableColumnsType<ProviderItem> = [
    {
      title: '名称', dataIndex: 'name',
      render: (v: string, p) => <Space>{v}{p.from_env ? <Tag>环境变量</Tag> : null}</Space>,
    },
    { title: '接口地址', dataIndex: 'base_url', render: (v: string) => <Typography.Text copyable>{v}</Typography.Text> },
    { title: 'API Key', dataIndex: 'api_key', width: 180, render: (v: string) => <Typography.Text code>{v || '未设置'}</Typography.Text> },
    { title: '模型数', dataIndex: 'model_count', width: 80 },
    {
      title: '启用', dataIndex: 'enabled', width: 80,
      render: (v: number, p) => (
        <Switch
          size="small" aria-label={`启用 ${p.name}`} checked={!!v}
          onChange={(on) => save.mutate({ id: p.id, name: p.name, base_url: p.base_url, enabled: on ? 1 : 0 })}
        />
      ),
    },
    {
      title: '操作', key: 'op', width: 220,
      render: (_, p) => (
        <Space size={0}>
          <Button type="link" size="small" loading={testing === p.id} onClick={() => void test(p)}>测试连接</Button>
          <Button type="link" size="small" onClick={() => setModal({ open: true, editing: p })}>编辑</Button>
          <Popconfirm
            title={`确定删除 ${p.name}？`} description="该密钥下的模型将一并删除" okText="删除" cancelText="取消"
            onConfirm={() => remove.mutateAsync(p.id).then(() => showSuccess(MSG.deleted))}
          >
            <Button type="link" size="small" danger>删除</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">支持任何 OpenAI 兼容接口（DeepSeek、通义千问、Ollama、vLLM 等）；API Key 加密保存。</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true, editing: null })}>新增密钥</Button>
      </Flex>
      <Table<ProviderItem>
        rowKey="id"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: '暂无密钥' }}
      />
      <ProviderFormModal open={modal.open} editing={modal.editing} onClose={() => setModal({ open: false, editing: null })} />
    </>
  );
}
