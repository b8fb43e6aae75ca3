import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { MSG } from '@xueban/contract/messages';
import { inviteInfoQueryOptions } from '../api/get-invite-info.ts';
import { inviteFromSearch, inviteLink, parseInviteLink } from '../lib/invite-link.ts';
import { useUserInfo } from '../../../lib/session.ts';
import { useJoinGroup } from '../api/join-group.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { useAuthDialogs, type AuthDialogPayload } from '../../../lib/auth-dialogs.ts';

/** The invite a dialog was opened with (tab 'join' with invite_code and expire_time), as a link. */
function initialLink(payload: AuthDialogPayload): string {
  const { invite_code, expire_time } = payload;
  const invite = inviteFromSearch(new URLSearchParams({ invite_code: invite_code ?? '', expire_time: expire_time ?? '' }));
  return invite ? inviteLink(invite) : '';
}

/**
 * 加入组织 (open route /user/join-branch, needs login): by an organisation's invite link,
 * either handed over by the invite dialogue (payload) or pasted. The organisation it leads to
 * is shown before joining.
 */
export default function JoinBranchDialog() {
  const open = useAuthDialogs((s) => s.open === 'join-branch');
  const payload = useAuthDialogs((s) => s.payload);
  const close = useAuthDialogs((s) => s.close);
  const { data: user } = useUserInfo();
  const joined = () => {
    showSuccess(MSG.joined);
    close();
  };
  return (
    <>
      <Modal open={open && !!user} title="加入组织" footer={null} onCancel={close} width={480} centered destroyOnHidden>
        <JoinForm link={initialLink(payload)} onJoined={joined} />
      </Modal>
    </>
  );
}

function JoinForm({ link, onJoined }: { link: string; onJoined: () => void }) {
  const [form] = Form.useForm<{ link: string }>();
  const typed = Form.useWatch('link', form) ?? link;
  const invite = parseInviteLink(typed);
  const info = useQuery(inviteInfoQueryOptions(invite));
  const join = useJoinGroup();

  const submit = () => {
    if (invite) join.mutate(invite, { onSuccess: onJoined });
  };

  const data = info.data;
  const state = data?.state;
  return (
    <Form form={form} layout="vertical" requiredMark={false} initialValues={{ link }} onFinish={submit}>
      <Form.Item
        name="link"
        label="邀请链接"
        rules={[
          { required: true, whitespace: true, message: '请粘贴组织管理员发给你的邀请链接' },
          { validator: async (_, v?: string) => { if (v?.trim() && !parseInviteLink(v)) throw new Error(MSG.inviteInvalid); } },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} placeholder="粘贴邀请链接" autoFocus={!link} />
      </Form.Item>
      {data?.state === 'open' && (
        <Alert type="info" showIcon title={<>即将加入组织：<Typography.Text strong>{data.group_name}</Typography.Text></>} />
      )}
      {state === 'joined' && <Alert type="warning" showIcon title={MSG.alreadyInOrg} />}
      {state === 'invalid' && <Alert type="error" showIcon title={MSG.inviteInvalid} />}
      <Button type="primary" htmlType="submit" block loading={join.isPending} disabled={state !== 'open'} style={{ marginTop: 16 }}>
        加入
      </Button>
    </Form>
  );
}
