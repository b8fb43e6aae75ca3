import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildMatcher } from './sensitive-matcher.ts';
import { BOUND, formsOf, normalise } from './sensitive-normalise.ts';
import { EVASIONS, FRAMES, LISTED, NEAR_MISSES } from '../../test/fixtures/sensitive-corpus.ts';

/** The obvious answer: is any form of any listed word in the folded text? */
const naiveAny = (words: string[], text: string) => words.some((w) => formsOf(w).some((f) => normalise(text).includes(f)));

/** Feeds text to a stream in the given pieces; returns the word of the hit after the last piece and the end. */
function streamed(words: string[], pieces: string[]) {
  const s = buildMatcher(words).stream();
  let hit = null;
  for (const p of pieces) hit = s.push(p);
  return (hit ?? s.end())?.word ?? null;
}

/** Cuts text into pieces of `n` code units (so surrogate pairs and separators fall anywhere). */
const piecesOf = (text: string, n: number) => Array.from({ length: Math.ceil(text.length / n) }, (_, i) => text.slice(i * n, i * n + n));

describe('buildMatcher', () => {
  it('finds nothing with an empty list, and ignores words that fold to nothing', () => {
    expect(buildMatcher([]).firstMatch('任何内容')).toBeNull();
    expect(buildMatcher([]).size).toBe(0);
    expect(buildMatcher(['', ' *']).firstMatch('abc * ')).toBeNull();
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
    expect(buildMatcher(['he', 'she']).firstMatch('she')).toBe('he');
  });

  it('folds case, width and accents; skips separators between Han characters but not inside Latin words', () => {
    const m = buildMatcher(['BadWord', '敏感词']);
    expect(m.firstMatch('a BADWORD here')).toBe('BadWord');
    expect(m.firstMatch('ｂａｄｗｏｒｄ')).toBe('BadWord');
    expect(m.firstMatch('bädwörd')).toBe('BadWord');
    expect(m.firstMatch('bad word')).toBeNull();
    expect(m.firstMatch('敏 感\u200b词')).toBe('敏感词');
    expect(m.firstMatch('敏，感词')).toBeNull();
  });

  it('counts distinct words (by their folded form) as its size', () => {
    expect(buildMatcher(['ab', 'AB', 'ａｂ', '', '中文', '中 文']).size).toBe(2);
  });

  it('catches a word split across streamed chunks, inside Chinese text and surrogate pairs', () => {
    expect(streamed(['敏感词汇'], ['这里有敏', '感', '词', '汇出现'])).toBe('敏感词汇');
    expect(streamed(['敏感词汇'], ['这里有敏', '感词'])).toBeNull();
    expect(streamed(['违禁'], ['违', '\ud83d', '\ude00', '禁'])).toBe('违禁');
    expect(streamed(['abc'], ['xA', 'B', 'Cy'])).toBe('abc');
  });

  it('keeps answering the first hit once one is found', () => {
    const s = buildMatcher(['甲', '乙']).stream();
    expect(s.push('无')).toBeNull();
    expect(s.push('乙')?.word).toBe('乙');
    expect(s.push('甲')?.word).toBe('乙');
  });

  it('says where the disguised word starts and holds back only what may still become one', () => {
    const m = buildMatcher(['自杀']);
    expect(m.find('今天我想自 * 杀了')).toMatchObject({ word: '自杀', start: 4, end: 9 });
    const s = m.stream();
    expect(s.push('你好，我来自')).toBeNull();
    expect(s.safeLength).toBe(5);
    expect(s.push('北京')).toBeNull();
    expect(s.safeLength).toBe(8);
    expect(s.push('我想zi')).toBeNull();
    expect(s.safeLength).toBe(10);
    expect(s.push(' sha')).toBeNull();
    expect(s.end()).toMatchObject({ word: '自杀', start: 10, end: 16 });
  });

  it('builds 10 000 words and still finds each of them', () => {
    const words = Array.from({ length: 10_000 }, (_, i) => `词${i.toString(36)}语`);
    const m = buildMatcher(words);
    expect(m.size).toBe(10_000);
    for (const i of [0, 1, 4_999, 9_999]) expect(m.firstMatch(`前文${words[i]}后文`)).toBe(words[i]);
    expect(m.firstMatch('词语'.repeat(1_000))).toBeNull();
  });

  // A small alphabet so words and texts overlap often (and with separators, emoji and width).
  const char = fc.constantFrom('a', 'b', 'A', 'Ｂ', ' ', '中', '文', '😀', '，', '*');
  const str = (max: number) => fc.array(char, { maxLength: max }).map((a) => a.join(''));

  it('agrees with a naive search over the folded text on random words and texts', () => {
    fc.assert(
      fc.property(fc.array(str(4), { maxLength: 8 }), str(24), (words, text) => {
        const hit = buildMatcher(words).find(text);
        expect(hit !== null).toBe(naiveAny(words, text));
        if (hit !== null) {
          expect(words).toContain(hit.word);
          // Nothing ends earlier than the hit, and the hit is in its span.
          expect(naiveAny(words, text.slice(0, hit.end - 1))).toBe(false);
          expect(naiveAny([hit.word], text.slice(hit.start, hit.end + 1))).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('answers the same streamed in any pieces as on the whole text', () => {
    fc.assert(
      fc.property(fc.array(str(4), { maxLength: 8 }), str(24), fc.array(fc.nat(24), { maxLength: 6 }), (words, text, cuts) => {
        const at = [...new Set(cuts.filter((c) => c <= text.length))].sort((a, b) => a - b);
        const pieces = [0, ...at].map((from, i) => text.slice(from, [...at, text.length][i]));
        expect(streamed(words, pieces)).toBe(buildMatcher(words).firstMatch(text));
      }),
      { numRuns: 400 },
    );
  });
});

describe('evasions and near misses (issue 28 corpus)', () => {
  const m = buildMatcher(LISTED.map((w) => w.word));

  for (const [name, disguise] of Object.entries(EVASIONS)) {
    it(`catches ${name} in a question and streamed in pieces in an answer`, () => {
      for (const w of LISTED) {
        const disguised = disguise(w);
        if (disguised === null) continue;
        for (const frame of FRAMES) {
          const text = frame.replace('{}', disguised);
          expect(m.firstMatch(text), text).toBe(w.word);
          for (const n of [1, 2, 3]) expect(streamed(LISTED.map((l) => l.word), piecesOf(text, n)), `${text} /${n}`).toBe(w.word);
        }
      }
    });
  }

  it('lets near-miss words pass, apart from the two known pinyin collisions', () => {
    const caught = NEAR_MISSES.filter((s) => m.firstMatch(s) !== null);
    expect(caught).toEqual(['Yixing zisha teapot', "Poe's detective Dupin"]);
  });

  it('matches pinyin as whole Latin words only', () => {
    expect(m.firstMatch('nazi shall')).toBeNull();
    expect(m.firstMatch('wo xiang zisha')).toBe('自杀');
    expect(formsOf('自杀')).toContain(`${BOUND}zi${BOUND}sha${BOUND}`);
  });
});
