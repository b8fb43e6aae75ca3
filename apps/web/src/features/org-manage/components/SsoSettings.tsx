import { useEffect } from 'react';
import { Alert, Button, Card, Form, Input, Select, Switch, Typography } from 'antd';
import { MSG } from '@xueban/contract/messages';
import { showSuccess } from '../../../lib/toast.ts';
import { useSsoConfig } from '../api/sso-config.ts';
import { useSaveSsoConfig } from '../api/save-sso-config.ts';
import { ORG_ROLE_OPTIONS } from '@xueban/contract/roles';

interface Values {
  enabled: boolean; issuer: string; client_id: string; client_secret: string;
  account_claim: string; default_role: string; redirect_origins: string[];
}

const CLAIMS = [
  { value: 'email', label: 'email（邮箱）' },
  { value: 'phone_number', label: 'phone_number（手机号）' },
  { value: 'preferred_username', label: 'preferred_username（须为邮箱或手机号）' },
];

/**
 * 统一身份认证 (super admin): the school's OpenID Connect provider. The secret is write-only:
 * left empty, the stored one stays. Shows the address to register at the provider and the login entry.
 */
export function SsoSettings({ groupId }: { groupId: number }) {
  const config = useSsoConfig(groupId, true);
  const save = useSaveSsoConfig();
  const [form] = Form.useForm<Values>();
  const c = config.data;
  useEffect(() => {
    // A first configuration starts switched on; a saved one shows as saved.
    if (c) form.setFieldsValue({ ...c, enabled: c.issuer ? c.enabled : true, client_secret: '' });
  }, [c, form]);
  const entry = `${window.location.origin}/oauth?group_id=${groupId}`;

  return (
    <Card title="统一身份认证（OpenID Connect）" loading={config.isLoading} style={{ marginBottom: 16 }}>
      {c && (
        <>
          <Alert
            type="info" showIcon style={{ marginBottom: 16 }}
            message={<>在学校的身份提供方登记回调地址 <Typography.Text code copyable>{c.callback_url}</Typography.Text>；本校成员的登录入口 <Typography.Text code copyable>{entry}</Typography.Text></>}
          />
          <Form<Values>
            form={form} layout="vertical" style={{ maxWidth: 560 }}
            onFinish={(v) => save.mutate({ ...v, group_id: groupId, redirect_origins: v.redirect_origins ?? [] } as never, { onSuccess: () => showSuccess(MSG.updated) })}
          >
            <Form.Item name="enabled" label="开启" valuePropName="checked"><Switch /></Form.Item>
            <Form.Item name="issuer" label="Issuer 地址" rules={[{ required: true, message: '请输入 Issuer 地址' }]}><Input placeholder="https://idp.school.edu.cn" /></Form.Item>
            <Form.Item name="client_id" label="Client ID" rules={[{ required: true, message: '请输入 Client ID' }]}><Input /></Form.Item>
            <Form.Item name="client_secret" label="Client Secret" extra={c.has_secret ? '已保存（加密存储）；留空则保持不变' : '加密存储，保存后不再显示'}>
              <Input.Password autoComplete="new-password" placeholder={c.has_secret ? '••••••••' : ''} />
            </Form.Item>
            <Form.Item name="account_claim" label="账号字段（claim）"><Select options={CLAIMS} /></Form.Item>
            <Form.Item name="default_role" label="新账号在本组织的角色"><Select options={ORG_ROLE_OPTIONS} /></Form.Item>
            <Form.Item name="redirect_origins" label="允许登录后返回的其他地址" extra="本站地址总是允许；其他地址须在此列出（如学校门户 https://portal.school.edu.cn）">
              <Select mode="tags" tokenSeparators={[',', ' ']} placeholder="https://…" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>保存</Button>
          </Form>
        </>
      )}
    </Card>
  );
}
