import { lazy, Suspense } from 'react';
import { Avatar, Flex } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { MESSAGE_TYPE } from '@xueban/contract/constants/chat';
import { timeLabel } from '../../../lib/time-label.ts';
import type { ChatMessage } from '../lib/messages.ts';
import { ChatBubble } from './ChatBubble.tsx';
import { PromptList } from './PromptList.tsx';
import { RecommendList, type AskIntent } from './RecommendList.tsx';
import { ReplyBody } from './ReplyBody.tsx';
import { loadChunk } from '../../../lib/load-chunk.ts';

// Pictures, files and activity cards are rare in a conversation: their code comes with the first one.
const QuestionImages = lazy(() => loadChunk(() => import('./QuestionImages.tsx')));
const QuestionAnnex = lazy(() => loadChunk(() => import('./QuestionAnnex.tsx')));
const ActivityList = lazy(() => loadChunk(() => import('./ActivityList.tsx')));

export interface MessageItemProps {
  message: ChatMessage;
  robotAvatar?: string;
  /** Clicking a related question asks it. */
  onAsk: (question: string) => void;
  /** Clicking an intent in a recommend list asks it. */
  onAskIntent?: AskIntent | undefined;
  onContinue: (m: ChatMessage) => void;
  busy: boolean;
}

const Time = ({ at }: { at: number }) => <span className="chat-time">{timeLabel(at)}</span>;

/**
 * One message of the list by its type (spec §3): question, reply, recommend content, activity
 * list, related questions or notice.
 */
export function MessageItem({ message: m, robotAvatar, onAsk, onAskIntent, onContinue, busy }: MessageItemProps) {
  if (m.type === MESSAGE_TYPE.NOTICE) return <div className="chat-notice" role="note">{m.content}</div>;
  if (m.type === MESSAGE_TYPE.RECOMMEND) return <RecommendList parts={m.recommend ?? []} onAskIntent={onAskIntent} />;
  if (m.type === MESSAGE_TYPE.ACTIVITY) return <Suspense fallback={null}><ActivityList cards={m.activities ?? []} /></Suspense>;
  if (m.type === MESSAGE_TYPE.RELATED) {
    return <PromptList label="相关问题" prompts={m.questions ?? []} onPick={onAsk} className="chat-related chat-robot-aside" />;
  }
  if (m.type === MESSAGE_TYPE.USER) {
    return (
      <ChatBubble placement="end" className="chat-question" header={<Time at={m.create_time} />}>
        <Flex vertical gap={6}>
          {m.content && <span style={{ whiteSpace: 'pre-wrap' }}>{m.content}</span>}
          {!!m.images?.length && (
            <Suspense fallback={null}><QuestionImages images={m.images} /></Suspense>
          )}
          {!!m.annex?.length && <Suspense fallback={null}><QuestionAnnex annex={m.annex} /></Suspense>}
        </Flex>
      </ChatBubble>
    );
  }
  return (
    <ChatBubble
      placement="start"
      variant="borderless"
      className="chat-answer"
      avatar={<Avatar src={robotAvatar || undefined} icon={<RobotOutlined />} />}
      header={<Time at={m.create_time} />}
    >
      <ReplyBody message={m} onContinue={onContinue} continueDisabled={busy} />
    </ChatBubble>
  );
}
