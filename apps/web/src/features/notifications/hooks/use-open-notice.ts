import { useNavigate } from 'react-router';
import type { Notice } from '@xueban/contract/uc';
import { useReadNotice } from '../api/read-notice.ts';
import { internalPath } from '../lib/internal-path.ts';

/**
 * Opening a notification: an unread one is marked read, and its link is followed when it is a
 * path of this app. `onLeave` runs before navigating (the dropdown closes itself).
 */
export function useOpenNotice(onLeave?: () => void) {
  const navigate = useNavigate();
  const read = useReadNotice();
  return (notice: Notice) => {
    if (notice.read_time === 0) read.mutate(notice.id);
    const path = internalPath(notice.link);
    if (path) {
      onLeave?.();
      void navigate(path);
    }
  };
}
