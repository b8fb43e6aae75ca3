// The retrieval bench's measuring process: imports the server's TypeScript sources through tsx,
// so what it measures is the server's own chunker, indexer (replaceDocumentChunks) and BM25
// search (keywordSearch) on PGlite, in process, as the server runs them.
//
//   node --import tsx bench/lib/retrieval-worker.mjs <quality|scale|ingest> ['{json options}']
//
// Progress goes to stderr; the result is one JSON line on stdout.
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import MiniSearch from 'minisearch';
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { createDatabase } from '../../apps/server/src/db/client.ts';
import { analyzeIfGrown, replaceDocumentChunks } from '../../apps/server/src/modules/knowledge/chunks.repo.ts';
import { keywordSearch } from '../../apps/server/src/modules/knowledge/keyword-search.ts';
import { BaseIndex } from '../../apps/server/src/modules/knowledge/base-index.ts';
import { rankChunks } from '../../apps/server/src/modules/knowledge/rank-chunks.ts';
import { exhaustiveRank } from './exhaustive-rank.mjs';
import { forgetIndexes, indexedSearch, isIndexed, loadedPostings, loadedShape, warmIndexes } from '../../apps/server/src/modules/knowledge/search-index.ts';
import { keywordHits } from '../../apps/server/src/modules/knowledge/retrieval.ts';
import { searchTerms, searchTermsWith, tsvectorOf } from '../../apps/server/src/ai/search-terms.ts';
import { terms as icuWords } from '../../apps/server/src/ai/segment.ts';
import { chunkText } from '../../apps/server/src/ai/parse/chunk.ts';
import { parseDocument } from '../../apps/server/src/ai/parse/index.ts';
import { indexedText, isRelevant, loadEvalSet, score } from './retrieval-data.mjs';
import { paginate, textPdf } from './pdf.mjs';
import { measureRewrite } from './retrieval-rewrite.mjs';

const task = process.argv[2];
const opts = JSON.parse(process.argv[3] ?? '{}');
const progress = (msg) => process.stderr.write(`${msg}\n`);
const now = () => performance.now();

// ── Segmenters ────────────────────────────────────────────────────────────────────────────
const jieba = Jieba.withDict(dict);
const HAN = /\p{Script=Han}/u;
const WORD_LIKE = /[\p{L}\p{N}]/u;
/** jieba's words, treated exactly as segment.ts treats ICU's: lower-cased, word-like only, pairs inside long Han words. */
function jiebaWords(text) {
  const out = [];
  for (const w of jieba.cut(text.toLowerCase(), true)) {
    const word = w.trim();
    if (!word || !WORD_LIKE.test(word)) continue;
    out.push(word);
    if (HAN.test(word) && word.length > 2) for (let i = 0; i + 2 <= word.length; i++) out.push(word.slice(i, i + 2));
  }
  return out;
}

const HAN_RUN = /\p{Script=Han}+/gu;
/** Words plus pairs of neighbouring Han characters, without the single characters searchTerms adds. */
const withPairs = (words) => (text) => {
  const out = words(text);
  for (const [run] of text.toLowerCase().matchAll(HAN_RUN)) {
    const chars = [...run];
    for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  }
  return out;
};

const VARIANTS = [
  { key: 'icu', label: 'ICU words + Han characters + pairs', termsOf: searchTerms },
  { key: 'jieba', label: 'jieba words + Han characters + pairs', termsOf: searchTermsWith(jiebaWords) },
  { key: 'icu-words', label: 'ICU words only (server default)', termsOf: icuWords },
  { key: 'jieba-words', label: 'jieba words only', termsOf: jiebaWords },
  { key: 'icu-pairs', label: 'ICU words + Han pairs (no single characters)', termsOf: withPairs(icuWords) },
];

