import { Form, Input, InputNumber } from 'antd';
import { INTENT_LIMITS } from '@xueban/contract/intents';

/** The free-text description of a category, intent or scene. */
export function InfoField({ label, placeholder }: { label: string; placeholder?: string }) {
  return (
    <Form.Item name="info" label={label}>
      <Input.TextArea placeholder={placeholder} maxLength={INTENT_LIMITS.infoMax} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
    </Form.Item>
  );
}

/** The display order of an intent or scene. */
export function SortField() {
  return (
    // A cleared number is null, which the server does not take for 0: cleared means 0.
    <Form.Item name="sort" label="排序" extra="数字小的排在前面" normalize={(v: number | null) => v ?? 0}>
      <InputNumber min={0} max={1_000_000} precision={0} />
    </Form.Item>
  );
}
