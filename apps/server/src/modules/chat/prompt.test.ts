import { describe, expect, it } from 'vitest';
import { parseRelatedQuestions } from './prompt.ts';

/** What models answer to the related-questions request, in the forms seen in the wild (issue 27). */
const THREE = ['问题一？', '问题二？', '问题三？'];

describe('parseRelatedQuestions', () => {
  it('reads a JSON array as separate questions', () => {
    expect(parseRelatedQuestions('["问题一？","问题二？","问题三？"]')).toEqual(THREE);
    expect(parseRelatedQuestions('[\n  "问题一？",\n  "问题二？",\n  "问题三？"\n]')).toEqual(THREE);
  });

  it('reads a JSON array in a code fence, with words around it', () => {
    expect(parseRelatedQuestions('```json\n["问题一？", "问题二？", "问题三？"]\n```')).toEqual(THREE);
    expect(parseRelatedQuestions('好的，以下是相关问题：\n```\n["问题一？","问题二？","问题三？"]\n```')).toEqual(THREE);
  });

  it('reads a JSON object holding the list', () => {
    expect(parseRelatedQuestions('{"questions": ["问题一？","问题二？","问题三？"]}')).toEqual(THREE);
  });

  it('reads numbered lists in their usual spellings', () => {
    expect(parseRelatedQuestions('1. 问题一？\n2. 问题二？\n3. 问题三？')).toEqual(THREE);
    expect(parseRelatedQuestions('1、问题一？\n2）问题二？\n(3) 问题三？')).toEqual(THREE);
    expect(parseRelatedQuestions('（1）问题一？\nQ2: 问题二？\n3.问题三？')).toEqual(THREE);
    // A question that starts with a number keeps it.
    expect(parseRelatedQuestions('2024年高考考什么？')).toEqual(['2024年高考考什么？']);
  });

  it('reads bulleted lists, bold and quoted items', () => {
    expect(parseRelatedQuestions('- 问题一？\n* 问题二？\n• 问题三？')).toEqual(THREE);
    expect(parseRelatedQuestions('- **问题一？**\n- “问题二？”\n- "问题三？"')).toEqual(THREE);
  });

  it('reads plain lines, skipping blank lines and a lead-in', () => {
    expect(parseRelatedQuestions('问题一？\n\n问题二？\r\n问题三？\n')).toEqual(THREE);
    expect(parseRelatedQuestions('你可能还想问：\n问题一？\n问题二？\n问题三？')).toEqual(THREE);
  });

  it('keeps at most three, drops repeats, empty and overlong items, never a bracket or quote left over', () => {
    expect(parseRelatedQuestions('["问题一？","问题一？","","问题二？","问题三？","问题四？"]')).toEqual(THREE);
    expect(parseRelatedQuestions(`["${'长'.repeat(80)}？","问题一？"]`)).toEqual(['问题一？']);
    for (const raw of ['["问题一？",', '[问题一？, 问题二？]', '```\n问题一？\n```']) {
      for (const q of parseRelatedQuestions(raw)) expect(q).not.toMatch(/^[[\]"`,]|[[\]"`,]$/);
    }
    expect(parseRelatedQuestions('')).toEqual([]);
    expect(parseRelatedQuestions('[]')).toEqual([]);
    // Brackets inside plain lines are not JSON.
    expect(parseRelatedQuestions('1. 数组[1,2]怎么遍历？\n2. 问题二？')).toEqual(['数组[1,2]怎么遍历？', '问题二？']);
  });
});
