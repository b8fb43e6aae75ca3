import { PGlite, types } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';

/** Raw SQL for libraries that bring their own (the job queue); a script without values may hold several statements. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: any[]; rowCount?: number }>;

/**
 * drizzle's PGlite driver passes these parsers with every query (dates, times and intervals
 * left as text for drizzle to map), and PGlite then copies its whole table of ~350 parsers for
 * that one query: about a third of a simple query's cost. Set once on the instance instead,
 * they give the same rows, and the lean client (client.ts) drops the per-query copy.
 */
export const AS_TEXT = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((t) => [t, (v: string) => v]),
);

/**
 * An embedded database as the server uses it, on whichever thread calls this (client.ts in
 * place, pglite.worker.ts on its own thread). A new one starts from `seed` when one is given.
 */
export async function openPglite(dataDir: string, seed?: Blob): Promise<PGlite> {
  // pgvector ships with the embedded database, so hybrid retrieval works there out of the box.
  const client = await PGlite.create(dataDir, { extensions: { vector }, ...(seed ? { loadDataDir: seed } : {}) });
  Object.assign(client.parsers, AS_TEXT);
  return client;
}

/** `ExecuteSql` on a PGlite client. The extended protocol takes one statement; a script without values goes through exec. */
export const pgliteExecuteSql = (client: PGlite): ExecuteSql => async (text, values) => {
  const res = values?.length ? await client.query<any>(text, values) : (await client.exec(text)).at(-1);
  return { rows: res?.rows ?? [], rowCount: res?.affectedRows ?? 0 };
};
