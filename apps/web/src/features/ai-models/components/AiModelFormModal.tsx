import { useEffect } from 'react';
import { Checkbox, Form, Input, InputNumber, Select, Switch } from 'antd';
import { CAPABILITY_LABELS, MODEL_CAPABILITIES, modelSaveBody, type AiModelItem, type ModelCapability } from '@xueban/contract/ai-models';
import { MSG } from '@xueban/contract/messages';
import { FormModal } from '../../../components/FormModal.tsx';
import { showSuccess } from '../../../lib/toast.ts';
import { schemaRule } from '../../../lib/form-rules.ts';
import { useProviders } from '../api/providers.ts';
import { useSaveAiModel } from '../api/models.ts';

interface Values {
  provider_id: number;
  model: string;
  label: string;
  capabilities: ModelCapability[];
  context_window: number;
  tips: string;
  enabled: boolean;
  sort: number;
}

const CAPABILITY_OPTIONS = MODEL_CAPABILITIES.map((c) => ({ value: c, label: CAPABILITY_LABELS[c] }));
const DEFAULTS: Partial<Values> = { capabilities: ['chat'], context_window: 8192, tips: '', enabled: true, sort: 0 };
const shape = modelSaveBody.shape;

/** 新增 / 编辑模型: the provider's model id, the name users see, its capabilities and context length. */
export function AiModelFormModal({ editing, open, onClose }: { editing: AiModelItem | null; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const providers = useProviders();
  const save = useSaveAiModel();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(editing ? { ...editing, enabled: !!editing.enabled } : { ...DEFAULTS, provider_id: providers.data?.[0]?.id });
  }, [open, editing, form, providers.data]);

  const submit = (v: Values) =>
    save.mutate({ ...(editing ? { id: editing.id } : {}), ...v, enabled: v.enabled ? 1 : 0 }, {
      onSuccess: () => {
        showSuccess(editing ? MSG.updated : MSG.created);
        onClose();
      },
    });

  return (
    <FormModal open={open} title={editing ? '编辑模型' : '新增模型'} name="ai-model" form={form} saving={save.isPending} onFinish={submit} onCancel={onClose}>
        <Form.Item name="provider_id" label="密钥（服务商）" rules={[{ required: true, message: '请选择密钥' }]}>
          <Select
            aria-label="密钥"
            placeholder="请先在密钥管理中添加"
            options={(providers.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item name="model" label="模型 ID" extra="服务商的模型标识，如 deepseek-chat" rules={[schemaRule(shape.model)]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="label" label="名称" extra="对话中展示给用户的名称" rules={[schemaRule(shape.label)]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="capabilities" label="能力" rules={[schemaRule(shape.capabilities)]}>
          <Checkbox.Group options={CAPABILITY_OPTIONS} />
        </Form.Item>
        <Form.Item name="context_window" label="上下文长度（tokens）">
          <InputNumber min={512} max={10_000_000} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="tips" label="提示" extra="在对话页的模型信息中展示">
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="sort" label="排序" extra="数字越小越靠前" normalize={(v: number | null) => v ?? 0}>
          <InputNumber min={0} max={99_999} precision={0} />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
    </FormModal>
  );
}
