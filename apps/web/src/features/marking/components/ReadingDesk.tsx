import { Empty } from 'antd';

/** Placeholder the teaching work (issue #17) replaces. */
export function ReadingDesk(_props: object) {
  return <Empty description="暂无数据" />;
}
