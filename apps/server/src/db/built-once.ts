import type { Db } from './client.ts';

const built = new WeakMap<Db, Map<string, unknown>>();

/**
 * A statement on the path to a chat's first token, turned into SQL once per database and shape,
 * then only run with new values: drizzle takes 0.1–0.7 ms to build a large statement, as long
 * as the embedded database then takes to run it. `build` writes the query with
 * `sql.placeholder(...)` for its values and returns it `.prepare(name)`d; `name` names the shape
 * (on PostgreSQL it is also the connection's prepared statement).
 */
export function builtOnce<Q>(db: Db, name: string, build: () => Q): Q {
  let byName = built.get(db);
  if (!byName) built.set(db, (byName = new Map()));
  let query = byName.get(name) as Q | undefined;
  if (!query) byName.set(name, (query = build()));
  return query;
}
