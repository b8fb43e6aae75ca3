import { lazy, Suspense, type ReactNode } from 'react';
import type { Token, Tokens } from 'marked';
import { loadChunk } from '../../lib/load-chunk.ts';
import { SafeImage } from './SafeImage.tsx';
import { SafeLink } from './SafeLink.tsx';

// The code frame (copy, 运行, diagrams, highlighting) loads with the first code block; until then
// the code shows plain.
const CodeBlock = lazy(() => loadChunk(() => import('./CodeBlock.tsx')));

/**
 * marked's tokens as React elements. Nothing is ever parsed as HTML: text is React text (so it
 * is escaped), raw HTML in an answer shows as the text it is, links and pictures go through
 * SafeLink and SafeImage. Formulas are the one exception: `math` gives their sanitised KaTeX HTML.
 */
export interface RenderContext {
  /** Sanitised HTML of a formula token (inlineKatex, blockKatex), once KaTeX is loaded. */
  math?: ((token: Tokens.Generic) => string | undefined) | undefined;
}

// &amp; &lt; &#39; …: markdown decodes character references; React would show them as typed.
const ENTITY = /&(?:#\d+|#x[\da-f]+|[a-z][\da-z]*);/i;
let decoder: HTMLTextAreaElement | null = null;
function decodeEntities(text: string): string {
  if (!ENTITY.test(text)) return text;
  decoder ??= document.createElement('textarea'); // a textarea's content is text: nothing in it runs
  decoder.innerHTML = text;
  return decoder.value;
}

const cellAlign = (align: Tokens.TableCell['align']) => align ?? undefined;

function renderMath(token: Tokens.Generic, ctx: RenderContext, key: number, block: boolean): ReactNode {
  const html = ctx.math?.(token);
  if (html === undefined) return token.raw;
  const Tag = block ? 'div' : 'span';
  return <Tag key={key} className={block ? 'chat-md-math-block' : 'chat-md-math'} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function renderInline(tokens: Token[] | undefined, ctx: RenderContext): ReactNode[] {
  return (tokens ?? []).map((t, key): ReactNode => {
    switch (t.type) {
      case 'text':
        return 'tokens' in t && t.tokens?.length ? renderInline(t.tokens, ctx) : decodeEntities(t.text);
      case 'escape':
        return t.text;
      case 'strong':
        return <strong key={key}>{renderInline(t.tokens, ctx)}</strong>;
      case 'em':
        return <em key={key}>{renderInline(t.tokens, ctx)}</em>;
      case 'del':
        return <del key={key}>{renderInline(t.tokens, ctx)}</del>;
      case 'codespan':
        return <code key={key} className="chat-md-inline-code">{t.text}</code>;
      case 'br':
        return <br key={key} />;
      case 'link':
        return <SafeLink key={key} href={t.href} title={t.title ?? undefined}>{renderInline(t.tokens, ctx)}</SafeLink>;
      case 'image':
        return <SafeImage key={key} src={t.href} alt={t.text} />;
      case 'html':
        return t.raw;
      case 'inlineKatex':
        return renderMath(t as Tokens.Generic, ctx, key, false);
      default:
        return t.raw;
    }
  });
}

function renderList(list: Tokens.List, ctx: RenderContext, key: number): ReactNode {
  const items = list.items.map((item, i) => (
    <li key={i}>
      {item.task && <input type="checkbox" checked={!!item.checked} disabled readOnly />}
      {item.task && ' '}
      {renderBlocks(item.tokens, ctx, !item.loose)}
    </li>
  ));
  if (!list.ordered) return <ul key={key}>{items}</ul>;
  return <ol key={key} start={list.start === '' || list.start === 1 ? undefined : Number(list.start)}>{items}</ol>;
}

function renderTable(table: Tokens.Table, ctx: RenderContext, key: number): ReactNode {
  return (
    <div key={key} className="chat-md-table-wrap">
      <table>
        <thead>
          <tr>{table.header.map((c, i) => <th key={i} align={cellAlign(c.align)}>{renderInline(c.tokens, ctx)}</th>)}</tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r}>{row.map((c, i) => <td key={i} align={cellAlign(c.align)}>{renderInline(c.tokens, ctx)}</td>)}</tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A closed fence ends with its fence line; an open one (still streaming) does not. */
function fenceClosed(code: Tokens.Code): boolean {
  const lines = code.raw.trimEnd().split('\n');
  return lines.length > 1 && /^\s{0,3}(?:`{3,}|~{3,})\s*$/.test(lines.at(-1)!);
}

/** `tight`: a tight list item's text is not wrapped in a paragraph. */
export function renderBlocks(tokens: Token[], ctx: RenderContext, tight = false): ReactNode[] {
  return tokens.map((t, key): ReactNode => {
    switch (t.type) {
      case 'space':
      case 'def':
        return null;
      case 'heading': {
        const H = `h${t.depth}` as 'h1';
        return <H key={key}>{renderInline(t.tokens, ctx)}</H>;
      }
      case 'paragraph':
        return <p key={key}>{renderInline(t.tokens, ctx)}</p>;
      case 'text':
        return tight ? renderInline(t.tokens ?? [t], ctx) : <p key={key}>{renderInline(t.tokens ?? [t], ctx)}</p>;
      case 'blockquote':
        return <blockquote key={key}>{renderBlocks(t.tokens ?? [], ctx)}</blockquote>;
      case 'list':
        return renderList(t as Tokens.List, ctx, key);
      case 'code':
        return (
          <Suspense key={key} fallback={<pre className="chat-md-code-plain"><code>{t.text}</code></pre>}>
            <CodeBlock lang={t.lang} code={t.text} done={t.codeBlockStyle === 'indented' || fenceClosed(t as Tokens.Code)} />
          </Suspense>
        );
      case 'table':
        return renderTable(t as Tokens.Table, ctx, key);
      case 'hr':
        return <hr key={key} />;
      case 'html':
        return <p key={key}>{t.raw}</p>;
      case 'blockKatex':
        return renderMath(t as Tokens.Generic, ctx, key, true);
      default:
        return renderInline([t], ctx);
    }
  });
}
