import { Card, Form, Radio, Switch, message } from 'antd';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { useUpdateRobotSetting } from '../../api/update-robot-setting.ts';
import type { RobotDesign } from '@xueban/contract/robots';
import { RobotModelSelect } from './RobotModelSelect.tsx';

type SettingKey = 'online_status' | 'is_show' | 'is_close';

/** 设置: 上架, 启用, 关闭 and visibility (0 private, 2 organisation; 1 the square comes by release). */
export function SettingTab({ robot }: { robot: RobotDesign }) {
  const update = useUpdateRobotSetting();
  const save = (patch: Partial<Record<SettingKey | 'is_public', number>>) =>
    update.mutate({ id: robot.id, ...patch }, { onSuccess: () => void message.success(MSG.updated, LIMITS.timeouts.successToastMs / 1000) });
  const toggle = (key: SettingKey, label: string) => (
    <Form.Item label={label}>
      <Switch aria-label={label} checked={!!robot[key]} loading={update.isPending} onChange={(on) => save({ [key]: on ? 1 : 0 })} />
    </Form.Item>
  );
  return (
    <Card size="small">
      <Form layout="horizontal" labelCol={{ span: 4 }}>
        {toggle('online_status', '上架')}
        {toggle('is_show', '启用')}
        {toggle('is_close', '关闭')}
        <Form.Item label="公开范围" extra="发布到机器人广场请在“发布”中申请">
          <Radio.Group value={robot.is_public} onChange={(e) => save({ is_public: Number(e.target.value) })}>
            <Radio value={0}>私有</Radio>
            <Radio value={2}>组织内公开</Radio>
            <Radio value={1} disabled>机器人广场</Radio>
          </Radio.Group>
        </Form.Item>
        <RobotModelSelect robotId={robot.id} readOnly={robot.manage_role === 'teacher'} />
      </Form>
    </Card>
  );
}
