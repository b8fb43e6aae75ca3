import { z } from 'zod';

/**
 * A number field: a JSON number, or a query string's decimal digits. Only strings are converted;
 * `num(z.number())` would also take `true` as 1 and `[]` or `null` as 0, so `{"id": true}` named
 * row 1. Takes the number schema with its checks: `num(z.number().int().min(1))`. Typed as taking
 * a number or a string, so a client building the call's input keeps its number fields checked.
 */
export function num<T extends z.ZodNumber>(schema: T): z.ZodType<z.output<T>, number | string> {
  return z.preprocess((v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v), schema);
}

/** A 0/1 switch; query strings may also say true/false. */
export const flag = z.preprocess(
  (v) => (v === true || v === 'true' ? 1 : v === false || v === 'false' ? 0 : v),
  num(z.number().int().min(0).max(1)),
);
