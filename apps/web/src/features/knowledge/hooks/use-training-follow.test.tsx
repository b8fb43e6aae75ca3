import { act, cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrainingTasks } from '@xueban/contract/knowledge';
import { useKnowledgeBase } from '../api/get-knowledge-base.ts';
import { useTrainingFollow } from './use-training-follow.ts';

const json = (data: unknown) => new Response(JSON.stringify({ code: 20000, msg: 'ok', data }), { status: 200, headers: { 'content-type': 'application/json' } });
const tasks = (open: number, ready: number): TrainingTasks => ({ queued: open, training: 0, ready, failed: 0, chunks_per_second: 0, items: [] });
const base = (chunks: number) => ({ id: 5, name: '校园规定', info: '', doc_count: 3, chunk_count: chunks, robot_count: 0, create_time: 1, update_time: 1 });

/** The page's header (the base's counts) beside the follower, as on the content page. */
function Probe() {
  useTrainingFollow(5);
  const b = useKnowledgeBase(5);
  return <output>{b.data ? `分段 ${b.data.chunk_count}` : '…'}</output>;
}

describe('useTrainingFollow (the content page follows training, whichever tab is open)', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('refreshes the base\'s counts on each poll while documents train, and once more when training settles', async () => {
    const progress = [tasks(2, 1), tasks(1, 2), tasks(0, 3)];
    let chunks = 0;
    fetchMock.mockImplementation((url: string) => {
      if (String(url).includes('trainingtasks')) return Promise.resolve(json(progress.shift() ?? tasks(0, 3)));
      chunks += 12;
      return Promise.resolve(json(base(chunks)));
    });
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { container } = render(<QueryClientProvider client={qc}><Probe /></QueryClientProvider>);
    await act(() => vi.advanceTimersByTimeAsync(50));
    const details = () => fetchMock.mock.calls.filter(([u]) => String(u).includes('/detail')).length;
    const first = details();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(details()).toBe(first + 1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(details()).toBe(first + 2); // the poll that saw training settle
    expect(container.textContent).toBe(`分段 ${chunks}`);
    // Settled: the counts are left alone until something trains again.
    await act(() => vi.advanceTimersByTimeAsync(10_100));
    expect(details()).toBe(first + 2);
    qc.clear();
  });
});
