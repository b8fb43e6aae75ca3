import { describe, expect, it } from 'vitest';
import { shownQuestions } from './shown-questions.ts';

describe('shownQuestions', () => {
  it('shows 3 by default and all in mode 1', () => {
    const q = ['a', 'b', 'c', 'd'];
    expect(shownQuestions(q, 0)).toEqual(['a', 'b', 'c']);
    expect(shownQuestions(q, 1)).toEqual(q);
  });
});
