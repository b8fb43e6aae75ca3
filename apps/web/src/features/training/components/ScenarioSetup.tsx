import { Button, Card, Popconfirm, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { MSG } from '@xueban/contract/messages';
import { TRAIN_MSG, type TrainScenario } from '@xueban/contract/training';
import { pathTo } from '../../../app/paths.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { useSaveScenario } from '../api/save-scenario.ts';
import { usePublishScenario } from '../api/publish-scenario.ts';
import { useDeleteScenario } from '../api/delete-scenario.ts';
import { ScenarioForm } from './ScenarioForm.tsx';

/** 设置: change the scenario, publish it to the organisation's learners (or take it back), delete it. */
export function ScenarioSetup({ scenario }: { scenario: TrainScenario }) {
  const navigate = useNavigate();
  const save = useSaveScenario();
  const publish = usePublishScenario();
  const remove = useDeleteScenario();
  const published = scenario.status === 'published';
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <Typography.Text>{published ? '已发布：本组织的成员都可以练习' : '草稿：只有你（和管理员）能看到'}</Typography.Text>
          <Button type={published ? 'default' : 'primary'} loading={publish.isPending}
            onClick={() => publish.mutate({ id: scenario.id, publish: published ? 0 : 1 }, { onSuccess: () => showSuccess(published ? TRAIN_MSG.unpublished : TRAIN_MSG.published) })}>
            {published ? '取消发布' : '发布'}
          </Button>
          <Popconfirm title="删除这个训练场景？学员的训练记录也会一并删除" okText="删除" cancelText="取消" okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync(scenario.id).then(() => { showSuccess(MSG.deleted); navigate(pathTo('trainCenter')); })}>
            <Button danger>删除</Button>
          </Popconfirm>
        </Space>
      </Card>
      <ScenarioForm scenario={scenario} formName="train-scenario-setup" saving={save.isPending} submitText="保存"
        onFinish={(v) => save.mutate({ ...v, id: scenario.id }, { onSuccess: () => showSuccess(MSG.updated) })} />
    </Space>
  );
}
