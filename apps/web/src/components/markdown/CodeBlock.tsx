import { Children, type ReactNode } from 'react';
import type { ComponentProps } from '@ant-design/x-markdown';
import { CodeFrame } from './CodeFrame.tsx';
import { HtmlRunButton } from './HtmlRunButton.tsx';
import { MermaidBlock } from './MermaidBlock.tsx';
import { fenceLanguage, isHtmlLanguage } from './code-language.ts';

/** Code text from the parsed children (escaped by marked, turned back into plain strings). */
function textOf(children: ReactNode): string {
  return Children.toArray(children)
    .map((child) => (typeof child === 'string' || typeof child === 'number' ? String(child) : ''))
    .join('');
}

/**
 * `code` of rendered markdown. Inline code stays inline; a fenced block gets a frame with copy,
 * 运行 for HTML (sandboxed preview) and, once the fence has closed, a diagram for mermaid.
 */
export function CodeBlock({ block, lang, streamStatus, children, className }: ComponentProps) {
  if (!block) return <code className={['chat-md-inline-code', className].filter(Boolean).join(' ')}>{children}</code>;
  const language = fenceLanguage(lang);
  const code = textOf(children);
  const done = streamStatus === 'done';
  if (language === 'mermaid' && done) return <MermaidBlock code={code} />;
  const run = isHtmlLanguage(language) && done ? <HtmlRunButton code={code} /> : undefined;
  return <CodeFrame lang={language} code={code} actions={run} />;
}

/** marked wraps blocks in <pre>; the frame draws its own, so the wrapper is dropped. */
export function PreBlock({ children }: ComponentProps) {
  return <>{children}</>;
}

/** Wide tables scroll sideways inside the bubble instead of stretching it. */
export function TableBlock({ children }: ComponentProps) {
  return (
    <div className="chat-md-table-wrap">
      <table>{children}</table>
    </div>
  );
}
