import { lazy, Suspense, useState } from 'react';
import { Badge, Popover, Spin } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { LIMITS } from '@xueban/contract/limits';
import { loadChunk } from '../../../lib/load-chunk.ts';
import { useUnreadCount } from '../api/get-unread-count.ts';
import './notifications.css';
import { MSG } from '@xueban/contract/messages';

// The list, its buttons and empty state load on first open: /home's first paint needs only the bell.
const NotificationPanel = lazy(() => loadChunk(() => import('./NotificationPanel.tsx')));

/**
 * The header bell (spec §1, §2): the unread count as a badge that shows up to 9, then 9+
 * (spec §9), and the 消息通知 dropdown. Only mounted for a logged-in user.
 */
export function NotificationBell({ initialCount }: { initialCount: number }) {
  const [open, setOpen] = useState(false);
  const { data: count = 0 } = useUnreadCount(initialCount);

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      styles={{ container: { padding: 0 } }}
      // The popup mounts on first open (and never before), so the panel chunk loads only then.
      // Content must always be given: antd never opens a popover that has none.
      content={
        <Suspense fallback={<div className="notice-panel notice-panel-loading"><Spin /></div>}>
          <NotificationPanel unread={count} onClose={() => setOpen(false)} />
        </Suspense>
      }
    >
      <button
        type="button"
        className="notice-bell"
        aria-label={count > 0 ? `${MSG.noticeTitle}，${count} 条未读` : MSG.noticeTitle}
        aria-haspopup="dialog"
        aria-expanded={open}
      >
        <Badge count={count} overflowCount={LIMITS.unreadBadgeMax} size="small" title="">
          <BellOutlined className="notice-bell-icon" />
        </Badge>
      </button>
    </Popover>
  );
}
