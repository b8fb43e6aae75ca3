import { useEffect, useState } from 'react';
import { Marked, type RendererExtension, type Tokens, type TokenizerExtension } from 'marked';
import { ALLOWED_URI_REGEXP } from './safe-url.ts';

/** A lexer that also reads formulas, and the HTML of a formula token. */
export interface MathSupport {
  marked: Marked;
  /** The formula as sanitised KaTeX HTML; undefined for a token that is not a formula. */
  html: (token: Tokens.Generic) => string | undefined;
}

// $…$, $$…$$, \(…\) or \[…\]: worth fetching KaTeX for.
const MATH_HINT = /\$|\\\(|\\\[/;

let support: MathSupport | null = null;
let loading: Promise<MathSupport> | null = null;

/**
 * KaTeX comes with x-markdown's Latex plugin (marked extensions whose renderers give KaTeX HTML),
 * fetched with the first formula. trust stays false, so no \href, \url or \includegraphics: a
 * formula carries no link or image. Its HTML still goes through DOMPurify before it is shown.
 */
function loadMath(): Promise<MathSupport> {
  loading ??= Promise.all([import('@ant-design/x-markdown/plugins/Latex'), import('dompurify')]).then(
    ([{ default: Latex }, { default: DOMPurify }]) => {
      // Typed against x-markdown's own copy of marked; the extension shape is marked's, unchanged.
      const extensions = Latex({ katexOptions: { throwOnError: false, trust: false, strict: 'ignore', maxExpand: 1000 } }) as unknown as (TokenizerExtension & RendererExtension)[];
      const renderers = new Map(extensions.map((e) => [e.name, e.renderer]));
      support = {
        marked: new Marked({ extensions }),
        html: (token) => {
          const render = renderers.get(token.type);
          return render ? DOMPurify.sanitize(String(render.call(undefined as never, token)), { ALLOWED_URI_REGEXP }) : undefined;
        },
      };
      return support;
    },
  );
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** Formula support once loaded (null before, or while the text has no formula). */
export function useMath(content: string): MathSupport | null {
  const wanted = MATH_HINT.test(content);
  const [loaded, setLoaded] = useState<MathSupport | null>(support);
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    loadMath().then(
      (s) => live && setLoaded(s),
      () => undefined, // formulas stay as typed
    );
    return () => {
      live = false;
    };
  }, [wanted, loaded]);
  return wanted ? loaded : null;
}
