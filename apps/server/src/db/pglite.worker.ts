// The embedded database on a thread of its own (pglite-thread.ts is the other side): PGlite runs
// each statement in WebAssembly on the thread that calls it, and off the main thread a statement
// no longer holds up the sockets, timers and streams the server is serving.
import { parentPort, workerData } from 'node:worker_threads';
import type { Transaction } from '@electric-sql/pglite';
import { openPglite, pgliteExecuteSql } from './pglite-instance.ts';
import { StatementCache } from './pglite-statements.ts';
import type { ThreadReply, ThreadRequest, ThreadStart, WireAnswer } from './pglite-thread.ts';
import { arrayTypes, isWire } from './pglite-wire.ts';

const port = parentPort!;
const start = workerData as ThreadStart;

/** What crosses the thread: the message, the name and Postgres's fields (code, constraint, …); structured cloning keeps only the first two of an Error. */
function plain(err: unknown) {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(err)) if (typeof v !== 'function' && k !== 'cause') fields[k] = v;
  return { ...fields, name: err.name, message: err.message };
}

/** Thrown inside a transaction the main thread ended without committing: PGlite rolls it back. */
const ROLLBACK = Symbol('rollback');

try {
  const pg = await openPglite(start.dataDir, start.seed ? new Blob([start.seed]) : undefined);
  // The row descriptions the main thread holds, by statement name (it parses the answers): each
  // goes across once, with the first answer that needs it, and is forgotten when its statement is.
  const described = new Set<string>();
  let forgotten: string[] = [];
  // Nothing else runs on this thread: statements need not leave turns of the loop to others.
  const statements = new StatementCache(pg, {
    yieldToIo: false,
    onDrop: (name) => { if (described.delete(name)) forgotten.push(name); },
  });
  const executeSql = pgliteExecuteSql(pg);
  const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<unknown> }>();

  const handle = async (req: ThreadRequest): Promise<unknown> => {
    switch (req.op) {
      case 'query': {
        const tx = req.tx === undefined ? undefined : open.get(req.tx)?.tx;
        if (req.tx !== undefined && !tx) throw new Error('Transaction is closed');
        const out = await statements.queryWire(req.sql, req.params, req.rowMode, tx);
        if (!isWire(out)) return out;
        const first = out.description && !described.has(out.statement);
        if (first) described.add(out.statement);
        const reply: WireAnswer = { wire: out.wire, statement: out.statement, description: first ? out.description : undefined, forgotten };
        forgotten = [];
        return reply;
      }
      case 'sql':
        return executeSql(req.text, req.values);
      case 'begin':
        return new Promise<number>((began, failed) => {
          let end!: (commit: boolean) => void;
          const decided = new Promise<boolean>((r) => { end = r; });
          const done = pg.transaction(async (tx) => {
            open.set(req.id, { tx, end, done });
            began(req.id);
            if (!(await decided)) throw ROLLBACK;
          });
          // Failing to begin at all answers the begin; an end answers for the rest.
          done.catch((err) => { if (!open.has(req.id)) failed(err); });
        });
      case 'end': {
        const t = open.get(req.tx);
        if (!t) throw new Error('Transaction is closed');
        t.end(req.commit);
        try {
          await t.done;
        } catch (err) {
          if (err !== ROLLBACK) throw err;
        } finally {
          open.delete(req.tx);
        }
        return null;
      }
      case 'close':
        await pg.close();
        return null;
    }
  };

  port.on('message', (req: ThreadRequest) => {
    handle(req).then(
      // An answer's bytes move to the main thread instead of being copied.
      (value) => port.postMessage({ id: req.id, ok: true, value } satisfies ThreadReply, isWire(value) ? [value.wire.buffer as ArrayBuffer] : []),
      (err) => port.postMessage({ id: req.id, ok: false, error: plain(err) } satisfies ThreadReply),
    );
  });
  port.postMessage({ id: 0, ok: true, value: await arrayTypes(pg) } satisfies ThreadReply);
} catch (err) {
  port.postMessage({ id: 0, ok: false, error: plain(err) } satisfies ThreadReply);
}
