import { useLayoutEffect, useRef } from 'react';
import { Spin } from 'antd';
import type { ChatMessage } from '../lib/messages.ts';
import { MessageItem, type MessageItemProps } from './MessageItem.tsx';

const NEAR_BOTTOM_PX = 80;
const NEAR_TOP_PX = 40;

interface Props extends Omit<MessageItemProps, 'message'> {
  messages: ChatMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
}

/** Where the first message sat in the viewport, to put it back there when older ones arrive above. */
interface FirstRow {
  key: string | undefined;
  top: number;
}

/** A row's top relative to the scroller's visible top (negative when scrolled past). */
function rowTop(scroller: HTMLElement, key: string | undefined): number | undefined {
  const row = key === undefined ? null : scroller.querySelector(`[data-key="${CSS.escape(key)}"]`);
  return row ? row.getBoundingClientRect().top - scroller.getBoundingClientRect().top : undefined;
}

/**
 * The conversation. Long histories stay smooth without a JS virtualiser: each row is
 * `content-visibility: auto` (chat.css), so the browser skips laying out and painting rows far
 * from the viewport and reserves the spec's size estimate (80 px) for a row it has never shown.
 * The list follows the bottom while the user is there (a streaming answer stays in view), loads
 * older pages when scrolled to the top and keeps the reading position when they arrive.
 */
export function MessageList({ messages, hasOlder, loadingOlder, loadOlder, ...item }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowsRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const lastTop = useRef(0);
  const firstRow = useRef<FirstRow>({ key: undefined, top: 0 });

  const rememberFirstRow = () => {
    const key = messages[0]?.key;
    firstRow.current = { key, top: rowTop(scrollRef.current!, key) ?? 0 };
  };

  // Older messages arrived above: put the row that was first back where it was on screen.
  useLayoutEffect(() => {
    const el = scrollRef.current!;
    const { key, top } = firstRow.current;
    if (key !== undefined && key !== messages[0]?.key && !atBottom.current) {
      const now = rowTop(el, key);
      if (now !== undefined) el.scrollTop += now - top;
    }
    rememberFirstRow();
  });

  // Whatever changes the rows' height (a new message, a streamed token, a row drawn at its real
  // size, a picture loading) keeps the bottom in view while the user is there.
  useLayoutEffect(() => {
    const el = scrollRef.current!;
    const follow = () => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
    };
    follow();
    const observer = new ResizeObserver(follow);
    observer.observe(rowsRef.current!);
    return () => observer.disconnect();
  }, []);

  // Only a move up can leave the bottom: content growing under a scroll we just made (tokens
  // arrive between frames) must not read as the user leaving it.
  const onScroll = () => {
    const el = scrollRef.current!;
    const nearBottom = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (el.scrollTop < lastTop.current || nearBottom) atBottom.current = nearBottom;
    lastTop.current = el.scrollTop;
    rememberFirstRow();
    if (el.scrollTop < NEAR_TOP_PX && hasOlder && !loadingOlder) loadOlder();
  };

  return (
    <div ref={scrollRef} className="chat-scroll" onScroll={onScroll} role="log" aria-label="对话消息">
      {loadingOlder && <div className="chat-older-loading"><Spin size="small" /></div>}
      <div ref={rowsRef} className="chat-rows">
        {messages.map((message) => (
          <div key={message.key} data-key={message.key} className="chat-row">
            <MessageItem message={message} {...item} />
          </div>
        ))}
      </div>
    </div>
  );
}
