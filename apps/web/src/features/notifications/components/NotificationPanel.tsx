import { Button, Empty, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { pathTo } from '../../../app/paths.ts';
import { useNoticeList } from '../api/get-notice-list.ts';
import { useReadAllNotices } from '../api/read-all-notices.ts';
import { useOpenNotice } from '../hooks/use-open-notice.ts';
import { NoticeItem } from './NoticeItem.tsx';
import { MSG } from '@xueban/contract/messages';

/** How many of the latest notifications the dropdown lists; the rest are on the full page. */
export const PANEL_SIZE = 5;

/** The 消息通知 dropdown (spec §2): the latest notifications, 全部标记为已读 and 查看全部通知. */
export default function NotificationPanel({ unread, onClose }: { unread: number; onClose: () => void }) {
  const navigate = useNavigate();
  const list = useNoticeList({ page: 1, limit: PANEL_SIZE });
  const readAll = useReadAllNotices();
  const openNotice = useOpenNotice(onClose);
  const items = list.data?.data ?? [];

  return (
    <section className="notice-panel" aria-label={MSG.noticeTitle}>
      <header className="notice-panel-head">
        <h2 className="notice-panel-title">{MSG.noticeTitle}</h2>
        <Button type="link" size="small" disabled={unread === 0} loading={readAll.isPending} onClick={() => readAll.mutate()}>
          {MSG.markAllRead}
        </Button>
      </header>
      <div className="notice-panel-body">
        {list.isPending ? (
          <div className="notice-panel-loading"><Spin /></div>
        ) : items.length ? (
          <ul className="notice-list">
            {items.map((n) => <NoticeItem key={n.id} notice={n} onOpen={openNotice} />)}
          </ul>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无消息通知" />
        )}
      </div>
      <footer className="notice-panel-foot">
        <Button
          type="link"
          block
          onClick={() => {
            onClose();
            void navigate(pathTo('notifications'));
          }}
        >
          {MSG.viewAllNotices}
        </Button>
      </footer>
    </section>
  );
}
