import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RobotApiKey } from '@xueban/contract/calls/robot-api';
import { call } from '../../../lib/api.ts';
import { apiKeysKey } from './keys.ts';

/** POST /api/ai/RobotApiKey/revoke — at once, for every later request. */
export function useRevokeApiKey(robotId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(RobotApiKey.revoke, { id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeysKey(robotId) }),
  });
}
