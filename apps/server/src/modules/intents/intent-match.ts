import type { RecommendPart } from '@xueban/contract/chat';
import type { Db } from '../../db/client.ts';
import { terms } from '../../ai/segment.ts';
import { withSignedAnnexes, type LinkSigning } from './annex-links.ts';
import { boundContentIds } from './bindings.ts';
import { contentsOf, intentsInCategories, toParts } from './intents.repo.ts';

/** Letters and digits only, lower-cased: 「请假 流程？」 and 请假流程 compare equal. */
const normalise = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Share of an intent's terms the question must contain, and how many at least. */
export const OVERLAP_MIN = 0.8;
export const OVERLAP_TERMS_MIN = 2;

/**
 * How well a question names an intent, or 0. A phrase (the name or a keyword, at least 2
 * characters once normalised) contained in the question scores 2 plus its length, so the longest
 * phrase wins; otherwise, when at least 80% (and at least 2) of the name's distinct terms appear
 * among the question's terms, the score is that share (below 1).
 */
export function matchScore(question: string, intent: { name: string; keywords: string[] }, qTerms?: Set<string>): number {
  const q = normalise(question);
  let best = 0;
  for (const phrase of [intent.name, ...intent.keywords]) {
    const p = normalise(phrase);
    if (p.length >= 2 && q.includes(p)) best = Math.max(best, 2 + p.length);
  }
  if (best > 0) return best;
  const nameTerms = new Set(terms(intent.name));
  if (nameTerms.size < OVERLAP_TERMS_MIN) return 0;
  const asked = qTerms ?? new Set(terms(question));
  let shared = 0;
  for (const t of nameTerms) if (asked.has(t)) shared++;
  const share = shared / nameTerms.size;
  return shared >= OVERLAP_TERMS_MIN && share >= OVERLAP_MIN ? share : 0;
}

/**
 * The intent a question asks for, among the enabled intent categories bound to the robot, with
 * its recommend parts (message type 3). Intents without parts are not candidates. Ties go to the
 * intent listed first (sort, then id). The robot's own organisation only. With `signing`, the
 * parts are as the chat shows them: annexes with signed links (the asker may be of another organisation).
 */
export async function matchIntent(
  db: Db, robot: { id: number; groupId: number }, question: string,
  /** The robot's enabled intent categories, when the caller has read them already. */
  bound?: number[],
  signing?: LinkSigning,
): Promise<{ intentId: number; name: string; parts: RecommendPart[] } | null> {
  if (!question.trim()) return null;
  const categoryIds = bound ?? await boundContentIds(db, robot.id, 'intent');
  if (!categoryIds.length) return null;
  const candidates = (await intentsInCategories(db, categoryIds)).filter((i) => i.groupId === robot.groupId);
  if (candidates.length === 0) return null;
  const qTerms = new Set(terms(question));
  const scored = candidates.map((i) => ({ i, score: matchScore(question, i, qTerms) })).filter((s) => s.score > 0);
  if (scored.length === 0) return null;
  const parts = await contentsOf(db, scored.map((s) => s.i.id));
  let best: { i: (typeof candidates)[number]; score: number } | null = null;
  for (const s of scored) {
    if (!parts.some((p) => p.intentId === s.i.id)) continue;
    if (!best || s.score > best.score) best = s;
  }
  if (!best) return null;
  const found = toParts(parts.filter((p) => p.intentId === best.i.id));
  return { intentId: best.i.id, name: best.i.name, parts: signing ? withSignedAnnexes(found, signing) : found };
}
