import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildMatcher } from './sensitive-matcher.ts';

/** The obvious answer: is any listed word in the text (Latin letters folded)? */
const lowerLatin = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
const naiveAny = (words: string[], text: string) => words.some((w) => w && lowerLatin(text).includes(lowerLatin(w)));

/** Feeds text to a stream in the given pieces; returns what the last push answered. */
function streamed(words: string[], pieces: string[]) {
  const s = buildMatcher(words).stream();
  let hit: string | null = null;
  for (const p of pieces) hit = s.push(p);
  return hit;
}

describe('buildMatcher', () => {
  it('finds nothing with an empty list, and ignores empty words', () => {
    expect(buildMatcher([]).firstMatch('任何内容')).toBeNull();
    expect(buildMatcher([]).size).toBe(0);
    expect(buildMatcher(['']).firstMatch('abc')).toBeNull();
    expect(buildMatcher([]).stream().push('abc')).toBeNull();
  });

  it('answers the word found first in the text, with overlapping and nested words', () => {
    const m = buildMatcher(['she', 'he', 'hers', '赌博网站', '博网']);
    expect(m.firstMatch('ushers')).toBe('she');
    expect(m.firstMatch('ahe')).toBe('he');
    expect(m.firstMatch('xhersx')).toBe('he');
    expect(m.firstMatch('这是赌博网站')).toBe('博网');
    expect(m.firstMatch('赌博网')).toBe('博网');
    expect(m.firstMatch('赌博')).toBeNull();
    // Of two words ending at the same place, the one listed first.
    expect(buildMatcher(['he', 'she']).firstMatch('she')).toBe('he');
  });

  it('folds Latin letters only and skips nothing', () => {
    const m = buildMatcher(['BadWord', '敏感词']);
    expect(m.firstMatch('a BADWORD here')).toBe('BadWord');
    expect(m.firstMatch('badword')).toBe('BadWord');
    expect(m.firstMatch('bad word')).toBeNull();
    expect(m.firstMatch('敏 感词')).toBeNull();
    expect(buildMatcher(['ǅ']).firstMatch('ǆ')).toBeNull();
  });

  it('counts distinct words as its size', () => {
    expect(buildMatcher(['ab', 'AB', 'ab', '', '中文']).size).toBe(2);
  });

  it('catches a word split across streamed chunks, inside Chinese text and surrogate pairs', () => {
    expect(streamed(['敏感词汇'], ['这里有敏', '感', '词', '汇出现'])).toBe('敏感词汇');
    expect(streamed(['敏感词汇'], ['这里有敏', '感词'])).toBeNull();
    const emoji = '😀违禁';
    expect(streamed([emoji], [emoji.slice(0, 1), emoji.slice(1, 3), emoji.slice(3)])).toBe(emoji);
    expect(streamed(['abc'], ['xA', 'B', 'Cy'])).toBe('abc');
  });

  it('keeps answering the first word once one is found', () => {
    const s = buildMatcher(['甲', '乙']).stream();
    expect(s.push('无')).toBeNull();
    expect(s.push('乙')).toBe('乙');
    expect(s.push('甲')).toBe('乙');
  });

  it('builds 10 000 words and still finds each of them', () => {
    const words = Array.from({ length: 10_000 }, (_, i) => `词${i.toString(36)}语`);
    const m = buildMatcher(words);
    expect(m.size).toBe(10_000);
    for (const i of [0, 1, 4_999, 9_999]) expect(m.firstMatch(`前文${words[i]}后文`)).toBe(words[i]);
    expect(m.firstMatch('词语'.repeat(1_000))).toBeNull();
  });

  // A small alphabet so words and texts overlap often.
  const char = fc.constantFrom('a', 'b', 'A', 'B', '中', '文', '😀');
  const str = (max: number) => fc.array(char, { maxLength: max }).map((a) => a.join(''));

  it('agrees with a naive search on random words and texts', () => {
    fc.assert(
      fc.property(fc.array(str(4), { maxLength: 8 }), str(24), (words, text) => {
        const hit = buildMatcher(words).firstMatch(text);
        expect(hit !== null).toBe(naiveAny(words, text));
        if (hit !== null) {
          expect(words).toContain(hit);
          expect(lowerLatin(text)).toContain(lowerLatin(hit));
          // Nothing ends earlier than the word reported.
          const end = lowerLatin(text).indexOf(lowerLatin(hit)) + hit.length;
          expect(naiveAny(words, text.slice(0, end - 1))).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('answers the same streamed in any pieces as on the whole text', () => {
    fc.assert(
      fc.property(fc.array(str(4), { maxLength: 8 }), str(24), fc.array(fc.nat(24), { maxLength: 6 }), (words, text, cuts) => {
        const at = [...new Set(cuts.filter((c) => c <= text.length))].sort((a, b) => a - b);
        const pieces = [0, ...at].map((from, i) => text.slice(from, [...at, text.length][i]));
        expect(streamed(words, pieces)).toBe(buildMatcher(words).firstMatch(text));
      }),
      { numRuns: 500 },
    );
  });
});
