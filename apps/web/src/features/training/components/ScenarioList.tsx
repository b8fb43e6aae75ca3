import { useState } from 'react';
import { Avatar, Button, Card, Empty, Modal, Spin, Tag, Typography } from 'antd';
import { PlusOutlined, RobotOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { MSG } from '@xueban/contract/messages';
import { pathTo } from '../../../app/paths.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { useScenarios } from '../api/list-scenarios.ts';
import { useSaveScenario } from '../api/save-scenario.ts';
import { ScenarioForm } from './ScenarioForm.tsx';

/** 训练中心: the scenarios I can practise (and the drafts I may edit); teachers and creators add new ones. */
export function ScenarioList({ canCreate }: { canCreate: boolean }) {
  const navigate = useNavigate();
  const list = useScenarios();
  const save = useSaveScenario();
  const [creating, setCreating] = useState(false);
  const rows = list.data ?? [];
  return (
    <>
      {canCreate && <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 16 }} onClick={() => setCreating(true)}>新建训练场景</Button>}
      {list.isPending ? <Spin style={{ display: 'block', margin: 48 }} /> : rows.length === 0 ? (
        <Empty description={canCreate ? '还没有训练场景：点击“新建训练场景”，基于一个机器人设计角色扮演练习' : '还没有发布的训练场景'} />
      ) : (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(300px, 100%), 1fr))', gap: 16 }}>
          {rows.map((s) => (
            <Card key={s.id} size="small" hoverable aria-label={s.title} onClick={() => navigate(pathTo('trainCenter-detail', { id: s.id }))}
              actions={[<span key="go">{s.can_edit ? '进入训练 / 设置' : '进入训练'}</span>]}>
              <Card.Meta
                avatar={s.robot_avatar ? <Avatar src={s.robot_avatar} size={40} alt="机器人头像" /> : <Avatar size={40} icon={<RobotOutlined />} />}
                title={<span>{s.title} {s.status === 'draft' && <Tag>草稿</Tag>}</span>}
                description={`${s.robot_name} · ${s.rounds} 轮 · ${s.creator_name || '—'}`}
              />
              <Typography.Paragraph ellipsis={{ rows: 2 }} type="secondary" style={{ margin: '12px 0 0', minHeight: 44 }}>训练目标：{s.goal}</Typography.Paragraph>
            </Card>
          ))}
        </div>
      )}
      <Modal open={creating} title="新建训练场景" footer={null} onCancel={() => setCreating(false)} width={760} destroyOnHidden>
        <ScenarioForm formName="train-scenario-new" saving={save.isPending} submitText="保存草稿"
          onFinish={(v) => save.mutate(v, {
            onSuccess: (s) => {
              showSuccess(MSG.created);
              setCreating(false);
              navigate(pathTo('trainCenter-detail', { id: s.id, tab: 'setup' }));
            },
          })} />
      </Modal>
    </>
  );
}
