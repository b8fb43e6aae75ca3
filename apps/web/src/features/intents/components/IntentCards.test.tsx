import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IntentItem } from '@xueban/contract/intents';
import { INTENT_CARDS } from '@xueban/contract/limits';
import { installAntdJsdomShims } from '../../../test-support/antd-jsdom.ts';
import { IntentCardGrid, cardSpan } from './IntentCardGrid.tsx';
import { RecommendPartView } from './RecommendPartView.tsx';
import { useDelayed } from './RelatedIntents.tsx';

const intent = (id: number, extra: Partial<IntentItem> = {}): IntentItem => ({
  id, category_id: 1, name: `意图${id}`, keywords: [], info: '', sort: 0, content_count: 0, create_time: 0, update_time: 0, ...extra,
});

describe('intent cards', () => {
  beforeEach(() => installAntdJsdomShims());
  afterEach(() => { cleanup(); vi.useRealTimers(); });

  it('puts 3 cards in a row, 1 on the external dialogue', () => {
    expect(cardSpan()).toBe(24 / INTENT_CARDS.perRow);
    expect(cardSpan(true)).toBe(24);
    const { container } = render(<IntentCardGrid intents={[intent(1), intent(2)]} />);
    expect(container.querySelectorAll('.ant-col-md-8')).toHaveLength(2);
    cleanup();
    const ext = render(<IntentCardGrid external intents={[intent(1)]} />);
    expect(ext.container.querySelectorAll('.ant-col-md-24')).toHaveLength(1);
  });

  it('shows name, keywords and the number of parts, and opens a card on click', () => {
    const onOpen = vi.fn();
    render(<IntentCardGrid intents={[intent(7, { name: '请假流程', keywords: ['病假'], content_count: 2 })]} onOpen={onOpen} />);
    expect(screen.getByText('病假')).toBeTruthy();
    expect(screen.getByText('推荐内容 2')).toBeTruthy();
    fireEvent.click(screen.getByText('请假流程'));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }));
  });

  it('renders the four part types: links only to http(s), our files in the preview', () => {
    render(<>
      <RecommendPartView part={{ sort: 0, content_type: 'text', content: { content: '先找班主任' } }} />
      <RecommendPartView part={{ sort: 1, content_type: 'link', content: { url: 'javascript:alert(1)', title: '坏链接' } }} />
      <RecommendPartView part={{ sort: 2, content_type: 'annex', content: { url: '/api/files/a.pdf', title: '表格.pdf' } }} />
      <RecommendPartView part={{ sort: 3, content_type: 'has_intent', content: { intent: { id: 3 }, title: '补考安排' } }} />
    </>);
    expect(screen.getByText('先找班主任')).toBeTruthy();
    expect(screen.getByText('坏链接').closest('a')?.getAttribute('href')).toBeNull();
    // One of our files opens in the preview dialog (issue 21) instead of a bare link.
    expect(screen.getByText('表格.pdf').closest('[data-testid="file-preview-link"]')).not.toBeNull();
    expect(screen.getByText('补考安排')).toBeTruthy();
    expect(screen.getAllByText(/^(文本|链接|附件|意图)$/)).toHaveLength(4);
  });

  it('holds related intents back for 1500 ms, and again for the next intent', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ id }) => useDelayed(id, INTENT_CARDS.relatedDelayMs), { initialProps: { id: 1 } });
    expect(result.current).toBe(false);
    act(() => { vi.advanceTimersByTime(INTENT_CARDS.relatedDelayMs - 1); });
    expect(result.current).toBe(false);
    act(() => { vi.advanceTimersByTime(1); });
    expect(result.current).toBe(true);
    rerender({ id: 2 });
    expect(result.current).toBe(false);
    act(() => { vi.advanceTimersByTime(INTENT_CARDS.relatedDelayMs); });
    expect(result.current).toBe(true);
  });
});
