import { Button, Descriptions, Divider, Form, Input, Typography } from 'antd';
import type { UserInfo } from '@xueban/contract/uc';
import { MSG } from '@xueban/contract/messages';
import { useChangeAccount, useModifyPass } from '../../api/profile.ts';
import { showSuccess } from '../../../../lib/toast.ts';
import { accountRules, codeRules, confirmRules, passwordRules } from '../../../../lib/form-rules.ts';
import { CodeInput } from '../CodeInput.tsx';

interface PassForm {
  old_password: string;
  password: string;
  confirm: string;
}

interface AccountForm {
  account: string;
  code: string;
}

/** 账号安全: change the password; change the mobile number or email with a code sent to the new one. */
export function SecurityTab({ user }: { user: UserInfo }) {
  const modify = useModifyPass();
  const change = useChangeAccount();
  const [passForm] = Form.useForm<PassForm>();
  const [accountForm] = Form.useForm<AccountForm>();

  const savePass = ({ old_password, password }: PassForm) => {
    modify.mutate({ old_password, password }, {
      onSuccess: () => {
        showSuccess(MSG.updated);
        passForm.resetFields();
      },
    });
  };

  const saveAccount = ({ account, code }: AccountForm) => {
    change.mutate({ account: account.trim(), code: code.trim() }, {
      onSuccess: () => {
        showSuccess(MSG.updated);
        accountForm.resetFields();
      },
    });
  };

  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 0 }}>修改密码</Typography.Title>
      <Form form={passForm} layout="vertical" requiredMark={false} onFinish={savePass} name="modify-pass">
        <Form.Item name="old_password" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password autoComplete="current-password" maxLength={64} />
        </Form.Item>
        <Form.Item name="password" label="新密码" rules={passwordRules}>
          <Input.Password placeholder="6-32 位" autoComplete="new-password" maxLength={32} />
        </Form.Item>
        <Form.Item name="confirm" label="确认新密码" dependencies={['password']} rules={confirmRules('password')}>
          <Input.Password autoComplete="new-password" maxLength={32} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={modify.isPending}>
          修改密码
        </Button>
      </Form>

      <Divider />
      <Typography.Title level={5}>更换手机号或邮箱</Typography.Title>
      <Descriptions
        size="small"
        column={2}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'mobile', label: '手机号', children: user.mobile || '未绑定' },
          { key: 'email', label: '邮箱', children: user.email || '未绑定' },
        ]}
      />
      <Form form={accountForm} layout="vertical" requiredMark={false} onFinish={saveAccount} name="change-account">
        <Form.Item name="account" label="新手机号或邮箱" validateTrigger="onBlur" rules={accountRules}>
          <Input placeholder="手机号或邮箱" autoComplete="off" maxLength={120} />
        </Form.Item>
        <Form.Item name="code" label="验证码" rules={codeRules}>
          <CodeInput form={accountForm} accountField="account" purpose="change" onSent={() => showSuccess('验证码已发送')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          确认更换
        </Button>
      </Form>
    </>
  );
}
