import { createHmac, randomBytes } from 'node:crypto';
import { safeEqual } from '../../lib/crypto.ts';

/**
 * Team invite codes (spec §3: they carry a 6-character checksum): 10 random characters and an
 * HMAC-SHA256 checksum of them under APP_SECRET, from a 32-letter alphabet without I, O, 0 and 1.
 * A mistyped or forged code fails the checksum here, before any database lookup.
 */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const RANDOM_LEN = 10;
const CHECK_LEN = 6;
const CODE_RE = /^[A-HJ-NP-Z2-9]{16}$/;

const encode = (bytes: Uint8Array, n: number) => Array.from(bytes.subarray(0, n), (b) => ALPHABET[b & 31]).join('');

export const inviteChecksum = (secret: string, body: string) =>
  encode(createHmac('sha256', secret).update(`team-invite:${body}`).digest(), CHECK_LEN);

export function newInviteCode(secret: string): string {
  const body = encode(randomBytes(RANDOM_LEN), RANDOM_LEN);
  return body + inviteChecksum(secret, body);
}

/** The normalised code when its checksum holds (case and surrounding spaces do not matter), else null. */
export function verifyInviteCode(secret: string, raw: string): string | null {
  const code = raw.trim().toUpperCase();
  if (!CODE_RE.test(code)) return null;
  return safeEqual(inviteChecksum(secret, code.slice(0, RANDOM_LEN)), code.slice(RANDOM_LEN)) ? code : null;
}
