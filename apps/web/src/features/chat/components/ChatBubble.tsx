import type { ReactNode } from 'react';

interface Props {
  /** start: the robot's side, with its avatar; end: the learner's side. */
  placement: 'start' | 'end';
  /** filled: a grey bubble (questions); borderless: text on the page (answers). */
  variant?: 'filled' | 'borderless';
  avatar?: ReactNode;
  header?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * One message bubble: avatar, a small header (the time) and the content. The content column
 * takes the room the avatar leaves and may shrink below its content's width, so a wide table or
 * code block scrolls inside the answer instead of pushing past the conversation's edge.
 */
export function ChatBubble({ placement, variant = 'filled', avatar, header, className, children }: Props) {
  return (
    <div className={`chat-bubble chat-bubble-${placement}${className ? ` ${className}` : ''}`}>
      {avatar && <div className="chat-bubble-avatar">{avatar}</div>}
      <div className="chat-bubble-body">
        {header && <div className="chat-bubble-header">{header}</div>}
        <div className={`chat-bubble-content chat-bubble-${variant}`}>{children}</div>
      </div>
    </div>
  );
}
