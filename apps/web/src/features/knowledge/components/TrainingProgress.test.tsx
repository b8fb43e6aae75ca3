import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TrainingTasks } from '@xueban/contract/knowledge';
import { installAntdJsdomShims } from '../../../test-support/antd-jsdom.ts';
import { TrainingProgress, progressText } from './TrainingProgress.tsx';

const tasks = (over: Partial<TrainingTasks>): TrainingTasks => ({ queued: 0, training: 0, ready: 0, failed: 0, chunks_per_second: 0, items: [], ...over });

describe('TrainingProgress (a knowledge base\'s training above its tabs)', () => {
  beforeEach(() => installAntdJsdomShims());
  afterEach(cleanup);

  it('says documents done of all, what trains and waits, and the pace once there is one', () => {
    expect(progressText(tasks({ ready: 120, training: 4, queued: 876 }))).toBe('已完成 120/1000 个文档，4 个训练中，876 个排队中');
    expect(progressText(tasks({ ready: 300, failed: 2, training: 4, queued: 694, chunks_per_second: 512.37 })))
      .toBe('已完成 302/1000 个文档，4 个训练中，694 个排队中，每秒 512 个分段');
    expect(progressText(tasks({ ready: 1, training: 1, queued: 1, chunks_per_second: 0.27 }))).toContain('每秒 0.3 个分段');
  });

  it('shows a bar of documents done while training, failures in red, and nothing once all are ready', () => {
    const { rerender, container } = render(<TrainingProgress tasks={tasks({ ready: 250, training: 4, queued: 746 })} />);
    expect(screen.getByRole('status', { name: '知识库训练进度' }).textContent).toContain('已完成 250/1000 个文档');
    expect(screen.getByRole('progressbar', { name: '已完成的文档' }).getAttribute('aria-valuenow')).toBe('25');
    rerender(<TrainingProgress tasks={tasks({ ready: 998, failed: 2 })} />);
    expect(screen.getByRole('status').textContent).toBe('2 个训练失败');
    rerender(<TrainingProgress tasks={tasks({ ready: 1000 })} />);
    expect(container.textContent).toBe('');
  });
});
