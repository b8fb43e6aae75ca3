import type { ReactNode } from 'react';
import { Button, Result } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { MSG } from '@xueban/contract/messages';
import { pathTo, type RouteName } from '../../app/paths.ts';
import { AreaFrame } from '../../components/AreaFrame.tsx';
import { canManageResources } from '../../app/guards/access.ts';
import { useUserInfo } from '../../lib/session.ts';

/** Why a learner cannot use a resource page, per resource. */
const WHY = {
  knowledge: '知识库由教师、创作者和组织管理员建立和维护，学生账号不能查看或新建。和关联了知识库的机器人对话时，它会用这些知识回答你。',
  intents: '意图库由教师、创作者和组织管理员建立和维护，学生账号不能查看或新建。和机器人对话时，问到的意图会推荐相应的内容。',
} as const;

/**
 * The resource pages (/repository, /resIntent and their content pages) are for the accounts that
 * manage robots (spec §6: teacher-or-above or developer, else 没有操作权限). Anyone else sees
 * why, instead of lists and 新建 buttons the server would refuse.
 */
export function ManagersOnly({ resource, frame, children }: { resource: keyof typeof WHY; frame?: RouteName; children: ReactNode }) {
  const { data: user } = useUserInfo();
  if (canManageResources(user ?? null)) return children;
  return frame ? <AreaFrame name={frame}><Why resource={resource} /></AreaFrame> : <Why resource={resource} />;
}

function Why({ resource }: { resource: keyof typeof WHY }) {
  const navigate = useNavigate();
  return (
    <Result
      icon={<LockOutlined style={{ color: '#bfbfbf' }} />}
      title={MSG.noOperationPermission}
      subTitle={WHY[resource]}
      extra={<Button type="primary" onClick={() => void navigate(pathTo('home'))}>去对话</Button>}
    />
  );
}
