import { useState } from 'react';
import { Button, Form, Input, message } from 'antd';
import { MSG } from '@xueban/contract/messages';
import { FormModal } from '../../../components/FormModal.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { passwordRules } from '../../../lib/form-rules.ts';
import { useSetUserStatus } from '../api/set-user-status.ts';
import { useResetUserPassword } from '../api/reset-user-password.ts';

/** 重置密码 (the user must change it at next login) and 停用 / 启用 for one account. */
export function UserActions({ uid, name, status }: { uid: number; name: string; status: number }) {
  const [resetting, setResetting] = useState(false);
  const [form] = Form.useForm<{ password: string }>();
  const reset = useResetUserPassword();
  const setStatus = useSetUserStatus();
  const [confirm, confirmHolder] = useConfirm();
  const [toast, toastHolder] = message.useMessage();
  const toggle = () => confirm({
    title: status ? `停用账号「${name}」？` : `启用账号「${name}」？`,
    content: status ? '停用后该账号立即退出登录，且不能再登录。' : undefined,
    okText: status ? '停用' : '启用', okButtonProps: { danger: !!status }, cancelText: '取消',
    onOk: () => setStatus.mutateAsync({ uid, status: status ? 0 : 1 }).then(() => void toast.success(MSG.done)),
  });
  return (
    <>
      <Button size="small" type="link" onClick={() => { form.resetFields(); setResetting(true); }}>重置密码</Button>
      <Button size="small" type="link" danger={!!status} onClick={toggle}>{status ? '停用账号' : '启用账号'}</Button>
      <FormModal open={resetting} title={`重置密码：${name}`} name={`reset-${uid}`} form={form} saving={reset.isPending}
        onCancel={() => setResetting(false)}
        onFinish={(v) => reset.mutate({ uid, password: v.password }, { onSuccess: () => { setResetting(false); void toast.success('密码已重置，用户下次登录时须修改密码'); } })}>
        <Form.Item name="password" label="临时密码" rules={passwordRules} extra="把临时密码告诉用户；用户登录后须先修改密码。">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </FormModal>
      {confirmHolder}{toastHolder}
    </>
  );
}
