/**
 * What the sensitive-word matcher sees of a text: each code point folded to a canonical form, so
 * the usual ways of disguising a word match the word itself (issue 28):
 * - full-width and other compatibility forms → plain (NFKC), accents and tone marks dropped, Latin
 *   letters lower-cased (`ＳＥＸ`, `zì shā` → `sex`, `zi sha`);
 * - traditional characters → simplified (opencc-js, character by character: 殺 → 杀);
 * - separators, punctuation, symbols, emoji, zero-width and other invisible characters are
 *   skipped, so between Han characters they vanish (`自 杀`, `自*杀`, `自\u200b杀`, `自😀杀`);
 * - a run of Latin letters and digits is framed by BOUND on both sides, and separators between two
 *   runs give one BOUND: pinyin forms of a word match whole Latin words only (`zi sha`, `zisha`,
 *   but not the `zisha` inside `nazi shall`);
 * - Chinese clause punctuation (。，、；：！？) and line breaks end a clause (BREAK): no word is
 *   matched across one (`各自，杀菌` is two clauses, not 自杀).
 *
 * The dictionaries (opencc-js, pinyin-pro) are loaded on first use, once per process.
 */
import { createRequire } from 'node:module';
import type * as OpenCC from 'opencc-js/t2cn';

const require = createRequire(import.meta.url);

/** Stands for the edge of a run of Latin letters or digits. */
export const BOUND = '\u0001';
/** A sentence end: no listed word contains it, so matching restarts after it. */
export const BREAK = '\u0002';

/** How one code point takes part: skipped, a Latin letter or digit, another letter (Han…), a sentence end. */
export const Kind = { Skip: 0, Latin: 1, Letter: 2, Break: 3 } as const;
export type Kind = (typeof Kind)[keyof typeof Kind];
export interface Folded { kind: Kind; text: string }

let toSimplified: ((s: string) => string) | undefined;
function simplified(s: string): string {
  toSimplified ??= (require('opencc-js/t2cn') as typeof OpenCC).Converter({ from: 'tw', to: 'cn' });
  return toSimplified(s);
}

/** Chinese clause punctuation (。，、；：！？) and line separators: natural text, not a disguise. */
const CLAUSE_ENDS = new Set([0x3002, 0xff61, 0xff0c, 0x3001, 0xff1b, 0xff1a, 0xff01, 0xff1f, 0x2028, 0x2029]);
const SKIP: Folded = { kind: Kind.Skip, text: '' };
const BREAK_CHAR: Folded = { kind: Kind.Break, text: BREAK };
const folded = new Map<number, Folded>();
const NOT_LETTER = /[^\p{L}\p{N}]/gu;
const MARKS = /\p{M}/gu;
const LATIN = /^[a-z0-9]+$/;
const HAN = /\p{Script=Han}/u;

/** The folded form of one code point (cached: a text repeats few distinct characters). */
export function foldCodePoint(cp: number): Folded {
  // ASCII first: most of an answer, and no table lookup.
  if (cp < 128) {
    if ((cp >= 97 && cp <= 122) || (cp >= 48 && cp <= 57)) return { kind: Kind.Latin, text: String.fromCharCode(cp) };
    if (cp >= 65 && cp <= 90) return { kind: Kind.Latin, text: String.fromCharCode(cp + 32) };
    return cp === 10 || cp === 13 ? BREAK_CHAR : SKIP;
  }
  let f = folded.get(cp);
  if (f) return f;
  if (CLAUSE_ENDS.has(cp)) f = BREAK_CHAR;
  else {
    const text = String.fromCodePoint(cp).normalize('NFKC').normalize('NFD').replace(MARKS, '').toLowerCase().replace(NOT_LETTER, '');
    if (!text) f = SKIP;
    else if (LATIN.test(text)) f = { kind: Kind.Latin, text };
    else f = { kind: Kind.Letter, text: HAN.test(text) ? simplified(text) : text };
  }
  folded.set(cp, f);
  return f;
}

/**
 * The folded text as the matcher runs over it (used for listed words and in tests; the matcher
 * folds streamed text itself, code point by code point, with the same rules).
 */
export function normalise(text: string): string {
  let out = '';
  let inLatin = false;
  for (const ch of text) {
    const f = foldCodePoint(ch.codePointAt(0)!);
    if (f.kind === Kind.Latin) {
      if (!inLatin && !out.endsWith(BOUND)) out += BOUND;
      inLatin = true;
      out += f.text;
    } else if (f.kind !== Kind.Skip || inLatin) {
      if (inLatin) out += BOUND;
      inLatin = false;
      if (f.kind !== Kind.Skip) out += f.text;
    }
  }
  return inLatin ? out + BOUND : out;
}

type PinyinFn = (text: string, options: { toneType: 'none'; type: 'array'; multiple?: boolean }) => string[];
let pinyinFn: PinyinFn | undefined;
/** Each character's readings (tones dropped), asked once: most characters have one, and then the word needs no call. */
const readings = new Map<string, string[]>();

/** A word's syllables: from the characters' single readings, or for a word with a polyphonic character, in context. */
function syllablesOf(word: string): string[] {
  pinyinFn ??= (require('pinyin-pro') as { pinyin: PinyinFn }).pinyin;
  const fn = pinyinFn;
  const chars = [...word];
  const each = chars.map((c) => {
    let r = readings.get(c);
    if (!r) readings.set(c, (r = [...new Set(fn(c, { toneType: 'none', type: 'array', multiple: true }))]));
    return r;
  });
  return each.every((r) => r.length === 1) ? each.map((r) => r[0]!) : fn(word, { toneType: 'none', type: 'array' });
}
const ALL_HAN = /^\p{Script=Han}{2,}$/u;
/** Words of more syllables get only the joined and the fully spaced pinyin forms. */
const MAX_SPACING_SYLLABLES = 4;

/**
 * The forms of a listed word the matcher looks for: the word itself folded (Latin words keep
 * substring matching, without their outer BOUNDs), and for a word of two or more Han characters
 * its full pinyin (tones dropped) as whole Latin words, with or without a space between syllables.
 * Single characters get no pinyin form: one syllable is too common (`qiang`, `si`).
 */
export function formsOf(word: string): string[] {
  let main = normalise(word);
  if (main.startsWith(BOUND)) main = main.slice(1);
  if (main.endsWith(BOUND)) main = main.slice(0, -1);
  if (!main) return [];
  const forms = [main];
  if (ALL_HAN.test(main)) {
    const syllables = syllablesOf(main).map((s) => normalise(s).replaceAll(BOUND, ''));
    if (syllables.every((s) => LATIN.test(s))) {
      const gaps = syllables.length - 1;
      const masks = gaps <= MAX_SPACING_SYLLABLES - 1 ? Array.from({ length: 2 ** gaps }, (_, m) => m) : [0, 2 ** gaps - 1];
      for (const mask of masks) {
        const joined = syllables.map((s, i) => (i > 0 && mask & (1 << (i - 1)) ? BOUND : '') + s).join('');
        forms.push(BOUND + joined + BOUND);
      }
    }
  }
  return forms;
}