// ── Database fixture ──────────────────────────────────────────────────────────────────────
async function openDatabase(dataDir) {
  const database = await createDatabase({ dataDir });
  await database.migrate();
  const q = database.executeSql;
  const [group] = (await q(`insert into groups (name) values ('retrieval bench') returning id`, [])).rows;
  const [user] = (await q(`insert into users (openid, password_hash) values ($1, 'x') returning id`, [`bench-${process.pid}-${Date.now()}`])).rows;
  return {
    database,
    db: database.db,
    groupId: group.id,
    async base(name) {
      const [kb] = (await q('insert into knowledge_bases (group_id, creator_id, name) values ($1, $2, $3) returning id', [group.id, user.id, name])).rows;
      return kb.id;
    },
    async document(kbId, name) {
      const [doc] = (await q(`insert into knowledge_documents (kb_id, group_id, creator_id, type, name, status)
        values ($1, $2, $3, 'file', $4, 'ready') returning id`, [kbId, group.id, user.id, name])).rows;
      return { id: doc.id, kbId, groupId: group.id };
    },
  };
}

/**
 * Re-indexes a base's chunks with other terms, then recounts its BM25 statistics from the
 * chunks (what replaceDocumentChunks keeps up to date incrementally): the comparison of
 * segmenters then runs the server's own SQL search over the server's tables.
 */
async function reindexBase(database, kbId, termsOf) {
  const q = database.executeSql;
  const rows = (await q('select id, heading, question, content from knowledge_chunks where kb_id = $1', [kbId])).rows;
  for (const r of rows) {
    const { literal, count } = tsvectorOf(termsOf(indexedText(r)));
    await q('update knowledge_chunks set tsv = $1::tsvector, term_count = $2 where id = $3', [literal, count, r.id]);
  }
  await q('delete from knowledge_terms where kb_id = $1', [kbId]);
  await q(`insert into knowledge_terms (kb_id, term, df)
    select $1, u.lexeme, count(*)::int from knowledge_chunks c, unnest(c.tsv) u where c.kb_id = $1 group by u.lexeme`, [kbId]);
  await q(`update knowledge_bases b set chunk_count = x.n, term_total = x.total
    from (select count(*)::int as n, coalesce(sum(term_count), 0)::bigint as total from knowledge_chunks where kb_id = $1) x
    where b.id = $1`, [kbId]);
}

