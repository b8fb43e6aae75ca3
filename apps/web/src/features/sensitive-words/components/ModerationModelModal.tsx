import { useEffect } from 'react';
import { Form, Input, Switch, Typography } from 'antd';
import { MSG } from '@xueban/contract/messages';
import { FormModal } from '../../../components/FormModal.tsx';
import { showSuccess } from '../../../lib/toast.ts';
import { useModerationConfig, useSaveModerationConfig, type ModerationSaveInput } from '../api/moderation-config.ts';

/**
 * 审核模型: an optional OpenAI-compatible moderation endpoint that checks questions after the word
 * lists (which always run); its categories map onto ours. The key is never shown again.
 */
export function ModerationModelModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<ModerationSaveInput>();
  const config = useModerationConfig();
  const save = useSaveModerationConfig();
  useEffect(() => {
    if (open && config.data) form.setFieldsValue({ enabled: config.data.enabled, base_url: config.data.base_url, model: config.data.model, api_key: '' });
  }, [open, config.data, form]);
  const submit = (values: ModerationSaveInput) =>
    save.mutate(values, {
      onSuccess: () => {
        showSuccess(MSG.updated);
        onClose();
      },
    });
  return (
    <FormModal open={open} title="审核模型" name="moderation-model" form={form} saving={save.isPending} onFinish={submit} onCancel={onClose}>
      <Typography.Paragraph type="secondary">
        可选：配置兼容 OpenAI 的内容审核接口（/moderations）。学生提问先经过敏感词匹配，再由审核模型检查，命中的类别同样会记录预警并通知老师。
      </Typography.Paragraph>
      <Form.Item name="enabled" label="启用" valuePropName="checked" initialValue={false}>
        <Switch />
      </Form.Item>
      <Form.Item name="base_url" label="接口地址" initialValue="">
        <Input placeholder="https://api.openai.com/v1" />
      </Form.Item>
      <Form.Item name="model" label="模型" initialValue="omni-moderation-latest">
        <Input placeholder="omni-moderation-latest" />
      </Form.Item>
      <Form.Item name="api_key" label="API Key" extra={config.data?.has_key ? '已保存密钥；留空则保持不变' : undefined}>
        <Input.Password placeholder="sk-…" autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}
