import type { ZodType } from 'zod';
import type { RouteEntry } from '../src/types.ts';

/** The keys of a route's body or query schema (unwrapping optional/default wrappers). */
export function schemaKeys(schema: unknown): string[] {
  let s = schema as { shape?: Record<string, unknown>; unwrap?: () => unknown; def?: { innerType?: unknown } } | undefined;
  for (let i = 0; i < 5 && s && !s.shape; i++) {
    s = (s.unwrap?.() ?? s.def?.innerType) as typeof s;
  }
  return s?.shape ? Object.keys(s.shape) : [];
}

export const bodySchema = (r: RouteEntry) => (r.schema as { body?: ZodType } | undefined)?.body;
export const querySchema = (r: RouteEntry) => (r.schema as { querystring?: ZodType } | undefined)?.querystring;

/** A field that names a row by id: such a field is how one tenant could reach another's data. */
export const isIdField = (key: string) => key === 'id' || key === 'uid' || key === 'pid' || key.endsWith('_id') || key.endsWith('_ids');

export const label = (r: RouteEntry) => `${r.method} ${r.url}`;
