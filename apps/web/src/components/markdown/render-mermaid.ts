import type { Mermaid } from 'mermaid';

let loading: Promise<Mermaid> | null = null;
let seq = 0;

/** mermaid is large: fetched on the first diagram only, and always in strict mode (design.md §8). */
function loadMermaid(): Promise<Mermaid> {
  loading ??= import('mermaid').then(({ default: mermaid }) => {
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });
    return mermaid;
  });
  loading.catch(() => {
    loading = null; // a failed chunk download may succeed on the next diagram
  });
  return loading;
}

/** The diagram as an SVG string; rejects when the source does not parse. */
export async function renderMermaid(code: string): Promise<string> {
  const mermaid = await loadMermaid();
  const id = `chat-mermaid-${++seq}`;
  try {
    const { svg } = await mermaid.render(id, code);
    return svg;
  } finally {
    // mermaid leaves its scratch element (and an error picture) in <body> when a render fails.
    document.getElementById(id)?.remove();
    document.getElementById(`d${id}`)?.remove();
  }
}
