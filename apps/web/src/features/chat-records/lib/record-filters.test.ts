import { describe, expect, it } from 'vitest';
import { filterQuery, parseFilters } from './record-filters.ts';

describe('对话管理 filters in the URL', () => {
  it('reads robot, keyword, status and page', () => {
    const f = parseFilters(new URLSearchParams('robot_id=7&keyword=%20古诗%20&status=stopped&page=3'));
    expect(f).toEqual({ page: 3, robot_id: 7, keyword: '古诗', status: 'stopped' });
  });

  it('drops malformed values instead of sending them to the server', () => {
    const f = parseFilters(new URLSearchParams('robot_id=abc&status=deleted&page=-2&keyword=%20%20'));
    expect(f).toEqual({ page: 1 });
    expect(parseFilters(new URLSearchParams('robot_id=1.5'))).toEqual({ page: 1 });
  });

  it('writes back only what is set, page 1 left out', () => {
    expect(filterQuery({ page: 1, keyword: '作文' })).toEqual({ keyword: '作文' });
    expect(filterQuery({ page: 2, robot_id: 4, status: 'failed' })).toEqual({ robot_id: '4', status: 'failed', page: '2' });
    expect(new URLSearchParams(filterQuery(parseFilters(new URLSearchParams('keyword=a%26b')))).toString()).toBe('keyword=a%26b');
  });
});
