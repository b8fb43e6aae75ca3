import { useMemo } from 'react';
import type { InfiniteData } from '@tanstack/react-query';
import type { ChatLog } from '@xueban/contract/chat';
import { recordToMessages, type ChatMessage } from '../lib/messages.ts';
import { MessageList } from './MessageList.tsx';
import type { MessageItemProps } from './MessageItem.tsx';

interface Props extends Omit<MessageItemProps, 'message' | 'onContinue'> {
  history: InfiniteData<ChatLog> | undefined;
  /** Stored messages the live stream has changed (a continued reply), by key. */
  overrides: Record<string, ChatMessage>;
  /** Messages sent and streamed since the history was read. */
  live: ChatMessage[];
  onContinue: (reply: ChatMessage, question: string) => void;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
}

/**
 * The messages of the chat panel: the stored history (oldest page first) with the live stream
 * after it. Loaded only once there is a message to show, with the markdown renderer it needs,
 * so an empty chat opens without it.
 */
export default function Conversation({ history, overrides, live, onContinue, ...list }: Props) {
  const stored = useMemo(
    () => [...(history?.pages ?? [])].reverse().flatMap((p) => p.records.data.flatMap(recordToMessages)),
    [history],
  );
  const messages = useMemo(() => [...stored.map((m) => overrides[m.key] ?? m), ...live], [stored, overrides, live]);
  const continueReply = (reply: ChatMessage) =>
    onContinue(reply, messages.find((m) => m.type === 1 && m.recordId === reply.recordId)?.content ?? '');
  return <MessageList messages={messages} onContinue={continueReply} {...list} />;
}
