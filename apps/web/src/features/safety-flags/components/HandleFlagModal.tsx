import { Form, Input, Typography } from 'antd';
import { MSG } from '@xueban/contract/messages';
import { SAFETY_LIMITS, type AlertItem } from '@xueban/contract/safety';
import { FormModal } from '../../../components/FormModal.tsx';
import { showSuccess } from '../../../lib/toast.ts';
import { useHandleFlag } from '../api/handle-flag.ts';

/** 标记已处理: a note of what was done (talked with the student, told the parents…). */
export function HandleFlagModal({ alert, onClose }: { alert: AlertItem | null; onClose: () => void }) {
  const [form] = Form.useForm<{ note: string }>();
  const handle = useHandleFlag();
  const submit = ({ note }: { note?: string }) =>
    alert && handle.mutate({ id: alert.id, note: note ?? '' }, {
      onSuccess: () => {
        showSuccess(MSG.safetyHandled);
        onClose();
      },
    });
  return (
    <FormModal open={!!alert} title="标记已处理" name="safety-handle" form={form} saving={handle.isPending} onFinish={submit} onCancel={onClose}>
      {alert && (
        <Typography.Paragraph type="secondary">
          {alert.student_name} · {alert.category} · 命中「{alert.word}」
        </Typography.Paragraph>
      )}
      <Form.Item name="note" label="处理备注" rules={[{ max: SAFETY_LIMITS.noteMax, message: MSG.safetyNoteTooLong }]}>
        <Input.TextArea placeholder="例如：已与学生谈话并告知家长" maxLength={SAFETY_LIMITS.noteMax} showCount autoSize={{ minRows: 3, maxRows: 6 }} autoFocus />
      </Form.Item>
    </FormModal>
  );
}
