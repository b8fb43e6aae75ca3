import { Form, Input } from 'antd';
import { SENSITIVE_LIMITS, sensitiveSaveBody } from '@xueban/contract/sensitive';
import { MSG } from '@xueban/contract/messages';
import { FormModal } from '../../../components/FormModal.tsx';
import { showSuccess } from '../../../lib/toast.ts';
import { schemaRule } from '../../../lib/form-rules.ts';
import { useSaveSensitiveWord } from '../api/save-sensitive-word.ts';

/** 添加敏感词: one word, checked as the server checks it; a duplicate is the server's to say. */
export function AddWordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ word: string }>();
  const save = useSaveSensitiveWord();

  const submit = ({ word }: { word: string }) =>
    save.mutate(word, {
      onSuccess: () => {
        showSuccess(MSG.created);
        onClose();
      },
    });

  return (
    <FormModal open={open} title="添加敏感词" name="sensitive-word" form={form} saving={save.isPending} onFinish={submit} onCancel={onClose}>
        <Form.Item name="word" label="敏感词" rules={[schemaRule(sensitiveSaveBody.shape.word)]}>
          <Input placeholder="请输入敏感词" maxLength={SENSITIVE_LIMITS.wordMax} showCount autoFocus />
        </Form.Item>
    </FormModal>
  );
}
