import { describe, expect, it } from 'vitest';
import { parseDebrief } from './training-prompt.ts';

const RUBRIC = [{ name: '倾听', points: 40 }, { name: '建议', points: 60 }];

describe('parseDebrief', () => {
  it('reads JSON in prose or fenced, by name or by position, clamping scores and summing the total itself', () => {
    const prose = parseDebrief('评分如下 {"scores":[{"name":"建议","score":"70"},{"name":"倾听","score":12.34,"comment":"好"}],"summary":"不错","total":5} 谢谢', RUBRIC);
    expect(prose).toEqual({ scores: [{ name: '倾听', points: 40, score: 12.3, comment: '好' }, { name: '建议', points: 60, score: 60, comment: '' }], total: 72.3, max: 100, summary: '不错' });
    const byPosition = parseDebrief('```json\n{"scores":[{"name":"A","score":-3},{"name":"B","score":30}],"comment":"总评"}\n```', RUBRIC);
    expect(byPosition).toMatchObject({ total: 30, summary: '总评', scores: [{ name: '倾听', score: 0 }, { name: '建议', score: 30 }] });
  });

  it('gives null for prose, broken JSON, a missing criterion or a score that is not a number', () => {
    expect(parseDebrief('表现很好！', RUBRIC)).toBeNull();
    expect(parseDebrief('{"scores":[{"name":"倾听","score":30}', RUBRIC)).toBeNull();
    expect(parseDebrief('{"scores":[{"name":"倾听","score":30}]}', RUBRIC)).toBeNull();
    expect(parseDebrief('{"scores":[{"name":"倾听","score":"很好"},{"name":"建议","score":30}]}', RUBRIC)).toBeNull();
  });
});
