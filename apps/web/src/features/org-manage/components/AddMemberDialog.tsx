import { Form, Input, Modal, Select } from 'antd';
import { MSG } from '@xueban/contract/messages';
import { accountRules } from '../../../lib/form-rules.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { useAddMember } from '../api/add-member.ts';
import { ORG_ROLE_OPTIONS } from '@xueban/contract/roles';

interface Values { account: string; truename?: string; password?: string; role: string }

/**
 * 添加成员 by mobile or email. An existing account joins as it is; for a person without one the
 * admin gives a name and an initial password to hand over.
 */
export function AddMemberDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const add = useAddMember();
  const submit = (v: Values) => add.mutate(
    { account: v.account, role: v.role as never, truename: v.truename || undefined, password: v.password || undefined },
    { onSuccess: (r) => { showSuccess(r.created ? '已新建账号并加入组织' : MSG.created); form.resetFields(); onClose(); } },
  );
  return (
    <Modal open={open} title="添加成员" okText="添加" cancelText="取消" onCancel={onClose} onOk={() => form.submit()} okButtonProps={{ loading: add.isPending }} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ role: 'ROLE_STUDENT' }} preserve={false}>
        <Form.Item name="account" label="手机号或邮箱" rules={accountRules}><Input placeholder="成员的手机号或邮箱" /></Form.Item>
        <Form.Item name="role" label="角色"><Select options={ORG_ROLE_OPTIONS} /></Form.Item>
        <Form.Item name="truename" label="姓名" extra="该账号尚未注册时必填：将用姓名和初始密码为其新建账号"><Input maxLength={30} /></Form.Item>
        <Form.Item name="password" label="初始密码"><Input.Password autoComplete="new-password" maxLength={32} /></Form.Item>
      </Form>
    </Modal>
  );
}
