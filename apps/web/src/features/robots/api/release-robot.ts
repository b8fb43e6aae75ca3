import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReleaseTarget } from '@xueban/contract/robots';
import { api } from '../../../lib/api.ts';
import { robotKey, type Review } from './types.ts';

/** POST /api/ai/Robot/release — asks to publish to the square or the template library (pending review). */
export const releaseRobot = (body: { id: number; target: ReleaseTarget }) => api.post<Review>('/api/ai/Robot/release', body);

export function useReleaseRobot() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: releaseRobot, onSuccess: () => qc.invalidateQueries({ queryKey: robotKey }) });
}
