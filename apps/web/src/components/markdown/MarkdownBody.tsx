import { useMemo } from 'react';
import { XMarkdown, type XMarkdownProps } from '@ant-design/x-markdown';
import { CodeBlock, PreBlock, TableBlock } from './CodeBlock.tsx';
import { SafeImage } from './SafeImage.tsx';
import { SafeLink } from './SafeLink.tsx';
import { ALLOWED_URI_REGEXP } from './safe-url.ts';
import { useLatexExtensions } from './use-latex.ts';
import '@ant-design/x-markdown/themes/light.css';
import './markdown.css';

const COMPONENTS: XMarkdownProps['components'] = {
  a: SafeLink,
  img: SafeImage,
  code: CodeBlock,
  pre: PreBlock,
  table: TableBlock,
};

/**
 * Second line of defence after escapeRawHtml (raw HTML in the answer is shown as text, never
 * parsed): DOMPurify drops event handlers and script, and only http(s)/mailto/relative URLs survive.
 */
const PURIFY: XMarkdownProps['dompurifyConfig'] = {
  ALLOWED_URI_REGEXP,
  FORBID_TAGS: ['style', 'iframe', 'frame', 'object', 'embed', 'form', 'video', 'audio', 'source', 'picture'],
  FORBID_ATTR: ['srcset', 'formaction', 'action', 'background', 'poster'],
};

/** The sanitised rendering itself (GFM, KaTeX, code, mermaid, safe links and images). */
export function MarkdownBody({ content, streaming = false }: { content: string; streaming?: boolean }) {
  const latex = useLatexExtensions(content);
  const config = useMemo(() => (latex ? { extensions: latex } : undefined), [latex]);
  const streamingOption = useMemo(() => ({ hasNextChunk: streaming, tail: streaming }), [streaming]);
  return (
    <XMarkdown
      className="chat-md x-markdown-light"
      content={content}
      streaming={streamingOption}
      components={COMPONENTS}
      config={config}
      escapeRawHtml
      openLinksInNewTab
      dompurifyConfig={PURIFY}
    />
  );
}
