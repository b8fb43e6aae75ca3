import { useQuery } from '@tanstack/react-query';
import { SafetyFlag } from '@xueban/contract/calls/safety';
import { call } from '../../../lib/api.ts';
import { safetyFlagsKey } from './get-safety-flags.ts';

/** GET /api/ai/SafetyFlag/filters {scope} — the classes and students the alerts in scope name. */
export const getFlagFilters = (scope: 'teacher' | 'group', signal?: AbortSignal) => call(SafetyFlag.filters, { scope }, { signal });

export const useFlagFilters = (scope: 'teacher' | 'group') =>
  useQuery({ queryKey: [...safetyFlagsKey, 'filters', scope], queryFn: ({ signal }) => getFlagFilters(scope, signal) });
