import { useEffect, useState } from 'react';
import type { XMarkdownProps } from '@ant-design/x-markdown';

type Extensions = NonNullable<NonNullable<XMarkdownProps['config']>['extensions']>;

// $…$, $$…$$, \(…\) or \[…\]: worth fetching KaTeX for.
const MATH_HINT = /\$|\\\(|\\\[/;

let extensions: Extensions | null = null;
let loading: Promise<Extensions> | null = null;

/** KaTeX and its stylesheet come with x-markdown's Latex plugin: fetched with the first formula. */
function loadLatex(): Promise<Extensions> {
  loading ??= import('@ant-design/x-markdown/plugins/Latex').then(({ default: Latex }) => {
    // trust stays false: no \href, \url or \includegraphics, so a formula cannot carry a link or image.
    extensions = Latex({ katexOptions: { throwOnError: false, trust: false, strict: 'ignore', maxExpand: 1000 } });
    return extensions;
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** The marked extensions for math once loaded (null before, or when the text has no formula). */
export function useLatexExtensions(content: string): Extensions | null {
  const wanted = MATH_HINT.test(content);
  const [loaded, setLoaded] = useState<Extensions | null>(extensions);
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    loadLatex().then(
      (ext) => live && setLoaded(ext),
      () => undefined, // formulas stay as typed
    );
    return () => {
      live = false;
    };
  }, [wanted, loaded]);
  return loaded;
}
