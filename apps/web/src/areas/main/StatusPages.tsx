import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { MSG } from '@xueban/contract/messages';
import { pathTo } from '../../app/paths.ts';
import { openAuthDialog } from '../../lib/auth-dialogs.ts';

function HomeButton() {
  const navigate = useNavigate();
  return <Button type="primary" onClick={() => navigate(pathTo('home'))}>返回首页</Button>;
}

/** /401: the route's roles do not include the user's (spec §6). */
export function UnauthorizedPage() {
  return <div className="page-center"><Result status="403" title="401" subTitle={MSG.noAccess} extra={<HomeButton />} /></div>;
}

/** /no-permission: no robot role to manage this robot (spec §4). */
export function NoPermissionPage() {
  return <div className="page-center"><Result status="403" title="没有权限" subTitle={MSG.noOperationPermission} extra={<HomeButton />} /></div>;
}

/** /about: where a user without the visit permission (no organisation) lands. */
export function AboutPage() {
  return (
    <div className="page-center">
      <Result
        status="info"
        title="关于学伴 AI"
        subTitle="学伴 AI 是面向学校的 AI 机器人对话与教学平台。加入或创建一个组织后即可开始使用。"
        extra={[
          <Button key="join" type="primary" onClick={() => openAuthDialog('join-branch')}>加入组织</Button>,
          <Button key="create" onClick={() => openAuthDialog('branch')}>创建组织</Button>,
        ]}
      />
    </div>
  );
}
