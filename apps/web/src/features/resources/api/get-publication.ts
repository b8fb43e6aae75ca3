import { useQuery } from '@tanstack/react-query';
import { Publish } from '@xueban/contract/calls/resources';
import { call } from '../../../lib/api.ts';
import { resourceKeys } from './keys.ts';

/** GET /api/ai/publish/detail {id} — the listing, a preview, and what I may do (counts a view). */
export const getPublication = (id: number, signal?: AbortSignal) => call(Publish.detail, { id }, { signal });

export const usePublication = (id: number | null) =>
  useQuery({ queryKey: resourceKeys.detail(id ?? 0), queryFn: ({ signal }) => getPublication(id!, signal), enabled: !!id, retry: false });
