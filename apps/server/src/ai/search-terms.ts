import { terms } from './segment.ts';

const HAN_RUN = /\p{Script=Han}+/gu;

/** A text's terms, as indexed and as asked: the server uses searchTerms; benchmarks compare others. */
export type TermsOf = (text: string) => string[];

/**
 * Index and query terms from a word segmenter: its words, plus every Han character and every pair
 * of neighbouring Han characters. Words carry meaning; characters and pairs make a question meet
 * a text the segmenter cut differently (借 / 借阅, 几本书 / 十本图书), as CJK search engines do.
 */
export function searchTermsWith(words: TermsOf): TermsOf {
  return (text) => {
    const out = words(text);
    for (const [run] of text.toLowerCase().matchAll(HAN_RUN)) {
      const chars = [...run];
      for (let i = 0; i < chars.length; i++) {
        out.push(chars[i]!);
        if (i + 1 < chars.length) out.push(chars[i]! + chars[i + 1]!);
      }
    }
    return out;
  };
}

/** The server's terms: ICU word segments (see ../segment.ts) with Han characters and pairs. */
export const searchTerms: TermsOf = searchTermsWith(terms);

/** PostgreSQL's limits on a tsvector: positions up to 16383, at most 256 of them per lexeme, lexemes under 2 KB. */
const MAX_POSITION = 16_383;
const MAX_POSITIONS_PER_TERM = 256;
const MAX_TERM_BYTES = 2_000;

const quote = (term: string) => `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
const storable = (t: string) => Buffer.byteLength(t) <= MAX_TERM_BYTES;

/**
 * A text's terms, in order, as a tsvector literal (`'词':1,4 'ab':2`). Written out rather than
 * built by to_tsvector, so what is indexed is exactly our segmenter's terms, whatever the
 * server's locale or text-search parser would make of Chinese. `count` is the text's length in terms (BM25).
 */
export function tsvectorOf(textTerms: string[]): { literal: string; count: number } {
  const list = textTerms.filter(storable);
  const positions = new Map<string, number[]>();
  list.forEach((t, i) => {
    const at = positions.get(t) ?? [];
    if (at.length < MAX_POSITIONS_PER_TERM) at.push(Math.min(i + 1, MAX_POSITION));
    positions.set(t, at);
  });
  const literal = [...positions].map(([t, at]) => `${quote(t)}:${[...new Set(at)].join(',')}`).join(' ');
  return { literal, count: list.length };
}

/** A question's distinct terms, in order. */
export const queryTerms = (question: string, termsOf: TermsOf) => [...new Set(termsOf(question).filter(storable))];

/** Any of the terms, as a tsquery literal (`'a' | 'b'`); null when there is none. */
export const anyOf = (list: string[]) => (list.length ? list.map(quote).join(' | ') : null);
