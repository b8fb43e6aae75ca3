import { useEffect } from 'react';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { TRAIN_LIMITS, TRAIN_MSG, type TrainCriterion, type TrainScenario } from '@xueban/contract/training';
import { useSetupRobots } from '../api/get-setup-robots.ts';

export interface ScenarioValues {
  robot_id: number; title: string; role: string; goal: string; rubric: TrainCriterion[]; rounds: number; opening: string;
}

const EMPTY: Partial<ScenarioValues> = { rounds: 3, rubric: [{ name: '', points: 10 }], opening: '' };

/**
 * The scenario's setup (设置): the robot it is built on, the role the model plays, the learner's
 * goal, the rubric (criteria with points), the number of rounds and the opening line.
 */
export function ScenarioForm({ scenario, onFinish, saving, submitText, formName }: {
  scenario?: TrainScenario; onFinish: (v: ScenarioValues) => void; saving: boolean; submitText: string; formName: string;
}) {
  const [form] = Form.useForm<ScenarioValues>();
  const robots = useSetupRobots();
  useEffect(() => {
    form.setFieldsValue(scenario
      ? { robot_id: scenario.robot_id, title: scenario.title, role: scenario.role, goal: scenario.goal, rubric: scenario.rubric, rounds: scenario.rounds, opening: scenario.opening }
      : EMPTY);
  }, [form, scenario]);
  const options = (robots.data?.data ?? []).map((r) => ({ value: r.id, label: r.name }));
  if (scenario && !options.some((o) => o.value === scenario.robot_id)) options.unshift({ value: scenario.robot_id, label: scenario.robot_name });
  return (
    <Form<ScenarioValues> form={form} name={formName} layout="vertical" onFinish={onFinish} style={{ maxWidth: 720 }}>
      <Form.Item name="robot_id" label="机器人" rules={[{ required: true, message: '请选择机器人' }]}>
        <Select options={options} loading={robots.isLoading} placeholder="练习建立在哪个机器人上（使用它的 AI 模型）" showSearch optionFilterProp="label" />
      </Form.Item>
      <Form.Item name="title" label="场景名称" rules={[{ required: true, whitespace: true, message: TRAIN_MSG.titleRequired }]}>
        <Input maxLength={TRAIN_LIMITS.titleMax} showCount placeholder="如：家长沟通" />
      </Form.Item>
      <Form.Item name="role" label="机器人扮演的角色" rules={[{ required: true, whitespace: true, message: TRAIN_MSG.roleRequired }]}>
        <Input.TextArea rows={3} maxLength={TRAIN_LIMITS.textMax} placeholder="如：你是一位焦虑的家长，孩子最近成绩下滑，你希望老师给出解释" />
      </Form.Item>
      <Form.Item name="goal" label="学员的训练目标" rules={[{ required: true, whitespace: true, message: TRAIN_MSG.goalRequired }]}>
        <Input.TextArea rows={2} maxLength={TRAIN_LIMITS.textMax} placeholder="如：安抚家长情绪，给出具体可行的建议" />
      </Form.Item>
      <Form.Item label="评分标准" required>
        <Form.List name="rubric" rules={[{ validator: async (_, v?: unknown[]) => { if (!v?.length) throw new Error(TRAIN_MSG.rubricRequired); } }]}>
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" style={{ display: 'flex', marginBottom: 4 }}>
                  <Form.Item name={[f.name, 'name']} rules={[{ required: true, whitespace: true, message: TRAIN_MSG.rubricNameRequired }]} style={{ marginBottom: 8 }}>
                    <Input placeholder="评分项" maxLength={30} style={{ width: 200 }} aria-label="评分项名称" />
                  </Form.Item>
                  <Form.Item name={[f.name, 'points']} rules={[{ required: true, message: '请输入满分' }]} style={{ marginBottom: 8 }}>
                    <InputNumber min={1} max={TRAIN_LIMITS.pointsMax} suffix="分" style={{ width: 110 }} aria-label="满分" />
                  </Form.Item>
                  {fields.length > 1 && <MinusCircleOutlined aria-label="删除评分项" onClick={() => remove(f.name)} />}
                </Space>
              ))}
              {fields.length < TRAIN_LIMITS.criteria && (
                <Button type="dashed" onClick={() => add({ name: '', points: 10 })} icon={<PlusOutlined />}>添加评分项</Button>
              )}
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item name="rounds" label="训练轮数" extra="学员回答满这些轮后，AI 按评分标准给出评分与点评" rules={[{ required: true, message: '请输入训练轮数' }]}>
        <InputNumber min={1} max={TRAIN_LIMITS.roundsMax} suffix="轮" style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="opening" label="开场白" extra="机器人以角色身份说的第一句话（选填）">
        <Input.TextArea rows={2} maxLength={TRAIN_LIMITS.textMax} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>{submitText}</Button>
    </Form>
  );
}
