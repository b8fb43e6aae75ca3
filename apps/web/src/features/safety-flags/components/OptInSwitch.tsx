import { Space, Switch, Typography } from 'antd';
import { MSG } from '@xueban/contract/messages';
import { showSuccess } from '../../../lib/toast.ts';
import { useOptIn, useSetOptIn } from '../api/opt-in.ts';

/** An organisation admin's own choice: be told (notification, and email with SMTP) of every high-severity alert. */
export function OptInSwitch() {
  const optIn = useOptIn();
  const set = useSetOptIn();
  return (
    <Space>
      <Switch
        aria-label="接收高风险预警通知"
        checked={!!optIn.data?.enabled}
        loading={optIn.isLoading || set.isPending}
        onChange={(enabled) => set.mutate(enabled, { onSuccess: () => showSuccess(MSG.safetyOptInSaved) })}
      />
      <Typography.Text>接收高风险预警通知</Typography.Text>
    </Space>
  );
}
