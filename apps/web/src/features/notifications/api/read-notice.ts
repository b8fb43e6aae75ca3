import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Notice } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';
import { noticeKey } from './get-notice-list.ts';

/** POST /api/uc/notice/read { id } — marks one of the caller's notifications read. */
export const readNotice = (id: number) => call(Notice.read, { id });

export function useReadNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticeKey }),
  });
}
