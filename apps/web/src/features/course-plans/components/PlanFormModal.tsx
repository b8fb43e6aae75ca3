import { useEffect } from 'react';
import { Form, Input } from 'antd';
import type { CoursePlan } from '@xueban/contract/courses';
import { MSG } from '@xueban/contract/messages';
import { FormModal } from '../../../components/FormModal.tsx';
import { showSuccess } from '../../../lib/toast.ts';
import { useSavePlan } from '../api/save-plan.ts';

interface Values { title: string; description: string }

/** 新建课程 / 编辑课程: a title (at most 50 characters) and a description. */
export function PlanFormModal({ plan, onClose, onSaved }: { plan: CoursePlan | null | undefined; onClose: () => void; onSaved?: (plan: CoursePlan) => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSavePlan();
  useEffect(() => {
    if (plan !== undefined) form.setFieldsValue({ title: plan?.title ?? '', description: plan?.description ?? '' });
  }, [plan, form]);
  return (
    <FormModal
      open={plan !== undefined}
      title={plan ? '编辑课程' : '新建课程'}
      name="course-plan"
      form={form}
      saving={save.isPending}
      onCancel={onClose}
      onFinish={(v) => save.mutate({ ...(plan ? { id: plan.id } : {}), ...v }, {
        onSuccess: (saved) => {
          showSuccess(plan ? MSG.updated : MSG.created);
          onClose();
          onSaved?.(saved);
        },
      })}
    >
      <Form.Item name="title" label="课程名称" rules={[{ required: true, whitespace: true, message: '请输入标题' }, { max: 50, message: '标题在50个字以内' }]}>
        <Input placeholder="例如：七年级语文 · 古诗文单元" maxLength={50} showCount />
      </Form.Item>
      <Form.Item name="description" label="课程简介">
        <Input.TextArea rows={3} maxLength={500} showCount placeholder="这门课讲什么、适合谁" />
      </Form.Item>
    </FormModal>
  );
}
