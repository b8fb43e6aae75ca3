import type { BaseIndex, Postings } from './base-index.ts';

/** BM25's usual constants. */
export const BM25 = { k1: 1.2, b: 0.75 };

/** A term in more than this share of the chunks says little; it is dropped when rarer terms remain. */
const COMMON_SHARE = 0.5;

/**
 * A bound is compared with the threshold only after this relative margin: bounds and scores are
 * sums of the same floating-point shares in different orders, so they may differ by a few ulps.
 */
const MARGIN = 1 + 1e-9;

export interface Ranked { index: BaseIndex; slot: number; chunkId: number; score: number }

/** One question term's share of a chunk's score, written once so the bound and the score are the same maths. */
const share = (idf: number, tf: number, len: number, avgdl: number) => {
  const { k1, b } = BM25;
  return idf * (tf * (k1 + 1)) / (tf + k1 * (1 - b + b * len / avgdl));
};

/** The `limit` best so far, worst at the root: lower score, or the same score and a larger chunk id. */
class TopK {
  size = 0;
  private readonly scores: Float64Array;
  private readonly chunkIds: Int32Array;
  private readonly slots: Int32Array;
  private readonly owners: BaseIndex[] = [];

  constructor(readonly limit: number) {
    this.scores = new Float64Array(limit);
    this.chunkIds = new Int32Array(limit);
    this.slots = new Int32Array(limit);
  }

  /** The score a chunk must reach to enter (−∞ until the heap is full). */
  get threshold() {
    return this.size < this.limit ? -Infinity : this.scores[0]!;
  }

  private worse(i: number, j: number) {
    return this.scores[i]! < this.scores[j]! || (this.scores[i] === this.scores[j] && this.chunkIds[i]! > this.chunkIds[j]!);
  }

  private set(i: number, score: number, chunkId: number, slot: number, owner: BaseIndex) {
    this.scores[i] = score;
    this.chunkIds[i] = chunkId;
    this.slots[i] = slot;
    this.owners[i] = owner;
  }

  private swap(i: number, j: number) {
    const s = this.scores[i]!, c = this.chunkIds[i]!, l = this.slots[i]!, o = this.owners[i]!;
    this.set(i, this.scores[j]!, this.chunkIds[j]!, this.slots[j]!, this.owners[j]!);
    this.set(j, s, c, l, o);
  }

  offer(score: number, chunkId: number, slot: number, owner: BaseIndex) {
    if (this.size < this.limit) {
      let i = this.size++;
      this.set(i, score, chunkId, slot, owner);
      while (i > 0) {
        const up = (i - 1) >> 1;
        if (!this.worse(i, up)) break;
        this.swap(i, up);
        i = up;
      }
      return;
    }
    const root = this.scores[0]!;
    if (score < root || (score === root && chunkId > this.chunkIds[0]!)) return;
    this.set(0, score, chunkId, slot, owner);
    for (let i = 0; ;) {
      const l = 2 * i + 1, r = l + 1;
      let w = i;
      if (l < this.size && this.worse(l, w)) w = l;
      if (r < this.size && this.worse(r, w)) w = r;
      if (w === i) break;
      this.swap(i, w);
      i = w;
    }
  }

  /** Best first, ties by chunk id. */
  sorted(): Ranked[] {
    const out: Ranked[] = [];
    for (let i = 0; i < this.size; i++) out.push({ index: this.owners[i]!, slot: this.slots[i]!, chunkId: this.chunkIds[i]!, score: this.scores[i]! });
    return out.sort((a, b) => b.score - a.score || a.chunkId - b.chunkId);
  }
}

/** The first position at or after `from` whose slot is ≥ `target`: galloping, then binary search. */
function seek(slots: Int32Array, n: number, from: number, target: number) {
  if (from >= n || slots[from]! >= target) return from;
  let lo = from, step = 1;
  while (lo + step < n && slots[lo + step]! < target) {
    lo += step;
    step *= 2;
  }
  let hi = Math.min(lo + step, n);
  // slots[lo] < target; slots[hi] >= target or hi === n.
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (slots[mid]! < target) lo = mid;
    else hi = mid;
  }
  return hi;
}

interface Term { idf: number; canon: number; p: Postings; pos: number; bound: number }

