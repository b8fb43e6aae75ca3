import { useEffect, useLayoutEffect, useRef } from 'react';
import { Spin } from 'antd';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ChatMessage } from '../lib/messages.ts';
import { MessageItem, type MessageItemProps } from './MessageItem.tsx';

/** Spec §9: the size estimate of one chat message. */
const ESTIMATE_PX = 80;
const NEAR_BOTTOM_PX = 80;
const NEAR_TOP_PX = 40;

interface Props extends Omit<MessageItemProps, 'message'> {
  messages: ChatMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
}

/**
 * The conversation, virtualised so long histories stay smooth (only rows near the viewport are
 * in the DOM). It follows the bottom while the user is there (a streaming answer stays in view),
 * loads older pages when scrolled to the top and keeps the reading position when they arrive.
 */
export function MessageList({ messages, hasOlder, loadingOlder, loadOlder, ...item }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const firstKey = useRef<string | undefined>(undefined);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render on purpose
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATE_PX,
    getItemKey: (i) => messages[i]!.key,
    overscan: 6,
  });

  const last = messages.at(-1);
  const lastSignature = `${messages.length}:${last?.key}:${last?.content.length}:${last?.reasoning?.length ?? 0}:${String(last?.loading)}`;

  // Older messages arrived above: keep the one that was first where it was.
  useLayoutEffect(() => {
    const before = firstKey.current;
    firstKey.current = messages[0]?.key;
    if (!before || before === messages[0]?.key) return;
    const idx = messages.findIndex((m) => m.key === before);
    if (idx > 0 && !atBottom.current) virtualizer.scrollToIndex(idx, { align: 'start' });
  }, [messages, virtualizer]);

  useEffect(() => {
    if (atBottom.current && messages.length) virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
  }, [lastSignature, messages.length, virtualizer]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (el.scrollTop < NEAR_TOP_PX && hasOlder && !loadingOlder) loadOlder();
  };

  return (
    <div ref={scrollRef} className="chat-scroll" onScroll={onScroll} role="log" aria-label="对话消息">
      {loadingOlder && <Spin size="small" style={{ display: 'block', margin: '8px auto' }} />}
      <div className="chat-rows" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            className="chat-row"
            style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start}px)` }}
          >
            <MessageItem message={messages[row.index]!} {...item} />
          </div>
        ))}
      </div>
    </div>
  );
}
