// Knowledge retrieval on two public Chinese corpora (bench/data/retrieval: 7 long chapters of the
// Debian Reference, zh-cn; bench/data/retrieval-short: about 300 short manual pages, manpages-zh):
// 1. quality (recall@5, MRR@10) on each set of the server's BM25 beside MiniSearch on the same chunks
//    and the same terms (and hybrid, with an embedding provider: BENCH_EMBEDDING_URL); 2. ICU Intl.Segmenter terms against jieba terms; 3. search latency at
//    10 000 and 100 000 chunks; 4. ingestion: PDF pages parsed and chunks indexed per second;
//    5. the optional query rewrite with a scripted model. `--quality`: 1, 2 and 5 only.
// The measuring runs in child processes (bench/lib/retrieval-worker.mjs) that import the
// server's TypeScript sources through tsx, on PGlite in process, as the server runs them.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { DATA_ROOT, EVAL_SETS, loadEvalSet } from './lib/retrieval-data.mjs';
import { ingestHttp } from './lib/ingest-http.mjs';
import { int, ms, printTable } from './lib/table.mjs';

export const title = 'Retrieval';

const MIN_QUESTIONS = 200;
/** `npm run bench -- retrieval --quality` (or BENCH_RETRIEVAL_QUALITY_ONLY=1): the ranking tables only, no latency or ingestion (they need a quiet machine). */
const QUALITY_ONLY = process.argv.includes('--quality') || process.env.BENCH_RETRIEVAL_QUALITY_ONLY === '1';
/** `npm run bench -- retrieval --speed` (or BENCH_RETRIEVAL_SKIP_QUALITY=1): latency and ingestion only, without the ranking tables (about 20 minutes of SQL variants). */
const SKIP_QUALITY = process.argv.includes('--speed') || process.env.BENCH_RETRIEVAL_SKIP_QUALITY === '1';
/** Collection sizes for the latency table (BENCH_RETRIEVAL_SIZES=10000,100000). */
const SIZES = (process.env.BENCH_RETRIEVAL_SIZES ?? '10000,100000').split(',').map(Number).filter((n) => n > 0);
/** Seconds of timed queries per size at most (0: no time limit). */
const QUERY_SECONDS = Number(process.env.BENCH_RETRIEVAL_QUERY_SECONDS ?? 45);
/** Questions timed per size at most (default: all of them, within the time limit). */
const MAX_QUERIES = Number(process.env.BENCH_RETRIEVAL_QUERIES ?? 0) || Infinity;
/** BENCH_RETRIEVAL_INDEX_ALL=1: build every size through replaceDocumentChunks (slow) instead of copying rows beyond the first. */
const INDEX_ALL = process.env.BENCH_RETRIEVAL_INDEX_ALL === '1';

/** Small documents uploaded and trained through the HTTP API and the queue (BENCH_RETRIEVAL_INGEST_DOCS; 0 skips). */
const INGEST_DOCS = Number(process.env.BENCH_RETRIEVAL_INGEST_DOCS ?? 1000);

