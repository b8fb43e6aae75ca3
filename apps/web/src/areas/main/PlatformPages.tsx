import { useNavigate } from 'react-router';
import { AreaFrame } from '../../components/AreaFrame.tsx';
import { pathTo } from '../../app/paths.ts';
import { OrgManagePanel } from '../../features/org-manage/components/OrgManagePanel.tsx';
import { OAuthReturn } from '../../features/sso/components/OAuthReturn.tsx';
import { UserCentre } from '../../features/uc-page/components/UserCentre.tsx';
import { SelfCheckReport } from '../../features/ops/components/SelfCheckReport.tsx';

/** /organization/settings: 组织管理 of the current organisation, for every tier (trial included). */
export const OrgSettingsPage = () => <AreaFrame name="org-settings"><OrgManagePanel withMembers /></AreaFrame>;

/** /oauth: the return point of a school's identity provider. */
export const OAuthPage = () => <AreaFrame name="oauth"><OAuthReturn /></AreaFrame>;

/** /microapp/uc-page: the user centre of the small embedded view. */
export function UcPage() {
  const navigate = useNavigate();
  return <AreaFrame name="microapp-uc-page"><UserCentre onLoggedOut={() => navigate(pathTo('home'))} /></AreaFrame>;
}

/** /test: the operator's self-check (super admin). */
export const SelfCheckPage = () => <AreaFrame name="test"><SelfCheckReport /></AreaFrame>;
