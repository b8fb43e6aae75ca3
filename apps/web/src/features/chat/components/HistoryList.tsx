import { Empty, List, Spin, Typography } from 'antd';
import { MSG } from '@xueban/contract/messages';
import { timeLabel } from '../../../lib/time-label.ts';
import { useScrollLoad } from '../../../lib/use-scroll-load.ts';
import type { ChatSessionControl } from '../hooks/use-chat-session.ts';

/** 历史记录: the caller's sessions with this robot, 15 a page, loading on as it scrolls. */
export default function HistoryList({ control, onPick }: { control: ChatSessionControl; onPick: (id: number) => void }) {
  const { sessions, list, currentId } = control;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = sessions;
  const end = useScrollLoad<HTMLDivElement>(!!hasNextPage && !isFetchingNextPage, () => void fetchNextPage());
  if (sessions.isPending) return <Spin style={{ display: 'block', margin: 16 }} />;
  if (!list.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.noHistory} />;
  return (
    <div style={{ width: 'min(280px, calc(100vw - 48px))', maxHeight: 360, overflowY: 'auto' }} aria-label={MSG.chatHistory}>
      <List
        size="small"
        dataSource={list}
        renderItem={(s) => (
          <List.Item
            onClick={() => onPick(s.id)}
            className={s.id === currentId ? 'chat-history-item is-current' : 'chat-history-item'}
            style={{ cursor: 'pointer' }}
          >
            <Typography.Text ellipsis style={{ maxWidth: 180 }}>{s.name}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{timeLabel(s.update_time)}</Typography.Text>
          </List.Item>
        )}
      />
      {hasNextPage && <div ref={end} style={{ height: 24, textAlign: 'center' }}>{isFetchingNextPage && <Spin size="small" />}</div>}
    </div>
  );
}
