import { Alert, Button, Form, Input, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { confirmRules, passwordRules } from '../../../lib/form-rules.ts';
import { userInfoKey } from '../../../lib/session.ts';
import { useModifyPass } from '../api/profile.ts';

interface Values { old_password: string; password: string; confirm: string }

/**
 * After a super admin reset the password (pass_reset_required), the user chooses a new one
 * before anything else: the dialogue cannot be closed, only answered.
 */
export default function MustChangePassword() {
  const [form] = Form.useForm<Values>();
  const modify = useModifyPass();
  const queryClient = useQueryClient();
  const finish = (v: Values) => modify.mutate({ old_password: v.old_password, password: v.password }, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userInfoKey }),
  });
  return (
    <Modal open title="请修改密码" closable={false} maskClosable={false} keyboard={false} footer={null} destroyOnHidden>
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="管理员已重置您的密码，请设置一个新密码后继续使用。" />
      <Form form={form} layout="vertical" name="must-change-password" onFinish={finish} aria-label="修改密码">
        <Form.Item name="old_password" label="当前密码（管理员提供的临时密码）" rules={[{ required: true, message: '请输入当前密码' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label="新密码" rules={passwordRules}><Input.Password autoComplete="new-password" /></Form.Item>
        <Form.Item name="confirm" label="确认新密码" dependencies={['password']} rules={confirmRules('password')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={modify.isPending}>保存新密码</Button>
      </Form>
    </Modal>
  );
}
