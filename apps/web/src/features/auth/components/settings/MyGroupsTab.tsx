import { Avatar, Button, Flex, Tag, Typography } from 'antd';
import type { UserInfo } from '@xueban/contract/uc';
import { MSG } from '@xueban/contract/messages';
import { useSetCurrentGroup } from '../../api/set-current-group.ts';
import { showSuccess } from '../../../../lib/toast.ts';
import { ROLE_LABEL } from '@xueban/contract/roles';
import { useAuthDialogs } from '../../../../lib/auth-dialogs.ts';

/** 我的组织: the user's organisations, the current one marked; switch, create or join one. */
export function MyGroupsTab({ user }: { user: UserInfo }) {
  const show = useAuthDialogs((s) => s.show);
  const switchGroup = useSetCurrentGroup();

  return (
    <>
      <ul aria-label="我的组织" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {user.groups.map((g) => {
          const current = g.group_id === user.group_id;
          return (
            <li key={g.group_id} style={{ padding: '12px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
              <Flex align="center" gap={12}>
                <Avatar shape="square" src={g.logo || undefined}>{g.name.slice(0, 1)}</Avatar>
                <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                  <Typography.Text strong ellipsis>{g.name}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {g.roles.map((r) => ROLE_LABEL[r] ?? r).join('、')}
                  </Typography.Text>
                </Flex>
                {current ? (
                  <Tag color="blue">当前组织</Tag>
                ) : (
                  <Button
                    size="small"
                    aria-label={`切换到 ${g.name}`}
                    loading={switchGroup.isPending && switchGroup.variables === g.group_id}
                    disabled={switchGroup.isPending}
                    onClick={() => switchGroup.mutate(g.group_id, { onSuccess: () => showSuccess(MSG.done) })}
                  >
                    切换
                  </Button>
                )}
              </Flex>
            </li>
          );
        })}
      </ul>
      {user.groups.length === 0 && <Typography.Paragraph type="secondary">你还没有加入任何组织</Typography.Paragraph>}
      <Flex gap={8} style={{ marginTop: 16 }}>
        <Button type="primary" onClick={() => show('branch')}>创建组织</Button>
        <Button onClick={() => show('join-branch', { tab: 'join' })}>加入组织</Button>
      </Flex>
    </>
  );
}
