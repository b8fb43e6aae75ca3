import { useEffect } from 'react';
import { Form, Input } from 'antd';
import { INTENT_LIMITS, type IntentCategoryItem } from '@xueban/contract/intents';
import { MSG } from '@xueban/contract/messages';
import { FormModal } from '../../../components/FormModal.tsx';
import { showSuccess } from '../../../lib/toast.ts';
import { useSaveIntentCategory } from '../api/save-intent-category.ts';
import { useSaveAdminIntent } from '../api/save-admin-intent.ts';
import { InfoField } from './form-fields.tsx';

interface Values { name: string; info: string }

/** 新建 / 编辑意图分类: name (required, 30 characters) and a description. `admin` saves through admin.intent/save. */
export function CategoryFormModal({ open, category, admin, onClose, onSaved }: {
  open: boolean;
  category: Pick<IntentCategoryItem, 'id' | 'name' | 'info'> | null | undefined;
  admin?: boolean;
  onClose: () => void;
  onSaved?: (saved: IntentCategoryItem) => void;
}) {
  const [form] = Form.useForm<Values>();
  const own = useSaveIntentCategory();
  const platform = useSaveAdminIntent();
  const save = admin ? platform : own;
  useEffect(() => {
    if (open) form.setFieldsValue({ name: category?.name ?? '', info: category?.info ?? '' });
  }, [open, category, form]);

  const finish = (v: Values) =>
    save.mutate({ id: category?.id, name: v.name.trim(), info: v.info?.trim() ?? '' }, {
      onSuccess: (saved) => {
        showSuccess(category ? MSG.updated : MSG.created);
        onSaved?.(saved);
        onClose();
      },
    });

  return (
    <FormModal open={open} title={category ? '编辑意图分类' : '新建意图分类'} name="intent-category" form={form} saving={save.isPending} onFinish={finish} onCancel={onClose}>
      <Form.Item
        name="name"
        label="分类名称"
        rules={[{ required: true, whitespace: true, message: MSG.intentCategoryNameRequired }, { max: INTENT_LIMITS.categoryNameMax, message: MSG.intentCategoryNameTooLong }]}
      >
        <Input placeholder="如：教务咨询" maxLength={INTENT_LIMITS.categoryNameMax} showCount />
      </Form.Item>
      <InfoField label="简介" placeholder="这个分类收录哪些意图" />
    </FormModal>
  );
}
