import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HelpCenter } from '@xueban/contract/calls/admin';
import { call } from '../../../lib/api.ts';

/** GET /api/uc/HelpCenter/lists {type, keyword} — the published articles of a type, found by a keyword. */
export const useHelpArticles = (type: 'release_guide' | 'faq', keyword: string, enabled: boolean) => useQuery({
  queryKey: ['uc', 'HelpCenter', 'lists', type, keyword],
  queryFn: ({ signal }) => call(HelpCenter.lists, { type, ...(keyword ? { keyword } : {}) }, { signal }),
  enabled,
  placeholderData: keepPreviousData,
});
