import type { ComponentProps } from '@ant-design/x-markdown';
import { safeLinkHref } from './safe-url.ts';

/** `a` of rendered markdown: http(s)/mailto open in a new tab without opener or referrer; others are text. */
export function SafeLink({ href, title, children }: ComponentProps) {
  const safe = safeLinkHref(typeof href === 'string' ? href : undefined);
  if (!safe) return <span className="chat-md-plain-link">{children}</span>;
  return (
    <a href={safe} title={typeof title === 'string' ? title : undefined} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
