import { Form, Input, Modal } from 'antd';

const REASON_MAX = 200;

interface Props {
  open: boolean;
  name: string;
  busy: boolean;
  onCancel: () => void;
  onReject: (reason: string) => void;
}

/** Rejecting asks why: the applicant reads the reason in their notification. */
export function RejectApplyDialog({ open, name, busy, onCancel, onReject }: Props) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={open}
      title={`拒绝 ${name} 的创作者申请`}
      okText="拒绝"
      okButtonProps={{ danger: true, loading: busy }}
      onCancel={onCancel}
      onOk={() => void form.validateFields().then((v) => onReject(v.reason.trim()), () => {})}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label="拒绝理由" rules={[{ required: true, whitespace: true, message: '请填写拒绝理由' }]}>
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount placeholder="告诉申请人未通过的原因" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
