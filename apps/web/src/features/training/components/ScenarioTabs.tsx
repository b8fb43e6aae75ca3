import { Space, Typography } from 'antd';
import type { z } from 'zod';
import type { scenarioDetailSchema } from '@xueban/contract/training';
import { useMyAttempts } from '../api/my-attempts.ts';
import { useResults } from '../api/get-results.ts';
import { AttemptsTable } from './AttemptsTable.tsx';
import { PracticePanel } from './PracticePanel.tsx';
import { ScenarioHeader } from './ScenarioHeader.tsx';
import { ScenarioSetup } from './ScenarioSetup.tsx';

type Detail = z.output<typeof scenarioDetailSchema>;

/** 训练: practise, then my history; a teacher also sees the results of their students. */
function TrainTab({ scenario }: { scenario: Detail }) {
  const mine = useMyAttempts(scenario.id);
  const results = useResults(scenario.id, scenario.can_view_results);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <PracticePanel scenarioId={scenario.id} mode="train" modelReady={scenario.model_ready} rounds={scenario.rounds} />
      <section aria-label="我的训练记录">
        <Typography.Title level={5}>我的训练记录</Typography.Title>
        <AttemptsTable rows={mine.data ?? []} loading={mine.isPending} empty="还没有训练记录" />
      </section>
      {scenario.can_view_results && (
        <section aria-label="学员成绩">
          <Typography.Title level={5}>学员成绩</Typography.Title>
          <AttemptsTable learners rows={results.data ?? []} loading={results.isPending} empty="你带的班级还没有学员完成这个训练" />
        </section>
      )}
    </Space>
  );
}

/** The body of /trainCenter/{id} for one tab: train, talk or setup (setup only for its editors). */
export function ScenarioTabs({ scenario, tab }: { scenario: Detail; tab: string }) {
  return (
    <>
      <ScenarioHeader scenario={scenario} />
      {tab === 'setup' && scenario.can_edit ? <ScenarioSetup scenario={scenario} />
        : tab === 'talk' ? <PracticePanel key="talk" scenarioId={scenario.id} mode="talk" modelReady={scenario.model_ready} rounds={scenario.rounds} />
          : <TrainTab scenario={scenario} />}
    </>
  );
}
