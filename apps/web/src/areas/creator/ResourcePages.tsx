import { Tabs } from 'antd';
import { useParams } from 'react-router';
import { isAdminRoleAbove } from '@xueban/contract/roles';
import { AreaFrame } from '../../components/AreaFrame.tsx';
import { useUserInfo } from '../../lib/session.ts';
import { ResourceBrowser } from '../../features/resources/components/ResourceBrowser.tsx';
import { MyPublications } from '../../features/resources/components/MyPublications.tsx';
import { ReviewTable } from '../../features/resources/components/ReviewTable.tsx';
import { PublicationDetailView } from '../../features/resources/components/PublicationDetailView.tsx';

/** /resource/library — the resource centre from the creator's side: browse, my publications, and (organisation admins) 发布审核. */
export function ResourceLibraryPage() {
  const { data: user } = useUserInfo();
  const admin = !!user && isAdminRoleAbove(user.roles);
  return (
    <AreaFrame name="resource-library">
      <Tabs
        items={[
          { key: 'browse', label: '资源中心', children: <ResourceBrowser /> },
          { key: 'mine', label: '我的发布', children: <MyPublications /> },
          ...(admin ? [{ key: 'review', label: '发布审核', children: <ReviewTable /> }] : []),
        ]}
      />
    </AreaFrame>
  );
}

/** /published-content-detail/{id}. */
export function PublishedContentDetailPage() {
  const { id } = useParams();
  return <AreaFrame name="published-content-detail"><PublicationDetailView id={Number(id) || 0} /></AreaFrame>;
}
