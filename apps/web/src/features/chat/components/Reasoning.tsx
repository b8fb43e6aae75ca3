import { useState } from 'react';
import { Think } from '@ant-design/x';
import { MSG } from '@xueban/contract/messages';

/**
 * The reasoning of a 深度思考 reply, collapsible (Think). Its title is a real button so the
 * keyboard can fold it and a screen reader hears whether it is open; Think's own header handles
 * the click. Loaded with the first reply that has reasoning.
 */
export default function Reasoning({ text, thinking }: { text: string; thinking: boolean }) {
  const [expanded, setExpanded] = useState(true);
  const title = (
    <button type="button" className="chat-think-toggle" aria-expanded={expanded}>
      {MSG.deepThinking}
    </button>
  );
  return (
    <Think className="chat-think" title={title} loading={thinking} expanded={expanded} onExpand={setExpanded}>
      <span className="chat-muted" style={{ whiteSpace: 'pre-wrap' }}>{text}</span>
    </Think>
  );
}
