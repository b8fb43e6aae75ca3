import { Empty } from 'antd';

/** Placeholder the teaching work (issue #17) replaces. */
export function ClassNewsFeed(_props: { robotId: number }) {
  return <Empty description="暂无数据" />;
}
