import { Descriptions, Modal } from 'antd';
import { useUserInfo } from '../api/get-user-info.ts';
import { useAuthDialogs } from '../stores/auth-dialogs.ts';

/** 账号设置: the account as the server knows it. Editing comes with the User/update calls. */
export default function AccountSettingsDialog() {
  const open = useAuthDialogs((s) => s.open === 'account-settings');
  const close = useAuthDialogs((s) => s.close);
  const { data: user } = useUserInfo();

  return (
    <Modal open={open && !!user} title="账号设置" footer={null} onCancel={close} width={480} centered>
      {user && (
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'truename', label: '姓名', children: user.truename || '-' },
            { key: 'mobile', label: '手机号', children: user.mobile || '-' },
            { key: 'email', label: '邮箱', children: user.email || '-' },
            { key: 'group', label: '当前组织', children: user.group_info?.name ?? '-' },
          ]}
        />
      )}
    </Modal>
  );
}
