import { CodeFrame } from './CodeFrame.tsx';
import { HtmlRunButton } from './HtmlRunButton.tsx';
import { MermaidBlock } from './MermaidBlock.tsx';
import { fenceLanguage, isHtmlLanguage } from './code-language.ts';

interface Props {
  /** The fence's info string. */
  lang: string | undefined;
  code: string;
  /** The fence has closed: the block will not change any more. */
  done: boolean;
}

/** A code block (lazy chunk): a frame with copy, 运行 for HTML (sandboxed preview) and, once closed, a diagram for mermaid. */
export default function CodeBlock({ lang, code, done }: Props) {
  const language = fenceLanguage(lang);
  if (language === 'mermaid' && done) return <MermaidBlock code={code} />;
  const run = isHtmlLanguage(language) && done ? <HtmlRunButton code={code} /> : undefined;
  return <CodeFrame lang={language} code={code} actions={run} />;
}
