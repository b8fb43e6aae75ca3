import { asc, count, desc, inArray, max, sql } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import { isStorableWord, type SensitiveImportResult, type SensitiveWordItem } from '@xueban/contract/sensitive';
import type { Db } from '../../db/client.ts';
import { sensitiveWords } from '../../db/schema/chat.ts';
import { badRequest } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { toSeconds } from '../../lib/time.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';
import { buildMatcher, type SensitiveMatcher } from '../../ai/sensitive-matcher.ts';

/** How stale another node's writes may be here: the list's fingerprint is re-read at most this often. */
const RECHECK_MS = 10_000;
const INSERT_BATCH = 1_000;

/**
 * Words are compared the way the matcher matches them: Latin letters folded, nothing else.
 * (SQL lower() would also fold other scripts, depending on the server's locale.)
 */
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const foldedWord = sql<string>`translate(${sensitiveWords.word}, ${UPPER}, ${UPPER.toLowerCase()})`;
const fold = (w: string) => w.replace(/[A-Z]/g, (c) => c.toLowerCase());

// ── The matcher, cached per database ────────────────────────────────────────────────────

interface Loaded { matcher: SensitiveMatcher; fingerprint: string; checkedAt: number; seq: number }
interface Cache { current?: Loaded; checking?: Promise<void>; seq: number }
/** Keyed by database so several apps in one process (tests) never share a list. */
const caches = new WeakMap<Db, Cache>();

/** Changes whenever a word is added or removed (ids only grow), and costs one index scan. */
async function fingerprint(db: Db) {
  const [row] = await db.select({ n: count(), top: max(sensitiveWords.id) }).from(sensitiveWords);
  return `${row?.n ?? 0}:${row?.top ?? 0}`;
}

/** Reads the list and builds a fresh matcher; of overlapping reloads, the newest one wins. */
async function reload(db: Db, cache: Cache): Promise<SensitiveMatcher> {
  const seq = ++cache.seq;
  // Fingerprint first: a write in between leaves it older than the words, so the next check reloads.
  const fp = await fingerprint(db);
  const rows = await db.select({ word: sensitiveWords.word }).from(sensitiveWords).orderBy(asc(sensitiveWords.id));
  const loaded: Loaded = { matcher: buildMatcher(rows.map((r) => r.word)), fingerprint: fp, checkedAt: Date.now(), seq };
  if (!cache.current || seq > cache.current.seq) cache.current = loaded;
  return loaded.matcher;
}

/**
 * The platform's sensitive-word matcher, kept in process. Writes through this module rebuild it
 * at once; writes made by other nodes are noticed within RECHECK_MS, by comparing a fingerprint.
 */
export async function getSensitiveMatcher(db: Db): Promise<SensitiveMatcher> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { seq: 0 }));
  const c = cache;
  if (c.current && Date.now() - c.current.checkedAt < RECHECK_MS) return c.current.matcher;
  c.checking ??= (async () => {
    const now = Date.now();
    if (c.current && (await fingerprint(db)) === c.current.fingerprint) c.current.checkedAt = now;
    else await reload(db, c);
  })().finally(() => {
    c.checking = undefined;
  });
  await c.checking;
  return c.current!.matcher;
}

/** After a write: rebuild now; should that fail, the next question reloads instead. */
async function rebuild(db: Db) {
  const cache = caches.get(db);
  if (!cache) return;
  await reload(db, cache).catch(() => {
    if (cache.current) cache.current.checkedAt = -Infinity;
  });
}

// ── Admin calls ──────────────────────────────────────────────────────────────────────────

export async function listSensitiveWords(db: Db, q: PageParams & { keyword?: string | undefined }) {
  const { limit, offset } = resolvePage(q);
  const where = q.keyword ? sql`strpos(${foldedWord}, ${fold(q.keyword)}) > 0` : undefined;
  const [total] = await db.select({ n: count() }).from(sensitiveWords).where(where);
  const rows = await db.select().from(sensitiveWords).where(where).orderBy(desc(sensitiveWords.id)).limit(limit).offset(offset);
  return pageOf<SensitiveWordItem>(q, total?.n ?? 0, rows.map((r) => ({ id: r.id, word: r.word, create_time: toSeconds(r.createdAt) })));
}

/** Adds one word; one that matches an existing word (Latin letters folded) is refused. */
export async function saveSensitiveWord(db: Db, uid: number, word: string): Promise<SensitiveWordItem> {
  const [dup] = await db.select({ id: sensitiveWords.id }).from(sensitiveWords).where(sql`${foldedWord} = ${fold(word)}`).limit(1);
  if (dup) throw badRequest(MSG.sensitiveWordDuplicate);
  try {
    const [row] = await db.insert(sensitiveWords).values({ word, createdBy: uid }).returning();
    await rebuild(db);
    return { id: row!.id, word: row!.word, create_time: toSeconds(row!.createdAt) };
  } catch (err) {
    // Someone else added it between our check and our insert.
    if (isUniqueViolation(err)) throw badRequest(MSG.sensitiveWordDuplicate);
    throw err;
  }
}

/** Adds the new words of a list; repeats, words already listed and over-long words are skipped. */
export async function importSensitiveWords(db: Db, uid: number, words: string[]): Promise<SensitiveImportResult> {
  const fresh = new Map<string, string>();
  for (const w of words) if (isStorableWord(w) && !fresh.has(fold(w))) fresh.set(fold(w), w);
  if (fresh.size) {
    const existing = await db.select({ f: foldedWord }).from(sensitiveWords).where(inArray(foldedWord, [...fresh.keys()]));
    for (const { f } of existing) fresh.delete(f);
  }
  const values = [...fresh.values()].map((word) => ({ word, createdBy: uid }));
  let added = 0;
  for (let i = 0; i < values.length; i += INSERT_BATCH) {
    const rows = await db.insert(sensitiveWords).values(values.slice(i, i + INSERT_BATCH)).onConflictDoNothing()
      .returning({ id: sensitiveWords.id });
    added += rows.length;
  }
  if (added) await rebuild(db);
  return { added, skipped: words.length - added };
}

export async function deleteSensitiveWords(db: Db, ids: number[]) {
  const gone = await db.delete(sensitiveWords).where(inArray(sensitiveWords.id, ids)).returning({ id: sensitiveWords.id });
  if (gone.length) await rebuild(db);
  return { deleted: gone.length };
}
