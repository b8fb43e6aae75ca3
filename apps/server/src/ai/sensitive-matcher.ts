/**
 * Sensitive-word matching with an Aho-Corasick automaton: one pass over the text whatever the
 * number of words, and a state that carries across streamed chunks, so a word split between two
 * deltas (even inside a run of Chinese characters) is still caught.
 *
 * The automaton runs over the folded text (sensitive-normalise.ts: full-width, traditional,
 * separators and emoji between Han characters, Latin case, tone marks), and each listed word is
 * entered in all its forms (the word folded, its pinyin with or without spaces). A hit names the
 * listed word and where its disguised form starts and ends in the original text, so a streamed
 * answer can be cut just before it. A stream also says how much of what it was given can no
 * longer become part of a word (`safeLength`): text past it is held back until it is decided.
 */
import { BOUND, foldCodePoint, formsOf, Kind } from './sensitive-normalise.ts';

export interface SensitiveHit {
  /** The listed word, as listed. */
  word: string;
  /** Its index in the list the matcher was built from. */
  index: number;
  /** Where the matched form starts and ends (UTF-16 offsets into the text, or into the whole stream). */
  start: number;
  end: number;
}

export interface SensitiveStream {
  /** Feeds the next delta; returns the first hit so far (also across chunk boundaries), else null. Once found, it stays. */
  push(chunk: string): SensitiveHit | null;
  /** The stream is over: a word waiting for the end of its Latin run is decided. */
  end(): SensitiveHit | null;
  /** Characters (from the stream's start) that no later delta can make part of a hit. */
  readonly safeLength: number;
}

export interface SensitiveMatcher {
  /** The first listed word found in text, or null. */
  firstMatch(text: string): string | null;
  /** The first hit in text, with where it is. */
  find(text: string): SensitiveHit | null;
  stream(): SensitiveStream;
  /** Distinct listed words (by their folded form). */
  readonly size: number;
}

const NONE = -1;
const BOUND_UNIT = BOUND.charCodeAt(0);
/** Edges live in one map keyed by (node, code unit): compact for 10 000s of nodes. */
const edge = (node: number, c: number) => node * 0x10000 + c;

/**
 * "First" means the word whose occurrence ends earliest in the folded text; of several words
 * ending at the same place, the one listed first. Words that fold to nothing are ignored.
 */
export function buildMatcher(words: string[]): SensitiveMatcher {
  const next = new Map<number, number>();
  const fail: number[] = [0];
  const depth: number[] = [0];
  /** Index (into `words`) of the best word ending at this node or any of its suffixes, and its form's length. */
  const out: number[] = [NONE];
  const outLen: number[] = [0];
  const seen = new Set<string>();
  let longest = 1;

  words.forEach((word, index) => {
    const forms = formsOf(word);
    if (forms.length && !seen.has(forms[0]!)) seen.add(forms[0]!);
    for (const form of forms) {
      let node = 0;
      for (let i = 0; i < form.length; i++) {
        const key = edge(node, form.charCodeAt(i));
        let child = next.get(key);
        if (child === undefined) {
          child = fail.length;
          fail.push(0);
          out.push(NONE);
          outLen.push(0);
          depth.push(i + 1);
          next.set(key, child);
        }
        node = child;
      }
      if (out[node] === NONE) {
        out[node] = index;
        outLen[node] = form.length;
      }
      longest = Math.max(longest, form.length);
    }
  });
  const size = seen.size;

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
    if (inherited !== NONE && (out[node] === NONE || inherited < out[node]!)) {
      out[node] = inherited;
      outLen[node] = outLen[fail[node]!]!;
    }
    for (const [c, child] of children[node]!) {
      fail[child] = step(fail[node]!, c);
      queue.push(child);
    }
  }

  function stream(): SensitiveStream {
    let state = 0;
    let found: SensitiveHit | null = null;
    /** Offset (in the whole stream) of the next code unit to read. */
    let pos = 0;
    let inLatin = false;
    let lastWasBound = false;
    /** A high surrogate that ended the last chunk: its pair comes with the next. */
    let pendingHigh = -1;
    /** Where each of the last `longest` folded units came from, as a ring. */
    const ring = new Float64Array(longest + 1);
    let emitted = 0;
    let safe = 0;

    /** Runs one folded unit (from original offset `at`); true when it completes a word. */
    const feed = (unit: number, at: number, endAt: number): boolean => {
      ring[emitted % ring.length] = at;
      emitted++;
      lastWasBound = unit === BOUND_UNIT;
      state = step(state, unit);
      const hit = out[state]!;
      if (hit === NONE) return false;
      const len = outLen[state]!;
      found = { word: words[hit]!, index: hit, start: ring[(emitted - len) % ring.length]!, end: endAt };
      return true;
    };
    /** Earliest offset a word in progress may start at. */
    const settle = (upTo: number) => {
      const d = depth[state]!;
      safe = Math.max(safe, d > 0 ? ring[(emitted - d) % ring.length]! : upTo);
    };

    const take = (cp: number, at: number, endAt: number): boolean => {
      const f = foldCodePoint(cp);
      if (f.kind === Kind.Latin) {
        if (!inLatin && !lastWasBound && feed(BOUND_UNIT, at, endAt)) return true;
        inLatin = true;
        for (let k = 0; k < f.text.length; k++) if (feed(f.text.charCodeAt(k), at, endAt)) return true;
        return false;
      }
      if (inLatin) {
        inLatin = false;
        // The run ended before this character: a word ending with BOUND ends at `at`.
        if (feed(BOUND_UNIT, at, at)) return true;
      }
      if (f.kind === Kind.Skip) return false;
      for (let k = 0; k < f.text.length; k++) if (feed(f.text.charCodeAt(k), at, endAt)) return true;
      return false;
    };

    return {
      get safeLength() {
        return safe;
      },
      push(chunk) {
        if (found || !size) {
          pos += chunk.length;
          if (!size) safe = pos;
          return found;
        }
        let i = 0;
        if (pendingHigh >= 0 && chunk.length) {
          const low = chunk.charCodeAt(0);
          const paired = low >= 0xdc00 && low <= 0xdfff;
          const cp = paired ? (pendingHigh - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000 : pendingHigh;
          pendingHigh = -1;
          if (take(cp, pos - 1, pos + (paired ? 1 : 0))) return found;
          if (paired) i = 1;
        }
        for (; i < chunk.length; i++) {
          const c = chunk.charCodeAt(i);
          const at = pos + i;
          if (c >= 0xd800 && c <= 0xdbff) {
            if (i + 1 === chunk.length) {
              pendingHigh = c;
              break;
            }
            const low = chunk.charCodeAt(i + 1);
            if (low >= 0xdc00 && low <= 0xdfff) {
              if (take((c - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000, at, at + 2)) return found;
              i++;
              continue;
            }
          }
          if (take(c, at, at + 1)) return found;
        }
        pos += chunk.length;
        settle(pendingHigh >= 0 ? pos - 1 : pos);
        return found;
      },
      end() {
        if (found || !size) return found;
        if (pendingHigh >= 0) {
          const high = pendingHigh;
          pendingHigh = -1;
          if (take(high, pos - 1, pos)) return found;
        }
        if (inLatin) {
          inLatin = false;
          if (feed(BOUND_UNIT, pos, pos)) return found;
        }
        safe = pos;
        return found;
      },
    };
  }

  const find = (text: string) => {
    if (!size) return null;
    const s = stream();
    return s.push(text) ?? s.end();
  };
  return { size, stream, find, firstMatch: (text) => find(text)?.word ?? null };
}
