import { terms } from './segment.ts';
import { tsvectorOf } from './search-terms.ts';

/** What a text is indexed by: its words (segment.ts), space-separated in order, and the same words as a tsvector literal with its length. */
export interface TextTerms { words: string; tsv: string; termCount: number }

export function textTerms(text: string): TextTerms {
  const words = terms(text);
  const { literal, count } = tsvectorOf(words);
  return { words: words.join(' '), tsv: literal, termCount: count };
}
