import type { RecommendPart, RecordItem } from '@xueban/contract/chat';
import { withSignedAnnexes, type LinkSigning } from '../intents/annex-links.ts';
import type { RecordRow } from './chat.repo.ts';

/**
 * A stored exchange as its reader opens it again: the annex links in its recommend content were
 * signed for a day when the answer was given, so they are signed anew on every read (the history
 * of a published robot's answer is read by users outside the annex's organisation).
 */
export function withFreshAnnexLinks<R extends Pick<RecordRow, 'recommendContent'>>(r: R, signing: LinkSigning): R {
  return r.recommendContent.length ? { ...r, recommendContent: withSignedAnnexes(r.recommendContent as RecommendPart[], signing) } : r;
}

/** The same for a record as the client reads it (its recommend and activity content as JSON text). */
export function withFreshItemLinks(r: RecordItem, signing: LinkSigning): RecordItem {
  const recommend = JSON.parse(r.recommend_content) as RecommendPart[];
  return {
    ...r,
    recommend_content: JSON.stringify(recommend.length ? withSignedAnnexes(recommend, signing) : recommend),
    // Written again as JSON.stringify writes it, as toRecordItem does: the database prints spaces.
    activity_content: JSON.stringify(JSON.parse(r.activity_content)),
  };
}
