import { lazy, Suspense } from 'react';
import { Flex, Spin } from 'antd';
import { loadChunk } from '../../../lib/load-chunk.ts';
import type { ChatPanelProps } from './ChatPanel.tsx';

// The chat (its panel, messages and markdown) is its own chunk: pages load it when shown.
const ChatPanel = lazy(() => loadChunk(() => import('./ChatPanel.tsx')));

/** Where a page puts the chat panel. */
export function ChatSlot(props: ChatPanelProps) {
  return (
    <Suspense fallback={<Flex flex={1} align="center" justify="center" style={{ height: '100%' }}><Spin /></Flex>}>
      <ChatPanel key={props.robot.id} {...props} />
    </Suspense>
  );
}
