import { useEffect, type ReactNode } from 'react';
import { Button, Flex, Modal, Typography } from 'antd';
import { ExclamationCircleFilled, TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { MSG } from '@xueban/contract/messages';
import { pathTo } from '../../../app/paths.ts';
import { useUserInfo } from '../../../lib/session.ts';
import { openLoginDialog } from '../../../lib/auth-dialogs.ts';
import { inviteInfoQueryOptions, type InviteInfo } from '../api/get-invite-info.ts';
import { INVITE_KEYS, inviteFromSearch, isOrgInvite } from '../lib/invite-link.ts';

/**
 * The organisation invite dialogue (spec §4). Any page opened with
 * `invite_code`, `expire_time` and `from=invite` asks the server about the link, then says it
 * is dead (链接不存在或已失效), that the user is already a member, or offers 取消 / 加入; 加入
 * continues in the join-branch dialogue. A visitor who is not logged in is asked to log in
 * first; the dialogue follows once they are.
 */
export default function OrgInviteDialog() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const marked = isOrgInvite(location.pathname, params);
  const invite = marked ? inviteFromSearch(params) : null;
  const { data: user, isPending } = useUserInfo();
  const loggedOut = marked && !isPending && !user;

  useEffect(() => {
    if (loggedOut) openLoginDialog();
  }, [loggedOut]);

  const info = useQuery(inviteInfoQueryOptions(user ? invite : null));
  // A link whose values are not even well-formed is dead without asking the server.
  const shown: InviteInfo | undefined = marked && user && !invite ? { state: 'invalid' } : info.data;

  /** Drops the invite from the address so a reload does not ask again. */
  const dismiss = () => {
    const rest = new URLSearchParams(location.search);
    INVITE_KEYS.forEach((k) => rest.delete(k));
    const search = rest.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  };

  const join = () => {
    if (!invite) return;
    navigate(pathTo('user-join-branch', {}, { tab: 'join', invite_code: invite.invite_code, expire_time: invite.expire_time }), { replace: true });
  };

  const open = marked && !!user && !!shown;
  const footer = shown?.state === 'open'
    ? [
        <Button key="cancel" onClick={dismiss}>取消</Button>,
        <Button key="join" type="primary" onClick={join}>加入</Button>,
      ]
    : [<Button key="ok" type="primary" onClick={dismiss}>知道了</Button>];

  return (
    <Modal open={open} title="组织邀请" onCancel={dismiss} footer={footer} width={420} centered>
      {shown?.state === 'invalid' && <Line icon={<ExclamationCircleFilled style={{ color: '#faad14' }} />}>{MSG.inviteInvalid}</Line>}
      {shown?.state === 'joined' && (
        <Line icon={<ExclamationCircleFilled style={{ color: '#faad14' }} />}>
          <Typography.Text strong>{shown.group_name}</Typography.Text>
          <br />
          {MSG.alreadyInOrg}
        </Line>
      )}
      {shown?.state === 'open' && (
        <Line icon={<TeamOutlined style={{ color: '#1677ff' }} />}>
          邀请你加入组织 <Typography.Text strong>{shown.group_name}</Typography.Text>
        </Line>
      )}
    </Modal>
  );
}

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Flex gap={12} align="flex-start" style={{ padding: '8px 0', fontSize: 15 }}>
      <span style={{ fontSize: 22, lineHeight: 1 }}>{icon}</span>
      <div>{children}</div>
    </Flex>
  );
}
