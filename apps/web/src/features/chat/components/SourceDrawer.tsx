import Drawer from 'antd/es/drawer';
import type { ChatSource } from '@xueban/contract/chat';

interface Props {
  source: ChatSource | null;
  onClose: () => void;
}

/** The document a source comes from: its name, else the title (which starts with it). */
export const sourceName = (s: ChatSource) => s.document_name || s.title.split(' · ')[0] || s.title;

/**
 * A cited source opened from under an answer: the document's name as the title, the section
 * (the heading the chunk sits under) when there is one, and the passage the answer drew on.
 * Loaded with the first source opened (ReplyBody), so answers without a click never pay for it.
 */
export default function SourceDrawer({ source, onClose }: Props) {
  const name = source ? sourceName(source) : '';
  const section = source && source.title !== name && source.title.startsWith(`${name} · `) ? source.title.slice(name.length + 3) : '';
  return (
    <Drawer
      open={!!source}
      onClose={onClose}
      placement="right"
      size={Math.min(480, typeof window === 'undefined' ? 480 : window.innerWidth - 16)}
      title={<span className="chat-source-drawer-title">{name}</span>}
      className="chat-source-drawer"
    >
      {section && <div className="chat-muted chat-source-section">{section}</div>}
      <div className="chat-source-passage">{source?.snippet}</div>
    </Drawer>
  );
}
