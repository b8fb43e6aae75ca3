import { lazy, Suspense, useRef, useState } from 'react';
import { Button, Flex, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@xueban/contract/messages';
import { showSuccess } from '../../../lib/toast.ts';
import { useWebsiteConfig } from '../../../lib/website-config.ts';
import { askIntent } from '../api/ask-intent.ts';
import { cleanChat, historyKey, useHistory } from '../api/history.ts';
import { useModelInfo } from '../api/model-info.ts';
import { useInClass } from '../api/class-notice.ts';
import { CLASS_NOTICE } from '@xueban/contract/constants/teaching-console';
import { useChatSend, type SendOptions } from '../hooks/use-chat-send.ts';
import { useChatSession } from '../hooks/use-chat-session.ts';
import { useLoginGate } from '../hooks/use-login-gate.tsx';
import { canSend, canStop } from '../lib/chat-reducer.ts';
import type { ChatRobot } from '../lib/chat-robot.ts';
import type { ChatMessage } from '../lib/messages.ts';
import { chatDispatch, useChatStream } from '../stores/chat-stream.ts';
import { ChatSender } from './ChatSender.tsx';
import { ChatViewTabs } from './ChatViewTabs.tsx';
import { EmptyChat } from './EmptyChat.tsx';
import { SessionControl } from './SessionControl.tsx';
import { SessionSidePanel } from './SessionSidePanel.tsx';
import './chat.css';
import { loadChunk } from '../../../lib/load-chunk.ts';

const Conversation = lazy(() => loadChunk(() => import('./Conversation.tsx')));
// 语音视图 (issue 26): loaded when its tab is opened.
const VoiceView = lazy(() => loadChunk(() => import('./VoiceView.tsx')));
// Only a closed robot shows it.
const Alert = lazy(() => loadChunk(() => import('antd/es/alert')));
// Only a phone opens the session list over the chat: it loads on first use.
const Drawer = lazy(() => loadChunk(() => import('antd/es/drawer')));

export interface ChatPanelProps {
  robot: ChatRobot;
  /** /home shows the session side panel (spec §2). */
  sessionPanel?: boolean;
  onRobotDeleted?: () => void;
}

/**
 * The chat panel (spec §2 "Chat panel", §4 "Sending"): tabs, session control, the messages or
 * the empty chat, the input and the AI footer. History comes from the server (TanStack Query);
 * what is sent and streamed now lives in the chat stream store.
 */
export default function ChatPanel({ robot, sessionPanel = false, onRobotDeleted }: ChatPanelProps) {
  const qc = useQueryClient();
  const { loggedIn, ensure, prompt, gate, confirm, holder } = useLoginGate();
  const control = useChatSession(robot.id, loggedIn);
  const sessionId = control.currentId;
  const history = useHistory(sessionId);
  const stream = useChatStream();
  const { send, resume, stop } = useChatSend(robot.id, sessionId, { ensure, prompt });
  const model = useModelInfo(robot.id, loggedIn);
  // Teaching (issue 17): a student in a class on this robot is told their teacher can read the conversation.
  const inClass = useInClass(robot.id, loggedIn).data?.in_class;
  const voice = useWebsiteConfig().data?.web_voice?.value === '1';
  const [tab, setTab] = useState('chat');
  // Below md the session side panel has no room beside the chat: 会话列表 opens it in a drawer. It is
  // open for the session it was opened on, so picking, adding or deleting one there closes it
  // (null: never opened, the drawer's code not loaded; -1: closed).
  const [sessionsOpenedOn, setSessionsOpenedOn] = useState<number | null>(null);
  const sessionsOpen = sessionsOpenedOn !== null && sessionsOpenedOn === (sessionId ?? 0);
  const toggles = useRef<SendOptions>({ isReason: false, isNetwork: false });
  const closed = !!robot.is_close;

  const hasMessages = stream.live.length > 0 || !!history.data?.pages.some((p) => p.records.data.length);

  const ask = (q: string) => send(q, toggles.current);
  const onAskIntent = async (intentId: number, title: string) => {
    if (!ensure() || !sessionId || busy) return;
    const res = await askIntent({ id: intentId, recommend_ask: title, category_id: sessionId, robot_id: robot.id });
    if (!res) return;
    const at = { create_time: Math.floor(Date.now() / 1000), recordId: res.records_id };
    chatDispatch({ type: 'append', messages: [
      { key: `q${res.records_id}`, type: 1, content: title, ...at },
      { key: `c${res.records_id}`, type: 3, content: '', recommend: res.content_module, ...at },
    ] });
  };
  const onContinue = (reply: ChatMessage, question: string) => resume(reply, question, toggles.current);

  const clear = () =>
    confirm({
      title: MSG.confirmClearChat,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        if (!sessionId) return;
        await cleanChat(sessionId);
        chatDispatch({ type: 'reset' });
        await qc.resetQueries({ queryKey: historyKey(sessionId) });
        showSuccess(MSG.cleared);
      },
    });

  const busy = !canSend(stream);
  // Logged in, the panel waits for a session (the first one, or the one being made) and its history.
  const loading = loggedIn && (sessionId ? history.isPending : !control.sessions.isError && !control.createFailed);
  const spinner = <Flex flex={1} align="center" justify="center"><Spin /></Flex>;
  const body = loading ? spinner : hasMessages ? (
    <Suspense fallback={spinner}>
      <Conversation
        history={history.data}
        overrides={stream.overrides}
        live={stream.live}
        robotAvatar={robot.avatar}
        onAsk={ask}
        onAskIntent={(id, title) => void onAskIntent(id, title)}
        onContinue={onContinue}
        busy={busy}
        hasOlder={!!history.hasNextPage}
        loadingOlder={history.isFetchingNextPage}
        loadOlder={() => void history.fetchNextPage()}
      />
    </Suspense>
  ) : (
    <EmptyChat robot={robot} onAsk={ask} />
  );

  const sidePanel = sessionPanel && loggedIn && (
    <SessionSidePanel robotId={robot.id} control={control} confirm={confirm} gate={gate} onRobotDeleted={() => onRobotDeleted?.()} />
  );
  return (
    <div className="chat-panel">
      {sidePanel}
      <div className="chat-main">
        <ChatViewTabs
          active={tab}
          onChange={setTab}
          views={[{ key: 'chat', label: MSG.chatView }, ...(voice ? [{ key: 'voice', label: MSG.voiceView }] : [])]}
        />
        {tab === 'voice' ? (
          <Suspense fallback={spinner}>
            <VoiceView
              robot={robot}
              loggedIn={loggedIn}
              canStart={() => ensure() && !!sessionId && !busy}
              ask={(text) => send(text, { isShort: true })}
              disabled={closed}
            />
          </Suspense>
        ) : (
          <>
            <SessionControl
              control={control}
              gate={gate}
              onClear={clear}
              busy={busy}
              onSessions={sidePanel ? () => setSessionsOpenedOn(sessionId ?? 0) : undefined}
              sessionsOpen={sessionsOpen}
            />
            {closed && <Suspense fallback={null}><Alert type="warning" showIcon banner message={MSG.robotClosed} /></Suspense>}
            <div className="chat-body">{body}</div>
            {inClass && <div className="chat-class-notice">{CLASS_NOTICE}</div>}
            <div className="chat-input">
              {stream.phase === 'waiting' || stream.phase === 'streaming' ? (
                <div className="chat-stop">
                  <Button size="small" disabled={!canStop(stream)} onClick={stop}>{MSG.stopAnswer}</Button>
                </div>
              ) : null}
              <ChatSender
                value={stream.input}
                onChange={(value) => chatDispatch({ type: 'input', value })}
                onSend={(text, o) => send(text, o)}
                canSend={!busy && (!loggedIn || !!sessionId)}
                disabled={closed}
                networkAvailable={!!model.data?.network}
                onToggles={(t) => (toggles.current = t)}
              />
              <div className="chat-footer-note">{MSG.aiFooter}</div>
            </div>
          </>
        )}
      </div>
      {sidePanel && sessionsOpenedOn !== null && (
        <Suspense fallback={null}>
          <Drawer
            open={sessionsOpen}
            placement="left"
            size="min(280px, 85vw)"
            title="会话列表"
            rootClassName="chat-session-drawer"
            styles={{ body: { padding: 0 } }}
            onClose={() => setSessionsOpenedOn(-1)}
          >
            {sidePanel}
          </Drawer>
        </Suspense>
      )}
      {holder}
    </div>
  );
}
