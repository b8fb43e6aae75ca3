import { Form, Input, Modal, Radio, Select } from 'antd';
import { LICENCES, PUBLISH_SCOPE_LABEL, RESOURCE_KIND_LABEL, SUBJECTS, type PublishKind } from '@xueban/contract/resources';
import { RES_MSG } from '@xueban/contract/resources';
import { showSuccess } from '../../../lib/toast.ts';
import { usePublishContent, type PublishInput } from '../api/publish-content.ts';

export interface PublishTarget { kind: PublishKind; id: number; title: string }

type Values = Pick<PublishInput, 'scope' | 'subject' | 'licence' | 'info'>;

/**
 * 发布到资源中心: a course plan, knowledge base or intent library offered for reuse — to the whole
 * platform's resource centre or to my organisation only, with a subject and a licence. The
 * organisation's admin reviews it before anyone else sees it.
 */
export function PublishContentModal({ target, onClose }: { target: PublishTarget | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const publish = usePublishContent();
  const submit = async () => {
    const v = await form.validateFields();
    await publish.mutateAsync({ kind: target!.kind, content_id: target!.id, ...v });
    showSuccess(RES_MSG.published);
    onClose();
  };
  return (
    <Modal
      open={!!target}
      title={target ? `发布${RESOURCE_KIND_LABEL[target.kind]}“${target.title}”` : ''}
      okText="提交审核"
      cancelText="取消"
      confirmLoading={publish.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" preserve={false} initialValues={{ scope: 'platform', subject: '', licence: LICENCES[0], info: '' }}>
        <Form.Item name="scope" label="发布到">
          <Radio.Group options={(['platform', 'org'] as const).map((s) => ({ value: s, label: PUBLISH_SCOPE_LABEL[s] }))} />
        </Form.Item>
        <Form.Item name="subject" label="学科">
          <Select aria-label="学科" options={[{ value: '', label: '不限学科' }, ...SUBJECTS.map((s) => ({ value: s, label: s }))]} />
        </Form.Item>
        <Form.Item name="licence" label="许可协议">
          <Select aria-label="许可协议" options={LICENCES.map((l) => ({ value: l, label: l }))} />
        </Form.Item>
        <Form.Item name="info" label="简介" extra="不填写时使用内容自身的简介">
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="说明适用的年级、场景和使用方法" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
