import { describe, expect, it } from 'vitest';
import type { RobotRow } from '../../db/schema/robots.ts';
import { buildMessages, estimateTokens, parseRelatedQuestions } from './prompt.ts';

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

describe('buildMessages on a small model', () => {
  // Only the fields the system prompt reads; the rest of a robot row does not matter here.
  const robot = { name: '语文助手', info: '', extra: { introduce: '' } } as unknown as RobotRow;
  const base = { robot, question: '这首诗写的是哪个季节？', parts: null, sources: [], history: [], isShort: false, contextWindow: 4096 };

  it('cuts a long lesson and the attachments so the prompt still fits the window', () => {
    const lesson = { planTitle: '古诗', title: '《春晓》', content: '春眠不觉晓。'.repeat(2_000) };
    const annex = [{ name: '讲义.txt', url: '/f/1', text: '处处闻啼鸟。'.repeat(2_000) }];
    const teaching = ['老师订正的回答1：' + '花落知多少。'.repeat(150)];
    const [system] = buildMessages({ ...base, annex, lesson, teaching });
    const budget = 4096 - 1024;
    expect(estimateTokens(system!.content as string)).toBeLessThanOrEqual(budget);
    expect(system!.content).toContain('《春晓》');
    expect(system!.content).toContain('附件内容过长，已截断');
  });

  it('names the files sent without text (a video, an archive), after the text of the ones read', () => {
    const annex = [{ name: '讲义.txt', url: '/f/1', text: '春眠不觉晓。' }, { name: '朗读.mp3', url: '/f/2' }, { name: '课件包.zip', url: '/f/3' }];
    const [system] = buildMessages({ ...base, annex });
    expect(system!.content).toContain('【讲义.txt】\n春眠不觉晓。');
    expect(system!.content).toContain('用户还附上了以下文件（内容无法读取，只能看到文件名）：【朗读.mp3】、【课件包.zip】');
  });
});
