import { Avatar, Button, Card, Descriptions, Flex, Select, Tag, Typography } from 'antd';
import { MSG } from '@xueban/contract/messages';
import { useUserInfo } from '../../../lib/session.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { useSwitchGroup } from '../api/switch-group.ts';
import { useLogout } from '../api/logout.ts';

const ROLE_NAMES: Record<string, string> = {
  ROLE_SUPER_ADMIN: '超级管理员', ROLE_ORG_ADMIN: '管理员', ROLE_TEACHER: '教师', ROLE_CREATOR: '创作者', ROLE_DEVELOPER: '开发者', ROLE_STUDENT: '学生',
};

/**
 * /microapp/uc-page: the user centre for a small embedded view (a school portal's frame or a
 * phone): profile, the organisation switch, logout. Narrow by design (max 420 px).
 */
export function UserCentre({ onLoggedOut }: { onLoggedOut: () => void }) {
  const { data: user } = useUserInfo();
  const switchGroup = useSwitchGroup();
  const logout = useLogout();
  if (!user) return null;
  const name = user.truename || user.name;
  return (
    <Flex vertical gap={12} style={{ maxWidth: 420, margin: '0 auto', width: '100%' }}>
      <Card>
        <Flex gap={16} align="center">
          <Avatar size={56} src={user.avatar || undefined}>{name.slice(0, 1)}</Avatar>
          <Flex vertical>
            <Typography.Title level={5} style={{ margin: 0 }}>{name}</Typography.Title>
            <Typography.Text type="secondary">{user.mobile || user.email}</Typography.Text>
            <Flex gap={4} wrap style={{ marginTop: 4 }}>{user.roles.map((r) => <Tag key={r}>{ROLE_NAMES[r] ?? r}</Tag>)}</Flex>
          </Flex>
        </Flex>
      </Card>
      <Card title="当前组织" size="small">
        <Descriptions column={1} size="small" items={[
          { key: 'name', label: '组织', children: user.group_info?.name ?? '—' },
          { key: 'tier', label: '版本', children: user.group_info ? `${user.group_info.vip_name}${user.group_info.vip_end_time_str ? `（至 ${user.group_info.vip_end_time_str}）` : ''}` : '—' },
        ]} />
        {user.groups.length > 1 && (
          <Select
            aria-label="切换组织" style={{ width: '100%', marginTop: 8 }} value={user.group_id} loading={switchGroup.isPending}
            options={user.groups.map((g) => ({ value: g.group_id, label: g.name }))}
            onChange={(id) => switchGroup.mutate(id, { onSuccess: () => showSuccess(MSG.done) })}
          />
        )}
      </Card>
      <Button danger block onClick={() => logout.mutate(undefined, { onSuccess: onLoggedOut })} loading={logout.isPending}>{MSG.logout}</Button>
    </Flex>
  );
}
