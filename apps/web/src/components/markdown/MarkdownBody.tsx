import { useMemo } from 'react';
import { marked } from 'marked';
import { useMath } from './math.ts';
import { renderBlocks } from './render-tokens.tsx';
import { settledText } from './settled-text.ts';
import '@ant-design/x-markdown/themes/light.css';
import './markdown.css';

/**
 * The sanitised rendering itself (GFM, KaTeX, code, mermaid, safe links and pictures): marked
 * reads the markdown, our renderer turns its tokens into React elements, never into HTML.
 * While the answer streams, half-written syntax at its end waits and a cursor shows.
 */
export function MarkdownBody({ content, streaming = false }: { content: string; streaming?: boolean }) {
  const math = useMath(content);
  const text = streaming ? settledText(content) : content;
  const tokens = useMemo(() => (math?.marked ?? marked).lexer(text), [math, text]);
  return (
    <div className={`chat-md x-markdown x-markdown-light${streaming ? ' chat-md-streaming' : ''}`}>
      {renderBlocks(tokens, { math: math?.html })}
    </div>
  );
}
