import { Flex, Progress, Typography } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import type { TrainingTasks } from '@xueban/contract/knowledge';

/** 每秒 n 个分段: whole numbers once training is fast, one decimal while it is slow. */
export const paceText = (chunksPerSecond: number) =>
  (chunksPerSecond >= 10 ? Math.round(chunksPerSecond) : Math.round(chunksPerSecond * 10) / 10).toLocaleString('zh-CN');

/** The line under the bar: documents done of all, how many train and wait, and the pace once there is one. */
export function progressText(t: Pick<TrainingTasks, 'queued' | 'training' | 'ready' | 'failed' | 'chunks_per_second'>) {
  const done = t.ready + t.failed;
  const total = done + t.queued + t.training;
  const pace = t.chunks_per_second > 0 ? `，每秒 ${paceText(t.chunks_per_second)} 个分段` : '';
  return `已完成 ${done}/${total} 个文档，${t.training} 个训练中，${t.queued} 个排队中${pace}`;
}

/**
 * A knowledge base's training at a glance, above both tabs so it stays in view during a 命中测试:
 * a bar of documents done, the counts and the pace (chunks per second). Shown while anything is
 * queued or training, and afterwards only when documents failed. Numbers are tabular and the bar
 * has a fixed width, so the line does not jump as the counts change.
 */
export function TrainingProgress({ tasks: t }: { tasks: TrainingTasks | undefined }) {
  if (!t) return null;
  const open = t.queued + t.training;
  if (open === 0 && t.failed === 0) return null;
  const done = t.ready + t.failed;
  const total = done + open;
  return (
    <Flex
      role="status"
      aria-label="知识库训练进度"
      align="center"
      gap={12}
      wrap
      style={{
        padding: '8px 12px', margin: '4px 0 8px', borderRadius: 8, fontVariantNumeric: 'tabular-nums',
        background: open ? '#f0f5ff' : '#fff2f0', border: `1px solid ${open ? '#d6e4ff' : '#ffccc7'}`,
      }}
    >
      {open > 0 && (
        <>
          <Typography.Text strong style={{ color: '#3370ff', flex: 'none' }}><SyncOutlined spin /> 正在训练</Typography.Text>
          <Progress
            percent={total ? Math.floor((done / total) * 100) : 0}
            size="small"
            status="active"
            aria-label="已完成的文档"
            style={{ width: 200, margin: 0, flex: 'none' }}
          />
          <Typography.Text data-testid="kb-training-line">{progressText(t)}</Typography.Text>
        </>
      )}
      {open > 0 && t.failed > 0 && <Typography.Text type="secondary">；</Typography.Text>}
      {t.failed > 0 && <Typography.Text type="danger">{t.failed} 个训练失败</Typography.Text>}
    </Flex>
  );
}
