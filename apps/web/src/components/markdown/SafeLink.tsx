import type { ReactNode } from 'react';
import { safeLinkHref } from './safe-url.ts';

interface Props {
  href: string;
  title?: string | undefined;
  children: ReactNode;
}

/** A link of rendered markdown: http(s)/mailto open in a new tab without opener or referrer; others are text. */
export function SafeLink({ href, title, children }: Props) {
  const safe = safeLinkHref(href);
  if (!safe) return <span className="chat-md-plain-link">{children}</span>;
  return (
    <a href={safe} title={title || undefined} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
