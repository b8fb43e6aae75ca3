import { Empty } from 'antd';

/** Placeholder the teaching work (issue #17) replaces. */
export function StudentCourseProgress(_props: { robotId: number; studentId: number }) {
  return <Empty description="暂无数据" />;
}
