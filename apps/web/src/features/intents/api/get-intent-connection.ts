import { queryOptions, useQuery } from '@tanstack/react-query';
import { Intent } from '@xueban/contract/calls/intents';
import { call } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

/** GET /api/ai/intent/connection {id} — related intents: the ones set by hand, else the category's others. */
export const getIntentConnection = (id: number, signal?: AbortSignal) => call(Intent.connection, { id }, { signal });

export const intentConnectionQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...intentKeys.connection, id], queryFn: ({ signal }) => getIntentConnection(id, signal) });

/** `enabled` lets the page hold the request back (related intents load after INTENT_CARDS.relatedDelayMs). */
export const useIntentConnection = (id: number, enabled: boolean) => useQuery({ ...intentConnectionQueryOptions(id), enabled: enabled && id > 0 });
