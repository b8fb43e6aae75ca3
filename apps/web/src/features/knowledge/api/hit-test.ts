import { useMutation } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Knowledge } from '@xueban/contract/calls/knowledge';
import type { HitTestRewritten } from '@xueban/contract/knowledge';
import { call } from '../../../lib/api.ts';

export type HitTestInput = CallInput<typeof Knowledge.hitTest>;

/**
 * GET /api/ai/knowledge/hitTest {repository_id, query, limit, rewrite?} — what a question retrieves,
 * best first, with scores. rewrite is sent only when asked; the server then answers the restated
 * question beside the hits instead of the bare list.
 */
export const hitTest = async ({ repository_id, query, limit, rewrite }: HitTestInput): Promise<Pick<HitTestRewritten, 'hits'> & Partial<HitTestRewritten>> => {
  const data = await call(Knowledge.hitTest, rewrite ? { repository_id, query, limit, rewrite } : { repository_id, query, limit });
  // Both answers as one: the hits, with the restated question when it was asked for.
  return Array.isArray(data) ? { hits: data } : data;
};

export const useHitTest = () => useMutation({ mutationFn: hitTest });
