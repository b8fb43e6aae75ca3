import { hmac, safeEqual } from '../../lib/crypto.ts';
import { nowSeconds } from '../../lib/time.ts';
import { isSafeKey } from './storage.ts';

/** Where stored files are served: `GET /api/files/<key>`. */
export const FILE_URL_PREFIX = '/api/files/';

/**
 * How long a signed link stays valid: the recommend content of a chat answer is opened while
 * reading it or soon after, from the history (a member of the file's organisation never needs
 * the signature: their session is enough).
 */
export const SIGNED_FILE_TTL_SECONDS = 24 * 3600;
/** Expiries are rounded up to the hour, so links to one file signed within the hour are the same URL (browser cache). */
const EXPIRY_STEP_SECONDS = 3600;

/**
 * The storage key of a link to one of our own files (`/api/files/<key>`, or the same under
 * `PUBLIC_URL`, with or without a query), or null for anything else (another site, a data URL).
 */
export function fileKeyOf(url: string, publicUrl?: string): string | null {
  let path = url;
  if (publicUrl) {
    const origin = new URL(publicUrl).origin;
    if (url.startsWith(`${origin}/`)) path = url.slice(origin.length);
  }
  if (!path.startsWith(FILE_URL_PREFIX)) return null;
  const key = path.slice(FILE_URL_PREFIX.length).split(/[?#]/, 1)[0]!;
  return isSafeKey(key) ? key : null;
}

/**
 * The storage key a link names by its path, on whatever host: a superset of fileKeyOf's (which
 * knows PUBLIC_URL), for checks that must not miss a link that may later be signed.
 */
export function fileKeyInPath(url: string): string | null {
  let path: string;
  try {
    path = new URL(url, 'http://x').pathname;
  } catch {
    return null;
  }
  return path.startsWith(FILE_URL_PREFIX) ? fileKeyOf(path) : null;
}

const signature = (secret: string, key: string, exp: number) => hmac(secret, `file:${key}:${exp}`);

/**
 * A link to one of our files that anyone may open until it expires (`?exp=<unix seconds>&sig=`,
 * HMAC-SHA256 under APP_SECRET of the key and the expiry). Any query the link had is replaced,
 * so a stored link can be signed again. Links that are not ours come back unchanged.
 */
export function signFileUrl(secret: string, url: string, ttlSeconds = SIGNED_FILE_TTL_SECONDS, publicUrl?: string): string {
  const key = fileKeyOf(url, publicUrl);
  if (!key) return url;
  const exp = Math.ceil((nowSeconds() + ttlSeconds) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  const origin = url.slice(0, url.indexOf(FILE_URL_PREFIX));
  return `${origin}${FILE_URL_PREFIX}${key}?exp=${exp}&sig=${signature(secret, key, exp)}`;
}

/** Seconds the signature of `key` is still valid for, or 0 when it is not ours, is for another key, or has expired. */
export function signatureValidFor(secret: string, key: string, exp: string | undefined, sig: string | undefined): number {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return 0;
  const left = Number(exp) - nowSeconds();
  return left > 0 && safeEqual(signature(secret, key, Number(exp)), sig) ? left : 0;
}
