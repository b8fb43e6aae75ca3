import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF guard for cookie-authenticated mutations: the browser's Origin (or Referer) must be
 * this server, PUBLIC_URL or a TRUSTED_ORIGINS entry. Header-token callers are not browsers
 * riding on ambient cookies, so they pass.
 */
export function checkOrigin(req: FastifyRequest, config: Config): boolean {
  if (SAFE.has(req.method)) return true;
  const origin = req.headers.origin ?? originOf(req.headers.referer);
  if (!origin) return true;
  if (origin === `${req.protocol}://${req.host}`) return true;
  if (config.PUBLIC_URL && origin === new URL(config.PUBLIC_URL).origin) return true;
  return config.trustedOrigins.includes(origin);
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}
