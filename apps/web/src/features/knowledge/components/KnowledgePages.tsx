import { AreaFrame } from '../../../components/AreaFrame.tsx';
import { KnowledgeBaseList } from './KnowledgeBaseList.tsx';

/** /repository: the organisation's knowledge bases. */
export function RepositoryPage() {
  return <AreaFrame name="repository"><KnowledgeBaseList /></AreaFrame>;
}
/** /admin/robot/repository: the same list in the admin area. */
export function AdminRepositoryPage() {
  return <AreaFrame name="admin-repository"><KnowledgeBaseList /></AreaFrame>;
}
/** /group/robot/repository: the same list in the organisation back office. */
export function GroupRepositoryPage() {
  return <AreaFrame name="group-repository"><KnowledgeBaseList /></AreaFrame>;
}
