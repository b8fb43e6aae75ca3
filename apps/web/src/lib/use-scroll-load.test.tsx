import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_LOAD_DELAY_MS, useScrollLoad } from './use-scroll-load.ts';

let fire: (visible: boolean) => void = () => undefined;
class FakeObserver {
  constructor(cb: (entries: { isIntersecting: boolean }[]) => void) {
    fire = (visible) => cb([{ isIntersecting: visible }]);
  }
  observe() {}
  disconnect() {}
}

function List({ enabled, load }: { enabled: boolean; load: () => void }) {
  const ref = useScrollLoad<HTMLDivElement>(enabled, load);
  return <div ref={ref} />;
}

describe('useScrollLoad (spec §9: next page 300 ms after the end shows)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('loads 300 ms after the sentinel comes into view, not before', () => {
    const load = vi.fn();
    render(<List enabled load={load} />);
    act(() => fire(true));
    vi.advanceTimersByTime(SCROLL_LOAD_DELAY_MS - 1);
    expect(load).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not load when the sentinel leaves view within the delay', () => {
    const load = vi.fn();
    render(<List enabled load={load} />);
    act(() => fire(true));
    vi.advanceTimersByTime(100);
    act(() => fire(false));
    vi.advanceTimersByTime(SCROLL_LOAD_DELAY_MS);
    expect(load).not.toHaveBeenCalled();
  });

  it('does not observe while disabled', () => {
    const load = vi.fn();
    fire = () => undefined;
    render(<List enabled={false} load={load} />);
    act(() => fire(true));
    vi.advanceTimersByTime(SCROLL_LOAD_DELAY_MS);
    expect(load).not.toHaveBeenCalled();
  });
});
