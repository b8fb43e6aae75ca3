import { Collapse, Empty, Progress, Spin, Tag, Typography } from 'antd';
import { useStudentProgress } from '../api/get-student-progress.ts';

/** A student's course progress in the teacher's 学生数据 tab: per plan, how much is done, and each lesson. */
export function StudentCourseProgress({ robotId, studentId }: { robotId: number; studentId: number }) {
  const progress = useStudentProgress(robotId, studentId);
  if (progress.isError) return null;
  if (!progress.data) return <Spin size="small" />;
  if (progress.data.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该学生的班级还没有课程" />;
  return (
    <section aria-label="课程进度">
      <Typography.Text strong>课程进度</Typography.Text>
      <Collapse
        size="small"
        style={{ marginTop: 8 }}
        items={progress.data.map((p) => ({
          key: p.plan_id,
          label: (
            <span style={{ display: 'inline-flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
              <span>{p.title}</span>
              <Typography.Text type="secondary">已学完 {p.done_count}/{p.node_count} · 已打开 {p.opened_count} · 已解锁 {p.unlocked_count}</Typography.Text>
              <Progress size="small" percent={p.node_count ? Math.round((p.done_count / p.node_count) * 100) : 0} style={{ width: 120, margin: 0 }} />
            </span>
          ),
          children: p.nodes.map((n) => (
            <div key={n.id} style={{ display: 'flex', justifyContent: 'space-between', padding: '4px 0' }}>
              <span>{n.title}</span>
              {n.done ? <Tag color="green">已学完</Tag> : n.opened_time ? <Tag color="blue">已打开</Tag> : <Tag>未学习</Tag>}
            </div>
          )),
        }))}
      />
    </section>
  );
}
