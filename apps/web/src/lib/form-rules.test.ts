import { describe, expect, it } from 'vitest';
import type { FormInstance } from 'antd';
import { MSG } from '@xueban/contract/messages';
import { passwordSchema } from '@xueban/contract/uc';
import { orgNameRules, schemaRule } from './form-rules.ts';

/** Runs an antd rule object's validator the way Form does; resolves to the message or null. */
async function check(rule: (typeof orgNameRules)[number], value: unknown): Promise<string | null> {
  const r = typeof rule === 'function' ? rule({} as FormInstance) : rule;
  try {
    await r.validator?.({} as never, value, () => {});
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

describe('organisation name rules (spec §5, the server schema)', () => {
  const rule = orgNameRules[0]!;
  it('says which rule failed, in the spec order', async () => {
    expect(await check(rule, undefined)).toBe(MSG.orgNameRequired);
    expect(await check(rule, '')).toBe(MSG.orgNameRequired);
    expect(await check(rule, '   ')).toBe(MSG.orgNameBlank);
    expect(await check(rule, '一'.repeat(21))).toBe(MSG.orgNameTooLong);
  });

  it('accepts 1 to 20 characters, surrounding spaces not counted', async () => {
    expect(await check(rule, '一')).toBeNull();
    expect(await check(rule, ` ${'一'.repeat(20)} `)).toBeNull();
  });
});

describe('schemaRule', () => {
  it('leaves an empty field to the required rule when asked', async () => {
    expect(await check(schemaRule(passwordSchema, { skipEmpty: true }), '')).toBeNull();
    expect(await check(schemaRule(passwordSchema, { skipEmpty: true }), '12345')).toBe(MSG.passwordRule);
  });
});
