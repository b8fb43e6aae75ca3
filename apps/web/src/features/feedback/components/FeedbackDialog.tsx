import { useState } from 'react';
import { Button, Form, Input, Modal, message, type UploadFile } from 'antd';
import { MSG } from '@xueban/contract/messages';
import { useSendFeedback } from '../api/send-feedback.ts';
import { CONTENT_INPUT_MAX, canSubmit, composeContent, isValidContact } from '../lib/feedback-rules.ts';
import { useFeedbackDialog } from '../stores/feedback-dialog.ts';
import { FeedbackImages } from './FeedbackImages.tsx';

interface Values {
  content: string;
  contact: string;
}

/**
 * The feedback form (spec §5): 问题描述 (required), 联系方式 (a mainland mobile or an email,
 * prefilled from the account), up to 5 jpg/png pictures. Submit stays disabled while sending,
 * while a picture uploads, or while content or contact is empty (spec §4).
 */
export default function FeedbackDialog({ defaultContact }: { defaultContact: string }) {
  const open = useFeedbackDialog((s) => s.open);
  const close = useFeedbackDialog((s) => s.close);
  const [form] = Form.useForm<Values>();
  const content = Form.useWatch('content', form);
  const contact = Form.useWatch('contact', form);
  const [images, setImages] = useState<UploadFile<string>[]>([]);
  const [toast, toastHolder] = message.useMessage();
  const send = useSendFeedback();
  const uploading = images.some((f) => f.status === 'uploading');

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const picture_data = images.filter((f) => f.status === 'done' && f.response).map((f) => f.response!);
    send.mutate(
      { content: composeContent(values.content, window.location.href), contact: values.contact.trim(), picture_data },
      {
        onSuccess: () => {
          void toast.success(MSG.done);
          close();
          form.resetFields();
          setImages([]);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title="意见反馈"
      onCancel={close}
      width={600}
      centered
      footer={[
        <Button key="cancel" onClick={close}>取消</Button>,
        <Button key="submit" type="primary" loading={send.isPending} disabled={!canSubmit(content, contact, send.isPending || uploading)} onClick={() => void submit()}>
          提交
        </Button>,
      ]}
    >
      {toastHolder}
      <Form form={form} layout="vertical" initialValues={{ content: '', contact: defaultContact }} requiredMark>
        <Form.Item
          name="content"
          label="问题描述"
          rules={[{ required: true, whitespace: true, message: MSG.feedbackContentRequired }]}
        >
          <Input.TextArea rows={5} maxLength={CONTENT_INPUT_MAX} showCount placeholder="请描述您遇到的问题或建议" />
        </Form.Item>
        <Form.Item
          name="contact"
          label="联系方式"
          validateTrigger="onBlur"
          rules={[{ validator: async (_, v: string | undefined) => { if (!isValidContact(v ?? '')) throw new Error(MSG.contactInvalid); } }]}
        >
          <Input maxLength={120} placeholder="手机号或邮箱，方便我们回复您" autoComplete="email" />
        </Form.Item>
        <Form.Item label="上传图片" extra="最多5张，支持 jpg、png 格式">
          <FeedbackImages value={images} onChange={setImages} onError={(msg) => void toast.error({ content: msg, key: msg })} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
