import { is, sql, type Column, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgTimestamp } from 'drizzle-orm/pg-core';

/** A column's value as drizzle maps it: its data type, or null where the column may be null. */
type Value<C extends Column> = C['_']['notNull'] extends true ? C['_']['data'] : C['_']['data'] | null;

export interface JsonObject<T extends Record<string, Column>> {
  /** `json_build_object` of the columns under their keys; times as epoch milliseconds. */
  sql: SQL<unknown>;
  /** The object parsed from that JSON, as drizzle would have mapped the columns (times as Dates). */
  read(o: Record<string, unknown>): { [K in keyof T]: Value<T[K]> };
}

/**
 * Columns read as one JSON object instead of one field each: a database driver takes every field
 * of every row apart (on the embedded database, most of a wide read's cost), and JSON.parse reads
 * one text at native speed. The keys are written as literals, so they must be plain identifiers.
 */
export function jsonObject<T extends Record<string, Column>>(columns: T): JsonObject<T> {
  const times = Object.keys(columns).filter((k) => is(columns[k], PgTimestamp));
  for (const key of Object.keys(columns)) if (!/^[A-Za-z_]\w*$/.test(key)) throw new Error(`jsonObject: ${key} is not a plain key`);
  const pairs = Object.entries(columns).map(([key, column]) =>
    sql`${sql.raw(`'${key}'`)}, ${times.includes(key) ? sql`extract(epoch from ${column}) * 1000` : column}`);
  return {
    sql: sql`json_build_object(${sql.join(pairs, sql`, `)})`,
    read(o) {
      const out = { ...o } as Record<string, unknown>;
      for (const key of times) if (typeof out[key] === 'number') out[key] = new Date(Math.floor(out[key]));
      return out as ReturnType<JsonObject<T>['read']>;
    },
  };
}

/** A left-joined object: null when the join found no row (`present` is then null), as drizzle gives it. */
export const presentOrNull = (present: SQLWrapper, object: { sql: SQL<unknown> }) =>
  sql`case when ${present} is null then null else ${object.sql} end`;
