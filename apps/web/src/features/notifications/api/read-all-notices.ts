import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Notice } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';
import { noticeKey } from './get-notice-list.ts';
import { unreadCountKey } from './get-unread-count.ts';

/** POST /api/uc/notice/readAll {} — marks every notification of the caller read. */
export const readAllNotices = () => call(Notice.readAll, {});

export function useReadAllNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readAllNotices,
    onSuccess: async () => {
      // The badge clears at once; the lists refetch to show every row as read.
      queryClient.setQueryData(unreadCountKey, 0);
      await queryClient.invalidateQueries({ queryKey: noticeKey });
    },
  });
}
