import { Modal, Tabs } from 'antd';
import { useUserInfo } from '../../../lib/session.ts';
import { useAuthDialogs } from '../../../lib/auth-dialogs.ts';
import { MyGroupsTab } from './settings/MyGroupsTab.tsx';
import { ProfileTab } from './settings/ProfileTab.tsx';
import { SecurityTab } from './settings/SecurityTab.tsx';

/** The tabs, keyed like the open routes /personal/index|security|mygroup. */
const TABS = [
  { key: 'index', label: '个人资料', Body: ProfileTab },
  { key: 'security', label: '账号安全', Body: SecurityTab },
  { key: 'mygroup', label: '我的组织', Body: MyGroupsTab },
] as const;

/**
 * 账号设置. The active tab lives in the dialog store's payload, so /personal/security opens
 * on 账号安全 and switching tabs is just reopening with another tab.
 */
export default function AccountSettingsDialog() {
  const open = useAuthDialogs((s) => s.open === 'account-settings');
  const tab = useAuthDialogs((s) => s.payload.tab);
  const show = useAuthDialogs((s) => s.show);
  const close = useAuthDialogs((s) => s.close);
  const { data: user } = useUserInfo();
  const active = TABS.some((t) => t.key === tab) ? tab : TABS[0].key;

  return (
    <Modal open={open && !!user} title="账号设置" footer={null} onCancel={close} width={560} centered destroyOnHidden>
      {user && (
        <Tabs
          activeKey={active}
          onChange={(key) => show('account-settings', { tab: key })}
          items={TABS.map(({ key, label, Body }) => ({ key, label, children: <Body user={user} /> }))}
        />
      )}
    </Modal>
  );
}
