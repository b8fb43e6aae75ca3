/**
 * The request layer (spec §8, design §3). Every call goes through `request`:
 * - the server answers `{ code, msg, data }`; codes 20000, 200, 204 and 1 are success and
 *   resolve to `data` (a JSON body without `code` is success unless it says `success: false`);
 * - codes above 50000 reject silently; 50008 (token invalid) and 50014 (token expired) also
 *   report the session as ended, so the app clears the user and opens the login dialog;
 * - any other code rejects and shows `msg` (or `message`, or 'Error') as an error toast for 5 s;
 * - an HTTP failure without an envelope shows the server's error text for 5 s;
 * - a request times out after 5 s (60 s for long calls); a caller's abort is silent;
 * - credentials are always sent: the session is the HttpOnly `token` cookie, never kept in JS.
 */
import type { CallDef, CallHead, CallInput, CallResult } from '@xueban/contract/call';
import { Code, SUCCESS_CODES } from '@xueban/contract/codes';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';

export type ApiErrorKind = 'business' | 'silent' | 'http' | 'network' | 'timeout' | 'aborted';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** The envelope code, or null when the answer carried none. */
  readonly code: number | null;
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  readonly data: unknown;

  constructor(init: { kind: ApiErrorKind; message: string; code?: number | null; status?: number; data?: unknown }) {
    super(init.message);
    this.kind = init.kind;
    this.code = init.code ?? null;
    this.status = init.status ?? 0;
    this.data = init.data ?? null;
  }

  /** True for 50008 / 50014: the session is gone. */
  get isSessionEnded(): boolean {
    return this.code === Code.TOKEN_INVALID || this.code === Code.TOKEN_EXPIRED;
  }
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** A long call (spec §9): 60 s instead of 5 s. */
  long?: boolean;
  /** Overrides the time-out in milliseconds. */
  timeoutMs?: number;
  /**
   * A session probe (who am I?): 50008 / 50014 still reject, but do not count as a session
   * that ended, so visiting a page logged out does not pop the login dialog.
   */
  authProbe?: boolean;
  /** A call made in the background (停止回答 by name): its failure shows no toast and ends no session. */
  quiet?: boolean;
}

export interface ApiHooks {
  /** Shows an error toast. `seconds` is the toast duration. */
  notifyError: (message: string, seconds: number) => void;
  /** The server said the session is invalid or expired. */
  onSessionEnded: () => void;
}

const defaultHooks: ApiHooks = {
  notifyError: (message) => console.error(message),
  onSessionEnded: () => {},
};
let hooks: ApiHooks = defaultHooks;

/** Wires toasts and the logged-out reaction (done once by the app's providers). */
export function configureApi(next: Partial<ApiHooks>): () => void {
  const previous = hooks;
  hooks = { ...hooks, ...next };
  return () => {
    hooks = previous;
  };
}

const TOAST_SECONDS = LIMITS.timeouts.toastMs / 1000;

/** Shows an error toast from outside React (route guards), through the same channel as API errors. */
export const showError = (message: string) => hooks.notifyError(message, TOAST_SECONDS);

function fail(err: ApiError, opts: RequestOptions): never {
  if (opts.quiet) throw err;
  if (err.kind === 'business' || err.kind === 'http' || err.kind === 'network' || err.kind === 'timeout') {
    hooks.notifyError(err.message, TOAST_SECONDS);
  } else if (err.kind === 'silent' && err.isSessionEnded && !opts.authProbe) {
    hooks.onSessionEnded();
  }
  throw err;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Short plain text the server sent with an HTTP error, never an HTML page. */
function serverErrorText(text: string, res: Response): string {
  const trimmed = text.trim();
  if (trimmed && trimmed.length <= 200 && !trimmed.startsWith('<')) return trimmed;
  return res.statusText || MSG.requestFailed;
}

export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
  const timeoutMs = opts.timeoutMs ?? (opts.long ? LIMITS.timeouts.longCallMs : LIMITS.timeouts.requestMs);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort();
  if (opts.signal?.aborted) controller.abort();
  opts.signal?.addEventListener('abort', forwardAbort, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';

  let res: Response;
  let text: string;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      credentials: 'include',
      signal: controller.signal,
    });
    text = await res.text();
  } catch {
    if (timedOut) return fail(new ApiError({ kind: 'timeout', message: MSG.requestFailed }), opts);
    if (opts.signal?.aborted) return fail(new ApiError({ kind: 'aborted', message: 'aborted' }), opts);
    return fail(new ApiError({ kind: 'network', message: MSG.requestFailed }), opts);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', forwardAbort);
  }

  const body = text ? parseJson(text) : undefined;
  if (!isRecord(body)) {
    if (!res.ok) {
      return fail(new ApiError({ kind: 'http', status: res.status, message: serverErrorText(text, res) }), opts);
    }
    if (!text) return undefined as T;
    if (body !== undefined) return body as T;
    return fail(new ApiError({ kind: 'http', status: res.status, message: MSG.requestFailed }), opts);
  }

  const message = typeof body.msg === 'string' && body.msg ? body.msg
    : typeof body.message === 'string' && body.message ? body.message
      : 'Error';

  if (typeof body.code !== 'number') {
    if (body.success === false) {
      return fail(new ApiError({ kind: 'business', status: res.status, message, data: body.data }), opts);
    }
    if (!res.ok) return fail(new ApiError({ kind: 'http', status: res.status, message }), opts);
    return ('data' in body ? body.data : body) as T;
  }

  if (SUCCESS_CODES.includes(body.code)) return body.data as T;
  const kind: ApiErrorKind = body.code > 50000 ? 'silent' : 'business';
  return fail(new ApiError({ kind, code: body.code, status: res.status, message, data: body.data }), opts);
}

export const api = {
  get: <T>(path: string, query?: RequestOptions['query'], opts?: Omit<RequestOptions, 'method' | 'query'>) =>
    request<T>(path, { ...opts, method: 'GET', query }),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'POST', body }),
};

/**
 * Sends a call of the contract (`@xueban/contract/calls/*`): its method and path, the input as
 * query (GET) or body (POST), and resolves to its declared result. Only the call's head reaches
 * the browser (vite.config.ts `contractCallHeads`); the types come from the whole call.
 */
export function call<C extends CallDef>(
  head: C | CallHead<C>,
  input?: CallInput<C>,
  opts?: Omit<RequestOptions, 'method' | 'query' | 'body'>,
): Promise<CallResult<C>> {
  if (head.method === 'GET') return request(head.path, { ...opts, method: 'GET', query: input as RequestOptions['query'] });
  return request(head.path, { ...opts, method: 'POST', body: input });
}
