import { Form, Select } from 'antd';
import { SENSITIVE_CATEGORIES, SENSITIVE_SEVERITIES, SEVERITY_LABEL } from '@xueban/contract/sensitive';

export const CATEGORY_OPTIONS = SENSITIVE_CATEGORIES.map((c) => ({ value: c, label: c }));
export const SEVERITY_OPTIONS = SENSITIVE_SEVERITIES.map((s) => ({ value: s, label: SEVERITY_LABEL[s] }));

/** 分类 and 级别 of a word (or of every word of an import): high also alerts the organisation's admins who opted in. */
export function WordClassFields() {
  return (
    <>
      <Form.Item name="category" label="分类" initialValue="其他">
        <Select aria-label="分类" options={CATEGORY_OPTIONS} />
      </Form.Item>
      <Form.Item name="severity" label="级别" initialValue="standard" extra="命中后通知学生的老师；高风险还会通知开启了预警通知的组织管理员。">
        <Select aria-label="级别" options={SEVERITY_OPTIONS} />
      </Form.Item>
    </>
  );
}
