import { useEffect } from 'react';
import { Form, Input, Select } from 'antd';
import { INTENT_LIMITS, type IntentItem } from '@xueban/contract/intents';
import { MSG } from '@xueban/contract/messages';
import { FormModal } from '../../../components/FormModal.tsx';
import { showSuccess } from '../../../lib/toast.ts';
import { useSaveIntent } from '../api/save-intent.ts';
import { InfoField, SortField } from './form-fields.tsx';

interface Values { name: string; keywords: string[]; info: string; sort: number }

/**
 * 新建 / 编辑意图: the name and keywords are what a chat question is matched against (a question
 * containing either gets the intent's recommend content).
 */
export function IntentFormModal({ open, categoryId, intent, onClose, onSaved }: {
  open: boolean;
  categoryId: number;
  intent: IntentItem | null | undefined;
  onClose: () => void;
  onSaved?: (saved: IntentItem) => void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSaveIntent();
  useEffect(() => {
    if (open) form.setFieldsValue({ name: intent?.name ?? '', keywords: intent?.keywords ?? [], info: intent?.info ?? '', sort: intent?.sort ?? 0 });
  }, [open, intent, form]);

  const finish = (v: Values) =>
    save.mutate({
      id: intent?.id, category_id: intent?.category_id ?? categoryId, name: v.name.trim(),
      keywords: (v.keywords ?? []).map((k) => k.trim()).filter(Boolean), info: v.info?.trim() ?? '', sort: v.sort ?? 0,
    }, {
      onSuccess: (saved) => {
        showSuccess(intent ? MSG.updated : MSG.created);
        onSaved?.(saved);
        onClose();
      },
    });

  return (
    <FormModal open={open} title={intent ? '编辑意图' : '新建意图'} name="intent" form={form} saving={save.isPending} onFinish={finish} onCancel={onClose}>
      <Form.Item
        name="name"
        label="意图名称"
        extra="提问中包含意图名称或关键词时，机器人会推荐该意图的内容"
        rules={[{ required: true, whitespace: true, message: MSG.intentNameRequired }, { max: INTENT_LIMITS.intentNameMax, message: MSG.intentNameTooLong }]}
      >
        <Input placeholder="如：请假流程" maxLength={INTENT_LIMITS.intentNameMax} showCount />
      </Form.Item>
      <Form.Item name="keywords" label="关键词" extra={`输入后回车，最多 ${INTENT_LIMITS.keywordsMax} 个`}>
        <Select mode="tags" open={false} suffixIcon={null} placeholder="如：怎么请假、病假" maxCount={INTENT_LIMITS.keywordsMax} tokenSeparators={[',', '，']} />
      </Form.Item>
      <InfoField label="说明" />
      <SortField />
    </FormModal>
  );
}
