import { describe, expect, it } from 'vitest';
import { BaseIndex, indexTerms } from './base-index.ts';
import { rankChunks } from './rank-chunks.ts';

/** The textbook BM25 (k1 1.2, b 0.75) over a list of texts, for comparison. */
function bruteForce(texts: Map<number, string>, question: string, limit: number) {
  const docs = [...texts].map(([id, text]) => ({ id, terms: indexTerms(text) }));
  const n = docs.length;
  const avgdl = docs.reduce((s, d) => s + d.terms.length, 0) / n;
  const wanted = [...new Set(indexTerms(question))];
  const df = new Map(wanted.map((t) => [t, docs.filter((d) => d.terms.includes(t)).length]));
  const used = wanted.filter((t) => df.get(t)! > 0 && df.get(t)! <= n / 2);
  const terms = used.length ? used : wanted.filter((t) => df.get(t)! > 0);
  return docs.map((d) => ({
    id: d.id,
    score: terms.reduce((s, t) => {
      const tf = d.terms.filter((x) => x === t).length;
      const idf = Math.log(1 + (n - df.get(t)! + 0.5) / (df.get(t)! + 0.5));
      return s + idf * (tf * 2.2) / (tf + 1.2 * (0.25 + 0.75 * d.terms.length / avgdl));
    }, 0),
  })).filter((d) => d.score > 0).sort((a, b) => b.score - a.score || a.id - b.id).slice(0, limit);
}

const topics = ['校车', '食堂', '图书馆', '宿舍', '体育馆', '教务处', '医务室', '实验室'];
const texts = new Map<number, string>();
let id = 0;
for (let doc = 1; doc <= 400; doc++) {
  for (let c = 0; c < 4; c++) texts.set(++id, `${topics[(doc + c) % 8]}的开放时间是早上${(doc % 12) + 1}点，${topics[(doc * 3 + c) % 8]}在${doc % 5 ? '南门' : '北门'}旁边。`);
}
const docOfChunk = (chunkId: number) => Math.ceil(chunkId / 4);

describe('the in-process index', () => {
  it('ranks as the textbook BM25 does, and forgets removed documents, before and after compaction', () => {
    const index = new BaseIndex(1, 1);
    for (const [cid, text] of texts) index.add(cid, docOfChunk(cid), text);
    const ask = (q: string) => rankChunks([index], [...new Set(indexTerms(q))], 10).map((r) => ({ id: r.chunkId, score: r.score }));
    const close = (a: { id: number; score: number }[], b: { id: number; score: number }[]) => {
      expect(a.map((x) => x.id)).toEqual(b.map((x) => x.id));
      a.forEach((x, i) => expect(x.score).toBeCloseTo(b[i]!.score, 9));
    };
    close(ask('图书馆北门几点开放'), bruteForce(texts, '图书馆北门几点开放', 10));

    // 300 documents go (1 200 chunks: past the compaction threshold); their chunks are never found again.
    for (let doc = 1; doc <= 300; doc++) {
      index.removeDocument(doc);
      for (let c = 1; c <= 4; c++) texts.delete((doc - 1) * 4 + c);
    }
    close(ask('图书馆北门几点开放'), bruteForce(texts, '图书馆北门几点开放', 10));
    const before = index.postingCount;
    index.compactIfWorthIt();
    expect(index.postingCount).toBeLessThan(before);
    expect(index.live).toBe(texts.size);
    close(ask('医务室在南门旁边吗'), bruteForce(texts, '医务室在南门旁边吗', 10));
    // A document put back after compaction is found under its new text.
    index.add(99_999, 7, '游泳馆周末也开放。');
    expect(ask('游泳馆周末开放吗')[0]!.id).toBe(99_999);
  });
});

