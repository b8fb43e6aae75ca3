import { useQuery } from '@tanstack/react-query';
import { HelpCenter } from '@xueban/contract/calls/admin';
import { call } from '../../../lib/api.ts';

/** GET HelpCenter/lists: every article (or one type). */
export const useHelpList = (type?: 'release_guide' | 'faq') => useQuery({
  queryKey: ['admin', 'HelpCenter', 'lists', type ?? 'all'],
  queryFn: ({ signal }) => call(HelpCenter.lists, type ? { type } : {}, { signal }),
});
