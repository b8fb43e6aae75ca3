import { describe, expect, it } from 'vitest';
import { candidateTerms } from './keyword-search.ts';

describe('candidate terms of the keyword search', () => {
  const terms = [{ term: '的', df: 40_000 }, { term: '借阅', df: 300 }, { term: '图书', df: 1_500 }, { term: '罚款', df: 90 }];

  it('scores a small base whole', () => {
    expect(candidateTerms(terms, 1_800)).toEqual(['的', '借阅', '图书', '罚款']);
  });

  it('on a large base, takes the rarest terms within 2 000 postings, and always at least one', () => {
    expect(candidateTerms(terms, 100_000)).toEqual(['罚款', '借阅', '图书']);
    expect(candidateTerms([{ term: '的', df: 40_000 }, { term: '是', df: 30_000 }], 100_000)).toEqual(['是']);
  });
});
