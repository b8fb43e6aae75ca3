import { Empty } from 'antd';

/** Placeholder the teaching work (issue #17) replaces. */
export function CoursePlanLibrary(_props: { mode: 'teaching' | 'creator' }) {
  return <Empty description="暂无数据" />;
}
