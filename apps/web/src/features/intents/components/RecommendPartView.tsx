import { Tag, Typography } from 'antd';
import { AimOutlined, LinkOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { RecommendPart } from '@xueban/contract/chat';
import { RECOMMEND_TYPE_LABEL } from '@xueban/contract/intents';
import { FilePreviewLink } from '../../../components/file-preview/FilePreviewDialog.tsx';

const safeHref = (url: string | undefined) => (url && /^(https?:\/\/|\/api\/files\/)/i.test(url) ? url : undefined);

/** One recommend part as the editor lists it: its type, then the text, link, file or intent. */
export function RecommendPartView({ part }: { part: RecommendPart }) {
  const c = part.content;
  const body = (() => {
    switch (part.content_type) {
      case 'text':
        return <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }} ellipsis={{ rows: 4, expandable: true, symbol: '展开' }}>{c.content}</Typography.Paragraph>;
      case 'link':
        return <a href={safeHref(c.url)} target="_blank" rel="noopener noreferrer"><LinkOutlined /> {c.title || c.url}</a>;
      case 'annex':
        return c.url?.includes('/api/files/')
          ? <span><PaperClipOutlined /> <FilePreviewLink url={c.url} name={c.title || '附件'} /></span>
          : <a href={safeHref(c.url)} target="_blank" rel="noopener noreferrer" download={c.title || true}><PaperClipOutlined /> {c.title || '附件'}</a>;
      case 'has_intent':
        return <span><AimOutlined /> {c.title || `意图 #${c.intent?.id ?? ''}`}</span>;
    }
  })();
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start', minWidth: 0 }}>
      <Tag variant="filled" color="blue" style={{ flex: 'none' }}>{RECOMMEND_TYPE_LABEL[part.content_type]}</Tag>
      <div style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{body}</div>
    </div>
  );
}
