import type { RecommendPart } from '@xueban/contract/chat';
import type { Config } from '../../config.ts';
import { signFileUrl } from '../files/file-links.ts';

/** What signing links to our files takes. */
export type LinkSigning = Pick<Config, 'APP_SECRET' | 'PUBLIC_URL'>;

/**
 * Recommend parts as a chat shows them. An annex uploaded here is a file of the intent's
 * organisation, which only its members may read, while the answer goes to whoever chats with the
 * robot — users of other organisations too, once it is published. So its link (and its file
 * item's) is signed for a day (files/file-links.ts); other parts, and links elsewhere, are as saved.
 */
export function withSignedAnnexes(parts: RecommendPart[], signing: LinkSigning): RecommendPart[] {
  const sign = (url: string) => signFileUrl(signing.APP_SECRET, url, undefined, signing.PUBLIC_URL);
  const signItem = (item: unknown) => {
    const url = (item as { url?: unknown } | null)?.url;
    return typeof url === 'string' ? { ...(item as object), url: sign(url) } : item;
  };
  return parts.map((p) => {
    if (p.content_type !== 'annex') return p;
    const { url, list } = p.content;
    return { ...p, content: { ...p.content, ...(url ? { url: sign(url) } : {}), ...(list ? { list: list.map(signItem) } : {}) } };
  });
}
