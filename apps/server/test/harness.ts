import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { loadConfig, type Config } from '../src/config.ts';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../src/db/client.ts';
import { readSeed } from '../src/db/seed.ts';
import { buildApp } from '../src/app.ts';
import type { Deps } from '../src/types.ts';
import { bootstrap } from '../src/bootstrap.ts';
import { createLocalStorage, createS3Storage } from '../src/modules/files/storage.ts';
import type { CodeSender } from '../src/modules/verify/code-sender.ts';
import { createEgress } from '../src/lib/egress.ts';
import { createCluster } from '../src/lib/redis.ts';

export const ADMIN = { account: 'admin@test.local', password: 'admin-pass-1' };

/**
 * A mailbox standing in for the outside world's SMTP/SMS delivery: the app hands it codes
 * through the same CodeSender interface the real sender implements.
 */
export class Mailbox implements CodeSender {
  readonly sent: { target: string; code: string; purpose: string }[] = [];
  async send(target: string, code: string, purpose: string) {
    this.sent.push({ target, code, purpose });
  }
  last(target: string) {
    return [...this.sent].reverse().find((m) => m.target === target.toLowerCase())?.code;
  }
}

/** The migrated empty database (test/global-setup.ts), read once per file. */
let seed: Blob | undefined;

/**
 * A fresh database per test file: in-memory PGlite started from the seed, or a new database on the PostgreSQL
 * server named by TEST_DATABASE_URL (dropped afterwards).
 */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await createDatabase({ dataDir: 'memory://', seed: (seed ??= readSeed(inject('dbSeed'))) });
    return { database, drop: async () => {} };
  }
  const empty = await emptyPostgresDatabase(url);
  return { database: await createDatabase({ url: empty.url, dataDir: '' }), drop: empty.drop };
}

/** A new, empty database on the PostgreSQL server at `serverUrl`, and how to drop it. */
export async function emptyPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  config: Config;
  mailbox: Mailbox;
  database: Database;
  close(): Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'xueban-test-'));
  const config = loadConfig({
    NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent',
    ADMIN_ACCOUNT: ADMIN.account, ADMIN_PASSWORD: ADMIN.password,
    // The demo robot and its knowledge would change every count and empty state the suite checks:
    // off here, on in the product and the browser tests (docs/decisions.md "Demo content on first start").
    DEMO_CONTENT: '0', ...env,
  });
  const { database, drop } = await freshDatabase();
  await database.migrate();
  await bootstrap(database.db, config, pino({ level: 'silent' }));
  const mailbox = new Mailbox();
  // With S3_BUCKET in env the S3 driver is used, as in deps.ts (tests point it at test/fakes/s3-server.ts).
  const storage = config.S3_BUCKET
    ? createS3Storage({
        endpoint: config.S3_ENDPOINT, region: config.S3_REGION, bucket: config.S3_BUCKET,
        accessKeyId: config.S3_ACCESS_KEY_ID!, secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
      })
    : createLocalStorage(path.join(dataDir, 'files'));
  // The egress clients as deps.ts builds them: tests allow their local servers by origin (EGRESS_*_ORIGINS, LLM_BASE_URL).
  const deps: Deps = {
    db: database.db, config, codeSender: mailbox, storage, egress: createEgress(config), executeSql: database.executeSql, dbKind: database.kind,
    cluster: createCluster(config.REDIS_URL),
  };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app, deps, config, mailbox, database,
    async close() {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second node beside `t`: its own process state (caches, limits, open streams, cluster
 * connection) on the same database and files, as another server behind a load balancer would be.
 * It runs no jobs (WORKERS=0); closing it leaves `t` and the database alone.
 */
export async function createPeerApp(t: TestApp, env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'xueban-peer-'));
  const config = loadConfig({
    NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_CONTENT: '0', WORKERS: '0',
    ...env, APP_SECRET: t.config.APP_SECRET, DATA_DIR: dataDir,
  });
  const deps: Deps = {
    ...t.deps, db: t.database.another(), config, egress: createEgress(config), cluster: createCluster(config.REDIS_URL),
  };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app, deps, config, mailbox: t.mailbox, database: t.database,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A test app with the super admin logged in: the common start of a file's tests. */
export async function adminApp(env: Record<string, string> = {}): Promise<{ t: TestApp; admin: string }> {
  const t = await createTestApp(env);
  return { t, admin: await login(t.app, ADMIN.account, ADMIN.password) };
}

export interface CallOptions {
  token?: string | undefined;
  body?: unknown;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  /** Spread each test's calls over distinct addresses so rate limits only bite where a test means them to. */
  ip?: string;
}

export async function call(app: FastifyInstance, method: 'GET' | 'POST', url: string, o: CallOptions = {}) {
  const opts: InjectOptions = {
    method, url, query: o.query as Record<string, string> | undefined,
    headers: { ...(o.token ? { 'x-token': o.token } : {}), ...o.headers },
    remoteAddress: o.ip ?? randomLoopback(),
  };
  if (o.body !== undefined) opts.payload = o.body as InjectOptions['payload'];
  const res = await app.inject(opts);
  let json: { code: number; msg: string; data: any; request_id?: string };
  try {
    json = res.json();
  } catch {
    json = { code: -1, msg: res.body, data: null };
  }
  return { status: res.statusCode, headers: res.headers, ...json, raw: res };
}

/** Each call comes from its own loopback address unless a test names one (as rate-limit tests do). */
const randomLoopback = () => `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

let counter = 0;
/** A unique mobile number per call within a test file. */
export const newMobile = () => `139${String(Date.now() % 1e4).padStart(4, '0')}${String(++counter).padStart(4, '0')}`;

export async function register(app: FastifyInstance, account = newMobile(), password = 'secret-123', truename?: string) {
  const res = await call(app, 'POST', '/api/uc/passport/doReg', { body: { account, password, truename } });
  if (res.code !== 20000) throw new Error(`register failed: ${res.msg}`);
  return { account, password, token: res.data.token as string, uid: res.data.user.uid as number };
}

export async function login(app: FastifyInstance, account: string, password: string) {
  const res = await call(app, 'POST', '/api/uc/passport/doLogin', { body: { account, password } });
  if (res.code !== 20000) throw new Error(`login failed: ${res.msg}`);
  return res.data.token as string;
}

/** Polls `probe` every 200 ms until it gives a value (a thrown error counts as not yet), or fails naming `what`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const got = await probe().catch(() => undefined);
    if (got !== undefined) return got;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Puts a test app on a loopback port for tests that need real HTTP (streams, outbound calls); its base URL. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}
