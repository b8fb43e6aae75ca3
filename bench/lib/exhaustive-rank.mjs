// The in-process ranking as it was before pruning (issue 22): every posting of every question
// term scored into an array per slot, a sorted top list. Kept for the bench only, to time the
// pruned ranking (modules/knowledge/rank-chunks.ts) against it in one process and to check that
// both return the same chunks and scores at 100 000 chunks.

export function exhaustiveRank(indexes, wanted, limit) {
  const n = indexes.reduce((s, i) => s + i.live, 0);
  if (!n || limit < 1) return [];
  const avgdl = Math.max(indexes.reduce((s, i) => s + i.liveLength, 0), 1) / n;
  const dfs = wanted.map((term) => ({ term, df: indexes.reduce((s, i) => s + i.df(term), 0) })).filter((t) => t.df > 0);
  const rare = dfs.filter((t) => t.df <= n * 0.5);
  const used = rare.length ? rare : dfs;
  const top = [];
  for (const index of indexes) {
    const scores = new Float64Array(index.size);
    const touched = [];
    for (const t of used) {
      const idf = Math.log(1 + (n - t.df + 0.5) / (t.df + 0.5));
      const p = index.postingsOf(t.term);
      for (let i = 0; p && i < p.n; i++) {
        const s = p.slots[i];
        if (!index.isAlive(s)) continue;
        const tf = p.tfs[i];
        if (scores[s] === 0) touched.push(s);
        scores[s] += idf * (tf * (1.2 + 1)) / (tf + 1.2 * (1 - 0.75 + 0.75 * index.lengthAt(s) / avgdl));
      }
    }
    for (const slot of touched) {
      const score = scores[slot];
      const chunkId = index.chunkIdAt(slot);
      const worse = (r) => r.score < score || (r.score === score && r.chunkId > chunkId);
      if (top.length === limit) {
        if (!worse(top[limit - 1])) continue;
        top.pop();
      }
      let at = top.length;
      while (at > 0 && worse(top[at - 1])) at--;
      top.splice(at, 0, { index, slot, score, chunkId });
    }
  }
  return top;
}
