import { Button, Empty, Pagination, Segmented, Spin } from 'antd';
import { useSearchParams } from 'react-router';
import { LIMITS } from '@xueban/contract/limits';
import { AreaFrame } from '../../components/AreaFrame.tsx';
import { useNoticeList } from '../../features/notifications/api/get-notice-list.ts';
import { useReadAllNotices } from '../../features/notifications/api/read-all-notices.ts';
import { useUnreadCount } from '../../features/notifications/api/get-unread-count.ts';
import { useOpenNotice } from '../../features/notifications/hooks/use-open-notice.ts';
import { NoticeItem } from '../../features/notifications/components/NoticeItem.tsx';
import '../../features/notifications/components/notifications.css';
import { MSG } from '@xueban/contract/messages';

const PAGE_SIZE = LIMITS.pageSize.default;

/**
 * /notifications (route name 'notifications'): every notification, paged, 全部 or 未读.
 * Page and filter live in the query string so back and reload keep them.
 */
export default function NotificationsPage() {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const unreadOnly = search.get('unread') === '1';
  const list = useNoticeList({ page, limit: PAGE_SIZE, unread: unreadOnly ? 1 : undefined });
  const { data: unread = 0 } = useUnreadCount(0);
  const readAll = useReadAllNotices();
  const openNotice = useOpenNotice();
  const items = list.data?.data ?? [];

  const go = (next: { page?: number; unread?: boolean }) => {
    const params = new URLSearchParams();
    const p = next.page ?? page;
    if (p > 1) params.set('page', String(p));
    if (next.unread ?? unreadOnly) params.set('unread', '1');
    setSearch(params);
  };

  return (
    <AreaFrame
      name="notifications"
      extra={
        <Button disabled={unread === 0} loading={readAll.isPending} onClick={() => readAll.mutate()}>
          {MSG.markAllRead}
        </Button>
      }
    >
      <div className="notice-page">
        <Segmented
          value={unreadOnly ? 'unread' : 'all'}
          options={[{ value: 'all', label: '全部' }, { value: 'unread', label: `未读${unread ? ` (${unread})` : ''}` }]}
          onChange={(v) => go({ page: 1, unread: v === 'unread' })}
        />
        {list.isPending ? (
          <div className="notice-panel-loading"><Spin /></div>
        ) : items.length ? (
          <ul className="notice-list notice-page-list">
            {items.map((n) => <NoticeItem key={n.id} notice={n} onOpen={openNotice} />)}
          </ul>
        ) : (
          <Empty description={unreadOnly ? '没有未读通知' : '暂无消息通知'} />
        )}
        {(list.data?.total ?? 0) > PAGE_SIZE && (
          <Pagination
            align="end"
            current={page}
            pageSize={PAGE_SIZE}
            total={list.data?.total ?? 0}
            showSizeChanger={false}
            showTotal={(total) => `共 ${total} 条`}
            onChange={(p) => go({ page: p })}
          />
        )}
      </div>
    </AreaFrame>
  );
}
