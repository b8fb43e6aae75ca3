import type { FastifySchema } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Config } from './config.ts';
import type { Db, ExecuteSql } from './db/client.ts';
import type { Access, TenantProbe } from './lib/access.ts';
import type { Egress } from './lib/egress.ts';
import type { Cluster } from './lib/redis.ts';
import type { Storage } from './modules/files/storage.ts';
import type { CodeSender } from './modules/verify/code-sender.ts';

// The types every module shares. A leaf: it imports only types of leaf modules (configuration, the
// database client, storage, mail, egress, access), never a routes file, so a module may import it
// without closing a circle through app.ts.

/** What every module may use. Built once in main.ts (or by a test) and handed to buildApp. */
export interface Deps {
  db: Db;
  config: Config;
  codeSender: CodeSender;
  storage: Storage;
  /** The egress-guarded clients, one per feature with its own policy (lib/egress.ts): model providers, web search, imported pages. */
  egress: Egress;
  /** Raw SQL on the same database, for the job queue. */
  executeSql: ExecuteSql;
  /** Embedded PGlite is one process's alone; PostgreSQL may be shared by several nodes. */
  dbKind: 'pglite' | 'postgres';
  /** What the nodes share besides the database (Redis with REDIS_URL): counters and events. Closed with the app. */
  cluster: Cluster;
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
  tenant?: TenantProbe | undefined;
  tenantExempt?: string | undefined;
  schema?: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** Every API route with its declared access: the access tests are generated from it. */
    routeTable: RouteEntry[];
    /** Background jobs (pg-boss): modules send jobs here and, on worker nodes, register handlers. */
    queue: PgBoss;
  }
}
