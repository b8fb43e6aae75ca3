import { Empty } from 'antd';

/** Placeholder the teaching work (issue #17) replaces. */
export function TeachingRobots(_props: object) {
  return <Empty description="暂无数据" />;
}
