import { useEffect } from 'react';
import { Checkbox, Form, Input, Modal, Select } from 'antd';
import { MSG } from '@xueban/contract/messages';
import type { Solution } from '@xueban/contract/resources';
import { showSuccess } from '../../../lib/toast.ts';
import { useParts } from '../api/get-parts.ts';
import { useSaveSolution, type SolutionInput } from '../api/save-solution.ts';

type Values = Omit<SolutionInput, 'id'>;

/** 新建 / 编辑解决方案: a name, a use case, and the parts (robots, knowledge bases, intent libraries, courses). */
export function SolutionFormModal({ solution, onClose }: { solution: Solution | null | undefined; onClose: () => void }) {
  const open = solution !== undefined;
  const [form] = Form.useForm<Values>();
  const parts = useParts(open);
  const save = useSaveSolution();
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(solution
      ? {
          name: solution.name, info: solution.info, with_bound: false,
          robot_ids: solution.robots.map((p) => p.id), knowledge_ids: solution.knowledge.map((p) => p.id),
          intent_ids: solution.intents.map((p) => p.id), course_ids: solution.courses.map((p) => p.id),
        }
      : { name: '', info: '', with_bound: true, robot_ids: [], knowledge_ids: [], intent_ids: [], course_ids: [] });
  }, [open, solution, form]);
  const submit = async () => {
    const v = await form.validateFields();
    await save.mutateAsync({ ...v, ...(solution ? { id: solution.id } : {}) });
    showSuccess(solution ? MSG.updated : MSG.created);
    onClose();
  };
  const multi = (label: string, options: { value: number; label: string }[] | undefined) => (
    <Select mode="multiple" aria-label={label} placeholder={`选择${label}`} loading={parts.isLoading} options={options ?? []} optionFilterProp="label" allowClear />
  );
  return (
    <Modal
      open={open}
      title={solution ? '编辑解决方案' : '新建解决方案'}
      okText="保存"
      cancelText="取消"
      width={600}
      confirmLoading={save.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      forceRender
    >
      <Form<Values> form={form} layout="vertical">
        <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: '请输入解决方案名称' }, { max: 30, message: '解决方案名称在30个字以内' }]}>
          <Input placeholder="例如：新生入学咨询、高一物理" maxLength={30} />
        </Form.Item>
        <Form.Item name="info" label="适用场景">
          <Input.TextArea rows={2} maxLength={500} placeholder="说明这个方案解决什么问题、适合哪些学校" />
        </Form.Item>
        <Form.Item name="robot_ids" label="机器人">{multi('机器人', parts.data?.robots)}</Form.Item>
        <Form.Item name="with_bound" valuePropName="checked">
          <Checkbox>同时包含机器人关联的知识库和意图库</Checkbox>
        </Form.Item>
        <Form.Item name="knowledge_ids" label="知识库">{multi('知识库', parts.data?.knowledge)}</Form.Item>
        <Form.Item name="intent_ids" label="意图库">{multi('意图库', parts.data?.intents)}</Form.Item>
        <Form.Item name="course_ids" label="课程">{multi('课程', parts.data?.courses)}</Form.Item>
      </Form>
    </Modal>
  );
}
