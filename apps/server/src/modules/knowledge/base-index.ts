import { terms } from '../../ai/segment.ts';

/** A term's postings: the chunk slots holding it and how often (BM25's tf), appended as chunks arrive. */
class Postings {
  slots = new Int32Array(4);
  tfs = new Uint16Array(4);
  n = 0;

  push(slot: number, tf: number) {
    if (this.n === this.slots.length) {
      const slots = new Int32Array(this.n * 2);
      slots.set(this.slots);
      const tfs = new Uint16Array(this.n * 2);
      tfs.set(this.tfs);
      this.slots = slots;
      this.tfs = tfs;
    }
    this.slots[this.n] = slot;
    this.tfs[this.n] = Math.min(tf, 65_535);
    this.n++;
  }
}

const grow = <T extends Int32Array | Uint8Array>(a: T, need: number, make: (n: number) => T): T => {
  if (need <= a.length) return a;
  const b = make(Math.max(need, a.length * 2));
  b.set(a);
  return b;
};

/** The words a chunk is found by, and a question asks with: segment.ts words (a long Han word also gives its pairs). */
export const indexTerms = (text: string) => terms(text);

/**
 * One knowledge base's inverted index, in process: every searchable chunk is a slot (its chunk
 * id, document, length in terms), every term a posting list of (slot, tf). A document that
 * changes has its slots marked dead and its current chunks appended; dead slots are dropped by
 * compaction once they are a third of the index. Only the chunk text's terms are held here: the
 * text itself stays in the table and is read for the few chunks a search returns.
 */
export class BaseIndex {
  version = 0;
  private chunkIds = new Int32Array(1024);
  private docOf = new Int32Array(1024);
  private lens = new Int32Array(1024);
  private alive = new Uint8Array(1024);
  private slots = 0;
  private readonly postings = new Map<string, Postings>();
  private readonly docSlots = new Map<number, number[]>();
  /** Live chunks and their total length: BM25's collection statistics. */
  live = 0;
  liveLength = 0;
  private dead = 0;
  postingCount = 0;

  /** `termsOf` must be the function questions are cut with (benchmarks compare others). */
  constructor(readonly kbId: number, readonly groupId: number, private readonly termsOf: (text: string) => string[] = indexTerms) {}

  add(chunkId: number, documentId: number, text: string) {
    this.addTerms(chunkId, documentId, this.termsOf(text));
  }

