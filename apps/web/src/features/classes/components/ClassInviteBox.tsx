import { Button, Flex, Input, Popconfirm, Select, Typography } from 'antd';
import type { ClassInfo } from '@xueban/contract/classes';
import { renewInvite, setInviteExpiry } from '../api/manage-class.ts';
import { useClassAction } from '../hooks/use-class-action.ts';
import { EXPIRY_CHOICES, expiryAfterDays, inviteState, joinLink } from '../lib/class-format.ts';
import { CopyText } from './CopyText.tsx';

/** The class's invite: link and code to copy, how long it works (set or clear), and 重新生成. */
export function ClassInviteBox({ cls }: { cls: ClassInfo }) {
  const { busy, run } = useClassAction();
  const link = joinLink(cls.robot_id, cls.code);
  return (
    <Flex vertical gap={8} style={{ width: '100%' }}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text type="secondary">邀请码</Typography.Text>
        <Typography.Text strong copyable={false} data-testid="class-invite-code" delete={cls.invite_expired}>{cls.code}</Typography.Text>
        <CopyText text={cls.code} label="复制邀请码" />
        <Typography.Text type={cls.invite_expired ? 'danger' : 'secondary'}>{inviteState(cls)}</Typography.Text>
      </Flex>
      <Flex gap={8} align="center">
        <Input readOnly size="small" value={link} aria-label="邀请链接" data-testid="class-invite-link" style={{ flex: 1, minWidth: 240, maxWidth: 560 }} />
        <CopyText text={link} label="复制邀请链接" />
      </Flex>
      <Flex gap={8} align="center" wrap>
        <Select
          size="small" style={{ width: 140 }} aria-label="邀请有效期" placeholder="设置有效期" value={null}
          options={EXPIRY_CHOICES.map((c) => ({ value: c.value, label: c.label }))}
          onChange={(days: number) => void run('expiry', () => setInviteExpiry(cls.id, expiryAfterDays(days)), '有效期已更新')}
        />
        <Popconfirm title="重新生成后，旧的邀请码和链接将失效" onConfirm={() => run('renew', () => renewInvite(cls.id), '已生成新的邀请码')}>
          <Button size="small" loading={busy === 'renew'}>重新生成邀请码</Button>
        </Popconfirm>
      </Flex>
    </Flex>
  );
}
