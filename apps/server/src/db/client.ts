import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync, mkdirSync } from 'node:fs';
import type { PGlite, Results, RowMode, Transaction } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { SQL } from 'drizzle-orm';
import { StatementCache } from './pglite-statements.ts';
import { openPglite, pgliteExecuteSql, type ExecuteSql } from './pglite-instance.ts';
import { startPgliteThread } from './pglite-thread.ts';

export type { ExecuteSql };

/** One type for both drivers: modules never know which Postgres they talk to. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** The rows of a raw query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

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
  const seed = isNew ? opts.seed : undefined;
  if (existsSync(PGLITE_WORKER)) {
    const thread = await startPgliteThread(PGLITE_WORKER, { dataDir: opts.dataDir, seed: seed && new Uint8Array(await seed.arrayBuffer()) });
    return pgliteDatabase(thread as LeanClient, thread.executeSql, () => thread.close());
  }
  const client = await openPglite(opts.dataDir, seed);
  // Prepared statements belong to the connection: every handle on it shares one cache of their names.
  const statements = new StatementCache(client);
  return pgliteDatabase(lean(client, statements), pgliteExecuteSql(client), () => client.close());
}

/**
 * The embedded database's thread, bundled beside main.js (build.mjs). From TypeScript source
 * (tests, `npm run dev`) there is none, and the database runs on the main thread.
 */
const PGLITE_WORKER = fileURLToPath(new URL('./pglite-worker.js', import.meta.url));

function pgliteDatabase(client: LeanClient, executeSql: ExecuteSql, close: () => Promise<void>): Database {
  const handle = () => drizzlePglite({ client: client as unknown as PGlite });
  const pdb = handle();
  return {
    db: pdb as unknown as Db,
    kind: 'pglite',
    executeSql,
    migrate: () => migratePglite(pdb, { migrationsFolder: MIGRATIONS_DIR }),
    close,
    another: () => handle() as unknown as Db,
  };
}