/** Scores every posting of every question term, in the question's order: the ranking before pruning, kept as the reference. */
function exhaustive(indexes: BaseIndex[], wanted: string[], limit: number) {
  const n = indexes.reduce((s, i) => s + i.live, 0);
  if (!n) return [];
  const avgdl = Math.max(indexes.reduce((s, i) => s + i.liveLength, 0), 1) / n;
  const dfs = wanted.map((term) => ({ term, df: indexes.reduce((s, i) => s + i.df(term), 0) })).filter((t) => t.df > 0);
  const rare = dfs.filter((t) => t.df <= n * 0.5);
  const all: { chunkId: number; score: number }[] = [];
  for (const index of indexes) {
    const scores = new Map<number, number>();
    for (const t of rare.length ? rare : dfs) {
      const idf = Math.log(1 + (n - t.df + 0.5) / (t.df + 0.5));
      const p = index.postingsOf(t.term);
      for (let i = 0; p && i < p.n; i++) {
        const s = p.slots[i]!;
        if (!index.isAlive(s)) continue;
        const tf = p.tfs[i]!;
        scores.set(s, (scores.get(s) ?? 0) + idf * (tf * (1.2 + 1)) / (tf + 1.2 * (1 - 0.75 + 0.75 * index.lengthAt(s) / avgdl)));
      }
    }
    for (const [s, score] of scores) all.push({ chunkId: index.chunkIdAt(s), score });
  }
  return all.sort((a, b) => b.score - a.score || a.chunkId - b.chunkId).slice(0, limit);
}

/** A seeded generator (mulberry32), so a failing seed can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the pruned ranking', () => {
  it('returns exactly what scoring every posting returns: same chunks, same scores to the bit, same tie order', () => {
    let compared = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const rand = random(seed);
      const vocabulary = 20 + Math.floor(rand() * 300);
      // Zipf-like: a few very common terms, a long tail of rare ones.
      const word = () => `t${Math.floor(vocabulary ** rand()) - 1}`;
      const size = [40, 400, 3000][seed % 3]!;
      const indexes = Array.from({ length: 1 + (seed % 2) }, (_, k) => new BaseIndex(k + 1, 1));
      let chunkId = 0;
      const docs: { index: BaseIndex; doc: number; chunks: { id: number; terms: string[] }[] }[] = [];
      for (let doc = 1; chunkId < size; doc++) {
        const index = indexes[Math.floor(rand() * indexes.length)]!;
        const chunks: { id: number; terms: string[] }[] = [];
        for (let c = 0, count = 1 + Math.floor(rand() * 8); c < count; c++) {
          // Copies of an earlier chunk tie on score; ids are shuffled so ties are not in slot order.
          const copy = chunks.length && rand() < 0.2 ? chunks[0]!.terms : Array.from({ length: 1 + Math.floor(rand() * 60) }, word);
          chunks.push({ id: 1 + Math.floor(rand() * 1e6) * 8 + (chunkId++ % 8), terms: copy });
        }
        for (const c of chunks) index.addTerms(c.id, doc, c.terms);
        docs.push({ index, doc, chunks });
      }
      // Some documents go, some come back (edited: the same chunk ids appended at new slots), sometimes compacted.
      for (const d of docs) {
        if (rand() < 0.25) d.index.removeDocument(d.doc);
        else if (rand() < 0.1) {
          d.index.removeDocument(d.doc);
          for (const c of d.chunks) d.index.addTerms(c.id, d.doc, rand() < 0.5 ? c.terms : c.terms.slice(1));
        }
      }
      if (seed % 4 === 0) for (const index of indexes) index.compactIfWorthIt();
      for (let q = 0; q < 30; q++) {
        const wanted = [...new Set(Array.from({ length: 1 + Math.floor(rand() * 8) }, word))];
        for (const limit of [1, 3, 10, 50]) {
          const pruned = rankChunks(indexes, wanted, limit).map((r) => ({ chunkId: r.chunkId, score: r.score }));
          expect(pruned, `seed ${seed}, question ${wanted.join(' ')}, limit ${limit}`).toEqual(exhaustive(indexes, wanted, limit));
          compared++;
        }
      }
    }
    expect(compared).toBe(60 * 30 * 4);
  });
});
