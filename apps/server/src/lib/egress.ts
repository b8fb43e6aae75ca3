import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import net, { BlockList } from 'node:net';
import { pipeline, type Readable, type Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { Agent, request, type Dispatcher } from 'undici';
import { MSG } from '@xueban/contract/messages';
import type { Config } from '../config.ts';

/**
 * The only way server code reaches a URL that a user, an admin or the operator set (design.md §8
 * Egress; a lint rule keeps every other HTTP client out of apps/server/src). One guarded client per
 * feature, each with its own policy, so what the operator allows one feature never opens another:
 *
 * - `model`: model providers, embeddings, rerank. Public addresses on any port, plus the exact
 *   origins of LLM_BASE_URL and EGRESS_MODEL_ORIGINS (an intranet Ollama or vLLM).
 * - `search`: web search. Public addresses on any port, plus the exact origin of WEB_SEARCH_URL.
 * - `web`: pages users import. Public addresses on ports 80, 443 and EGRESS_WEB_PORTS, plus the
 *   exact origins of EGRESS_WEB_ORIGINS.
 * - `mcp`: MCP servers admins add (MCP 管理). Public addresses on any port, plus the exact origins
 *   of EGRESS_MCP_ORIGINS (an intranet tool server).
 *
 * Every hop (redirects are followed here) is checked against the same policy: http(s) only, no
 * `user:pass@`, the URL's origin as WHATWG URL normalises it (127.1, 2130706433, 0x7f000001 and
 * 017700000001 all become 127.0.0.1), then either an allowed origin or a public address. A host
 * name is resolved once inside the connection and every address checked, the socket opening to
 * exactly the checked address (no rebinding window). The result is a drop-in `fetch` (the `openai`
 * SDK uses it) that streams bodies through unbuffered.
 */
export type EgressFetch = typeof fetch;

/** The guarded clients, one per feature. */
export interface Egress {
  model: EgressFetch;
  search: EgressFetch;
  web: EgressFetch;
  mcp: EgressFetch;
  /** Schools' OpenID Connect providers (single sign-on): public addresses, plus EGRESS_SSO_ORIGINS. */
  sso: EgressFetch;
}

export interface EgressOptions {
  /**
   * Exact origins (`scheme://host[:port]`) reached without the address check: the operator's own
   * services. Compared with the URL's normalised origin, so another port or scheme of the same host
   * is not one of them.
   */
  origins?: readonly string[];
  /** Ports a public address may be reached on (the scheme's default counts as 80 or 443); any when unset. */
  ports?: readonly number[];
  /**
   * Time allowed until the response headers (all redirect hops), and the longest silence between
   * two body chunks. A long stream that keeps flowing is not cut (LLM answers can outlast it).
   */
  timeoutMs?: number;
  /** Refuse bodies larger than this many bytes (after decompression). Unbounded when unset. */
  maxBytes?: number;
}

export class EgressError extends Error {
  override name = 'EgressError';
}

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers kept when a redirect leaves the origin: credentials (Authorization, API keys, cookies) are not. */
const CROSS_ORIGIN_SAFE = new Set(['accept', 'accept-language', 'user-agent', 'content-type']);

// ---- addresses ----------------------------------------------------------------------------------

const blockedV4 = new BlockList();
for (const [subnet, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16],
  ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blockedV4.addSubnet(subnet, prefix, 'ipv4');

const blockedV6 = new BlockList();
for (const [subnet, prefix] of [
  ['::', 96], // unspecified, loopback, deprecated IPv4-compatible
  ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23], ['2001:db8::', 32],
  ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blockedV6.addSubnet(subnet, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (zone id dropped, trailing dotted quad folded in). */
function hextets(ip: string): number[] {
  let s = ip.split('%')[0]!;
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    s = `${s.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = s.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(8 - h.length - t.length).fill('0');
  return [...h, ...fill, ...t].map((x) => parseInt(x, 16));
}

/** The IPv4 address an IPv6 one stands for: mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::/96), 6to4. */
function embeddedV4(h: number[]): string | null {
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zero = (from: number, to: number) => h.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && h[5] === 0xffff) return v4(h[6]!, h[7]!);
  if (h[0] === 0x64 && h[1] === 0xff9b && zero(2, 6)) return v4(h[6]!, h[7]!);
  if (h[0] === 0x2002) return v4(h[1]!, h[2]!);
  return null;
}

/** True for anything that is not a public unicast address (unknown input is refused too). */
function isBlockedAddress(ip: string): boolean {
  const family = net.isIP(ip.split('%')[0]!);
  if (family === 4) return blockedV4.check(ip, 'ipv4');
  if (family !== 6) return true;
  const h = hextets(ip);
  const v4 = embeddedV4(h);
  if (v4) return blockedV4.check(v4, 'ipv4');
  return blockedV6.check(h.map((x) => x.toString(16)).join(':'), 'ipv6');
}

/** An origin as `new URL` writes it (lower-case host, IP spellings folded, default port dropped). */
export function originOf(url: string): string {
  return new URL(url).origin;
}

interface Policy {
  origins: ReadonlySet<string>;
  ports: ReadonlySet<number> | null;
}

const DEFAULT_PORT: Record<string, number> = { 'http:': 80, 'https:': 443 };

/**
 * One hop's check, before any connection: true when the URL is one of the allowed origins (reached
 * without the address check), false when it may go out through the guarded connection (a public
 * IP literal, or a name whose addresses are checked as it resolves). Anything else throws.
 */
function allowedOrigin(url: URL, policy: Policy): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new EgressError(MSG.egressRefused);
  // Never sent by undici, and a way to dress up a host (http://trusted.example@10.0.0.1/).
  if (url.username || url.password) throw new EgressError(MSG.egressRefused);
  if (policy.origins.has(url.origin)) return true;
  if (policy.ports && !policy.ports.has(url.port ? Number(url.port) : DEFAULT_PORT[url.protocol]!)) {
    throw new EgressError(MSG.egressRefused);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && isBlockedAddress(host)) throw new EgressError(MSG.egressRefused);
  return false;
}

/**
 * `net.connect`'s lookup: resolve once, refuse if any address is not public, hand the checked
 * addresses to the socket. Called with `all: true` when Node races address families.
 */
function guardedLookup(hostname: string, options: LookupOptions, callback: (err: Error | null, ...rest: unknown[]) => void) {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err);
    if (addresses.length === 0 || addresses.some((a) => isBlockedAddress(a.address))) {
      return callback(new EgressError(MSG.egressRefused));
    }
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

// ---- requests -----------------------------------------------------------------------------------

type Body = RequestInit['body'] | ReadableStream<Uint8Array>;
/** What undici's `request` sends: text and bytes as they are, anything else as a byte stream. */
type SendBody = string | Uint8Array | ReadableStream<Uint8Array>;

/** Our `EgressError` or the abort reason rather than undici's own error. */
function unwrap(err: unknown, signal: AbortSignal): unknown {
  for (let e = err; e instanceof Error; e = e.cause) if (e instanceof EgressError) return e;
  return signal.aborted ? signal.reason : err;
}

/**
 * A fetch body as undici's `request` takes it. FormData, URLSearchParams, Blob and ArrayBuffer are
 * encoded the way fetch encodes them (a Response does it), with their content type.
 */
function encodeBody(body: Body | null | undefined, headers: Headers): SendBody | undefined {
  if (body == null) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array || body instanceof ReadableStream) return body;
  const encoded = new Response(body as ConstructorParameters<typeof Response>[0]);
  const type = encoded.headers.get('content-type');
  if (type && (body instanceof FormData || !headers.has('content-type'))) headers.set('content-type', type);
  return encoded.body ?? undefined;
}

interface Hop { url: URL; method: string; headers: Headers; body: SendBody | undefined }

/** The headers fetch adds to a request when the caller set none (the decoders below read these codings). */
const FETCH_DEFAULTS = { accept: '*/*', 'accept-language': '*', 'user-agent': 'undici', 'sec-fetch-mode': 'cors' };
const acceptEncoding = (url: URL) => (url.protocol === 'https:' ? 'br, gzip, deflate' : 'gzip, deflate');
type Answer = Awaited<ReturnType<typeof request>>;

/** Reads and drops a body we do not pass on (the connection stays reusable). */
const discard = (res: Answer) => res.body.dump().catch(() => {});

const header = (res: Answer, name: string) => {
  const v = res.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
};

/** The connection pools: one that checks every address it connects to, one for the allowed origins only. */
interface Dispatchers { guarded: Agent; open: Agent | null }

/**
 * Follows up to MAX_REDIRECTS redirects as fetch would, checking each target against the policy
 * first and picking its connection pool by the target's origin. undici's `request` rather than
 * its fetch: the same connection pool and guard, without fetch's layers (Request and Response
 * objects, header lists, body streams), which cost more than the HTTP itself on the path to a
 * chat's first token.
 */
async function follow(first: Hop, policy: Policy, dispatchers: Dispatchers, signal: AbortSignal) {
  const { headers } = first;
  let { url, method, body } = first;
  for (let hop = 0; ; hop++) {
    const dispatcher = allowedOrigin(url, policy) ? dispatchers.open! : dispatchers.guarded;
    const sent = { ...FETCH_DEFAULTS, 'accept-encoding': acceptEncoding(url), ...Object.fromEntries(headers) };
    // A web ReadableStream body is sent as the async iterable it is.
    const res = await request(url, { method: method as Dispatcher.HttpMethod, headers: sent, body: body as string | Uint8Array | undefined, signal, dispatcher });
    const location = header(res, 'location');
    if (!REDIRECTS.has(res.statusCode) || !location) return { res, url, redirected: hop > 0 };
    const toGet = res.statusCode === 303 ? method !== 'HEAD' : res.statusCode <= 302 && method === 'POST';
    // A streamed body cannot be sent twice: hand the redirect itself back, as fetch does.
    if (!toGet && body instanceof ReadableStream) return { res, url, redirected: hop > 0 };
    await discard(res);
    if (hop >= MAX_REDIRECTS) throw new EgressError(MSG.egressTooManyRedirects);
    const next = new URL(location, url);
    if (toGet) {
      method = 'GET';
      body = undefined;
      for (const h of ['content-type', 'content-length', 'content-encoding']) headers.delete(h);
    }
    if (next.origin !== url.origin) {
      for (const name of [...headers.keys()]) if (!CROSS_ORIGIN_SAFE.has(name)) headers.delete(name);
    }
    url = next;
  }
}

/** Content codings decoded as fetch decodes them; another coding is passed on undecoded, as fetch does. */
const DECODERS: Record<string, () => Transform> = {
  gzip: createGunzip, 'x-gzip': createGunzip, deflate: createInflate, br: createBrotliDecompress,
};

function decoded(body: Readable, coding: string | undefined): AsyncIterable<Uint8Array> {
  // Applied in order, so decoded in reverse.
  const codings = (coding ?? '').toLowerCase().split(',').map((c) => c.trim()).filter((c) => c && c !== 'identity').reverse();
  if (!codings.length || codings.length > 5 || codings.some((c) => !DECODERS[c])) return body;
  // pipeline: an error or a cancel at either end ends the whole chain (and the connection).
  return pipeline([body, ...codings.map((c) => DECODERS[c]!())], () => {}) as unknown as AsyncIterable<Uint8Array>;
}

/**
 * The body as a web stream pulled chunk by chunk (nothing is read ahead, so chunks reach the
 * caller as they arrive), with the idle timer armed only while the caller waits, and the size bound.
 */
function guardBody(
  src: AsyncIterable<Uint8Array>, o: { idleMs: number; maxBytes?: number | undefined },
  abort: (reason: unknown) => void, signal: AbortSignal, done: () => void,
): ReadableStream<Uint8Array> {
  const chunks = src[Symbol.asyncIterator]();
  let total = 0;
  return new ReadableStream<Uint8Array>({
    async pull(ctrl) {
      const idle = setTimeout(() => abort(new DOMException(MSG.egressTimeout, 'TimeoutError')), o.idleMs);
      try {
        const chunk = await chunks.next();
        if (chunk.done) {
          done();
          return ctrl.close();
        }
        total += chunk.value.byteLength;
        if (o.maxBytes !== undefined && total > o.maxBytes) {
          const err = new EgressError(MSG.egressTooLarge);
          abort(err);
          done();
          return ctrl.error(err);
        }
        ctrl.enqueue(chunk.value);
      } catch (err) {
        done();
        ctrl.error(unwrap(err, signal));
      } finally {
        clearTimeout(idle);
      }
    },
    async cancel(reason) {
      done();
      await chunks.return?.(reason);
    },
  }, { highWaterMark: 0 });
}

const NULL_BODY = new Set([204, 205, 304]);

/** undici's header object as a Headers (repeated headers kept, as fetch keeps them). */
function toHeaders(raw: Answer['headers']): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) out.append(name, v);
  }
  return out;
}

/** One guarded client with its own policy (see the module comment); `createEgress` builds the product's three. */
export function createEgressFetch(opts: EgressOptions = {}): EgressFetch {
  const policy: Policy = {
    origins: new Set((opts.origins ?? []).map(originOf)),
    ports: opts.ports ? new Set(opts.ports) : null,
  };
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const dispatchers: Dispatchers = {
    guarded: new Agent({ connect: { lookup: guardedLookup as net.LookupFunction } }),
    open: policy.origins.size ? new Agent() : null,
  };

  const egressFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const req = input instanceof Request ? input : null;
    const callerSignal = init.signal ?? req?.signal ?? null;
    callerSignal?.throwIfAborted();
    const url = new URL(req ? req.url : String(input));
    allowedOrigin(url, policy);
    const headers = new Headers(init.headers ?? req?.headers);
    const body = encodeBody(init.body !== undefined ? init.body : req?.body, headers);
    const method = (init.method ?? req?.method ?? 'GET').toUpperCase();

    // One controller ends everything: the caller's abort, the time limits, the size bound.
    const controller = new AbortController();
    const abort = (reason: unknown) => controller.abort(reason);
    const onCallerAbort = () => abort(callerSignal!.reason);
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
    const deadline = setTimeout(() => abort(new DOMException(MSG.egressTimeout, 'TimeoutError')), timeoutMs);
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      clearTimeout(deadline);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    };

    try {
      const { res, url: finalUrl, redirected } = await follow({ url, method, headers, body }, policy, dispatchers, controller.signal);
      clearTimeout(deadline);
      const outHeaders = toHeaders(res.headers);
      const hasBody = !NULL_BODY.has(res.statusCode) && method !== 'HEAD';
      const source = hasBody ? decoded(res.body, header(res, 'content-encoding')) : null;
      if (!source) await discard(res);
      const stream = source ? guardBody(source, { idleMs: timeoutMs, maxBytes: opts.maxBytes }, abort, controller.signal, done) : null;
      if (!stream) done();
      const length = Number(header(res, 'content-length'));
      if (opts.maxBytes !== undefined && length > opts.maxBytes) {
        await stream?.cancel();
        throw new EgressError(MSG.egressTooLarge);
      }
      // A global Response, so callers' `instanceof Response` and types hold.
      const out = new Response(stream, { status: res.statusCode, statusText: res.statusText, headers: outHeaders });
      Object.defineProperties(out, { url: { value: finalUrl.href }, redirected: { value: redirected } });
      return out;
    } catch (err) {
      done();
      throw unwrap(err, controller.signal);
    }
  };
  return egressFetch as EgressFetch;
}

/** The ports a user's web page may be on besides the operator's EGRESS_WEB_PORTS. */
const WEB_PORTS = [80, 443];

/** The product's clients, from the operator's configuration (deps.ts; tests build theirs the same way). */
export function createEgress(config: Pick<Config, 'LLM_BASE_URL' | 'WEB_SEARCH_URL' | 'egressModelOrigins' | 'egressWebOrigins' | 'egressWebPorts' | 'EGRESS_WEB_TIMEOUT_MS'> & Partial<Pick<Config, 'egressMcpOrigins' | 'egressSsoOrigins'>>): Egress {
  const own = (url: string | undefined) => (url ? [originOf(url)] : []);
  return {
    model: createEgressFetch({ origins: [...own(config.LLM_BASE_URL), ...config.egressModelOrigins] }),
    search: createEgressFetch({ origins: own(config.WEB_SEARCH_URL) }),
    web: createEgressFetch({
      origins: config.egressWebOrigins,
      ports: [...WEB_PORTS, ...config.egressWebPorts],
      timeoutMs: config.EGRESS_WEB_TIMEOUT_MS,
    }),
    // Tool calls are bounded by their own timeout (mcp-client.ts); this bounds a silent connection.
    mcp: createEgressFetch({ origins: config.egressMcpOrigins ?? [], timeoutMs: 300_000 }),
    sso: createEgressFetch({ origins: config.egressSsoOrigins ?? [], timeoutMs: 15_000, maxBytes: 1_000_000 }),
  };
}
