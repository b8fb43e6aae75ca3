import { describe, expect, it } from 'vitest';
import { parseRewrite, rewritePrompt } from './query-rewrite.ts';

describe('query rewrite', () => {
  it('shows the model the latest exchanges in the order they were said, then the question', () => {
    const history = [3, 2, 1, 0].map((n) => ({ question: `问题${n}`, answer: `回答${n}` })); // newest first, as the chat reads it
    const [, user] = rewritePrompt(history, '那礼拜六呢？');
    expect(user!.content).toBe('对话：\n学生：问题1\n助手：回答1\n学生：问题2\n助手：回答2\n学生：问题3\n助手：回答3\n\n最新问题：那礼拜六呢？');
    expect(rewritePrompt([], '图书馆几点开门？')[1]!.content).toBe('最新问题：图书馆几点开门？');
  });

  it('takes the first line without a label or quotes, at most 200 characters; nothing gives the question back', () => {
    expect(parseRewrite('\n检索语句：“图书馆 周末 开放时间”\n解释：……', '那礼拜六呢？')).toBe('图书馆 周末 开放时间');
    expect(parseRewrite('  \n ', '那礼拜六呢？')).toBe('那礼拜六呢？');
    expect(parseRewrite('长'.repeat(500), '问')).toHaveLength(200);
  });
});
