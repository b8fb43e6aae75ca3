import { Empty } from 'antd';

/** Placeholder the teaching work (issue #17) replaces. */
export function JoinClassPanel(_props: { robotId?: number; joinRoomCode?: string }) {
  return <Empty description="暂无数据" />;
}
