import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync, mkdirSync } from 'node:fs';
import { PGlite, types, type Results, type RowMode, type Transaction } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { SQL } from 'drizzle-orm';
import { StatementCache } from './pglite-statements.ts';

/** One type for both drivers: modules never know which Postgres they talk to. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** The rows of a raw query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Raw SQL for libraries that bring their own (the job queue); a script without values may hold several statements. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: any[]; rowCount?: number }>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  executeSql: ExecuteSql;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** A second drizzle handle on the same connections: what is cached per handle starts empty (a second node, in tests). */
  another(): Db;
}

/**
 * drizzle's PGlite driver passes these parsers with every query (dates, times and intervals
 * left as text for drizzle to map), and PGlite then copies its whole table of ~350 parsers for
 * that one query: about a third of a simple query's cost. Set once on the instance instead,
 * they give the same rows, and `lean` drops the per-query copy.
 */
const AS_TEXT = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((t) => [t, (v: string) => v]),
);

/**
 * The two calls drizzle makes on a PGlite client or transaction, minus the per-query parsers and
 * through the statement cache (prepared once, planned once).
 */
interface LeanClient {
  query(sql: string, params?: unknown[], o?: { rowMode?: RowMode }): Promise<Results>;
  transaction<T>(fn: (tx: LeanClient) => Promise<T>): Promise<T>;
}
function lean(pg: PGlite, statements: StatementCache, tx?: Transaction): LeanClient {
  return {
    query: async (sql, params, o) => {
      // PGlite blocks the thread while a statement runs: let waiting I/O (streams being relayed) through first.
      await new Promise((resolve) => setImmediate(resolve));
      return statements.query(sql, params, o?.rowMode, tx);
    },
    transaction: (fn) => pg.transaction((t) => fn(lean(pg, statements, t))),
  };
}

/** `ExecuteSql` on a PGlite client. The extended protocol takes one statement; a script without values goes through exec. */
export const pgliteExecuteSql = (client: PGlite): ExecuteSql => async (text, values) => {
  const res = values?.length ? await client.query<any>(text, values) : (await client.exec(text)).at(-1);
  return { rows: res?.rows ?? [], rowCount: res?.affectedRows ?? 0 };
};

/** Where migrations live: beside this file in source, copied beside the bundle in production. */
export const MIGRATIONS_DIR =
  process.env.MIGRATIONS_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The advisory lock key migrations are applied under on PostgreSQL (any constant; "xueban migrate"). */
const MIGRATION_LOCK = 0x78756d67;

/**
 * PostgreSQL when a URL is given, else PGlite persisted under `dataDir`
 * (or in memory when `dataDir` is 'memory://', as tests do). A new embedded database starts from
 * `seed` when one is given (db/seed.ts); an existing one never does.
 */
export async function createDatabase(opts: { url?: string; dataDir: string; seed?: Blob | undefined }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection the server ends (restart, admin command) is replaced by the pool; it must not crash the process.
    pool.on('error', () => {});
    // pool.end() resolves before the sockets close: close() waits for every connection to end.
    const open = new Set<pg.PoolClient>();
    pool.on('connect', (client) => {
      open.add(client);
      client.once('end', () => open.delete(client));
    });
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      executeSql: async (text, values) => {
        const res = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
        const last = Array.isArray(res) ? res.at(-1)! : res;
        return { rows: last.rows, rowCount: last.rowCount ?? 0 };
      },
      migrate: async () => {
        // Nodes of a new version start together while old ones still serve: one applies the
        // migrations under a session lock, the others wait for it and then find nothing to do.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      },
      another: () => drizzlePg(pool) as unknown as Db,
      close: async () => {
        const ending = [...open].map((c) => new Promise((resolve) => c.once('end', resolve)));
        await pool.end();
        await Promise.all(ending);
      },
    };
  }
  const inMemory = opts.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(opts.dataDir, { recursive: true });
  const isNew = inMemory || !existsSync(path.join(opts.dataDir, 'PG_VERSION'));
  // pgvector ships with the embedded database, so hybrid retrieval works there out of the box.
  const client = await PGlite.create(opts.dataDir, {
    extensions: { vector },
    ...(isNew && opts.seed ? { loadDataDir: opts.seed } : {}),
  });
  Object.assign(client.parsers, AS_TEXT);
  // Prepared statements belong to the connection: every handle on it shares one cache of their names.
  const statements = new StatementCache(client);
  const pdb = drizzlePglite({ client: lean(client, statements) as unknown as PGlite });
  return {
    db: pdb as unknown as Db,
    kind: 'pglite',
    executeSql: pgliteExecuteSql(client),
    migrate: () => migratePglite(pdb, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
    another: () => drizzlePglite({ client: lean(client, statements) as unknown as PGlite }) as unknown as Db,
  };
}
