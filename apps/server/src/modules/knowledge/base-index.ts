import { terms } from '../../ai/segment.ts';

/** A term's postings: the chunk slots holding it and how often (BM25's tf), appended as chunks arrive. */
export class Postings {
  slots = new Int32Array(4);
  tfs = new Uint16Array(4);
  n = 0;
  /** The largest tf and the shortest chunk among the postings (dead ones too): the term's score bound for pruning. */
  maxTf = 0;
  minLen = 0x7fffffff;
  /** Live postings, cached while the index's `removals` count is `liveAt` (only counted when slots are dead). */
  live = 0;
  liveAt = -1;

  push(slot: number, tf: number, len: number) {
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
    this.live++;
    if (this.tfs[this.n - 1]! > this.maxTf) this.maxTf = this.tfs[this.n - 1]!;
    if (len < this.minLen) this.minLen = len;
  }

  /** The last posting's chunk holds the term once more. */
  again() {
    const i = this.n - 1;
    if (this.tfs[i]! < 65_535) this.tfs[i]!++;
    if (this.tfs[i]! > this.maxTf) this.maxTf = this.tfs[i]!;
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
  /** Counts removeDocument calls that took slots out: a cached live df is good while it is unchanged. */
  private removals = 0;
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
    // A term seen again in this chunk is its list's last posting: its tf grows in place (no map per chunk).
    for (const t of list) {
      let p = this.postings.get(t);
      if (!p) this.postings.set(t, (p = new Postings()));
      if (p.n && p.slots[p.n - 1] === slot) p.again();
      else {
        p.push(slot, 1, list.length);
        this.postingCount++;
      }
    }
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
    this.removals++;
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
      p.maxTf = 0;
      p.minLen = 0x7fffffff;
      for (let i = 0; i < p.n; i++) {
        const to = map[p.slots[i]!]!;
        if (to < 0) continue;
        p.slots[w] = to;
        p.tfs[w] = p.tfs[i]!;
        if (p.tfs[w]! > p.maxTf) p.maxTf = p.tfs[w]!;
        if (this.lens[to]! < p.minLen) p.minLen = this.lens[to]!;
        w++;
      }
      if (!w) this.postings.delete(t);
      p.n = w;
      p.live = w;
      p.liveAt = -1;
      this.postingCount += w;
    }
    for (const [doc, list] of this.docSlots) this.docSlots.set(doc, list.map((s) => map[s]!).filter((s) => s >= 0));
  }

  /** Live chunks holding the term (its document frequency). */
  df(term: string) {
    const p = this.postings.get(term);
    if (!p) return 0;
    if (!this.dead) return p.n;
    if (p.liveAt !== this.removals) {
      let n = 0;
      for (let i = 0; i < p.n; i++) n += this.alive[p.slots[i]!]!;
      p.live = n;
      p.liveAt = this.removals;
    }
    return p.live;
  }

  /** A term's postings (slot-sorted: slots are appended in increasing order and compaction keeps it), or undefined. */
  postingsOf(term: string): Postings | undefined {
    return this.postings.get(term);
  }

  isAlive(slot: number) {
    return this.alive[slot] === 1;
  }

  lengthAt(slot: number) {
    return this.lens[slot]!;
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

  chunkIdAt(slot: number) {
    return this.chunkIds[slot]!;
  }

  documentAt(slot: number) {
    return this.docOf[slot]!;
  }
}
