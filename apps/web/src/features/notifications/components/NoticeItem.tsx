import { timeLabel } from '../../../lib/time-label.ts';
import type { Notice } from '@xueban/contract/uc';

/** One notification row: unread ones carry a dot and a bold title (spec §4: read or unread). */
export function NoticeItem({ notice, onOpen }: { notice: Notice; onOpen: (notice: Notice) => void }) {
  const unread = notice.read_time === 0;
  return (
    <li className={unread ? 'notice-item is-unread' : 'notice-item'} data-testid="notice-item">
      <button type="button" className="notice-item-button" onClick={() => onOpen(notice)}>
        <span className="notice-dot" aria-hidden />
        <span className="notice-main">
          <span className="notice-title">
            {notice.title}
            {unread && <span className="notice-sr">（未读）</span>}
          </span>
          {notice.content && <span className="notice-content">{notice.content}</span>}
          <span className="notice-time">{timeLabel(notice.create_time)}</span>
        </span>
      </button>
    </li>
  );
}
