import { hmac, safeEqual } from './crypto.ts';

/**
 * An embed ticket (issue 25): what /embed.js gets for a page whose origin the robot's embed key
 * allows, and what the framed chat then uses as its bearer. Signed with APP_SECRET and checked
 * without a database read, so the security headers can name the one origin that may frame the
 * chat (frame-ancestors) synchronously.
 */
export interface EmbedTicket { keyId: number; origin: string; exp: number }

const PREFIX = 'vt.';

export function signEmbedTicket(secret: string, t: EmbedTicket): string {
  const body = Buffer.from(JSON.stringify([t.keyId, t.origin, t.exp])).toString('base64url');
  return `${PREFIX}${body}.${hmac(secret, `embed:${body}`)}`;
}

export const isEmbedTicket = (value: string) => value.startsWith(PREFIX);

/** The ticket's contents when it is ours and not expired, else null. */
export function readEmbedTicket(secret: string, value: string, now = Date.now()): EmbedTicket | null {
  if (!isEmbedTicket(value) || value.length > 1000) return null;
  const [body, sig] = value.slice(PREFIX.length).split('.');
  if (!body || !sig || !safeEqual(hmac(secret, `embed:${body}`), sig)) return null;
  try {
    const [keyId, origin, exp] = JSON.parse(Buffer.from(body, 'base64url').toString()) as [number, string, number];
    if (typeof keyId !== 'number' || typeof origin !== 'string' || typeof exp !== 'number' || exp * 1000 <= now) return null;
    return { keyId, origin, exp };
  } catch {
    return null;
  }
}
