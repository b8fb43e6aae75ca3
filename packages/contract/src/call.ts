/**
 * One description per endpoint (docs/decisions.md "One description per call"). A call names its
 * method, its path (the spec's call name), what it takes (query for GET, body for POST) and what
 * `data` holds in the success envelope. The server registers its route from the call, with the
 * response schema, so fields not declared never leave it; the web's api files take the path and
 * the result type from the same object.
 *
 * Calls live in `calls/<area>.ts`, one `defineCalls` per controller (`Robot.lists: get(summary,
 * query, response)` is `GET /api/ai/Robot/lists`), beside nothing else: the web's build keeps only each call's
 * method and path (apps/web/vite.config.ts `contractCallHeads`), so zod stays out of its bundles.
 */
import type { z } from 'zod';

export type CallMethod = 'GET' | 'POST';

export interface CallDef {
  method: CallMethod;
  path: `/api/${string}`;
  /** One line for the API documents (/api/docs). */
  summary: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The schema of `data` in the success envelope. */
  response: z.ZodType;
  /**
   * Set when the answer is not the JSON envelope (a file, an event stream): the content type.
   * `response` then only documents it.
   */
  produces?: string;
}

/** Keeps the literal types of the call (method, path, schemas) for both halves. */
export const defineCall = <const C extends CallDef>(call: C): C => call;

/** A call of a controller, its path still to come from its name (see defineCalls). */
type CallSpec = Omit<CallDef, 'path'> & { path?: CallDef['path'] };

/** A GET that takes `query` and answers `response` in `data`. */
export const get = <const Q extends z.ZodType, const R extends z.ZodType>(summary: string, query: Q, response: R) =>
  ({ method: 'GET', summary, query, response }) as const;

/** A POST that takes `body` and answers `response` in `data`. */
export const post = <const B extends z.ZodType, const R extends z.ZodType>(summary: string, body: B, response: R) =>
  ({ method: 'POST', summary, body, response }) as const;

/**
 * The calls of one controller (the spec's call names: `/api/ai/Robot/lists` is `Robot.lists`):
 * each call's path is the controller's path and its name, unless it names a path of its own.
 */
export function defineCalls<const P extends `/api/${string}`, const S extends Record<string, CallSpec>>(controller: P, specs: S) {
  const calls = Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, { path: `${controller}/${name}`, ...spec }]));
  return calls as { [K in keyof S & string]: S[K] extends { path: string } ? S[K] : S[K] & { path: `${P}/${K}` } };
}

/** What the web sends: the query of a GET, the body of a POST, as the caller writes it. */
export type CallInput<C extends CallDef> = C extends { query: z.ZodType }
  ? z.input<C['query']>
  : C extends { body: z.ZodType }
    ? z.input<C['body']>
    : undefined;

/** What the web receives in `data` (JSON, after the server has stripped undeclared fields). */
export type CallResult<C extends CallDef> = z.output<C['response']>;

/** What a route handler may hand over as `data`: the schema's input (extra fields are stripped). */
export type CallData<C extends CallDef> = z.input<C['response']>;

/** The part of a call the web's bundles carry. */
export type CallHead<C extends CallDef = CallDef> = Pick<C, 'method' | 'path'>;
