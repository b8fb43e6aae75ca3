import { lazy, Suspense, useState } from 'react';
import { Button, Flex, Popover, Spin } from 'antd';
import { ClearOutlined, HistoryOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { MSG } from '@xueban/contract/messages';
import type { ChatSessionControl } from '../hooks/use-chat-session.ts';
import { loadChunk } from '../../../lib/load-chunk.ts';

const HistoryList = lazy(() => loadChunk(() => import('./HistoryList.tsx')));

interface Props {
  control: ChatSessionControl;
  /** Runs `then` when logged in, else shows the login prompt. */
  gate: (then: () => void) => void;
  onClear: () => void;
  busy: boolean;
  /** /home on a narrow screen: opens the session side panel (会话列表), which has no room beside the chat. */
  onSessions?: (() => void) | undefined;
  sessionsOpen?: boolean;
}

/**
 * 新建会话, 历史记录 and the current session's name (spec §2), with 清空 beside them. In a narrow
 * chat the buttons show as icons (chat.css); their titles name them.
 */
export function SessionControl({ control, gate, onClear, busy, onSessions, sessionsOpen = false }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Flex align="center" gap={8} className="chat-session-bar">
      {onSessions && (
        <Button
          size="small"
          type="text"
          icon={<UnorderedListOutlined />}
          className="chat-sessions-toggle"
          aria-label="会话列表"
          title="会话列表"
          aria-expanded={sessionsOpen}
          onClick={onSessions}
        />
      )}
      <strong className="chat-session-name" title={control.current?.name}>{control.current?.name ?? ''}</strong>
      <Button size="small" icon={<PlusOutlined />} title={MSG.newSession} onClick={() => gate(() => void control.create())}>{MSG.newSession}</Button>
      <Popover
        open={open}
        onOpenChange={(next) => (next ? gate(() => setOpen(true)) : setOpen(false))}
        trigger="click"
        // Centred and shifted to stay inside the window on a phone (bottomRight would only flip).
        placement="bottom"
        title={MSG.chatHistory}
        content={open ? (
          <Suspense fallback={<Spin style={{ display: 'block', margin: 16 }} />}>
            <HistoryList control={control} onPick={(id) => { control.select(id); setOpen(false); }} />
          </Suspense>
        ) : null}
      >
        <Button size="small" icon={<HistoryOutlined />} title={MSG.chatHistory}>{MSG.chatHistory}</Button>
      </Popover>
      <Button size="small" icon={<ClearOutlined />} disabled={busy} onClick={() => gate(onClear)} aria-label="清空对话" title="清空对话">清空</Button>
    </Flex>
  );
}
