import { describe, expect, it } from 'vitest';
import { flagFilterQuery, parseFlagFilters } from './flag-filters.ts';

describe('flag filters in the URL', () => {
  it('defaults to open alerts, drops malformed values and round-trips', () => {
    expect(parseFlagFilters(new URLSearchParams(''))).toEqual({ status: 'open', page: 1, team_id: undefined, student_id: undefined, category: undefined });
    const f = parseFlagFilters(new URLSearchParams('team_id=3&student_id=x&category=自伤&status=all&page=2'));
    expect(f).toEqual({ team_id: 3, student_id: undefined, category: '自伤', status: undefined, page: 2 });
    expect(flagFilterQuery(f)).toEqual({ team_id: '3', category: '自伤', status: 'all', page: '2' });
    expect(flagFilterQuery(parseFlagFilters(new URLSearchParams('category=坏&status=handled')))).toEqual({ status: 'handled' });
  });
});
