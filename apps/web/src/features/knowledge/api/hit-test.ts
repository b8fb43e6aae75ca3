import { useMutation } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Knowledge } from '@xueban/contract/calls/knowledge';
import { call } from '../../../lib/api.ts';

export type HitTestInput = CallInput<typeof Knowledge.hitTest>;

/** GET /api/ai/knowledge/hitTest {repository_id, query, limit} — what a question retrieves, best first, with scores. */
export const hitTest = ({ repository_id, query, limit }: HitTestInput) =>
  call(Knowledge.hitTest, { repository_id, query, limit });

export const useHitTest = () => useMutation({ mutationFn: hitTest });
