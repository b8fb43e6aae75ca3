import type { ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';

interface Props<V> {
  open: boolean;
  title: string;
  /** The form's name: field ids derive from it. */
  name: string;
  form: FormInstance<V>;
  saving: boolean;
  onFinish: (values: V) => void;
  onCancel: () => void;
  children: ReactNode;
}

/** A dialogue holding one vertical form: 保存 submits it (spinning while saving), 取消 closes. */
export function FormModal<V>({ open, title, name, form, saving, onFinish, onCancel, children }: Props<V>) {
  return (
    <Modal open={open} title={title} okText="保存" cancelText="取消" confirmLoading={saving} onOk={() => form.submit()} onCancel={onCancel} destroyOnHidden>
      <Form form={form} name={name} layout="vertical" onFinish={onFinish} aria-label={title}>
        {children}
      </Form>
    </Modal>
  );
}
