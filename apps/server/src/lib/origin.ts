import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF guard for cookie-authenticated mutations: the request must show it comes from this site.
 * The browser's Origin (or Referer) must be this server, PUBLIC_URL or a TRUSTED_ORIGINS entry;
 * without either, `Sec-Fetch-Site: same-origin` will do. A write that shows nothing is refused:
 * browsers send Origin on every POST, so only something that is not our page leaves all three out.
 * Header-token callers are not browsers riding on ambient cookies, so they are not checked.
 */
export function checkOrigin(req: FastifyRequest, config: Config): boolean {
  if (SAFE.has(req.method)) return true;
  const sent = req.headers.origin ?? req.headers.referer;
  if (!sent) return req.headers['sec-fetch-site'] === 'same-origin';
  const origin = originOf(sent);
  if (origin === originOf(`${req.protocol}://${req.host}`)) return true;
  if (config.PUBLIC_URL && origin === new URL(config.PUBLIC_URL).origin) return true;
  return config.trustedOrigins.includes(origin);
}

/** The origin as URL writes it (a default port dropped), or 'null' for anything unreadable. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}
