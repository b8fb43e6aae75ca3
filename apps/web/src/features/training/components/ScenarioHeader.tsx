import { Card, Descriptions, Tag } from 'antd';
import type { TrainScenario } from '@xueban/contract/training';

/** What the learner practises: the role, the goal, the rubric and the rounds. */
export function ScenarioHeader({ scenario }: { scenario: TrainScenario }) {
  return (
    <Card size="small" style={{ marginBottom: 16 }}
      title={<span>{scenario.title} {scenario.status === 'draft' && <Tag>草稿</Tag>}</span>}>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} items={[
        { key: 'robot', label: '机器人', children: scenario.robot_name },
        { key: 'rounds', label: '训练轮数', children: `${scenario.rounds} 轮` },
        { key: 'role', label: '对方角色', children: scenario.role, span: 2 },
        { key: 'goal', label: '训练目标', children: scenario.goal, span: 2 },
        { key: 'rubric', label: '评分标准', span: 2, children: scenario.rubric.map((c) => `${c.name}（${c.points} 分）`).join('、') },
      ]} />
    </Card>
  );
}
