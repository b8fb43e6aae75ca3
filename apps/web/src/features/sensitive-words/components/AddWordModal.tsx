import { Form, Input, Modal, message } from 'antd';
import { SENSITIVE_LIMITS, sensitiveSaveBody } from '@xueban/contract/sensitive';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { schemaRule } from '../../auth/lib/form-rules.ts';
import { useSaveSensitiveWord } from '../api/save-sensitive-word.ts';

/** 添加敏感词: one word, checked as the server checks it; a duplicate is the server's to say. */
export function AddWordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ word: string }>();
  const save = useSaveSensitiveWord();

  const submit = ({ word }: { word: string }) =>
    save.mutate(word, {
      onSuccess: () => {
        void message.success(MSG.created, LIMITS.timeouts.successToastMs / 1000);
        onClose();
      },
    });

  return (
    <Modal
      open={open}
      title="添加敏感词"
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} name="sensitive-word" layout="vertical" onFinish={submit} aria-label="添加敏感词" preserve={false}>
        <Form.Item name="word" label="敏感词" rules={[schemaRule(sensitiveSaveBody.shape.word)]}>
          <Input placeholder="请输入敏感词" maxLength={SENSITIVE_LIMITS.wordMax} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
