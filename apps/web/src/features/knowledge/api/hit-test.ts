import { useMutation } from '@tanstack/react-query';
import type { HitTestItem } from '@xueban/contract/knowledge';
import { api } from '../../../lib/api.ts';

export interface HitTestInput {
  repository_id: number;
  query: string;
  limit?: number | undefined;
}

/** GET /api/ai/knowledge/hitTest {repository_id, query, limit} — what a question retrieves, best first, with scores. */
export const hitTest = ({ repository_id, query, limit }: HitTestInput) =>
  api.get<HitTestItem[]>('/api/ai/knowledge/hitTest', { repository_id, query, limit });

export const useHitTest = () => useMutation({ mutationFn: hitTest });
