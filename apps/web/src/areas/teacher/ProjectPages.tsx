import { Empty } from 'antd';

/** Placeholders the course-plan work (issue #17) replaces. */
export const ProjectDetailPage = () => <Empty description="暂无数据" />;
export const TeacherProjectDetailPage = () => <Empty description="暂无数据" />;
export const StudentProjectDetailPage = () => <Empty description="暂无数据" />;
