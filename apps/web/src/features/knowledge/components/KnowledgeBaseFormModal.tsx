import { useEffect } from 'react';
import { Form, Input } from 'antd';
import { KNOWLEDGE_LIMITS, type KnowledgeBaseItem } from '@xueban/contract/knowledge';
import { MSG } from '@xueban/contract/messages';
import { FormModal } from '../../../components/FormModal.tsx';
import { useSaveKnowledgeBase } from '../api/save-knowledge-base.ts';
import { showSuccess } from '../../../lib/toast.ts';

interface Values {
  name: string;
  info?: string;
}

/** 新建知识库 / 编辑知识库: a name (required, at most 30 characters) and a short description. */
export function KnowledgeBaseFormModal({ open, base, onClose, onSaved }: {
  open: boolean;
  /** The base to rename; none creates one. */
  base?: KnowledgeBaseItem | null | undefined;
  onClose: () => void;
  onSaved?: (saved: KnowledgeBaseItem) => void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSaveKnowledgeBase();
  useEffect(() => {
    if (open) form.setFieldsValue({ name: base?.name ?? '', info: base?.info ?? '' });
  }, [open, base, form]);

  const finish = (v: Values) =>
    save.mutate({ id: base?.id, name: v.name.trim(), info: (v.info ?? '').trim() }, {
      onSuccess: (saved) => {
        showSuccess(base ? MSG.updated : MSG.created);
        onClose();
        onSaved?.(saved);
      },
    });

  return (
    <FormModal open={open} title={base ? '编辑知识库' : '新建知识库'} name="knowledge-base" form={form} saving={save.isPending} onFinish={finish} onCancel={onClose}>
      <Form.Item
        name="name"
        label="知识库名称"
        rules={[
          { required: true, whitespace: true, message: MSG.kbNameRequired },
          { max: KNOWLEDGE_LIMITS.nameMax, message: MSG.kbNameTooLong },
        ]}
      >
        <Input placeholder={MSG.kbNameRequired} count={{ show: true, max: KNOWLEDGE_LIMITS.nameMax }} />
      </Form.Item>
      <Form.Item name="info" label="知识库简介" rules={[{ max: KNOWLEDGE_LIMITS.infoMax, message: `简介在${KNOWLEDGE_LIMITS.infoMax}个字以内` }]}>
        <Input.TextArea placeholder="介绍这个知识库的内容，方便关联机器人时辨认" rows={3} showCount maxLength={KNOWLEDGE_LIMITS.infoMax} />
      </Form.Item>
    </FormModal>
  );
}
