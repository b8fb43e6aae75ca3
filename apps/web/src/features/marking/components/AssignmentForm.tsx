import { useEffect } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space, type FormInstance } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { CallInput } from '@xueban/contract/call';
import type { Marking } from '@xueban/contract/calls/marking';
import { MARK_MSG, MARKING_LIMITS } from '@xueban/contract/constants/marking';
import type { AssignmentItem } from '@xueban/contract/marking';
import { FormModal } from '../../../components/FormModal.tsx';
import { useMarkingClasses } from '../api/get-marking-classes.ts';
import { useSaveAssignment } from '../api/save-assignment.ts';
import { showSuccess } from '../../../lib/toast.ts';

type SaveBody = CallInput<typeof Marking.save>;
/** The form's values: the save body with the due date as a picker value. */
type Values = Omit<SaveBody, 'due_at' | 'id'> & { due: Dayjs };

const DEFAULT_RUBRIC = [{ name: '内容', points: 60, description: '' }, { name: '表达', points: 40, description: '' }];

interface Props {
  open: boolean;
  /** The assignment to edit; null: a new one. */
  editing: AssignmentItem | null;
  /** On a robot's console only that robot's classes are offered. */
  robotId?: number | undefined;
  onClose: () => void;
}

/** 布置作业 / 编辑作业: class, title, instructions, a rubric of criteria with points, and the due date. */
export function AssignmentForm({ open, editing, robotId, onClose }: Props) {
  const [form] = Form.useForm<Values>() as [FormInstance<Values>];
  const classes = useMarkingClasses(robotId);
  const save = useSaveAssignment();

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(editing
      ? { team_id: editing.team_id, title: editing.title, instructions: editing.instructions, rubric: editing.rubric, due: dayjs.unix(editing.due_at) }
      : { rubric: DEFAULT_RUBRIC, due: dayjs().add(7, 'day').hour(22).minute(0).second(0), team_id: classes.data?.[0]?.team_id } as Partial<Values> as Values);
  }, [open, editing, form, classes.data]);

  const onFinish = (v: Values) => {
    const { due, ...rest } = v;
    save.mutate({ ...rest, id: editing?.id, due_at: due.unix() }, {
      onSuccess: () => {
        showSuccess(editing ? '作业已修改' : '作业已布置');
        onClose();
      },
    });
  };

  const options = (classes.data ?? []).map((c) => ({ value: c.team_id, label: robotId ? `${c.title}（${c.students} 人）` : `${c.title} · ${c.robot_name}（${c.students} 人）` }));
  return (
    <FormModal<Values> open={open} title={editing ? '编辑作业' : '布置作业'} name="marking-assignment" form={form} saving={save.isPending} onFinish={onFinish} onCancel={onClose}>
      <Form.Item name="team_id" label="班级" rules={[{ required: true, message: '请选择班级' }]}>
        <Select options={options} disabled={!!editing} placeholder="选择你带的班级" notFoundContent="你还没有带的班级，请先在机器人的成员中创建班级" loading={classes.isLoading} />
      </Form.Item>
      <Form.Item name="title" label="作业标题" rules={[{ required: true, whitespace: true, message: MARK_MSG.titleRequired }]}>
        <Input maxLength={MARKING_LIMITS.titleMax} showCount placeholder="如：我的家乡（作文）" />
      </Form.Item>
      <Form.Item name="instructions" label="作业要求">
        <Input.TextArea rows={3} maxLength={MARKING_LIMITS.instructionsMax} placeholder="写给学生的要求，AI 批阅时也会参考" />
      </Form.Item>
      <Form.Item label="评分标准" required>
        <Form.List name="rubric" rules={[{ validator: async (_, v?: unknown[]) => { if (!v?.length) throw new Error(MARK_MSG.rubricRequired); } }]}>
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" style={{ display: 'flex', marginBottom: 4 }}>
                  <Form.Item name={[f.name, 'name']} rules={[{ required: true, whitespace: true, message: MARK_MSG.rubricNameRequired }]} style={{ marginBottom: 8 }}>
                    <Input placeholder="评分项" maxLength={30} style={{ width: 120 }} aria-label="评分项名称" />
                  </Form.Item>
                  <Form.Item name={[f.name, 'points']} rules={[{ required: true, message: '请输入满分' }]} style={{ marginBottom: 8 }}>
                    <InputNumber min={1} max={MARKING_LIMITS.pointsMax} addonAfter="分" style={{ width: 110 }} aria-label="满分" />
                  </Form.Item>
                  <Form.Item name={[f.name, 'description']} style={{ marginBottom: 8 }}>
                    <Input placeholder="评分说明（选填）" maxLength={500} style={{ width: 170 }} aria-label="评分说明" />
                  </Form.Item>
                  {fields.length > 1 && <MinusCircleOutlined aria-label="删除评分项" onClick={() => remove(f.name)} />}
                </Space>
              ))}
              {fields.length < MARKING_LIMITS.criteria && (
                <Button type="dashed" onClick={() => add({ name: '', points: 10, description: '' })} icon={<PlusOutlined />}>添加评分项</Button>
              )}
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item name="due" label="截止时间" rules={[{ required: true, message: MARK_MSG.dueRequired }]}>
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
