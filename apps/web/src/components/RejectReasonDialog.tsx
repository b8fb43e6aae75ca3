import { Form, Input, Modal } from 'antd';

/** Asks the reason of a rejection (请填写驳回原因): robot releases, publications. */
export function RejectReasonDialog({ title, open, busy, onOk, onCancel }: {
  title: string;
  open: boolean;
  busy: boolean;
  onOk: (reason: string) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={open}
      title={title}
      okText="驳回"
      okButtonProps={{ danger: true, loading: busy }}
      onOk={() => void form.validateFields().then((v) => onOk(v.reason.trim())).catch(() => {})}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label="驳回原因" rules={[{ required: true, whitespace: true, message: '请填写驳回原因' }]}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
