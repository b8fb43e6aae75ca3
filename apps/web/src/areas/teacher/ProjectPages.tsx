import type { ReactNode } from 'react';
import { Button, Empty } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { RouteName } from '../../app/paths.ts';
import { AreaFrame } from '../../components/AreaFrame.tsx';
import { PlanEditor } from '../../features/course-plans/components/PlanEditor.tsx';
import { StudyView } from '../../features/course-plans/components/StudyView.tsx';
import { TeachingView } from '../../features/course-plans/components/TeachingView.tsx';

const positive = (v: string | null | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** Only a path on this site is followed back (never another origin named in the query). */
const safeBack = (uri: string | null) => (uri && uri.startsWith('/') && !uri.startsWith('//') ? uri : null);

/**
 * The course pages (spec §2): route param id and query plan_id (the plan; plan_id wins), node_id
 * (the node to open) and redirect_uri (where 返回 leads).
 */
function CoursePage({ name, view }: { name: RouteName; view: (planId: number, nodeId: number | undefined) => ReactNode }) {
  const { id } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const planId = positive(search.get('plan_id')) ?? positive(id);
  const back = safeBack(search.get('redirect_uri'));
  const extra = back && <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(back)}>返回</Button>;
  return (
    <AreaFrame name={name} extra={extra}>
      {planId ? view(planId, positive(search.get('node_id'))) : <Empty description="课程不存在" />}
    </AreaFrame>
  );
}

/** /resource/project-detail?plan_id=…: the course detail — its directory and lessons, edited by their manager. */
export const ProjectDetailPage = () => (
  <CoursePage name="project-detail" view={(planId, nodeId) => <PlanEditor key={planId} planId={planId} initialNodeId={nodeId} />} />
);
/** /teacher/project-detail/{id}: study type teaching. */
export const TeacherProjectDetailPage = () => (
  <CoursePage name="teacher-project-detail" view={(planId, nodeId) => <TeachingView key={planId} planId={planId} initialNodeId={nodeId} />} />
);
/** /student/project-detail/{id}: study type study. */
export const StudentProjectDetailPage = () => (
  <CoursePage name="student-project-detail" view={(planId, nodeId) => <StudyView key={planId} planId={planId} initialNodeId={nodeId} />} />
);
