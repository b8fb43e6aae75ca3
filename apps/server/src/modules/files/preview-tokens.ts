import { PREVIEW_TOKEN_TTL_MS } from '@xueban/contract/preview';
import { hmac, safeEqual } from '../../lib/crypto.ts';

/**
 * Preview tokens (spec §3, §9): an access token opens one file for PREVIEW_TOKEN_TTL_MS
 * (600 000 ms), long enough to start a video; a refresh token, valid for a day, buys a new
 * pair while the viewer stays open, so a long video keeps seeking after the first ten minutes.
 * Both are `<payload>.<HMAC>` under APP_SECRET; the kind is signed so one cannot stand in for the other.
 */
export const REFRESH_TOKEN_TTL_MS = 24 * 3600 * 1000;

type Kind = 'access' | 'refresh';
interface Payload { k: string; e: number; t: Kind; u: number }

const sign = (secret: string, body: string) => hmac(secret, `preview:${body}`);

function issue(secret: string, p: Payload): string {
  const body = Buffer.from(JSON.stringify(p)).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

export interface PreviewTokens { access: string; refresh: string; accessExpires: number; refreshExpires: number }

/** A fresh pair for `key`, issued to user `uid` (the refresh checks they may still read it). */
export function issuePreviewTokens(secret: string, key: string, uid: number, now = Date.now()): PreviewTokens {
  const accessExpires = now + PREVIEW_TOKEN_TTL_MS;
  const refreshExpires = now + REFRESH_TOKEN_TTL_MS;
  return {
    access: issue(secret, { k: key, e: accessExpires, t: 'access', u: uid }),
    refresh: issue(secret, { k: key, e: refreshExpires, t: 'refresh', u: uid }),
    accessExpires, refreshExpires,
  };
}

/** The key and issuee of a valid, unexpired token of this kind, or null. */
export function verifyPreviewToken(secret: string, token: string | undefined, kind: Kind, now = Date.now()): { key: string; uid: number; expires: number } | null {
  if (!token) return null;
  const dot = token.indexOf('.');
  if (dot < 1) return null;
  const body = token.slice(0, dot);
  if (!safeEqual(sign(secret, body), token.slice(dot + 1))) return null;
  try {
    const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
    if (p.t !== kind || typeof p.k !== 'string' || typeof p.e !== 'number' || p.e <= now) return null;
    return { key: p.k, uid: p.u, expires: p.e };
  } catch {
    return null;
  }
}
