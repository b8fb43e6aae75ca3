import type { FormRule } from 'antd';
import type { z } from 'zod';
import { accountSchema, orgNameSchema, passwordSchema, verifyCodeSchema } from '@xueban/contract/uc';

/**
 * Form rules built from the contract's zod schemas, so a form refuses exactly what the server
 * refuses, with the same catalogue message (the first failing check, in the schema's order).
 */
export function schemaRule(schema: z.ZodType, opts: { skipEmpty?: boolean } = {}): FormRule {
  return {
    validator: async (_, value: unknown) => {
      const v = value ?? '';
      // An empty field is the `required` rule's business when the form has one.
      if (opts.skipEmpty && v === '') return;
      const result = schema.safeParse(v);
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  };
}

export const accountRules: FormRule[] = [
  { required: true, whitespace: true, message: '请输入手机号或邮箱' },
  schemaRule(accountSchema, { skipEmpty: true }),
];

export const passwordRules: FormRule[] = [{ required: true, message: '请输入密码' }, schemaRule(passwordSchema, { skipEmpty: true })];

export const codeRules: FormRule[] = [{ required: true, message: '请输入验证码' }, schemaRule(verifyCodeSchema, { skipEmpty: true })];

/** Spec §5: 请输入组织名称 / 不能全是空格 / 长度在20位以内 — all three come from the schema. */
export const orgNameRules: FormRule[] = [schemaRule(orgNameSchema)];

/** The repeat of a new password must match the field `field`. */
export const confirmRules = (field: string): FormRule[] => [
  { required: true, message: '请再次输入密码' },
  ({ getFieldValue }) => ({
    validator: async (_, value: unknown) => {
      if (value && value !== getFieldValue(field)) throw new Error('两次输入的密码不一致');
    },
  }),
];
