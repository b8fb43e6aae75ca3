import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Provider API keys at rest: AES-256-GCM under a key derived from APP_SECRET, stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). Changing APP_SECRET makes stored keys unreadable,
 * which is the point: a copied database alone does not leak them.
 */
const keyFrom = (secret: string) => createHash('sha256').update(`xueban-secret-box:${secret}`).digest();

export function seal(secret: string, plain: string): string {
  if (!plain) return '';
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The plain text, or null when the box was sealed under another secret or tampered with. */
export function open(secret: string, sealed: string): string | null {
  if (!sealed) return '';
  const [v, iv, tag, data] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** What an admin sees of a key: enough to recognise it, never enough to use it. */
export const maskKey = (plain: string) => (plain.length <= 8 ? '*'.repeat(plain.length) : `${plain.slice(0, 3)}****${plain.slice(-4)}`);
