import { useEffect } from 'react';
import { Form, Input } from 'antd';
import { baseUrlSchema, providerSaveBody, type ProviderItem } from '@xueban/contract/ai-models';
import { MSG } from '@xueban/contract/messages';
import { FormModal } from '../../../components/FormModal.tsx';
import { showSuccess } from '../../../lib/toast.ts';
import { schemaRule } from '../../../lib/form-rules.ts';
import { useSaveProvider } from '../api/providers.ts';

interface Values { name: string; base_url: string; api_key?: string }

/**
 * 新增 / 编辑密钥. The key is a password field that always opens blank: the server never sends it,
 * and a blank key on edit keeps the stored one.
 */
export function ProviderFormModal({ editing, open, onClose }: { editing: ProviderItem | null; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveProvider();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) form.setFieldsValue({ name: editing.name, base_url: editing.base_url, api_key: '' });
  }, [open, editing, form]);

  const submit = (v: Values) =>
    save.mutate({ ...(editing ? { id: editing.id } : {}), name: v.name, base_url: v.base_url, api_key: v.api_key ?? '' }, {
      onSuccess: () => {
        showSuccess(editing ? MSG.updated : MSG.created);
        onClose();
      },
    });

  return (
    <FormModal open={open} title={editing ? '编辑密钥' : '新增密钥'} name="provider" form={form} saving={save.isPending} onFinish={submit} onCancel={onClose}>
        <Form.Item name="name" label="名称" rules={[schemaRule(providerSaveBody.shape.name)]}>
          <Input placeholder="例如：DeepSeek" maxLength={50} />
        </Form.Item>
        <Form.Item
          name="base_url"
          label="接口地址 Base URL"
          extra="OpenAI 兼容接口的地址，通常以 /v1 结尾"
          rules={[schemaRule(baseUrlSchema)]}
        >
          <Input placeholder="https://api.deepseek.com/v1" maxLength={500} />
        </Form.Item>
        <Form.Item name="api_key" label="API Key" extra={editing ? `当前：${editing.api_key || '未设置'}；留空则不修改` : '本地模型服务（如 Ollama）可留空'}>
          <Input.Password placeholder={editing ? '留空则不修改' : 'sk-...'} maxLength={500} autoComplete="new-password" />
        </Form.Item>
    </FormModal>
  );
}
