import { Alert, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { MSG } from '@xueban/contract/messages';
import { useResetUserPass } from '../api/verify-code.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { accountRules, codeRules, confirmRules, passwordRules } from '../../../lib/form-rules.ts';
import { useAuthDialogs } from '../../../lib/auth-dialogs.ts';
import { AuthLinks } from './AuthLinks.tsx';
import { CodeInput } from './CodeInput.tsx';

interface ResetForm {
  account: string;
  code: string;
  password: string;
  confirm: string;
}

/**
 * 重置密码 (open route /user/reset-pass): a code to the account's mobile or email, then a new
 * password. The server answers a send the same way whether the account exists or not.
 */
export default function ResetPassDialog() {
  const open = useAuthDialogs((s) => s.open === 'reset-pass');
  const show = useAuthDialogs((s) => s.show);
  const close = useAuthDialogs((s) => s.close);
  const reset = useResetUserPass();
  const [form] = Form.useForm<ResetForm>();
  const [sentTo, setSentTo] = useState('');

  const submit = ({ account, code, password }: ResetForm) => {
    reset.mutate(
      { account: account.trim(), code: code.trim(), password },
      {
        onSuccess: () => {
          showSuccess(MSG.updated);
          // Every session of the account ended: the next step is logging in with the new password.
          show('login');
        },
      },
    );
  };

  return (
    <>
      <Modal open={open} title="重置密码" footer={null} onCancel={close} width={400} centered destroyOnHidden afterClose={() => setSentTo('')}>
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
          <Form.Item name="account" label="账号" validateTrigger="onBlur" rules={accountRules}>
            <Input placeholder="手机号或邮箱" autoComplete="username" maxLength={120} autoFocus />
          </Form.Item>
          <Form.Item name="code" label="验证码" rules={codeRules}>
            <CodeInput form={form} accountField="account" purpose="reset" onSent={() => setSentTo(form.getFieldValue('account'))} />
          </Form.Item>
          {sentTo && <Alert type="success" showIcon title={`验证码已发送至 ${sentTo}，10 分钟内有效`} style={{ marginBottom: 16 }} />}
          <Form.Item name="password" label="新密码" rules={passwordRules}>
            <Input.Password placeholder="6-32 位" autoComplete="new-password" maxLength={32} />
          </Form.Item>
          <Form.Item name="confirm" label="确认新密码" dependencies={['password']} rules={confirmRules('password')}>
            <Input.Password placeholder="再次输入新密码" autoComplete="new-password" maxLength={32} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={reset.isPending}>
            重置密码
          </Button>
        </Form>
        <AuthLinks links={[['返回登录', 'login'], ['注册账号', 'register']]} />
      </Modal>
    </>
  );
}
