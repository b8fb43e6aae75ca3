import { lazy, Suspense, type ReactNode } from 'react';
import { CopyButton } from './CopyButton.tsx';
import { prismGrammar } from './code-language.ts';

// The highlighter (Prism via react-syntax-highlighter) loads with the first code block.
const HighlightedCode = lazy(() => import('./HighlightedCode.tsx'));

interface Props {
  lang: string;
  code: string;
  /** Extra header buttons (运行, 查看图表) shown before the copy button. */
  actions?: ReactNode;
  /** Replaces the highlighted source (a rendered diagram). */
  children?: ReactNode;
}

function PlainCode({ code }: { code: string }) {
  return (
    <pre className="chat-md-code-plain">
      <code>{code}</code>
    </pre>
  );
}

/** A fenced code block: language label, actions, copy button, highlighted source. */
export function CodeFrame({ lang, code, actions, children }: Props) {
  const grammar = prismGrammar(lang);
  const source = code.replace(/\n$/, '');
  return (
    <div className="chat-md-code">
      <div className="chat-md-code-header">
        <span className="chat-md-code-lang">{lang || 'text'}</span>
        <span className="chat-md-code-actions">
          {actions}
          <CopyButton text={source} />
        </span>
      </div>
      <div className="chat-md-code-body">
        {children ??
          (grammar ? (
            <Suspense fallback={<PlainCode code={source} />}>
              <HighlightedCode grammar={grammar} code={source} />
            </Suspense>
          ) : (
            <PlainCode code={source} />
          ))}
      </div>
    </div>
  );
}
