import { parse, protocol, type PGlite, type Results, type RowMode, type Transaction } from '@electric-sql/pglite';
import { backendMessages, databaseError, isWire, rowsOf, type BackendMessage, type WireResult } from './pglite-wire.ts';

/**
 * Named prepared statements for PGlite. `PGlite.query` parses, analyses and plans every
 * statement afresh, in WASM: planning a three-table join costs 1–2 ms, most of the database time
 * before a chat's first token. Here each SQL text is parsed once as a named statement (its
 * parameter and row types kept), then only bound and executed, in one protocol round trip, so
 * Postgres reuses its plan exactly as for any prepared statement (custom plans for the first
 * five runs, then the generic plan when it is no costlier; replanned by Postgres after DDL).
 * Rows and errors are what `PGlite.query` gives.
 */

interface Statement { name: string; paramTypes: number[]; rowDescription: BackendMessage | undefined }

/** Statements kept per database, least recently used dropped first. */
const MAX_STATEMENTS = 500;
/** A statement with more values than this is a bulk write, run once: not worth keeping. */
const MAX_PARAMS = 100;
/** Only plain reads and writes are kept; DDL and settings (migrations, `set`) go through `query`. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** Postgres refuses a kept statement whose result type changed under it, or that is gone: prepare again. */
const STALE = new Set(['0A000', '26000']);

const { serialize } = protocol;

/**
 * PGlite runs every statement on this thread, and the next waiting statement starts in the same
 * chain of microtasks as the last one ended (the client's yield before queueing, db/client.ts,
 * puts a whole burst in one check phase): a burst — a thousand chats opening, nine statements
 * each — held the loop for seconds while every open stream's tokens waited. Each statement now
 * starts on a turn of the loop of its own, after pending I/O (sockets, timers). (Letting
 * statements run back to back for up to 10 ms instead measured no better for first tokens and
 * worse for token delays: docs/benchmarks.md "1 000 streams".)
 */
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export class StatementCache {
  private readonly statements = new Map<string, Statement>();
  private seq = 0;

  /**
   * `yieldToIo`: each statement waits for a turn of the loop first (false on the database's own
   * thread, where nothing else waits). `onDrop`: told the name of each statement no longer kept.
   */
  constructor(private readonly pg: PGlite, private readonly opts: { yieldToIo?: boolean; onDrop?: (name: string) => void } = {}) {}

  /**
   * `pg.query(sql, params, { rowMode })`, or `tx.query` inside a transaction `tx`. Outside one, it
   * waits for any open transaction, as `PGlite.query` does, so it never runs inside another's.
   */
  async query(sql: string, params: unknown[] = [], rowMode?: RowMode, tx?: Transaction): Promise<Results> {
    const out = await this.queryWire(sql, params, rowMode, tx);
    return isWire(out) ? rowsOf(out.wire, out.description, this.pg.parsers, rowMode) : out;
  }

  /**
   * The statement's answer as Postgres wrote it (`rowsOf` reads it), with the statement's row
   * description, or the rows themselves (in `rowMode`) for a statement not kept (DDL, bulk writes). The
   * database's thread hands the bytes over as they are, and the thread that asked parses them:
   * parsing was a third of the database thread's time on a page of records.
   */
  async queryWire(sql: string, params: unknown[] = [], rowMode?: RowMode, tx?: Transaction): Promise<WireResult | Results> {
    if (params.length > MAX_PARAMS || !PREPARABLE.test(sql)) {
      return tx ? tx.query(sql, params, { rowMode }) : this.pg.query(sql, params, { rowMode });
    }
    if (tx?.closed) throw new Error('Transaction is closed');
    await this.pg._checkReady();
    const run = () => this.pg._runExclusiveQuery(async () => {
      if (this.opts.yieldToIo !== false) await yieldToIo();
      const result = await this.run(sql, params, !tx);
      // PGlite flushes its file system after a statement outside a transaction, and so do we.
      if (!tx) await this.pg.syncToFs();
      return result;
    });
    return tx ? run() : this.pg._runExclusiveTransaction(run);
  }

  /** `mayRetry`: a lone statement; inside a transaction an error has already aborted it, so it cannot try again. */
  private async run(sql: string, params: unknown[], mayRetry: boolean): Promise<WireResult> {
    const st = this.statements.get(sql) ?? (await this.prepare(sql, params));
    // Most recently used last, so the first key is the one to drop.
    this.statements.delete(sql);
    this.statements.set(sql, st);
    const values = params.map((v, i) => {
      if (v === null || v === undefined) return null;
      const serializer = this.pg.serializers[st.paramTypes[i]!];
      return serializer ? serializer(v) : String(v);
    });
    try {
      const wire = await this.exchange(concat(serialize.bind({ statement: st.name, values }), serialize.execute({}), serialize.sync()));
      return { wire, statement: st.name, description: st.rowDescription };
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code && STALE.has(code)) {
        await this.drop(sql);
        if (mayRetry) return this.run(sql, params, false);
      }
      throw Object.assign(err as object, { query: sql, params });
    }
  }

  /** Runs protocol messages and keeps Postgres's answer unparsed; throws its error, if any, as `execProtocol` would. */
  private async exchange(message: Uint8Array): Promise<Uint8Array> {
    const chunks: Uint8Array[] = [];
    // The bytes are a view of the database's memory, reused by the next write: copied. (PGlite
    // keeps this callback until its own query or exec replaces it: every protocol exchange of
    // this cache goes through here, never through execProtocol.)
    await this.pg.execProtocolRawStream(message, { syncToFs: false, onRawData: (bytes) => chunks.push(bytes.slice()) });
    const wire = chunks.length === 1 ? chunks[0]! : concat(...chunks);
    const error = databaseError(wire);
    if (error) throw error;
    return wire;
  }

  private async prepare(sql: string, params: unknown[]): Promise<Statement> {
    if (this.statements.size >= MAX_STATEMENTS) await this.drop(this.statements.keys().next().value!);
    const name = `xb_${++this.seq}`;
    try {
      const described = backendMessages(await this.exchange(
        concat(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()),
      ));
      const st = {
        name,
        paramTypes: parse.parseDescribeStatementResults(described),
        rowDescription: described.find((m) => m.name === 'rowDescription'),
      };
      this.statements.set(sql, st);
      return st;
    } catch (err) {
      throw Object.assign(err as object, { query: sql, params });
    }
  }

  private async drop(sql: string) {
    const st = this.statements.get(sql);
    if (!st) return;
    this.statements.delete(sql);
    this.opts.onDrop?.(st.name);
    await this.exchange(concat(serialize.close({ type: 'S', name: st.name }), serialize.sync())).catch(() => {});
  }
}
