// The retrieval evaluation sets: documents as plain text and questions with a known answer
// passage. `retrieval`: 7 long chapters of the Debian Reference (zh-cn); `retrieval-short`: about
// 300 short Chinese manual pages (manpages-zh). Shared by the bench and its worker; plain
// JavaScript, so the bench can check a set before anything starts.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const DATA_ROOT = path.resolve(import.meta.dirname, '../data');
export const DATA_DIR = path.join(DATA_ROOT, 'retrieval');

/** The evaluation sets, by folder under bench/data, with the name the tables print. */
export const EVAL_SETS = [
  { key: 'retrieval', title: 'Debian Reference (zh-cn), 7 long chapters' },
  { key: 'retrieval-short', title: 'manpages-zh, short manual pages' },
];

/**
 * Documents and questions, checked: every question names an existing document, and its answer
 * is a substring of that document. Throws, listing every broken entry, otherwise.
 */
export function loadEvalSet(set = 'retrieval') {
  const dir = path.join(DATA_ROOT, set);
  const docDir = path.join(dir, 'docs');
  const docs = readdirSync(docDir).filter((f) => f.endsWith('.txt')).sort()
    .map((name) => ({ name, text: readFileSync(path.join(docDir, name), 'utf8') }));
  const byName = new Map(docs.map((d) => [d.name, d]));
  const questions = JSON.parse(readFileSync(path.join(dir, 'questions.json'), 'utf8'));
  const broken = [];
  const seen = new Set();
  questions.forEach((q, i) => {
    const where = `questions.json #${i + 1} (${JSON.stringify(q.q)})`;
    if (typeof q.q !== 'string' || !q.q.trim() || typeof q.answer !== 'string' || !q.answer.trim()) broken.push(`${where}: needs q and answer`);
    else if (!byName.has(q.doc)) broken.push(`${where}: no document ${q.doc}`);
    else if (!byName.get(q.doc).text.includes(q.answer)) broken.push(`${where}: answer ${JSON.stringify(q.answer)} is not in ${q.doc}`);
    if (seen.has(q.q)) broken.push(`${where}: duplicate question`);
    seen.add(q.q);
  });
  if (broken.length) throw new Error(`The retrieval evaluation set ${set} is broken (${broken.length}):\n  ${broken.join('\n  ')}`);
  return { docs, questions };
}

/** The text a chunk is found by, as the server indexes it (chunks.repo.ts indexedText). */
export const indexedText = (c) => [c.heading, c.question, c.content].filter(Boolean).join('\n');

/** Relevant: the chunk holds the answer passage (so re-chunking never invalidates the set). */
export const isRelevant = (chunk, q) => indexedText(chunk).includes(q.answer);

/** recall@k (share of questions with a relevant chunk in the top k) and MRR@10 over ranked lists. */
export function score(questions, rankings, k = 5) {
  let hitK = 0; let hit1 = 0; let hit10 = 0; let rr = 0;
  questions.forEach((q, i) => {
    const rank = rankings[i].slice(0, 10).findIndex((c) => isRelevant(c, q));
    if (rank < 0) return;
    if (rank < k) hitK++;
    if (rank === 0) hit1++;
    hit10++;
    rr += 1 / (rank + 1);
  });
  const n = questions.length;
  const ranks = questions.map((q, i) => rankings[i].slice(0, 10).findIndex((c) => isRelevant(c, q)));
  // Document level, where the ranked chunks carry their document's name (the in-process rows):
  // the question's document among the first k distinct documents of the top 10 chunks.
  if (!rankings.every((list) => list.every((c) => c.docName))) return { recall1: hit1 / n, recallK: hitK / n, recall10: hit10 / n, mrr: rr / n, ranks };
  let docHitK = 0; let docRr = 0;
  questions.forEach((q, i) => {
    const docs = [...new Set(rankings[i].map((c) => c.docName))].slice(0, 10);
    const rank = docs.indexOf(q.doc);
    if (rank < 0) return;
    if (rank < k) docHitK++;
    docRr += 1 / (rank + 1);
  });
  return { recall1: hit1 / n, recallK: hitK / n, recall10: hit10 / n, mrr: rr / n, ranks, docRecallK: docHitK / n, docMrr: docRr / n };
}
