/**
 * An answer whose JSON text is already written (the database wrote it: a page of records, issue
 * 23), typed as the value it stands for. The response serializer sends the text as it is; outside
 * production it first checks the text against the route's response schema, as it checks every
 * answer it writes itself (lib/response-serializer.ts).
 */
export class Serialized<T> {
  declare readonly of: T;
  constructor(readonly text: string) {}
}

/**
 * `value` as JSON with `raw` (JSON text) added as its last key: how an answer wraps a piece the
 * database already wrote without parsing it. `value` must be a plain object.
 */
export function withLastKey(value: object, key: string, raw: string): string {
  const head = JSON.stringify(value);
  return `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}${JSON.stringify(key)}:${raw}}`;
}
