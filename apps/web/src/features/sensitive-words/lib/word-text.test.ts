import { describe, expect, it } from 'vitest';
import { decodeWordFile, wordsIn } from './word-text.ts';

describe('wordsIn', () => {
  it('splits lines and commas (ASCII or Chinese) and drops blanks', () => {
    expect(wordsIn(' 赌博 \r\n\n色情，暴力, abc ,\n  ')).toEqual(['赌博', '色情', '暴力', 'abc']);
    expect(wordsIn('')).toEqual([]);
  });
});

describe('decodeWordFile', () => {
  it('reads UTF-8, with or without a byte-order mark', () => {
    const utf8 = new TextEncoder().encode('敏感词\n第二个');
    expect(decodeWordFile(utf8.buffer)).toBe('敏感词\n第二个');
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]);
    expect(decodeWordFile(bom.buffer)).toBe('敏感词\n第二个');
  });

  it('falls back to GBK for a list saved by a Chinese Windows editor', () => {
    // 敏感 in GBK
    const gbk = new Uint8Array([0xc3, 0xf4, 0xb8, 0xd0]);
    expect(decodeWordFile(gbk.buffer)).toBe('敏感');
  });
});
