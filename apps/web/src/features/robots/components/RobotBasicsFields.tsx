import { Form, Input, Select } from 'antd';
import { MSG } from '@xueban/contract/messages';
import { ROBOT_NAME_MAX } from '@xueban/contract/constants/robots';
import { useIndustries } from '../api/get-industries.ts';
import { useScenes } from '../api/get-scenes.ts';

/** Form rules of spec §5: a name (≤ 30) is required. */
export const nameRules = [
  { required: true, whitespace: true, message: MSG.robotNameRequired },
  { max: ROBOT_NAME_MAX, message: MSG.robotNameTooLong },
];

export function NameField() {
  return (
    <Form.Item name="name" label="机器人名称" rules={nameRules}>
      <Input placeholder={MSG.robotNameRequired} maxLength={ROBOT_NAME_MAX} showCount />
    </Form.Item>
  );
}

export function SceneField() {
  const { data: scenes = [] } = useScenes();
  return (
    <Form.Item name="scene_id" label="机器人场景" rules={[{ required: true, message: MSG.sceneRequired }]}>
      <Select placeholder={MSG.sceneRequired} options={scenes.map((s) => ({ value: s.id, label: s.name }))} />
    </Form.Item>
  );
}

export function InfoField() {
  return (
    <Form.Item name="info" label="机器人简介">
      <Input.TextArea placeholder="请输入机器人简介" maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
    </Form.Item>
  );
}

export function IndustriesField() {
  const { data: industries = [] } = useIndustries();
  return (
    <Form.Item name="industry_ids" label="所属行业">
      <Select mode="multiple" placeholder="请选择所属行业" options={industries.map((i) => ({ value: i.id, label: i.name }))} />
    </Form.Item>
  );
}
