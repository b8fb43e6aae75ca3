import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from './response-serializer.ts';

const Item = z.object({
  id: z.number(),
  name: z.string(),
  teacher: z.object({ uid: z.number(), truename: z.string() }).nullable(),
  tags: z.array(z.string()),
  extra: z.record(z.string(), z.number()),
  kind: z.union([z.literal('a'), z.literal('b')]),
});
const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/api/test', httpStatus: '200' });
const writerOf = (schema: z.ZodType, checked: boolean) => responseSerializer(checked)(route(schema) as never);

describe('the compiled response serializer', () => {
  const data = {
    id: 1, name: '一号', teacher: { uid: 7, truename: '王老师', passwordHash: 'x' }, tags: ['甲'], extra: { n: 2 }, kind: 'b',
    secret: 'must not leave',
  };

  it('writes only the declared fields, nested ones too, the same as the schema parse', () => {
    for (const checked of [true, false]) {
      const out = JSON.parse(writerOf(Item, checked)(data));
      expect(out).toEqual({ id: 1, name: '一号', teacher: { uid: 7, truename: '王老师' }, tags: ['甲'], extra: { n: 2 }, kind: 'b' });
      expect(writerOf(Item, checked)({ ...data, teacher: null })).toContain('"teacher":null');
    }
  });

  it('checked, refuses data the schema refuses (a 500, as before), where the unchecked one writes what it can', () => {
    expect(() => writerOf(Item, true)({ ...data, id: 'one' })).toThrow();
    expect(() => writerOf(Item, false)({ ...data, name: undefined })).toThrow(/name/);
  });

  it('keeps the schema parse for what JSON Schema cannot say (a transform)', () => {
    const Shouting = z.object({ word: z.string().transform((s) => s.toUpperCase()) });
    expect(writerOf(Shouting, false)({ word: 'hi', other: 1 })).toBe('{"word":"HI"}');
  });
});
