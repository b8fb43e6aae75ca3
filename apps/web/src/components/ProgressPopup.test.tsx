import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_STEP_MS } from '../lib/progress.ts';
import { installAntdJsdomShims } from '../test-support/antd-jsdom.ts';
import { ProgressPopup } from './ProgressPopup.tsx';

const bar = () => screen.getByRole('progressbar', { name: '复制进度' });
const step = (n = 1) => act(() => { vi.advanceTimersByTime(PROGRESS_STEP_MS * n); });

describe('ProgressPopup (spec §4: +21..25 % every 500 ms, 100 % only once the server answered)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    installAntdJsdomShims();
  });
  afterEach(() => vi.useRealTimers());

  it('climbs in steps of 21 to 25, waits at 99 % for the answer, then finishes at 100 %', () => {
    const finished = vi.fn();
    const popup = (done: boolean) => <ProgressPopup open done={done} onFinished={finished} title="正在复制机器人" label="复制进度" />;
    const { rerender } = render(popup(false));
    expect(screen.getByText('正在复制机器人')).toBeTruthy();
    expect(bar().getAttribute('aria-valuenow')).toBe('0');
    step();
    const first = Number(bar().getAttribute('aria-valuenow'));
    expect(first).toBeGreaterThanOrEqual(21);
    expect(first).toBeLessThanOrEqual(25);
    step(10);
    expect(bar().getAttribute('aria-valuenow')).toBe('99');
    expect(finished).not.toHaveBeenCalled();

    rerender(popup(true));
    step();
    expect(bar().getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('100%')).toBeTruthy();
    expect(finished).not.toHaveBeenCalled();
    step();
    expect(finished).toHaveBeenCalledTimes(1);
  });
});
