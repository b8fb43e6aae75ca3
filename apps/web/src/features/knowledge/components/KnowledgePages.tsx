import { AreaFrame } from '../../../components/AreaFrame.tsx';
import { KnowledgeBaseList } from './KnowledgeBaseList.tsx';
import { AdminDocumentTable, AdminKnowledgeBaseTable } from './AdminKnowledgeTables.tsx';

/** /repository: the organisation's knowledge bases. */
export function RepositoryPage() {
  return <AreaFrame name="repository"><KnowledgeBaseList /></AreaFrame>;
}
/** /admin/robot/repository: every organisation's knowledge bases (super admin). */
export function AdminRepositoryPage() {
  return <AreaFrame name="admin-repository"><AdminKnowledgeBaseTable /></AreaFrame>;
}
/** /admin/robot/knowledge (知识管理): every organisation's documents and their training. */
export function AdminKnowledgePage() {
  return <AreaFrame name="admin-knowledge"><AdminDocumentTable /></AreaFrame>;
}
/** /group/robot/repository: the same list in the organisation back office. */
export function GroupRepositoryPage() {
  return <AreaFrame name="group-repository"><KnowledgeBaseList /></AreaFrame>;
}
