import { useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { Think } from '@ant-design/x';
import { MSG } from '@xueban/contract/messages';
import { ChatMarkdown } from '../../../components/markdown/ChatMarkdown.tsx';
import { canContinue, type ChatMessage } from '../lib/messages.ts';

interface Props {
  message: ChatMessage;
  /** 继续 is offered when this reply was cut short and sending is allowed. */
  onContinue?: (m: ChatMessage) => void;
  continueDisabled?: boolean;
}

const isWebLink = (url?: string) => !!url && /^https?:\/\//i.test(url);

/**
 * The reasoning, collapsible (Think). Its title is a real button so the keyboard can fold it and
 * a screen reader hears whether it is open; Think's own header handles the click.
 */
function Reasoning({ text, thinking }: { text: string; thinking: boolean }) {
  const [expanded, setExpanded] = useState(true);
  const title = (
    <button type="button" className="chat-think-toggle" aria-expanded={expanded}>
      {MSG.deepThinking}
    </button>
  );
  return (
    <Think className="chat-think" title={title} loading={thinking} expanded={expanded} onExpand={setExpanded}>
      <Typography.Text type="secondary" style={{ whiteSpace: 'pre-wrap' }}>{text}</Typography.Text>
    </Think>
  );
}

/**
 * A robot reply (type 2): its reasoning collapsible above (Think), the answer as markdown,
 * 等待回复中.... until something arrives, the sources (title + link) and 继续 for a cut-off answer.
 */
export function ReplyBody({ message: m, onContinue, continueDisabled }: Props) {
  const waiting = m.loading && !m.content && !m.reasoning;
  const sources = m.sources ?? [];
  return (
    <div className="chat-reply" data-status={m.status ?? ''}>
      {m.reasoning ? <Reasoning text={m.reasoning} thinking={!!m.loading && !m.content} /> : null}
      {waiting ? (
        <Typography.Text type="secondary" className="chat-waiting">{MSG.waitingReply}</Typography.Text>
      ) : m.content ? (
        <ChatMarkdown content={m.content} streaming={!!m.loading} />
      ) : null}
      {sources.length > 0 && !m.loading && (
        <Flex vertical gap={2} className="chat-sources" aria-label="参考来源">
          {sources.map((s, i) => (
            <Typography.Text key={`${s.title}-${i}`} type="secondary" style={{ fontSize: 12 }}>
              <LinkOutlined /> {i + 1}.{' '}
              {isWebLink(s.url) ? <a href={s.url} target="_blank" rel="noopener noreferrer nofollow">{s.title || s.url}</a> : s.title}
            </Typography.Text>
          ))}
        </Flex>
      )}
      {onContinue && canContinue(m) && (
        <Button size="small" style={{ marginTop: 8 }} disabled={continueDisabled} onClick={() => onContinue(m)}>
          {MSG.continueAnswer}
        </Button>
      )}
    </div>
  );
}
