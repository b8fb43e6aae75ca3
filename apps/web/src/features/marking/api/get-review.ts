import { useQuery } from '@tanstack/react-query';
import { Marking } from '@xueban/contract/calls/marking';
import { call } from '../../../lib/api.ts';
import { markingKey } from './keys.ts';

/** GET /api/ai/Marking/review {assignment_id} — the assignment and every student of its class with their submission. */
export const getReview = (assignmentId: number, signal?: AbortSignal) => call(Marking.review, { assignment_id: assignmentId }, { signal });

/** While a draft is on its way the screen checks again every few seconds. */
export const useReview = (assignmentId: number) =>
  useQuery({
    queryKey: [...markingKey, 'review', assignmentId],
    queryFn: ({ signal }) => getReview(assignmentId, signal),
    refetchInterval: (q) => (q.state.data?.students.some((s) => s.submission && ['submitted', 'drafting'].includes(s.submission.status)) ? 3000 : false),
  });
