import { Button, Form, message } from 'antd';
import { useNavigate } from 'react-router';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { pathTo } from '../../../app/paths.ts';
import { useSaveRobot } from '../api/save-robot.ts';
import { IndustriesField, InfoField, NameField, SceneField } from './RobotBasicsFields.tsx';

interface BlankValues { name: string; scene_id: number; info?: string; industry_ids?: number[] }

/** 空白创建: name, scene, info, industries → saveRobot → the design page. */
export function BlankRobotForm({ onDone }: { onDone: () => void }) {
  const [form] = Form.useForm<BlankValues>();
  const save = useSaveRobot();
  const navigate = useNavigate();
  const submit = (v: BlankValues) =>
    save.mutate({ ...v, name: v.name.trim(), info: v.info ?? '', industry_ids: v.industry_ids ?? [] }, {
      onSuccess: ({ id }) => {
        void message.success(MSG.created, LIMITS.timeouts.successToastMs / 1000);
        form.resetFields();
        onDone();
        navigate(pathTo('robot-manage-design', { robotId: id, tab: 'design' }));
      },
    });
  return (
    <Form form={form} name="blank-robot" layout="vertical" onFinish={submit} aria-label="空白创建">
      <NameField />
      <SceneField />
      <InfoField />
      <IndustriesField />
      <Button type="primary" htmlType="submit" loading={save.isPending} block>创建</Button>
    </Form>
  );
}
