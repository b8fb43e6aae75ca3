import { Form, Input } from 'antd';
import { SENSITIVE_LIMITS, sensitiveSaveBody } from '@xueban/contract/sensitive';
import { MSG } from '@xueban/contract/messages';
import { FormModal } from '../../../components/FormModal.tsx';
import { showSuccess } from '../../../lib/toast.ts';
import { schemaRule } from '../../../lib/form-rules.ts';
import { useSaveSensitiveWord, type SaveWordInput } from '../api/save-sensitive-word.ts';
import type { WordList } from '../api/word-list.ts';
import { WordClassFields } from './WordClassFields.tsx';

/** 添加敏感词: one word with its category and severity, checked as the server checks it; a duplicate is the server's to say. */
export function AddWordModal({ list, open, onClose }: { list: WordList; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<SaveWordInput>();
  const save = useSaveSensitiveWord(list);

  const submit = (values: SaveWordInput) =>
    save.mutate(values, {
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
        <WordClassFields />
    </FormModal>
  );
}
