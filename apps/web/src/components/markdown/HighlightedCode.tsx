import { use } from 'react';
import PrismLight from 'react-syntax-highlighter/dist/esm/prism-light';
import oneLight from 'react-syntax-highlighter/dist/esm/styles/prism/one-light';
import { GRAMMAR_LOADERS } from './prism-grammars.ts';

const ready = new Map<string, Promise<void>>();

/** Registers a grammar once per page; one that fails to load leaves its blocks unhighlighted. */
function grammarReady(grammar: string): Promise<void> {
  let loading = ready.get(grammar);
  if (!loading) {
    const load = GRAMMAR_LOADERS[grammar];
    loading = load ? load().then((m) => PrismLight.registerLanguage(grammar, m.default), () => undefined) : Promise.resolve();
    ready.set(grammar, loading);
  }
  return loading;
}

const FRAME_STYLE = { margin: 0, padding: '12px 16px', background: 'transparent', fontSize: 13 };

/** Highlighted source (lazy chunk): suspends until the grammar is registered. */
export default function HighlightedCode({ grammar, code }: { grammar: string; code: string }) {
  use(grammarReady(grammar));
  return (
    <PrismLight language={grammar} style={oneLight} customStyle={FRAME_STYLE}>
      {code}
    </PrismLight>
  );
}
