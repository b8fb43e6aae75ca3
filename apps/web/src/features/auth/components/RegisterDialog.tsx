import { Button, Form, Input, Modal } from 'antd';
import { MSG } from '@xueban/contract/messages';
import { useDoRegister } from '../api/do-register.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { accountRules, confirmRules, passwordRules } from '../../../lib/form-rules.ts';
import { useAuthDialogs } from '../../../lib/auth-dialogs.ts';
import { AuthLinks } from './AuthLinks.tsx';

interface RegisterForm {
  account: string;
  truename?: string;
  password: string;
  confirm: string;
}

/**
 * 注册 (open route /user/register): a mobile number or email and a password; the name is
 * optional (the server names the account after its last digits). Signs in on success.
 */
export default function RegisterDialog() {
  const open = useAuthDialogs((s) => s.open === 'register');
  const close = useAuthDialogs((s) => s.close);
  const register = useDoRegister();
  const [form] = Form.useForm<RegisterForm>();

  const submit = ({ account, truename, password }: RegisterForm) => {
    register.mutate(
      { account: account.trim(), password, truename: truename?.trim() || undefined },
      {
        onSuccess: () => {
          showSuccess(MSG.created);
          close();
        },
      },
    );
  };

  return (
    <>
      <Modal open={open} title="注册" footer={null} onCancel={close} width={400} centered destroyOnHidden>
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
          <Form.Item name="account" label="账号" validateTrigger="onBlur" rules={accountRules}>
            <Input placeholder="手机号或邮箱" autoComplete="username" maxLength={120} autoFocus />
          </Form.Item>
          <Form.Item name="truename" label="姓名（选填）" rules={[{ max: 30, message: '姓名在30个字以内' }]}>
            <Input placeholder="你的姓名" autoComplete="name" maxLength={30} />
          </Form.Item>
          <Form.Item name="password" label="密码" rules={passwordRules}>
            <Input.Password placeholder="6-32 位" autoComplete="new-password" maxLength={32} />
          </Form.Item>
          <Form.Item name="confirm" label="确认密码" dependencies={['password']} rules={confirmRules('password')}>
            <Input.Password placeholder="再次输入密码" autoComplete="new-password" maxLength={32} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={register.isPending}>
            注册
          </Button>
        </Form>
        <AuthLinks links={[['已有账号？去登录', 'login']]} />
      </Modal>
    </>
  );
}
