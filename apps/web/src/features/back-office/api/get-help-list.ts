import { useQuery } from '@tanstack/react-query';
import { HelpCenter } from '@xueban/contract/calls/admin';
import { call } from '../../../lib/api.ts';

/** GET HelpCenter/manageLists: every article, drafts included (or one type). */
export const useHelpList = (type?: 'release_guide' | 'faq') => useQuery({
  queryKey: ['admin', 'HelpCenter', 'manageLists', type ?? 'all'],
  queryFn: ({ signal }) => call(HelpCenter.manageLists, type ? { type } : {}, { signal }),
});
