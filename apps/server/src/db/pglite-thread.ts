import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { Results, RowMode } from '@electric-sql/pglite';
import type { ExecuteSql } from './pglite-instance.ts';
import { isWire, parsersFor, rowsOf, type BackendMessage } from './pglite-wire.ts';

/** What the thread is started with: the database directory, and the seed a new one starts from. */
export interface ThreadStart { dataDir: string; seed?: Uint8Array | undefined }

export type ThreadRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; rowMode?: RowMode | undefined; tx?: number | undefined }
  | { id: number; op: 'sql'; text: string; values?: unknown[] | undefined }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/**
 * A kept statement's answer as it crosses: Postgres's bytes (moved, not copied), the statement's row
 * description the first time it crosses, and the statements the thread no longer keeps.
 */
export interface WireAnswer { wire: Uint8Array; statement: string; description: BackendMessage | undefined; forgotten: string[] }

/** Id 0 is the thread's start: the database's array types once it is open, or why it could not open it. */
export type ThreadReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, unknown> & { message: string } };

/** Request without its id: each op with its own fields. */
type Call = ThreadRequest extends infer R ? (R extends ThreadRequest ? Omit<R, 'id'> : never) : never;

/** The two calls drizzle makes on a PGlite client or transaction (see client.ts `LeanClient`). */
export interface ThreadClient {
  query(sql: string, params?: unknown[], o?: { rowMode?: RowMode }): Promise<Results>;
  transaction<T>(fn: (tx: Pick<ThreadClient, 'query' | 'transaction'>) => Promise<T>): Promise<T>;
  executeSql: ExecuteSql;
  close(): Promise<void>;
}

/** Postgres's error as the driver would have thrown it: an Error with its fields (code, constraint, query, …). */
const asError = (e: Record<string, unknown> & { message: string }) => Object.assign(new Error(e.message), e);

/**
 * The embedded database on a worker thread (pglite.worker.ts, bundled beside main.js). Each call
 * is a message; a transaction is begun on the thread, its statements name it, and the caller's
 * function deciding commit or rollback ends it, so drizzle sees the client it knows. The thread
 * keeps the process alive only while calls wait for it.
 */
export async function startPgliteThread(workerFile: string | URL, start: ThreadStart, options: WorkerOptions = {}): Promise<ThreadClient> {
  const worker = new Worker(workerFile, { ...options, workerData: start });
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let seq = 0;
  let lost: Error | undefined;

  const settle = () => (waiting.size ? worker.ref() : worker.unref());
  const fail = (err: Error) => {
    lost ??= err;
    for (const w of waiting.values()) w.reject(lost);
    waiting.clear();
  };
  worker.on('message', (reply: ThreadReply) => {
    const w = waiting.get(reply.id);
    if (!w) return;
    waiting.delete(reply.id);
    settle();
    if (reply.ok) w.resolve(reply.value);
    else w.reject(asError(reply.error));
  });
  worker.on('error', (err) => fail(Object.assign(new Error(`数据库线程出错：${err.message}`), { cause: err })));
  worker.on('exit', (code) => fail(new Error(`数据库线程已退出（${code}）`)));

  const call = <T>(req: Call): Promise<T> => {
    if (lost) return Promise.reject(lost);
    const id = ++seq;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      settle();
      worker.postMessage({ ...req, id });
    });
  };

  // The thread answers id 0 once its database is open.
  const parsers = parsersFor(await new Promise<[number, number][]>((resolve, reject) => {
    waiting.set(0, { resolve: resolve as (v: unknown) => void, reject });
    settle();
  }).catch(async (err) => {
    await worker.terminate();
    throw err;
  }));

  // The answers come in the order the thread ran their statements, so a description always
  // arrives before (or with) the first answer that needs it.
  const descriptions = new Map<string, BackendMessage>();
  const rows = (answer: WireAnswer | Results, rowMode: RowMode | undefined): Results => {
    if (!isWire(answer)) return answer;
    for (const name of answer.forgotten) descriptions.delete(name);
    if (answer.description) descriptions.set(answer.statement, answer.description);
    return rowsOf(answer.wire, descriptions.get(answer.statement), parsers, rowMode);
  };

  const client = (tx?: number): Pick<ThreadClient, 'query' | 'transaction'> => ({
    query: async (sql, params = [], o) => rows(await call<WireAnswer | Results>({ op: 'query', sql, params, rowMode: o?.rowMode, tx }), o?.rowMode),
    // A transaction inside one is a savepoint, which drizzle writes as SQL itself: only the outermost begins here.
    transaction: async (fn) => {
      if (tx !== undefined) return fn(client(tx));
      const id = await call<number>({ op: 'begin' });
      let result;
      try {
        result = await fn(client(id));
      } catch (err) {
        await call({ op: 'end', tx: id, commit: false }).catch(() => {});
        throw err;
      }
      await call({ op: 'end', tx: id, commit: true });
      return result;
    },
  });

  return {
    ...client(),
    executeSql: (text, values) => call({ op: 'sql', text, values }),
    close: async () => {
      if (!lost) await call({ op: 'close' });
      await worker.terminate();
    },
  };
}
