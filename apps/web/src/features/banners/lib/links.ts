import { EMAIL_RE } from '@xueban/contract/limits';

/** Images are only loaded from this server's own files (design §8: no automatic fetches elsewhere). */
export const ownImage = (url: string | null | undefined): string | null =>
  url && /^\/api\/files\/[^/]/.test(url) && !url.includes('..') ? url : null;

export type BannerTarget = { kind: 'internal'; path: string } | { kind: 'external'; href: string };

/** Where a banner's link goes: a path of this app, or an http(s) page in a new tab; anything else is dropped. */
export function bannerTarget(link: string | null | undefined): BannerTarget | null {
  const v = (link ?? '').trim();
  if (v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/\\')) return { kind: 'internal', path: v };
  if (/^https?:\/\/[^\s]+$/i.test(v)) return { kind: 'external', href: v };
  return null;
}

/**
 * The website config's sales_contact as something to click: a web page, an email address or a
 * phone number. Other text is shown as it is (href null).
 */
export function salesContact(value: string | null | undefined): { href: string | null; isPage: boolean; text: string } | null {
  const v = (value ?? '').trim();
  if (!v) return null;
  if (/^https?:\/\/[^\s]+$/i.test(v)) return { href: v, isPage: true, text: v };
  if (EMAIL_RE.test(v)) return { href: `mailto:${v}`, isPage: false, text: v };
  if (/^\+?[\d\s-]{5,20}$/.test(v)) return { href: `tel:${v.replace(/[\s-]/g, '')}`, isPage: false, text: v };
  return { href: null, isPage: false, text: v };
}
