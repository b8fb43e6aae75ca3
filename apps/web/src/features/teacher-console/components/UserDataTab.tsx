import type { ReactNode } from 'react';
import { Empty } from 'antd';

/** Placeholder the teaching work (issue #17) replaces. */
export function UserDataTab(_props: { robotId: number; studentExtra: (studentId: number) => ReactNode }) {
  return <Empty description="暂无数据" />;
}