/** Runs one worker task; its stderr lines are progress, its stdout the JSON result. */
function worker(root, task, opts, progress) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(root, 'bench/lib/retrieval-worker.mjs'), task, JSON.stringify(opts)], {
      cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    });
    let out = '';
    const errLines = [];
    child.stdout.on('data', (d) => { out += d; });
    let pending = '';
    child.stderr.on('data', (d) => {
      pending += d;
      const lines = pending.split('\n');
      pending = lines.pop();
      for (const l of lines) {
        errLines.push(l);
        if (l.trim()) progress(`${task}: ${l}`);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`retrieval worker "${task}" exited with ${code}:\n${[...errLines, pending].slice(-30).join('\n')}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1)));
      } catch {
        reject(new Error(`retrieval worker "${task}" printed no result: ${out.slice(0, 500)}`));
      }
    });
  });
}

const pct = (x) => `${(x * 100).toFixed(1)} %`;
const dec = (x) => x.toFixed(3);

/** recall@5 and MRR@10 of a variant, and its difference to the served ranking. */
const versus = (r, base) => `${pct(r.recallK)} / ${dec(r.mrr)}${r === base ? '' : ` (${signed(100 * (r.recallK - base.recallK), 1)} / ${signed(r.mrr - base.mrr, 3)})`}`;
const docLevel = (r) => (r.docRecallK == null ? '–' : `${pct(r.docRecallK)} / ${dec(r.docMrr)}`);
const signed = (x, digits) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}`;

/** The quality tables of one evaluation set: engines, the in-process index's variants, segmenters. */
function printQuality(set, quality, embedding) {
  const sql = Object.fromEntries(quality.results.filter((r) => r.engine === 'sql').map((r) => [r.variant, r]));
  const mini = Object.fromEntries(quality.results.filter((r) => r.engine === 'minisearch').map((r) => [r.variant, r]));
  const qualityCols = [
    { key: 'engine', label: 'engine' },
    { key: 'terms', label: 'terms' },
    { key: 'r1', label: 'recall@1', align: 'right' },
    { key: 'r5', label: 'recall@5', align: 'right' },
    { key: 'r10', label: 'recall@10', align: 'right' },
    { key: 'mrr', label: 'MRR@10', align: 'right' },
    { key: 'lat', label: 'mean ms/query', align: 'right' },
  ];
  const row = (engine, r) => ({
    engine, terms: r.label, r1: pct(r.recall1), r5: pct(r.recallK), r10: pct(r.recall10), mrr: dec(r.mrr), lat: r.meanMs == null ? '' : ms(r.meanMs),
  });
  const setNote = `${quality.questions} questions on ${quality.documents} documents (${int(quality.characters)} characters, `
    + `${quality.chunks} chunks of the server's chunker; an answer passage is in ${quality.meanRelevantChunks.toFixed(2)} chunks on average). `
    + 'A chunk is relevant when it contains the answer passage; recall@k = share of questions with a relevant chunk in the top k; MRR@10 = mean of 1/rank of the first relevant chunk (0 beyond 10).';
  const hybrid = quality.results.find((r) => r.engine === 'hybrid');
  const vector = quality.results.find((r) => r.engine === 'vector');
  printTable(`Retrieval quality: ${hybrid ? 'keyword, vector and hybrid' : 'keyword'} search, ${set.title}`, qualityCols, [
    row('server: BM25 in SQL (PGlite)', sql.icu),
    row('MiniSearch 7 (BM25+)', mini.icu),
    ...(hybrid
      ? [row('vector only (pgvector, cosine)', vector), row('server: hybrid, BM25 + vector by RRF', hybrid)]
      : [{ engine: 'hybrid (keyword + vector)', terms: 'not measured', r1: '–', r5: '–', r10: '–', mrr: '–', lat: '–' }]),
  ], [
    setNote,
    'MiniSearch indexes the same chunks (heading + content) with the same tokenizer (the server\'s searchTerms, no prefix or fuzzy search, its default BM25+ ranking), so the two rows differ only in ranking.',
    hybrid
      ? `Hybrid: embeddings from ${embedding.url} (${hybrid.label}; the ${quality.chunks} chunks in ${ms(hybrid.embedChunksMs)} ms, the questions in ${ms(hybrid.embedQuestionsMs)} ms), stored and searched by the server's vectors.ts in PGlite's pgvector; keyword and vector search propose 40 chunks each, fused by the server's reciprocal rank fusion (no rerank model), as searchKnowledge does. ms/query excludes embedding the question.`
      : 'Hybrid: not measured — no embedding provider here (BENCH_EMBEDDING_URL is unset).',
  ]);

  // Paired: questions one variant finds in the top 5 and the other does not.
  const discord = (a, b) => {
    const inTop = (r) => r >= 0 && r < 5;
    let onlyA = 0; let onlyB = 0;
    a.ranks.forEach((r, i) => { if (inTop(r) && !inTop(b.ranks[i])) onlyA++; if (!inTop(r) && inTop(b.ranks[i])) onlyB++; });
    return { onlyA, onlyB };
  };
  const pair = discord(sql.icu, sql.jieba);
  const pairWords = discord(sql['icu-words'], sql['jieba-words']);
  const mem = Object.fromEntries(quality.results.filter((r) => r.engine === 'memory').map((r) => [r.variant, r]));
  printTable(`Ranking of the in-process index (what the server serves) beside SQL, MiniSearch and a plain BM25, ${set.title}`, qualityCols, [
    row('server: in-process index (BM25)', mem['mem-icu-words']),
    row('server before: BM25 in SQL', sql.icu),
    row('plain BM25 (in-process code)', mem['mem-jieba-words']),
    row('MiniSearch 7 (BM25+)', mini.icu),
    row('variant: + Han pairs', mem['mem-icu-pairs']),
    row('variant: + document title field', mem['mem-icu-title']),
    row('variant: heading field weighted ×2', mem['mem-icu-heading']),
    row('variant: + document evidence (0.1)', mem['mem-icu-docs']),
    row('variant: + document evidence (0.3)', mem['mem-icu-docs3']),
  ], [
    'In-process rows: modules/knowledge/base-index.ts over the same chunks, with the term function named; "document title field" puts the document\'s name in each chunk\'s text; "heading weighted ×2" puts the chunk\'s heading path in its text a second time; "document evidence (w)" adds w times the scores of the same document\'s other chunks in the top 50. ms/query excludes reading the returned chunks\' text.',
  ]);

  printTable(`Segmenters: ICU Intl.Segmenter against jieba (@node-rs/jieba), ${set.title}`, qualityCols, [
    row('server SQL', sql.icu), row('server SQL', sql.jieba), row('server SQL', sql['icu-words']), row('server SQL', sql['jieba-words']),
    row('server SQL', sql['icu-pairs']), row('MiniSearch', mini.icu), row('MiniSearch', mini.jieba),
  ], [
    'Same chunks, same questions. Each row indexes the chunks with its terms through replaceDocumentChunks, re-terms them in place and recounts the base\'s BM25 statistics, then searches with keywordSearch(…, termsOf): the server\'s own SQL.',
    `Paired, top 5: with characters and pairs, ICU finds ${pair.onlyA} questions jieba misses and jieba ${pair.onlyB} that ICU misses; words only, ${pairWords.onlyA} and ${pairWords.onlyB}.`,
    '"words + Han characters + pairs" is what searchTerms indexes (segmenter words, every Han character, every pair of neighbouring Han characters); "words only" isolates the segmenter (segment.ts words: a long Han word also gives its pairs); "words + Han pairs" drops the single characters.',
  ]);
}

/** Every variant on both sets beside the served ranking: what wins on both is kept. Exported to reprint it from saved results. */
export function printBothSets(perSet) {
  const [a, b] = perSet;
  const pick = (q, engine, variant) => q.results.find((r) => r.engine === engine && r.variant === variant);
  const rows = [
    ['served: in-process index, ICU words', 'memory', 'mem-icu-words'],
    ['plain BM25, jieba words', 'memory', 'mem-jieba-words'],
    ['+ Han pairs', 'memory', 'mem-icu-pairs'],
    ['+ document title field', 'memory', 'mem-icu-title'],
    ['heading field weighted ×2', 'memory', 'mem-icu-heading'],
    ['+ document evidence (0.1)', 'memory', 'mem-icu-docs'],
    ['+ document evidence (0.3)', 'memory', 'mem-icu-docs3'],
    ['SQL BM25: ICU words + characters + pairs', 'sql', 'icu'],
    ['SQL BM25: jieba words + characters + pairs', 'sql', 'jieba'],
    ['SQL BM25: ICU words only', 'sql', 'icu-words'],
    ['SQL BM25: jieba words only', 'sql', 'jieba-words'],
    ['SQL BM25: ICU words + pairs', 'sql', 'icu-pairs'],
    ['MiniSearch (BM25+), searchTerms', 'minisearch', 'icu'],
  ];
  const baseA = pick(a.quality, 'memory', 'mem-icu-words');
  const baseB = pick(b.quality, 'memory', 'mem-icu-words');
  const wins = (r, base) => r.recallK >= base.recallK && r.mrr > base.mrr;
  const same = (r, base) => r.ranks.every((x, i) => x === base.ranks[i]);
  printTable('Ranking variants on both evaluation sets (recall@5 / MRR@10, difference to the served ranking)', [
    { key: 'what', label: 'variant' },
    { key: 'a', label: a.set.title, align: 'right' },
    { key: 'b', label: b.set.title, align: 'right' },
    { key: 'both', label: 'better on both' },
    { key: 'ad', label: 'document level, set 1', align: 'right' },
    { key: 'bd', label: 'document level, set 2', align: 'right' },
  ], rows.map(([what, engine, variant]) => {
    const ra = pick(a.quality, engine, variant);
    const rb = pick(b.quality, engine, variant);
    return {
      what, a: versus(ra, baseA), b: versus(rb, baseB),
      both: ra === baseA ? '(served)' : same(ra, baseA) && same(rb, baseB) ? 'same ranking' : wins(ra, baseA) && wins(rb, baseB) ? 'yes' : 'no',
      ad: docLevel(ra), bd: docLevel(rb),
    };
  }), [
    'Document level (in-process rows only, whose chunks carry their document): the question\'s document among the first 5 distinct documents of the top 10 chunks, and MRR over those documents.',
    '"better on both": recall@5 not lower and MRR@10 higher than the served ranking on each set. A variant better on one set and worse on the other stays out of the server (docs/decisions.md, "Retrieval ranking: what wins on both sets").',
  ]);
}

export default async function retrieval({ root, progress }) {
  // Fails loudly (every broken entry listed) before anything is measured.
  const sets = EVAL_SETS.map((set) => ({ set, ...loadEvalSet(set.key) }));
  for (const { set, questions } of sets) {
    if (questions.length < MIN_QUESTIONS) throw new Error(`The evaluation set ${set.key} has ${questions.length} questions; at least ${MIN_QUESTIONS} are needed`);
  }
  const { questions } = sets[0];

  // Hybrid only with an embedding provider: BENCH_EMBEDDING_URL (OpenAI-compatible base URL), BENCH_EMBEDDING_MODEL, BENCH_EMBEDDING_KEY.
  const embedding = process.env.BENCH_EMBEDDING_URL
    ? { url: process.env.BENCH_EMBEDDING_URL, model: process.env.BENCH_EMBEDDING_MODEL ?? 'text-embedding-3-small', key: process.env.BENCH_EMBEDDING_KEY ?? '' }
    : null;
  const perSet = [];
  for (const { set, docs, questions: qs } of SKIP_QUALITY ? [] : sets) {
    progress(`quality, ${set.key}: ${docs.length} documents, ${qs.length} questions, 5 term variants in SQL + MiniSearch + in-process variants`);
    const quality = await worker(root, 'quality', { embedding, set: set.key }, progress);
    printQuality(set, quality, embedding);
    perSet.push({ set, quality });
  }
  if (perSet.length) printBothSets(perSet);

  const rewrites = [];
  for (const { set } of SKIP_QUALITY ? [] : sets) {
    if (!existsSync(path.join(DATA_ROOT, set.key, 'rewrites.json'))) continue;
    progress(`query rewrite, ${set.key}: scripted model`);
    rewrites.push({ set, ...(await worker(root, 'rewrite', { set: set.key }, progress)) });
  }
  if (rewrites.length) {
    printTable('Query rewrite (ai/query-rewrite.ts) with a scripted model: the same questions searched as asked and as rewritten', [
      { key: 'set', label: 'evaluation set' },
      { key: 'n', label: 'questions', align: 'right' },
      { key: 'asked', label: 'as asked: recall@5 / MRR@10', align: 'right' },
      { key: 'rewritten', label: 'rewritten: recall@5 / MRR@10', align: 'right' },
      { key: 'ms', label: 'mean rewrite ms', align: 'right' },
    ], rewrites.map((r) => ({
      set: r.set.title, n: r.questions,
      asked: `${pct(r.asked.recallK)} / ${dec(r.asked.mrr)}`, rewritten: `${pct(r.rewritten.recallK)} / ${dec(r.rewritten.mrr)}`,
      ms: ms(r.meanRewriteMs),
    })), [
      'The server\'s rewriteQuestion (its prompt, its parsing of the answer) calls an OpenAI-compatible model on a loopback port that answers each question with a fixed rewrite from the set\'s rewrites.json, written by hand: the question plus the terms the material likely uses. Both rows use the served in-process ranking (ICU words).',
      '**This shows the plumbing and what a good rewrite can do, not a real model\'s quality**: the rewrites were written knowing the documents.',
    ]);
  }

  if (QUALITY_ONLY) return { quality: perSet, rewrites };

  progress(`latency: collections of ${SIZES.map(int).join(' and ')} chunks`);
  const scale = await worker(root, 'scale', { sizes: SIZES, querySeconds: QUERY_SECONDS, maxQueries: MAX_QUERIES, indexAll: INDEX_ALL }, progress);
  printTable('Retrieval latency: keywordSearch on one knowledge base (PGlite)', [
    { key: 'chunks', label: 'chunks', align: 'right' },
    { key: 'queries', label: 'queries timed', align: 'right' },
    { key: 'p50', label: 'p50 ms', align: 'right' },
    { key: 'p99', label: 'p99 ms', align: 'right' },
    { key: 'mean', label: 'mean ms', align: 'right' },
    { key: 'max', label: 'max ms', align: 'right' },
    { key: 'built', label: 'built by' },
  ], scale.sizes.map((s) => ({
    chunks: int(s.chunks), queries: `${s.queries} of ${questions.length}`, p50: ms(s.p50), p99: ms(s.p99), mean: ms(s.mean), max: ms(s.max),
    built: s.method === 'copy' ? `row copies ×${s.chunks / (s.chunks - s.added)} (${ms(s.copyMs / 1000)} s)` : `replaceDocumentChunks (${ms(s.indexMs / 1000)} s)`,
  })), [
    `One knowledge base in PGlite on disk (a temporary directory), as the server runs it. The first size is built through replaceDocumentChunks from the corpus chunks loaded again and again, one document per copy of the corpus (${scale.chunksPerDocument} chunks), each copy dropping a sentence per chunk and perhaps swapping two (seeded).`
      + (INDEX_ALL ? ' Every size is built the same way (BENCH_RETRIEVAL_INDEX_ALL=1).' : ' Larger sizes copy those rows, exactly as the indexer wrote them, into new documents and scale the statistics (every df, the chunk count, the term total) by the same factor: the tables the indexer would have written for the copies, without the wait (BENCH_RETRIEVAL_INDEX_ALL=1 indexes every size).'),
    `keywordSearch top 10, one question at a time in a seeded random order, after 3 warm-up queries. ${
      QUERY_SECONDS > 0 ? `Each size stops after ${QUERY_SECONDS} s of queries (BENCH_RETRIEVAL_QUERY_SECONDS; 0 = no limit)` : 'No time limit'}${
      Number.isFinite(MAX_QUERIES) ? ` or ${MAX_QUERIES} queries (BENCH_RETRIEVAL_QUERIES)` : ''}; with few queries timed, p99 is the maximum.`,
  ]);

  printTable('Retrieval latency: the in-process index (indexedSearch) beside the SQL search', [
    { key: 'chunks', label: 'chunks', align: 'right' },
    { key: 'sql', label: 'SQL p50 / p99 ms', align: 'right' },
    { key: 'idx', label: 'index p50 / p99 ms', align: 'right' },
    { key: 'ratio', label: 'p50 ratio', align: 'right' },
    { key: 'load', label: 'cold load s', align: 'right' },
    { key: 'first', label: 'restart: first answer ms', align: 'right' },
    { key: 'loaded', label: 'restart: index ready s', align: 'right' },
    { key: 'mem', label: 'heap grown MB', align: 'right' },
    { key: 'arrays', label: 'typed arrays MB', align: 'right' },
    { key: 'terms', label: 'terms', align: 'right' },
    { key: 'postings', label: 'postings', align: 'right' },
  ], scale.sizes.map((s) => ({
    chunks: int(s.chunks), sql: `${ms(s.p50)} / ${ms(s.p99)}`, idx: `${ms(s.index.p50)} / ${ms(s.index.p99)}`,
    ratio: `${(s.p50 / s.index.p50).toFixed(1)}×`, load: (s.index.loadMs / 1000).toFixed(1),
    first: s.restart ? `${ms(s.restart.firstAnswerMs)} (${s.restart.firstAnsweredBy})` : '—', loaded: s.restart ? (s.restart.loadedMs / 1000).toFixed(1) : '—',
    mem: int(s.index.bytes / 1e6), arrays: int(s.index.arrayBytes / 1e6), terms: int(s.index.terms), postings: int(s.index.postings),
  })), [
    'indexedSearch top 10 (what the hit test and chat call): the version check, BM25 over the posting lists, and reading the 10 chunks\' text, all timed; every question, after 3 warm-up queries. The index is loaded cold from the tables before timing (cold load); its memory is the heap and array buffers grown by the load, after a garbage collection. Restart: the indexes forgotten (forgetIndexes; the database\'s caches stay warm, unlike a new process), one question asked at once through keywordHits (the index, or SQL while it loads: the answering path is named), then the time until the index is loaded whole.',
  ]);

  progress('ingestion: PDF parsing');
  const ingest = await worker(root, 'ingest', {}, progress);
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const pdfRows = ingest.pdf.map((p) => {
    const warm = p.runsMs.length > 1 ? p.runsMs.slice(1) : p.runsMs;
    return {
      what: p.name === 'generated'
        ? `PDF parsing: generated ${p.pages}-page Chinese text PDF (parseDocument)`
        : `PDF parsing: ${p.name}, the Debian package's real PDF (parseDocument, one run)`,
      rate: `${(p.pages / (median(warm) / 1000)).toFixed(1)} pages/s`,
      detail: `${ms(median(warm))} ms for ${p.pages} pages, ${int(p.chars)} characters${p.runsMs.length > 1 ? `; median of ${warm.length} warm runs, first run ${ms(p.runsMs[0])} ms (loads pdf.js)` : ''}`,
    };
  });
  const gen = ingest.pdf.find((p) => p.name === 'generated');
  const rows = [
    ...pdfRows,
    { what: 'chunking (chunkText) of the generated PDF\'s text', rate: `${int(gen.chunks / (gen.chunkMs / 1000))} chunks/s`, detail: `${gen.chunks} chunks in ${ms(gen.chunkMs)} ms` },
    ...scale.sizes.filter((s) => s.method === 'index').map((s) => ({
      what: `indexing (replaceDocumentChunks), base growing ${int(s.chunks - s.added)} → ${int(s.chunks)} chunks`,
      rate: `${int(s.chunksPerSecond)} chunks/s`,
      detail: `${int(s.added)} chunks in ${s.documents} documents, ${ms(s.indexMs / 1000)} s`,
    })),
  ];
  printTable('Ingestion throughput', [
    { key: 'what', label: 'step' },
    { key: 'rate', label: 'throughput', align: 'right' },
    { key: 'detail', label: 'measured' },
  ], rows, [
    'The generated PDF is the corpus text on A4 pages (45 characters a line, 54 lines a page) in a standard CJK font (STSong-Light, UniGB-UCS2-H), written by bench/lib/pdf.mjs; the bench checks that its text parses back.',
    'Indexing includes building each chunk\'s tsvector literal, the inserts, the GIN index and the per-base term statistics, one transaction per document.',
  ]);

  let http = null;
  if (INGEST_DOCS > 0) {
    progress(`ingestion: ${INGEST_DOCS} documents through the HTTP API and the queue`);
    http = await ingestHttp({ documents: INGEST_DOCS, progress });
    printTable('Ingestion end to end: the HTTP API and the queue', [
      { key: 'what', label: 'measured' }, { key: 'value', label: 'value', align: 'right' },
    ], [
      { what: `documents (ready / failed), chunks`, value: `${int(http.ready)} / ${int(http.failed)}, ${int(http.chunks)}` },
      { what: 'upload (fileUpload, one at a time)', value: `${ms(http.uploadMs)} ms` },
      { what: 'queueing (knowledge/training, 20 files a call)', value: `${ms(http.queueMs)} ms` },
      { what: 'from the first training call to the last document ready', value: `${(http.trainMs / 1000).toFixed(1)} s` },
      { what: '**chunks per second (training)**', value: http.chunksPerSecond.toFixed(1) },
      { what: 'chunks per second (upload + training)', value: http.chunksPerSecondWithUpload.toFixed(1) },
      { what: 'documents per second (training)', value: http.documentsPerSecond.toFixed(2) },
    ], [
      'The built server in its own process on a fresh data directory; each document a generated school notice of about 1 500 characters (bench/lib/ingest-http.mjs); progress polled through knowledge/trainingtasks every 250 ms. Goal: 500 chunks/s on 2 cores.',
    ]);
  }

  return { quality: perSet, rewrites, scale, ingest, http };
}
