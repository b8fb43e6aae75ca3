import { Button, Form, Input, Modal } from 'antd';
import { EMAIL_RE, MOBILE_RE } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { useDoLogin, type LoginInput } from '../api/do-login.ts';
import { useAuthDialogs } from '../../../lib/auth-dialogs.ts';
import { AuthLinks } from './AuthLinks.tsx';

const isAccount = (v: string) => MOBILE_RE.test(v) || EMAIL_RE.test(v);

/**
 * The login dialog, shown over the current page (spec §2: login shows over home).
 * Errors such as a wrong password come back as a business code and are toasted by the
 * request layer, so the dialog only has to stay open.
 */
export default function LoginDialog() {
  const open = useAuthDialogs((s) => s.open === 'login');
  const close = useAuthDialogs((s) => s.close);
  const login = useDoLogin();
  const [form] = Form.useForm<LoginInput>();

  const submit = (values: LoginInput) => {
    login.mutate(
      { account: values.account.trim(), password: values.password },
      {
        onSuccess: () => {
          close();
          form.resetFields();
        },
      },
    );
  };

  return (
    <Modal open={open} title="登录" footer={null} onCancel={close} width={400} centered destroyOnHidden>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} autoComplete="on">
        <Form.Item
          name="account"
          label="账号"
          validateTrigger="onBlur"
          rules={[
            { required: true, whitespace: true, message: '请输入手机号或邮箱' },
            { validator: async (_, v: string | undefined) => { if (v?.trim() && !isAccount(v.trim())) throw new Error(MSG.accountInvalid); } },
          ]}
        >
          <Input placeholder="手机号或邮箱" autoComplete="username" maxLength={120} autoFocus />
        </Form.Item>
        <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password placeholder="请输入密码" autoComplete="current-password" maxLength={64} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          登录
        </Button>
      </Form>
      <AuthLinks links={[['注册账号', 'register'], ['忘记密码', 'reset-pass']]} />
    </Modal>
  );
}
