import { Button, Form, Input, Modal, Typography } from 'antd';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { useUserInfo } from '../../../lib/session.ts';
import { useCreateGroup } from '../api/organisations.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { orgNameRules } from '../../../lib/form-rules.ts';
import { useAuthDialogs } from '../../../lib/auth-dialogs.ts';

/**
 * 创建组织 (open route /user/branch, needs login). The name rules are the contract's
 * orgNameSchema — the one the server enforces — so both say the same thing (spec §5).
 * The input does not cut at 20 characters: a pasted long name must show why it is refused.
 */
export default function BranchDialog() {
  const open = useAuthDialogs((s) => s.open === 'branch');
  const close = useAuthDialogs((s) => s.close);
  const { data: user } = useUserInfo();
  const create = useCreateGroup();
  const [form] = Form.useForm<{ name: string }>();

  const submit = ({ name }: { name: string }) => {
    create.mutate(name.trim(), {
      onSuccess: () => {
        showSuccess(MSG.created);
        close();
      },
    });
  };

  const remaining = user?.createLimit.group;
  return (
    <>
      <Modal open={open && !!user} title="创建组织" footer={null} onCancel={close} width={440} centered destroyOnHidden>
        <Typography.Paragraph type="secondary">创建后你将成为该组织的管理员，并切换到该组织。</Typography.Paragraph>
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
          <Form.Item name="name" label="组织名称" rules={orgNameRules}>
            <Input placeholder="如：xx 学校" count={{ show: true, max: LIMITS.orgName.max }} autoFocus />
          </Form.Item>
          {remaining !== undefined && (
            <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
              还可创建 {remaining} 个组织
            </Typography.Paragraph>
          )}
          <Button type="primary" htmlType="submit" block loading={create.isPending}>
            创建
          </Button>
        </Form>
      </Modal>
    </>
  );
}
