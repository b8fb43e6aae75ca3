import { lazy, Suspense, useState } from 'react';
import type { ChatSource } from '@xueban/contract/chat';
import { Button, Flex } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { MSG } from '@xueban/contract/messages';
import { ChatMarkdown } from '../../../components/markdown/ChatMarkdown.tsx';
import { loadChunk } from '../../../lib/load-chunk.ts';
import { canContinue, type ChatMessage } from '../lib/messages.ts';

// Most replies have no reasoning: its collapsible block comes with the first one that does.
const Reasoning = lazy(() => loadChunk(() => import('./Reasoning.tsx')));
// A cited passage opens in a drawer, loaded with the first one opened.
const SourceDrawer = lazy(() => loadChunk(() => import('./SourceDrawer.tsx')));

interface Props {
  message: ChatMessage;
  /** 继续 is offered when this reply was cut short and sending is allowed. */
  onContinue?: (m: ChatMessage) => void;
  continueDisabled?: boolean;
}

const isWebLink = (url?: string) => !!url && /^https?:\/\//i.test(url);

/**
 * A robot reply (type 2): its reasoning collapsible above (Think), the answer as markdown,
 * 等待回复中.... until something arrives, the sources and 继续 for a cut-off answer. A web source
 * is a link to its page; any other (a knowledge chunk, the robot's own text, an attachment)
 * opens its passage in a drawer with its document's name.
 */
export function ReplyBody({ message: m, onContinue, continueDisabled }: Props) {
  const waiting = m.loading && !m.content && !m.reasoning;
  const sources = m.sources ?? [];
  const [opened, setOpened] = useState<ChatSource | null>(null);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const open = (s: ChatSource) => {
    setDrawerLoaded(true);
    setOpened(s);
  };
  return (
    <div className="chat-reply" data-status={m.status ?? ''}>
      {m.reasoning ? (
        <Suspense fallback={<span className="chat-muted">{MSG.deepThinking}</span>}>
          <Reasoning text={m.reasoning} thinking={!!m.loading && !m.content} />
        </Suspense>
      ) : null}
      {waiting ? (
        <span className="chat-muted chat-waiting">{MSG.waitingReply}</span>
      ) : m.content ? (
        <ChatMarkdown content={m.content} streaming={!!m.loading} />
      ) : null}
      {m.correction && (
        <div className="chat-correction" aria-label="老师订正">
          <div className="chat-correction-title">老师订正{m.correction.teacher ? ` · ${m.correction.teacher}` : ''}</div>
          {m.correction.content}
        </div>
      )}
      {sources.length > 0 && !m.loading && (
        <Flex vertical gap={2} className="chat-sources" aria-label="参考来源">
          {sources.map((s, i) => (
            <span key={`${s.title}-${i}`} className="chat-muted chat-source">
              <LinkOutlined /> {i + 1}.{' '}
              {isWebLink(s.url) ? <a href={s.url} target="_blank" rel="noopener noreferrer nofollow">{s.title || s.url}</a>
                : <button type="button" className="chat-link-button" aria-haspopup="dialog" onClick={() => open(s)}>{s.title}</button>}
            </span>
          ))}
        </Flex>
      )}
      {drawerLoaded && (
        <Suspense fallback={null}>
          <SourceDrawer source={opened} onClose={() => setOpened(null)} />
        </Suspense>
      )}
      {onContinue && canContinue(m) && (
        <Button size="small" style={{ marginTop: 8 }} disabled={continueDisabled} onClick={() => onContinue(m)}>
          {MSG.continueAnswer}
        </Button>
      )}
    </div>
  );
}