  /** A chunk by its terms, as stored with it (knowledge_chunks.index_terms). */
  addTerms(chunkId: number, documentId: number, list: string[]) {
    const slot = this.slots++;
    this.chunkIds = grow(this.chunkIds, this.slots, (n) => new Int32Array(n));
    this.docOf = grow(this.docOf, this.slots, (n) => new Int32Array(n));
    this.lens = grow(this.lens, this.slots, (n) => new Int32Array(n));
    this.alive = grow(this.alive, this.slots, (n) => new Uint8Array(n));
    this.chunkIds[slot] = chunkId;
    this.docOf[slot] = documentId;
    this.lens[slot] = list.length;
    this.alive[slot] = 1;
    const tf = new Map<string, number>();
    for (const t of list) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const [t, n] of tf) {
      let p = this.postings.get(t);
      if (!p) this.postings.set(t, (p = new Postings()));
      p.push(slot, n);
    }
    this.postingCount += tf.size;
    const mine = this.docSlots.get(documentId);
    if (mine) mine.push(slot);
    else this.docSlots.set(documentId, [slot]);
    this.live++;
    this.liveLength += list.length;
  }

  /** Takes a document's chunks out (before its current ones, if any, are added again). */
  removeDocument(documentId: number) {
    const mine = this.docSlots.get(documentId);
    if (!mine) return;
    for (const s of mine) {
      if (!this.alive[s]) continue;
      this.alive[s] = 0;
      this.live--;
      this.liveLength -= this.lens[s]!;
      this.dead++;
    }
    this.docSlots.delete(documentId);
  }

  /** Drops dead slots from every posting list once they weigh a third of the index. */
  compactIfWorthIt() {
    if (this.dead < 1_000 || this.dead * 3 < this.slots) return;
    const map = new Int32Array(this.slots).fill(-1);
    let next = 0;
    for (let s = 0; s < this.slots; s++) {
      if (!this.alive[s]) continue;
      map[s] = next;
      this.chunkIds[next] = this.chunkIds[s]!;
      this.docOf[next] = this.docOf[s]!;
      this.lens[next] = this.lens[s]!;
      this.alive[next] = 1;
      next++;
    }
    this.alive.fill(0, next);
    this.slots = next;
    this.dead = 0;
    this.postingCount = 0;
    for (const [t, p] of this.postings) {
      let w = 0;
      for (let i = 0; i < p.n; i++) {
        const to = map[p.slots[i]!]!;
        if (to < 0) continue;
        p.slots[w] = to;
        p.tfs[w] = p.tfs[i]!;
        w++;
      }
      if (!w) this.postings.delete(t);
      p.n = w;
      this.postingCount += w;
    }
    for (const [doc, list] of this.docSlots) this.docSlots.set(doc, list.map((s) => map[s]!).filter((s) => s >= 0));
  }

  /** Live chunks holding the term (its document frequency). */
  df(term: string) {
    const p = this.postings.get(term);
    if (!p) return 0;
    if (!this.dead) return p.n;
    let n = 0;
    for (let i = 0; i < p.n; i++) n += this.alive[p.slots[i]!]!;
    return n;
  }

  /** Adds each live chunk's BM25 share for the term into `scores` (by slot); `touched` collects slots first scored. */
  accumulate(term: string, idf: number, avgdl: number, scores: Float64Array, touched: number[]) {
    const p = this.postings.get(term);
    if (!p) return;
    const { k1, b } = BM25;
    for (let i = 0; i < p.n; i++) {
      const s = p.slots[i]!;
      if (!this.alive[s]) continue;
      const tf = p.tfs[i]!;
      if (scores[s] === 0) touched.push(s);
      scores[s]! += idf * (tf * (k1 + 1)) / (tf + k1 * (1 - b + b * this.lens[s]! / avgdl));
    }
  }

  /** Bytes of the typed arrays (postings and slots, with their spare capacity): the index's memory less its Map and term strings. */
  get arrayBytes() {
    let n = this.chunkIds.byteLength + this.docOf.byteLength + this.lens.byteLength + this.alive.byteLength;
    for (const p of this.postings.values()) n += p.slots.byteLength + p.tfs.byteLength;
    return n;
  }

  /** Distinct terms. */
  get termCount() {
    return this.postings.size;
  }

  get size() {
    return this.slots;
  }

  private scratch = new Float64Array(0);

  /** A zeroed score per slot, reused across searches (ranking is synchronous); the caller zeroes what it touched. */
  scores() {
    if (this.scratch.length < this.slots) this.scratch = new Float64Array(Math.max(this.slots, this.scratch.length * 2));
    return this.scratch;
  }

  chunkIdAt(slot: number) {
    return this.chunkIds[slot]!;
  }

  documentAt(slot: number) {
    return this.docOf[slot]!;
  }
}

/** BM25's usual constants. */
export const BM25 = { k1: 1.2, b: 0.75 };

/** A term in more than this share of the chunks says little; it is dropped when rarer terms remain. */
const COMMON_SHARE = 0.5;

export interface Ranked { index: BaseIndex; slot: number; chunkId: number; score: number }

/**
 * BM25 over several bases' indexes taken as one collection (their statistics summed), best
 * first, ties by chunk id: the `limit` best chunks holding any of the question's terms.
 */
export function rankChunks(indexes: BaseIndex[], wanted: string[], limit: number): Ranked[] {
  const n = indexes.reduce((s, i) => s + i.live, 0);
  if (!n || limit < 1) return [];
  const avgdl = Math.max(indexes.reduce((s, i) => s + i.liveLength, 0), 1) / n;
  const dfs = wanted.map((term) => ({ term, df: indexes.reduce((s, i) => s + i.df(term), 0) })).filter((t) => t.df > 0);
  const rare = dfs.filter((t) => t.df <= n * COMMON_SHARE);
  const used = rare.length ? rare : dfs;
  const top: Ranked[] = [];
  for (const index of indexes) {
    const scores = index.scores();
    const touched: number[] = [];
    for (const t of used) index.accumulate(t.term, Math.log(1 + (n - t.df + 0.5) / (t.df + 0.5)), avgdl, scores, touched);
    for (const slot of touched) {
      const score = scores[slot]!;
      const chunkId = index.chunkIdAt(slot);
      const worse = (r: Ranked) => r.score < score || (r.score === score && r.chunkId > chunkId);
      if (top.length === limit) {
        if (!worse(top[limit - 1]!)) continue;
        top.pop();
      }
      let at = top.length;
      while (at > 0 && worse(top[at - 1]!)) at--;
      top.splice(at, 0, { index, slot, score, chunkId });
    }
    for (const slot of touched) scores[slot] = 0;
  }
  return top;
}
