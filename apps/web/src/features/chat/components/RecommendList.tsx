import type { ReactNode } from 'react';
import { BulbOutlined, LinkOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { RecommendPart } from '@xueban/contract/chat';
import { MSG } from '@xueban/contract/messages';
import { safeLinkHref } from '../../../components/markdown/safe-url.ts';
import { FilePreviewLink } from '../../../components/file-preview/FilePreviewDialog.tsx';

/** A link or a file: opens in a new tab when its URL is http(s), else shows as plain text. */
function OpenableEntry({ icon, url, label }: { icon: ReactNode; url?: string; label: string }) {
  const href = safeLinkHref(url);
  const text = <>{icon} {label}</>;
  return href ? <a href={href} target="_blank" rel="noopener noreferrer">{text}</a> : <span>{text}</span>;
}

/** Asks the intent a recommend part names (intent/ask), adding its recommend content to the chat. */
export type AskIntent = (intentId: number, title: string) => void;

function RecommendEntry({ part, onAskIntent }: { part: RecommendPart; onAskIntent?: AskIntent | undefined }) {
  const { content = '', url, title } = part.content;
  switch (part.content_type) {
    case 'link':
      return <OpenableEntry icon={<LinkOutlined />} url={url} label={title || url || ''} />;
    case 'annex':
      // Our stored files open in the preview dialog; a file elsewhere opens in a new tab.
      return url && url.includes('/api/files/')
        ? <span><PaperClipOutlined /> <FilePreviewLink url={url} name={title || url} /></span>
        : <OpenableEntry icon={<PaperClipOutlined />} url={url} label={title || url || ''} />;
    case 'has_intent': {
      const label = title || content;
      const id = part.content.intent?.id;
      return id && onAskIntent
        ? <button type="button" className="chat-link-button" onClick={() => onAskIntent(id, label)}><BulbOutlined /> {label}</button>
        : <span><BulbOutlined /> {label}</span>;
    }
    case 'text':
      return <span style={{ whiteSpace: 'pre-wrap' }}>{content}</span>;
  }
}

/** A recommend content list (message type 3, spec §3 "Recommend part"): text, links, files and intents. */
export function RecommendList({ parts, onAskIntent }: { parts: RecommendPart[]; onAskIntent?: AskIntent | undefined }) {
  return (
    <ul className="chat-recommend chat-robot-aside" aria-label={MSG.recommendList}>
      {parts.map((part, i) => <li key={i}><RecommendEntry part={part} onAskIntent={onAskIntent} /></li>)}
    </ul>
  );
}
