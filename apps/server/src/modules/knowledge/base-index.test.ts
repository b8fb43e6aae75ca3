import { describe, expect, it } from 'vitest';
import { BaseIndex, indexTerms, rankChunks } from './base-index.ts';

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
