// The matcher as it was before issue 28 (Latin case folded only), kept for the bench to compare against.
/**
 * Sensitive-word matching with an Aho-Corasick automaton: one pass over the text whatever the
 * number of words, and a state that carries across streamed chunks, so a word split between two
 * deltas (even inside a run of Chinese characters) is still caught.
 *
 * The automaton works on UTF-16 code units, so a chunk boundary falling anywhere — even between
 * the halves of a surrogate pair — changes nothing. Latin letters A–Z match case-insensitively;
 * nothing else is folded or skipped.
 */
export interface SensitiveMatcher {
  /** The first listed word found in text, or null. */
  firstMatch(text: string): string | null;
  /** Incremental matching over a streamed answer: push each delta; returns the first word completed so far (also across chunk boundaries), else null. */
  stream(): { push(chunk: string): string | null };
  readonly size: number;
}

const NONE = -1;
/** Code units 'A'..'Z' fold to 'a'..'z'; all others stand as they are. */
const fold = (c: number) => (c >= 65 && c <= 90 ? c + 32 : c);
/** Edges live in one map keyed by (node, code unit): compact for 10 000s of nodes. */
const edge = (node: number, c: number) => node * 0x10000 + c;

/**
 * "First" means the word whose occurrence ends earliest in the text; of several words ending at
 * the same place (one a suffix of the other), the one listed first. Empty words are ignored —
 * they would match everything.
 */
export function buildMatcher(words: string[]): SensitiveMatcher {
  const next = new Map<number, number>();
  const fail: number[] = [0];
  /** Index (into `words`) of the best word ending at this node or any of its suffixes. */
  const out: number[] = [NONE];
  let size = 0;

  words.forEach((word, index) => {
    if (!word) return;
    let node = 0;
    for (let i = 0; i < word.length; i++) {
      const key = edge(node, fold(word.charCodeAt(i)));
      let child = next.get(key);
      if (child === undefined) {
        child = fail.length;
        fail.push(0);
        out.push(NONE);
        next.set(key, child);
      }
      node = child;
    }
    if (out[node] === NONE) {
      out[node] = index;
      size++;
    }
  });

  // Failure links, breadth first so a node's suffix is finished before the node itself.
  const children: [number, number][][] = fail.map(() => []);
  for (const [key, child] of next) children[Math.floor(key / 0x10000)]!.push([key % 0x10000, child]);
  const step = (state: number, c: number) => {
    for (;;) {
      const to = next.get(edge(state, c));
      if (to !== undefined) return to;
      if (state === 0) return 0;
      state = fail[state]!;
    }
  };
  const queue = children[0]!.map(([, child]) => child);
  for (let q = 0; q < queue.length; q++) {
    const node = queue[q]!;
    const inherited = out[fail[node]!]!;
    if (inherited !== NONE && (out[node] === NONE || inherited < out[node]!)) out[node] = inherited;
    for (const [c, child] of children[node]!) {
      fail[child] = step(fail[node]!, c);
      queue.push(child);
    }
  }

  /** Runs text on from `state`, stopping at the first word completed. */
  const scan = (state: number, text: string): { state: number; hit: string | null } => {
    for (let i = 0; i < text.length; i++) {
      state = step(state, fold(text.charCodeAt(i)));
      const hit = out[state]!;
      if (hit !== NONE) return { state, hit: words[hit]! };
    }
    return { state, hit: null };
  };

  return {
    size,
    firstMatch: (text) => (size ? scan(0, text).hit : null),
    stream() {
      let state = 0;
      let found: string | null = null;
      return {
        push(chunk) {
          if (found !== null || !size) return found;
          ({ state, hit: found } = scan(state, chunk));
          return found;
        },
      };
    },
  };
}
