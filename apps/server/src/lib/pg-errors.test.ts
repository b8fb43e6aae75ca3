import { describe, expect, it } from 'vitest';
import { isForeignKeyViolation, isUniqueViolation } from './pg-errors.ts';

describe('pg-errors', () => {
  it('reads the code on the error or on the cause Drizzle wraps', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation(new Error('failed query', { cause: { code: '23505' } }))).toBe(true);
    expect(isForeignKeyViolation({ cause: { code: '23503' } })).toBe(true);
  });
  it('is false for other codes and for what is not an error', () => {
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isForeignKeyViolation(new Error('x', { cause: { code: '23505' } }))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});
