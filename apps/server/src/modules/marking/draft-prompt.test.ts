import { describe, expect, it } from 'vitest';
import { draftMessages, parseDraft } from './draft-prompt.ts';

const RUBRIC = [
  { name: '内容', points: 60, description: '' },
  { name: '表达', points: 40, description: '' },
];

describe('parseDraft', () => {
  it('reads plain, fenced and wrapped JSON, clamping each score to its points', () => {
    const want = { scores: [{ name: '内容', score: 60 }, { name: '表达', score: 0 }], comment: '好' };
    expect(parseDraft('{"scores":[{"name":"内容","score":75},{"name":"表达","score":-3}],"comment":"好"}', RUBRIC)).toEqual(want);
    expect(parseDraft('```json\n{"scores":[{"name":"内容","score":75},{"name":"表达","score":-3}],"comment":"好"}\n```', RUBRIC)).toEqual(want);
    expect(parseDraft('批改结果如下：{"scores":{"内容":"75分","表达":-3},"comment":"好"} 希望有帮助', RUBRIC)).toEqual(want);
  });

  it('matches by position when the names differ, and rounds to one decimal', () => {
    expect(parseDraft('{"scores":[{"name":"content","score":12.345},{"name":"style","score":8}],"comment":""}', RUBRIC))
      .toEqual({ scores: [{ name: '内容', score: 12.3 }, { name: '表达', score: 8 }], comment: '' });
  });

  it('gives null for prose, broken JSON or a missing criterion', () => {
    expect(parseDraft('这篇作文写得很好，给 90 分。', RUBRIC)).toBeNull();
    expect(parseDraft('{"scores":[{"name":"内容","score":', RUBRIC)).toBeNull();
    expect(parseDraft('{"scores":[{"name":"内容","score":50}],"comment":"缺一项"}', RUBRIC)).toBeNull();
    expect(parseDraft('{"scores":[{"name":"内容","score":"很好"},{"name":"表达","score":30}]}', RUBRIC)).toBeNull();
  });
});

describe('draftMessages', () => {
  const a = { title: '我的家乡', instructions: '300 字', rubric: RUBRIC };
  it('says the pictures could not be seen when the model has no vision', () => {
    const files = [{ name: '图.png', url: '/api/files/x', key: 'x', type: 'image/png', size: 1, kind: 'image' as const }];
    const [, user] = draftMessages(a, { text: '正文', files }, null);
    expect(user!.content).toContain('当前模型无法查看图片');
  });

  it('sends pictures as image parts to a vision model', () => {
    const files = [{ name: '图.png', url: '/api/files/x', key: 'x', type: 'image/png', size: 1, kind: 'image' as const }];
    const [, user] = draftMessages(a, { text: '正文', files }, ['data:image/png;base64,AAAA']);
    expect(user!.content).toEqual([expect.objectContaining({ type: 'text' }), { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA', detail: 'high' } }]);
  });
});