/**
 * One index's chunks into `top`, document at a time with MaxScore pruning: the terms sorted by
 * their bound (the most any one chunk can get from them); the low-bound terms whose bounds sum
 * below the current threshold are non-essential: a chunk holding only those cannot enter, so
 * candidates come from the essential terms' postings, and a non-essential term is only looked up
 * (by galloping) for a candidate that may still enter. A candidate's score is the sum of its
 * shares in the question's term order, as the exhaustive ranking adds them, so scores are equal
 * to the last bit; the pruning compares bounds with a margin, so it never drops a chunk that ties.
 */
function rankIndex(index: BaseIndex, used: { term: string; idf: number }[], avgdl: number, top: TopK) {
  const terms: Term[] = [];
  used.forEach((t, canon) => {
    const p = index.postingsOf(t.term);
    if (p?.n) terms.push({ idf: t.idf, canon, p, pos: 0, bound: share(t.idf, p.maxTf, p.minLen, avgdl) });
  });
  if (!terms.length) return;
  terms.sort((a, b) => a.bound - b.bound);
  const m = terms.length;
  // upTo[i]: the bound of a chunk holding terms 0..i only.
  const upTo = new Float64Array(m);
  for (let i = 0, s = 0; i < m; i++) upTo[i] = s += terms[i]!.bound;
  const shares = new Float64Array(used.length);
  let essential = 0;
  for (;;) {
    const threshold = top.threshold;
    while (essential < m && upTo[essential]! * MARGIN < threshold) essential++;
    if (essential === m) return;
    let slot = 0x7fffffff;
    for (let i = essential; i < m; i++) {
      const t = terms[i]!;
      if (t.pos < t.p.n && t.p.slots[t.pos]! < slot) slot = t.p.slots[t.pos]!;
    }
    if (slot === 0x7fffffff) return;
    const alive = index.isAlive(slot);
    const len = index.lengthAt(slot);
    let partial = 0;
    for (let i = essential; i < m; i++) {
      const t = terms[i]!;
      if (t.pos < t.p.n && t.p.slots[t.pos] === slot) {
        if (alive) partial += shares[t.canon] = share(t.idf, t.p.tfs[t.pos]!, len, avgdl);
        t.pos++;
      }
    }
    if (!alive) continue;
    let entered = true;
    for (let i = essential - 1; i >= 0; i--) {
      if ((partial + upTo[i]!) * MARGIN < threshold) {
        entered = false;
        break;
      }
      const t = terms[i]!;
      t.pos = seek(t.p.slots, t.p.n, t.pos, slot);
      if (t.pos < t.p.n && t.p.slots[t.pos] === slot) partial += shares[t.canon] = share(t.idf, t.p.tfs[t.pos]!, len, avgdl);
    }
    if (entered) {
      // The question's order, absent terms adding an exact 0: the exhaustive sum, bit for bit.
      let score = 0;
      for (let c = 0; c < shares.length; c++) score += shares[c]!;
      top.offer(score, index.chunkIdAt(slot), slot, index);
    }
    shares.fill(0);
  }
}

/**
 * BM25 over several bases' indexes taken as one collection (their statistics summed), best
 * first, ties by chunk id: the `limit` best chunks holding any of the question's terms. Exact:
 * the same chunks, scores and order as scoring every posting of every term (base-index.test.ts).
 */
export function rankChunks(indexes: BaseIndex[], wanted: string[], limit: number): Ranked[] {
  const n = indexes.reduce((s, i) => s + i.live, 0);
  if (!n || limit < 1) return [];
  const avgdl = Math.max(indexes.reduce((s, i) => s + i.liveLength, 0), 1) / n;
  const dfs = wanted.map((term) => ({ term, df: indexes.reduce((s, i) => s + i.df(term), 0) })).filter((t) => t.df > 0);
  const rare = dfs.filter((t) => t.df <= n * COMMON_SHARE);
  const used = (rare.length ? rare : dfs).map((t) => ({ term: t.term, idf: Math.log(1 + (n - t.df + 0.5) / (t.df + 0.5)) }));
  const top = new TopK(limit);
  for (const index of indexes) rankIndex(index, used, avgdl, top);
  return top.sorted();
}
