import { useState } from 'react';
import { Button, Flex, Popconfirm, Radio, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { CAPABILITY_LABELS, type AiModelItem, type ModelCapability } from '@xueban/contract/ai-models';
import { MSG } from '@xueban/contract/messages';
import { useAiModels, useDeleteAiModel, useSaveAiModel, useSetDefaultModel } from '../api/models.ts';
import { AiModelFormModal } from './AiModelFormModal.tsx';
import { showSuccess } from '../../../lib/toast.ts';

const CAPABILITY_COLORS: Record<ModelCapability, string> = { chat: 'blue', reasoning: 'purple', vision: 'green', embedding: 'orange', rerank: 'cyan', rewrite: 'lime', asr: 'magenta', tts: 'gold' };

/** The fields of a model's save call, from its row (for the switch that only flips `enabled`). */
const bodyOf = (m: AiModelItem) => ({
  id: m.id, provider_id: m.provider_id, model: m.model, label: m.label, capabilities: m.capabilities,
  context_window: m.context_window, tips: m.tips, enabled: m.enabled, sort: m.sort,
});

/**
 * AI 模型 (/admin/settings/aimodel): every provider's models with their capabilities. One chat model
 * is the default: it answers every robot that has not picked its own.
 */
export function AiModelTable() {
  const list = useAiModels();
  const save = useSaveAiModel();
  const remove = useDeleteAiModel();
  const setDefault = useSetDefaultModel();
  const [modal, setModal] = useState<{ open: boolean; editing: AiModelItem | null }>({ open: false, editing: null });

  const columns: TableColumnsType<AiModelItem> = [
    { title: '密钥', dataIndex: 'provider_name', width: 140 },
    { title: '模型 ID', dataIndex: 'model', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { title: '名称', dataIndex: 'label' },
    {
      title: '能力', dataIndex: 'capabilities',
      render: (caps: ModelCapability[]) => caps.map((c) => <Tag key={c} color={CAPABILITY_COLORS[c]}>{CAPABILITY_LABELS[c]}</Tag>),
    },
    { title: '上下文长度', dataIndex: 'context_window', width: 110, render: (v: number) => v.toLocaleString('zh-CN') },
    {
      title: '默认', dataIndex: 'is_default', width: 70,
      render: (v: number, m) => (
        <Radio
          aria-label={`设为默认 ${m.label}`}
          checked={!!v}
          disabled={!m.capabilities.includes('chat') || setDefault.isPending}
          onChange={() => setDefault.mutate(m.id, { onSuccess: () => showSuccess(MSG.updated) })}
        />
      ),
    },
    {
      title: '启用', dataIndex: 'enabled', width: 70,
      render: (v: number, m) => (
        <Switch size="small" aria-label={`启用 ${m.label}`} checked={!!v} onChange={(on) => save.mutate({ ...bodyOf(m), enabled: on ? 1 : 0 })} />
      ),
    },
    {
      title: '操作', key: 'op', width: 130,
      render: (_, m) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setModal({ open: true, editing: m })}>编辑</Button>
          <Popconfirm
            title={`确定删除 ${m.label}？`} description="选用该模型的机器人将改用默认模型" okText="删除" cancelText="取消"
            onConfirm={() => remove.mutateAsync(m.id).then(() => showSuccess(MSG.deleted))}
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
        <Typography.Text type="secondary">默认模型回答所有未单独选择模型的机器人；未配置任何模型时由内置引擎回答。</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true, editing: null })}>新增模型</Button>
      </Flex>
      <Table<AiModelItem>
        rowKey="id"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 980 }}
        locale={{ emptyText: '暂无模型' }}
      />
      <AiModelFormModal open={modal.open} editing={modal.editing} onClose={() => setModal({ open: false, editing: null })} />
    </>
  );
}