// ── The corpus as the server chunks it ────────────────────────────────────────────────────
function corpus(set = opts.set) {
  const { docs, questions } = loadEvalSet(set);
  const perDoc = docs.map((d) => ({
    name: d.name,
    chunks: chunkText({ text: d.text }).map((c) => ({ heading: c.heading, question: '', content: c.content })),
  }));
  const chunks = perDoc.flatMap((d) => d.chunks);
  const unanswerable = questions.filter((q) => !chunks.some((c) => isRelevant(c, q)));
  if (unanswerable.length) {
    throw new Error(`No chunk holds the answer of ${unanswerable.length} question(s) (cut across a chunk boundary?):\n  ${
      unanswerable.map((q) => `${JSON.stringify(q.q)} → ${JSON.stringify(q.answer)}`).join('\n  ')}`);
  }
  const relevantPerQuestion = questions.map((q) => chunks.filter((c) => isRelevant(c, q)).length);
  return { docs, questions, perDoc, chunks, relevantPerQuestion };
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

// ── Embeddings (only with BENCH_EMBEDDING_URL) ────────────────────────────────────────────
/** An OpenAI-compatible /embeddings client, batched and trimmed as the server's embedder is (ai/embeddings.ts). */
function embedder({ url, model, key }) {
  const BATCH = 32;
  const TEXT_MAX = 2_000;
  return {
    model,
    async embed(texts) {
      const out = [];
      for (let i = 0; i < texts.length; i += BATCH) {
        const input = texts.slice(i, i + BATCH).map((t) => t.slice(0, TEXT_MAX) || ' ');
        const res = await fetch(`${url.replace(/\/+$/, '')}/embeddings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(key && { authorization: `Bearer ${key}` }) },
          body: JSON.stringify({ model, input, encoding_format: 'float' }),
        });
        if (!res.ok) throw new Error(`embeddings: ${res.status} ${(await res.text()).slice(0, 300)}`);
        const { data } = await res.json();
        out.push(...[...data].sort((a, b) => a.index - b.index).map((d) => d.embedding));
      }
      return out;
    },
  };
}

/**
 * Hybrid retrieval as the server's searchKnowledge does it without a rerank model: keyword and
 * vector search each propose 4 × 10 chunks, fused by reciprocal rank (modules/knowledge/retrieval.ts
 * fuse). The chunks are embedded as the server embeds them (heading, question, content).
 */
async function hybrid(fx, kbId, questions) {
  const { ensureVectorStore, storeEmbeddings, vectorSearch } = await import('../../apps/server/src/modules/knowledge/vector-store.ts');
  const { fuse } = await import('../../apps/server/src/modules/knowledge/retrieval.ts');
  const log = { warn: (o, m) => progress(`${m} ${JSON.stringify(o)}`) };
  if (!(await ensureVectorStore(fx.db, log))) throw new Error('pgvector is not available in this database');
  const e = embedder(opts.embedding);
  const rows = (await fx.database.executeSql('select id, heading, question, content from knowledge_chunks where kb_id = $1 order by id', [kbId])).rows;
  let t0 = now();
  const vectors = await e.embed(rows.map(indexedText));
  const embedChunksMs = now() - t0;
  await storeEmbeddings(fx.db, rows.map((r, i) => ({ chunkId: r.id, kbId, model: e.model, embedding: vectors[i] })));
  t0 = now();
  const qv = await e.embed(questions.map((q) => q.q));
  const embedQuestionsMs = now() - t0;
  const fused = [];
  const vectorOnly = [];
  const times = [];
  for (const [i, q] of questions.entries()) {
    t0 = now();
    const [kw, vec] = await Promise.all([keywordSearch(fx.db, [kbId], q.q, 40), vectorSearch(fx.db, [kbId], e.model, qv[i], 40)]);
    fused.push(fuse([kw, vec], 10));
    times.push(now() - t0);
    vectorOnly.push(vec.slice(0, 10));
  }
  const label = `${e.model}, ${vectors[0]?.length ?? 0} dimensions`;
  progress(`hybrid (${label}): done`);
  return [
    { engine: 'hybrid', variant: 'icu', label, ...score(questions, fused), meanMs: mean(times), embedChunksMs, embedQuestionsMs },
    { engine: 'vector', variant: 'icu', label, ...score(questions, vectorOnly), meanMs: null },
  ];
}

// ── Tasks ─────────────────────────────────────────────────────────────────────────────────
/**
 * The in-process index (modules/knowledge/base-index.ts) with several term functions and text
 * fields, and document-level evidence, on the same chunks: which ranking the server keeps.
 */
function inMemory(perDoc, questions) {
  const all = perDoc.flatMap((d) => d.chunks.map((c) => ({ ...c, docName: d.name })));
  const out = [];
  // The heading path repeated: the heading field weighted twice (it is already once in indexedText).
  const headingTwice = (c) => [c.heading, indexedText(c)].filter(Boolean).join('\n');
  const variants = [
    { key: 'mem-icu-words', label: 'in-process index: ICU words (served)', termsOf: icuWords, text: indexedText },
    { key: 'mem-jieba-words', label: 'plain BM25: jieba words', termsOf: jiebaWords, text: indexedText },
    { key: 'mem-icu-pairs', label: 'in-process index: ICU words + Han pairs', termsOf: withPairs(icuWords), text: indexedText },
    { key: 'mem-icu-title', label: 'in-process index: ICU words, document title in each chunk', termsOf: icuWords, text: (c) => `${c.docName}\n${indexedText(c)}` },
    { key: 'mem-icu-heading', label: 'in-process index: ICU words, heading weighted twice', termsOf: icuWords, text: headingTwice },
    { key: 'mem-icu-docs', label: 'in-process index: ICU words + document evidence (0.1)', termsOf: icuWords, text: indexedText, docs: 0.1 },
    { key: 'mem-icu-docs3', label: 'in-process index: ICU words + document evidence (0.3)', termsOf: icuWords, text: indexedText, docs: 0.3 },
  ];
  for (const v of variants) {
    const index = new BaseIndex(1, 1, v.termsOf);
    all.forEach((c, i) => index.add(i, c.docName.length ? perDoc.findIndex((d) => d.name === c.docName) : 0, v.text(c)));
    const rankings = [];
    const times = [];
    for (const q of questions) {
      const t0 = now();
      const wanted = [...new Set(v.termsOf(q.q))];
      let ranked = rankChunks([index], wanted, v.docs ? 50 : 10);
      if (v.docs) {
        // Several chunks of one document agreeing: each chunk gains a share of its document's other top scores.
        const sum = new Map();
        for (const r of ranked) sum.set(index.documentAt(r.slot), (sum.get(index.documentAt(r.slot)) ?? 0) + r.score);
        ranked = ranked.map((r) => ({ ...r, score: r.score + v.docs * (sum.get(index.documentAt(r.slot)) - r.score) }))
          .sort((a, b) => b.score - a.score || a.chunkId - b.chunkId).slice(0, 10);
      }
      rankings.push(ranked.map((r) => all[r.chunkId]));
      times.push(now() - t0);
    }
    out.push({ engine: 'memory', variant: v.key, label: v.label, ...score(questions, rankings), meanMs: mean(times) });
    progress(`in-process, ${v.key}: done`);
  }
  return out;
}

async function quality() {
  const { docs, questions, perDoc, chunks, relevantPerQuestion } = corpus();
  progress(`${docs.length} documents, ${chunks.length} chunks, ${questions.length} questions`);
  const fx = await openDatabase('memory://');
  const results = [];
  try {
    results.push(...inMemory(perDoc, questions));
    for (const v of opts.memoryOnly ? [] : VARIANTS) {
      const kbId = await fx.base(v.key);
      if (v.key === 'icu-words') fx.serverKb = kbId;
      for (const d of perDoc) await replaceDocumentChunks(fx.db, await fx.document(kbId, d.name), d.chunks);
      if (v.termsOf !== icuWords) await reindexBase(fx.database, kbId, v.termsOf);
      for (const q of questions.slice(0, 10)) await keywordSearch(fx.db, [kbId], q.q, 10, v.termsOf); // warm-up
      const rankings = [];
      const times = [];
      for (const q of questions) {
        const t0 = now();
        rankings.push(await keywordSearch(fx.db, [kbId], q.q, 10, v.termsOf));
        times.push(now() - t0);
      }
      results.push({ engine: 'sql', variant: v.key, label: v.label, ...score(questions, rankings), meanMs: mean(times) });
      progress(`SQL BM25, ${v.key}: done`);
    }
    if (!opts.memoryOnly) for (const v of VARIANTS.slice(0, 2)) {
      const t0 = now();
      const ms = new MiniSearch({ fields: ['text'], tokenize: v.termsOf, processTerm: (t) => t });
      ms.addAll(chunks.map((c, id) => ({ id, text: indexedText(c) })));
      const indexMs = now() - t0;
      const rankings = [];
      const times = [];
      for (const q of questions) {
        const t1 = now();
        rankings.push(ms.search(q.q).slice(0, 10).map((r) => chunks[r.id]));
        times.push(now() - t1);
      }
      results.push({ engine: 'minisearch', variant: v.key, label: v.label, ...score(questions, rankings), meanMs: mean(times), indexMs });
      progress(`MiniSearch, ${v.key}: done`);
    }
    if (opts.embedding?.url && !opts.memoryOnly) results.push(...(await hybrid(fx, fx.serverKb, questions)));
  } finally {
    await fx.database.close();
  }
  return {
    documents: docs.length,
    characters: docs.reduce((n, d) => n + [...d.text].length, 0),
    chunks: chunks.length,
    questions: questions.length,
    meanRelevantChunks: mean(relevantPerQuestion),
    results,
  };
}

/** A seeded generator (mulberry32): the same collection on every run. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Copy `k` of a chunk: copy 0 as is; later copies drop one sentence and may swap two neighbours. */
function vary(chunk, k, rand) {
  if (k === 0) return chunk;
  const parts = chunk.content.split(/(?<=[。！？；\n])/u);
  if (parts.length >= 3) parts.splice(Math.floor(rand() * parts.length), 1);
  if (parts.length >= 2 && rand() < 0.5) {
    const i = Math.floor(rand() * (parts.length - 1));
    [parts[i], parts[i + 1]] = [parts[i + 1], parts[i]];
  }
  return { ...chunk, content: parts.join('') || chunk.content };
}

/** The questions in a seeded random order: a time budget then cuts a fair sample, not the last documents. */
function shuffled(list, rand) {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/**
 * Grows a base to `factor` times its size by copying its chunk rows, as replaceDocumentChunks
 * wrote them, into new documents; the statistics then scale exactly (every df, the chunk count
 * and the term total times `factor`). The tables hold what indexing the copies would have
 * written, in a fraction of the time.
 */
async function multiplyBase(fx, kbId, factor) {
  const q = fx.database.executeSql;
  const docs = (await q('select distinct document_id as id from knowledge_chunks where kb_id = $1 order by 1', [kbId])).rows.map((r) => r.id);
  for (let round = 1; round < factor; round++) {
    for (const src of docs) {
      const doc = await fx.document(kbId, `copy ${round} of document ${src}`);
      await q(`insert into knowledge_chunks (document_id, kb_id, group_id, seq, heading, question, content, tsv, term_count, index_terms)
        select $1, kb_id, group_id, seq, heading, question, content, tsv, term_count, index_terms from knowledge_chunks where document_id = $2`, [doc.id, src]);
    }
    progress(`  copy ${round}/${factor - 1} done`);
  }
  await q('update knowledge_terms set df = df * $2 where kb_id = $1', [kbId, factor]);
  await q('update knowledge_bases set chunk_count = chunk_count * $2, term_total = term_total * $2 where id = $1', [kbId, factor]);
}

/** Unmeasured queries before timing at each size (at 100 000 chunks each takes seconds). */
const WARMUP = 3;

async function scale() {
  const sizes = opts.sizes ?? [10_000, 100_000];
  const budgetMs = (opts.querySeconds ?? 0) * 1000;
  const { questions, chunks: corpusChunks } = corpus();
  // On disk as the server runs it, or in memory (opts.memory).
  const dir = opts.memory ? null : mkdtempSync(path.join(os.tmpdir(), 'xueban-retrieval-'));
  const fx = await openDatabase(dir ?? 'memory://');
  const rand = rng(20_260_101);
  const kbId = await fx.base('scale');
  const out = { sizes: [], chunksPerDocument: corpusChunks.length };
  let total = 0;
  let copy = 0;
  try {
    for (const [i, size] of sizes.entries()) {
      const entry = { chunks: size, added: 0, documents: 0, indexMs: 0, method: 'index' };
      const factor = size / total;
      if (i > 0 && !opts.indexAll && Number.isInteger(factor)) {
        // Beyond the first size, copy the indexed rows (see multiplyBase) unless asked to index everything.
        const t0 = now();
        await multiplyBase(fx, kbId, factor);
        Object.assign(entry, { method: 'copy', added: size - total, copyMs: now() - t0 });
        total = size;
      }
      // One document per copy of the whole corpus (a 100-page manual's worth of chunks).
      while (total < size) {
        const chunks = corpusChunks.slice(0, size - total).map((c) => vary(c, copy, rand));
        const doc = await fx.document(kbId, `copy ${copy}`);
        const t0 = now();
        await replaceDocumentChunks(fx.db, doc, chunks);
        entry.indexMs += now() - t0;
        total += chunks.length;
        entry.added += chunks.length;
        entry.documents++;
        copy++;
        if (copy % 10 === 0) progress(`  ${total} chunks indexed`);
      }
      const [check] = (await fx.database.executeSql('select chunk_count as n from knowledge_bases where id = $1', [kbId])).rows;
      if (check.n !== size) throw new Error(`the base holds ${check.n} chunks, not ${size}`);
      // PGlite runs no autovacuum: the server's training analyses the knowledge tables as a base
      // grows (chunks.repo.ts analyzeIfGrown), the bench's direct writes do not, so it does here
      // what training would have done ({"analyze":false} measures a database without statistics).
      if (opts.analyze !== false) await analyzeIfGrown(fx.db, Number.MAX_SAFE_INTEGER);
      progress(`${total} chunks: timing up to ${questions.length} queries${budgetMs ? ` for at most ${budgetMs / 1000} s` : ''}`);
      for (const q of questions.slice(-WARMUP)) await keywordSearch(fx.db, [kbId], q.q, 10); // warm-up
      const times = [];
      const start = now();
      for (const q of shuffled(questions, rng(7))) {
        const t0 = now();
        const hits = await keywordSearch(fx.db, [kbId], q.q, 10);
        times.push(now() - t0);
        if (!hits.length) throw new Error(`no hit for ${JSON.stringify(q.q)} at ${total} chunks`);
        if ((budgetMs && now() - start > budgetMs) || times.length >= (opts.maxQueries ?? Infinity)) break;
      }
      // The same questions through the in-process index, loaded cold from the tables.
      forgetIndexes(fx.db);
      globalThis.gc?.();
      const mem0 = process.memoryUsage();
      const tLoad = now();
      await warmIndexes(fx.db, [kbId]);
      const loadMs = now() - tLoad;
      globalThis.gc?.();
      const mem1 = process.memoryUsage();
      const indexBytes = (mem1.heapUsed + mem1.arrayBuffers) - (mem0.heapUsed + mem0.arrayBuffers);
      for (const q of questions.slice(-WARMUP)) await indexedSearch(fx.db, [kbId], q.q, 10);
      const itimes = [];
      for (const q of shuffled(questions, rng(7))) {
        const t0 = now();
        const hits = await indexedSearch(fx.db, [kbId], q.q, 10);
        itimes.push(now() - t0);
        if (!hits) throw new Error('the index was not ready after warmIndexes');
      }
      progress(`${total} chunks: index loaded in ${Math.round(loadMs)} ms, p50 ${pct(itimes, 50).toFixed(1)} ms`);
      // A restart: the indexes forgotten, a question asked at once through the served keyword
      // path (keywordHits: the index, or SQL while it loads), then the wait for the full load.
      // The database's own caches stay warm, unlike a new process.
      forgetIndexes(fx.db);
      globalThis.gc?.();
      const tRestart = now();
      const first = await keywordHits(fx.db, [kbId], questions[0].q, 10);
      const firstAnswerMs = now() - tRestart;
      const firstFromIndex = isIndexed(fx.db, kbId);
      if (!first.length) throw new Error('no answer to the first question after a restart');
      await warmIndexes(fx.db, [kbId]);
      const restart = { firstAnswerMs, firstAnsweredBy: firstFromIndex ? 'index' : 'sql', loadedMs: now() - tRestart };
      progress(`${total} chunks: after a restart, first answer in ${Math.round(firstAnswerMs)} ms (${restart.firstAnsweredBy}), index loaded in ${Math.round(restart.loadedMs)} ms`);
      out.sizes.push({
        ...entry, queries: times.length, restart,
        index: { loadMs, bytes: indexBytes, postings: loadedPostings(), ...loadedShape(), queries: itimes.length, p50: pct(itimes, 50), p99: pct(itimes, 99), mean: mean(itimes), max: Math.max(...itimes) },
        p50: pct(times, 50), p99: pct(times, 99), mean: mean(times), max: Math.max(...times),
        chunksPerSecond: entry.indexMs ? entry.added / (entry.indexMs / 1000) : null,
      });
    }
  } finally {
    await fx.database.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

async function ingest() {
  const { docs } = loadEvalSet();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'xueban-retrieval-pdf-'));
  const pageTarget = opts.pages ?? 100;
  const out = { pdf: [] };
  try {
    // The corpus text (without its markdown markers) laid out on A4 pages, repeated to the target.
    const plain = docs.map((d) => d.text.replace(/^#+ /gm, '').replace(/ \| /g, '  ')).join('\n\n');
    let pages = paginate(plain);
    while (pages.length < pageTarget) pages = pages.concat(paginate(plain));
    pages = pages.slice(0, pageTarget);
    const file = path.join(dir, 'generated.pdf');
    writeFileSync(file, textPdf(pages, 'Debian 参考手册（节选）'));
    const probe = pages[0].find((l) => l.length > 10);
    const runs = [];
    let parsed;
    for (let i = 0; i < (opts.runs ?? 4); i++) {
      const t0 = now();
      parsed = await parseDocument(file, 'generated.pdf');
      runs.push(now() - t0);
    }
    if (!parsed.text.replace(/\s/g, '').includes(probe.replace(/\s/g, ''))) {
      throw new Error(`The generated PDF did not parse back to its text (looked for ${JSON.stringify(probe)})`);
    }
    const chars = [...parsed.text].length;
    const t0 = now();
    const chunks = chunkText(parsed);
    const chunkMs = now() - t0;
    out.pdf.push({ name: 'generated', pages: pages.length, bytes: textPdf(pages).length, chars, runsMs: runs, chunks: chunks.length, chunkMs });
    const real = '/usr/share/debian-reference/debian-reference.zh-cn.pdf';
    if (existsSync(real) && opts.realPdf !== false) {
      const t1 = now();
      const doc = await parseDocument(real, 'debian-reference.zh-cn.pdf');
      const ms = now() - t1;
      const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
      const { readFileSync } = await import('node:fs');
      const task = pdfjs.getDocument({ data: new Uint8Array(readFileSync(real)), verbosity: 0 });
      const numPages = (await task.promise).numPages;
      await task.destroy();
      out.pdf.push({ name: 'debian-reference.zh-cn.pdf', pages: numPages, chars: [...doc.text].length, runsMs: [ms], chunks: chunkText(doc).length });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

/**
 * The in-process index alone at a size (default 100 000 chunks), without the database: the
 * corpus chunks' stored terms copied with one term in ten dropped (seeded), then every question
 * ranked (rankChunks, top 10). Measures ranking time and memory; the search as served adds two
 * small SQL reads (the version check and the 10 chunks' text), timed by the scale task.
 */
async function memory() {
  const size = opts.size ?? 100_000;
  const { questions, chunks } = corpus();
  const lists = chunks.map((c) => icuWords(indexedText(c)));
  const rand = rng(11);
  globalThis.gc?.();
  const m0 = process.memoryUsage();
  const index = new BaseIndex(1, 1);
  const t0 = now();
  for (let i = 0; i < size; i++) {
    const base = lists[i % lists.length];
    index.addTerms(i, Math.floor(i / lists.length), i < lists.length ? base : base.filter(() => rand() >= 0.1));
  }
  const buildMs = now() - t0;
  globalThis.gc?.();
  const m1 = process.memoryUsage();
  // The pruned ranking (as served) and the exhaustive one it replaced, question by question
  // alternately in this one process, so the ratio holds whatever else the machine is doing.
  const times = [];
  const before = [];
  for (const q of shuffled(questions, rng(7))) {
    const wanted = [...new Set(icuWords(q.q))];
    const t1 = now();
    const pruned = rankChunks([index], wanted, 10);
    times.push(now() - t1);
    const t2 = now();
    const reference = exhaustiveRank([index], wanted, 10);
    before.push(now() - t2);
    const key = (r) => r.map((x) => `${x.chunkId}:${x.score}`).join();
    if (key(pruned) !== key(reference)) throw new Error(`the pruned ranking differs for ${JSON.stringify(q.q)}`);
  }
  return {
    size, buildMs, postings: index.postingCount, terms: index.termCount, arrayBytes: index.arrayBytes,
    heapBytes: (m1.heapUsed + m1.arrayBuffers) - (m0.heapUsed + m0.arrayBuffers),
    queries: times.length, p50: pct(times, 50), p99: pct(times, 99), mean: mean(times), max: Math.max(...times),
    exhaustive: { p50: pct(before, 50), p99: pct(before, 99), mean: mean(before), max: Math.max(...before), sameTop10: true },
  };
}

/** The optional query rewrite, scripted (retrieval-rewrite.mjs), over the served in-process ranking. */
async function rewrite() {
  const { perDoc, questions } = corpus();
  const all = perDoc.flatMap((d) => d.chunks);
  const index = new BaseIndex(1, 1, icuWords);
  let i = 0;
  perDoc.forEach((d, doc) => d.chunks.forEach((c) => index.add(i++, doc, indexedText(c))));
  const search = (text) => rankChunks([index], [...new Set(icuWords(text))], 10).map((r) => all[r.chunkId]);
  return measureRewrite(opts.set ?? 'retrieval', questions, search, score);
}

const tasks = { quality, scale, ingest, memory, rewrite };
if (!tasks[task]) {
  progress(`unknown task ${task}; one of ${Object.keys(tasks).join(', ')}`);
  process.exit(2);
}
try {
  const result = await tasks[task]();
  process.stdout.write(`${JSON.stringify(result)}\n`);
} catch (err) {
  progress(err?.stack ?? String(err));
  process.exitCode = 1;
}
