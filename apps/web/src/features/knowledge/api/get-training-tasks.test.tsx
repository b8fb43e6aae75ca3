import { act, cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrainingTasks } from '@xueban/contract/knowledge';
import { useTrainingTasks } from './get-training-tasks.ts';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const tasks = (queued: number, training: number): TrainingTasks => ({ queued, training, ready: 3 - queued - training, failed: 0, chunks_per_second: 0, items: [] });

function Probe() {
  const t = useTrainingTasks(5);
  return <output>{t.data ? `${t.data.queued}/${t.data.training}` : '…'}</output>;
}

describe('useTrainingTasks (knowledge/trainingtasks polled every second while anything is queued or training, every 10 s otherwise)', () => {
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

  it('asks again every second while documents wait or train, and every 10 s once none do', async () => {
    fetchMock
      .mockResolvedValueOnce(json({ code: 20000, msg: 'ok', data: tasks(2, 1) }))
      .mockResolvedValueOnce(json({ code: 20000, msg: 'ok', data: tasks(0, 1) }))
      .mockResolvedValueOnce(json({ code: 20000, msg: 'ok', data: tasks(0, 0) }))
      .mockResolvedValue(json({ code: 20000, msg: 'ok', data: tasks(0, 0) }));
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { container } = render(<QueryClientProvider client={qc}><Probe /></QueryClientProvider>);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/ai/knowledge/trainingtasks?repository_id=5');
    expect(container.textContent).toBe('2/1');

    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(container.textContent).toBe('0/1');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(container.textContent).toBe('0/0');

    // All settled: asked only every 10 s, so documents queued elsewhere are noticed.
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    expect(fetchMock).toHaveBeenCalledTimes(4);
    qc.clear();
  });
});
