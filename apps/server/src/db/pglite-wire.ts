import { parse, protocol, types, type PGlite, type Results, type RowMode } from '@electric-sql/pglite';
import { AS_TEXT } from './pglite-instance.ts';

/**
 * A statement's answer as Postgres wrote it, read on whichever thread needs the rows: on its own
 * thread the database only runs statements and hands the bytes over; the thread that asked parses
 * them (StatementCache.queryWire, pglite.worker.ts, pglite-thread.ts).
 */

export type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/** A kept statement's answer, unparsed: the wire bytes, and the row description they need (none for a write without `returning`). */
export interface WireResult { wire: Uint8Array; statement: string; description: BackendMessage | undefined }

/** Whether a statement's answer is its unparsed bytes (a kept statement) rather than rows. */
export const isWire = (answer: unknown): answer is WireResult => !!answer && typeof answer === 'object' && 'wire' in answer;

const { Parser, messages } = protocol;

/** The messages of a protocol answer. */
export function backendMessages(wire: Uint8Array): BackendMessage[] {
  const out: BackendMessage[] = [];
  new Parser().parse(wire, (m) => out.push(m));
  return out;
}

/**
 * Postgres's error in an answer, if it holds one, as `execProtocol` would throw it. Each message
 * is a type byte and a length that counts itself, so finding an ErrorResponse ('E') reads only
 * the headers; the answer is parsed only when there is one.
 */
export function databaseError(wire: Uint8Array): Error | undefined {
  const view = new DataView(wire.buffer, wire.byteOffset, wire.byteLength);
  let at = 0;
  while (at + 5 <= wire.length && wire[at] !== 0x45) at += 1 + view.getUint32(at + 1);
  if (at + 5 > wire.length) return undefined;
  return backendMessages(wire).find((m): m is InstanceType<typeof messages.DatabaseError> => m instanceof messages.DatabaseError);
}

/** The rows of a kept statement's answer, as `PGlite.query` gives them. */
export function rowsOf(wire: Uint8Array, description: BackendMessage | undefined, parsers: PGlite['parsers'], rowMode?: RowMode): Results {
  const answer = backendMessages(wire);
  return parse.parseResults(description ? [description, ...answer] : answer, parsers, { rowMode })[0]!;
}

/** Each array type of the database with its element type, as PGlite reads them when it opens one. */
export async function arrayTypes(pg: Pick<PGlite, 'query'>): Promise<[element: number, array: number][]> {
  const { rows } = await pg.query<{ oid: number; typarray: number }>(`
    select b.oid, b.typarray from pg_catalog.pg_type a join pg_catalog.pg_type b on b.oid = a.typelem
    where a.typcategory = 'A' group by b.oid, b.typarray`);
  return rows.map((r) => [r.oid, r.typarray]);
}

/**
 * The parsers an embedded database of openPglite uses, for reading its answers on another thread:
 * PGlite's own, one per array type as it adds them when it opens a database, then AS_TEXT over
 * them (arrays of times included), as openPglite sets it.
 */
export function parsersFor(arrays: [element: number, array: number][]): PGlite['parsers'] {
  const parsers: PGlite['parsers'] = { ...types.parsers };
  for (const [element, array] of arrays) parsers[array] = (x) => types.arrayParser(x, parsers[element]!, array);
  return Object.assign(parsers, AS_TEXT);
}
