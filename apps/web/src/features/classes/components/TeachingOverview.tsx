import { Empty } from 'antd';

/** Placeholder the teaching work (issue #17) replaces. */
export function TeachingOverview(_props: object) {
  return <Empty description="暂无数据" />;
}
