import { lazy, Suspense, useState } from 'react';
import { Button, Flex, Popover, Spin } from 'antd';
import { ClearOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
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
}

/**
 * 新建会话, 历史记录 and the current session's name (spec §2), with 清空 beside them. In a narrow
 * chat the buttons show as icons (chat.css); their titles name them.
 */
export function SessionControl({ control, gate, onClear, busy }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Flex align="center" gap={8} className="chat-session-bar">
      <strong className="chat-session-name" title={control.current?.name}>{control.current?.name ?? ''}</strong>
      <Button size="small" icon={<PlusOutlined />} title={MSG.newSession} onClick={() => gate(() => void control.create())}>{MSG.newSession}</Button>
      <Popover
        open={open}
        onOpenChange={(next) => (next ? gate(() => setOpen(true)) : setOpen(false))}
        trigger="click"
        placement="bottomRight"
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
