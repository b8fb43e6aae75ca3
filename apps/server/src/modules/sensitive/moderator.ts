import { asc, count, eq, isNull, max } from 'drizzle-orm';
import type { SensitiveCategory, SensitiveSeverity } from '@xueban/contract/sensitive';
import type { Db } from '../../db/client.ts';
import type { Cluster } from '../../lib/redis.ts';
import { sensitiveWords } from '../../db/schema/chat.ts';
import { buildMatcher, type SensitiveHit, type SensitiveMatcher } from '../../ai/sensitive-matcher.ts';

/**
 * How stale another node's writes may be here without Redis: a list's fingerprint is re-read at
 * most this often. With Redis a write is announced on CHANNEL and every node drops the list at once.
 */
const RECHECK_MS = 10_000;

/** A hit with what the list says of its word. */
export interface ModerationHit extends SensitiveHit {
  category: SensitiveCategory;
  severity: SensitiveSeverity;
  /** Who found it: the word lists (default) or the moderation model. */
  origin?: 'list' | 'model';
}

export interface ModerationStream {
  push(chunk: string): ModerationHit | null;
  end(): ModerationHit | null;
  /** Characters from the stream's start that can be shown: no later delta can make them part of a hit. */
  readonly safeLength: number;
}

/** The platform's list and the organisation's own words, run together. */
export interface Moderator {
  check(text: string): ModerationHit | null;
  stream(): ModerationStream;
}

interface ListMatcher { matcher: SensitiveMatcher; meta: { category: SensitiveCategory; severity: SensitiveSeverity }[] }
interface Loaded extends ListMatcher { fingerprint: string; checkedAt: number; seq: number }
/** `dropped` counts the announcements of writes elsewhere: a check in flight when one arrives is not believed. */
interface Cache { current?: Loaded; checking?: Promise<void>; seq: number; dropped: number }
/** Keyed by database (several apps in one process: tests), then by list: 0 the platform's, else an organisation id. */
const caches = new WeakMap<Db, Map<number, Cache>>();

const scopeOf = (list: number) => (list === 0 ? isNull(sensitiveWords.groupId) : eq(sensitiveWords.groupId, list));

/** Changes whenever a word of the list is added or removed (ids only grow), and costs one index scan. */
async function fingerprint(db: Db, list: number) {
  const [row] = await db.select({ n: count(), top: max(sensitiveWords.id) }).from(sensitiveWords).where(scopeOf(list));
  return `${row?.n ?? 0}:${row?.top ?? 0}`;
}

/** Reads a list and builds a fresh matcher; of overlapping reloads, the newest one wins. */
async function reload(db: Db, list: number, cache: Cache): Promise<ListMatcher> {
  const seq = ++cache.seq;
  // Fingerprint first: a write in between leaves it older than the words, so the next check reloads.
  const fp = await fingerprint(db, list);
  const rows = await db.select({ word: sensitiveWords.word, category: sensitiveWords.category, severity: sensitiveWords.severity })
    .from(sensitiveWords).where(scopeOf(list)).orderBy(asc(sensitiveWords.id));
  const loaded: Loaded = {
    matcher: buildMatcher(rows.map((r) => r.word)),
    meta: rows.map((r) => ({ category: r.category as SensitiveCategory, severity: r.severity as SensitiveSeverity })),
    fingerprint: fp, checkedAt: Date.now(), seq,
  };
  if (!cache.current || seq > cache.current.seq) cache.current = loaded;
  return loaded;
}

function cacheOf(db: Db, list: number): Cache {
  let byList = caches.get(db);
  if (!byList) caches.set(db, (byList = new Map()));
  let cache = byList.get(list);
  if (!cache) byList.set(list, (cache = { seq: 0, dropped: 0 }));
  return cache;
}

/**
 * A list's matcher, kept in process. Writes through this module rebuild it at once; writes made by
 * other nodes are noticed within RECHECK_MS, by comparing a fingerprint.
 */
async function listMatcher(db: Db, list: number): Promise<ListMatcher> {
  const c = cacheOf(db, list);
  if (c.current && Date.now() - c.current.checkedAt < RECHECK_MS) return c.current;
  c.checking ??= (async () => {
    const now = Date.now();
    const dropped = c.dropped;
    if (c.current && (await fingerprint(db, list)) === c.current.fingerprint) c.current.checkedAt = now;
    else await reload(db, list, c);
    if (c.dropped !== dropped) c.current!.checkedAt = -Infinity;
  })().finally(() => {
    c.checking = undefined;
  });
  await c.checking;
  return c.current!;
}

const CHANNEL = 'sensitive-words';

/**
 * After a write to a list: rebuild it here now (should that fail, the next question reloads
 * instead), and tell the other nodes to drop theirs.
 */
export async function rebuildList(x: { db: Db; cluster: Cluster }, groupId: number | null) {
  const list = groupId ?? 0;
  const cache = caches.get(x.db)?.get(list);
  if (cache) {
    await reload(x.db, list, cache).catch(() => {
      if (cache.current) cache.current.checkedAt = -Infinity;
    });
  }
  // The write is stored: a lost announcement only delays the others until their next recheck.
  await x.cluster.publish(CHANNEL, String(list)).catch(() => {});
}

/**
 * Drops a list announced as changed: the next question re-reads its fingerprint, and reloads it.
 * (This node's own announcements cost it one fingerprint read.) The function returned stops listening.
 */
export function listenForListChanges(x: { db: Db; cluster: Cluster }): () => void {
  return x.cluster.subscribe(CHANNEL, (message) => {
    const cache = caches.get(x.db)?.get(Number(message));
    if (!cache) return;
    cache.dropped++;
    if (cache.current) cache.current.checkedAt = -Infinity;
  });
}

/** The platform list's matcher alone. */
export async function getSensitiveMatcher(db: Db): Promise<SensitiveMatcher> {
  return (await listMatcher(db, 0)).matcher;
}

const withMeta = (l: ListMatcher, hit: SensitiveHit | null): ModerationHit | null => (hit ? { ...hit, ...l.meta[hit.index]! } : null);
/** Of two hits, the one that ends first (the platform's on a tie). */
const first = (a: ModerationHit | null, b: ModerationHit | null) => (!a ? b : !b ? a : b.end < a.end ? b : a);

/** What questions and answers in an organisation are checked against: the platform's list and its own words. */
export async function getModerator(db: Db, groupId: number): Promise<Moderator> {
  const lists = await Promise.all([listMatcher(db, 0), listMatcher(db, groupId)]);
  const active = lists.filter((l) => l.matcher.size > 0);
  return {
    check: (text) => active.reduce<ModerationHit | null>((hit, l) => first(hit, withMeta(l, l.matcher.find(text))), null),
    stream() {
      const streams = active.map((l) => ({ l, s: l.matcher.stream() }));
      let found: ModerationHit | null = null;
      let pos = 0;
      const settle = (step: (s: ReturnType<SensitiveMatcher['stream']>) => SensitiveHit | null) => {
        // Every list sees every delta, so the hit ending first wins whichever list found it.
        for (const { l, s } of streams) found = first(found, withMeta(l, step(s)));
        return found;
      };
      return {
        push(chunk) {
          pos += chunk.length;
          return found ?? settle((s) => s.push(chunk));
        },
        end: () => found ?? settle((s) => s.end()),
        get safeLength() {
          return streams.reduce((safe, { s }) => Math.min(safe, s.safeLength), pos);
        },
      };
    },
  };
}
