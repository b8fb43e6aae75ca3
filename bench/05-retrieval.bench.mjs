// Knowledge retrieval on a public Chinese corpus (Debian Reference, zh-cn; bench/data/retrieval):
// 1. quality (recall@5, MRR@10) of the server's BM25 in SQL beside MiniSearch on the same chunks
//    and the same terms; 2. ICU Intl.Segmenter terms against jieba terms; 3. search latency at
//    10 000 and 100 000 chunks; 4. ingestion: PDF pages parsed and chunks indexed per second.
// The measuring runs in child processes (bench/lib/retrieval-worker.mjs) that import the
// server's TypeScript sources through tsx, on PGlite in process, as the server runs them.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { loadEvalSet } from './lib/retrieval-data.mjs';
import { int, ms, printTable } from './lib/table.mjs';

export const title = 'Retrieval';

const MIN_QUESTIONS = 200;
/** Collection sizes for the latency table (BENCH_RETRIEVAL_SIZES=10000,100000). */
const SIZES = (process.env.BENCH_RETRIEVAL_SIZES ?? '10000,100000').split(',').map(Number).filter((n) => n > 0);
/** Seconds of timed queries per size at most (0: every question, however long it takes). */
const QUERY_SECONDS = Number(process.env.BENCH_RETRIEVAL_QUERY_SECONDS ?? 45);

/** Runs one worker task; its stderr lines are progress, its stdout the JSON result. */
function worker(root, task, opts, progress) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/lib/retrieval-worker.mjs'), task, JSON.stringify(opts)], {
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

export default async function retrieval({ root, progress }) {
  // Fails loudly (every broken entry listed) before anything is measured.
  const { docs, questions } = loadEvalSet();
  if (questions.length < MIN_QUESTIONS) throw new Error(`The evaluation set has ${questions.length} questions; at least ${MIN_QUESTIONS} are needed`);

  progress(`quality: ${docs.length} documents, ${questions.length} questions, 5 term variants in SQL + MiniSearch`);
  const quality = await worker(root, 'quality', {}, progress);
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
    engine, terms: r.label, r1: pct(r.recall1), r5: pct(r.recallK), r10: pct(r.recall10), mrr: dec(r.mrr), lat: ms(r.meanMs),
  });
  const setNote = `${quality.questions} questions on ${quality.documents} documents (${int(quality.characters)} characters, `
    + `${quality.chunks} chunks of the server's chunker; an answer passage is in ${quality.meanRelevantChunks.toFixed(2)} chunks on average). `
    + 'A chunk is relevant when it contains the answer passage; recall@k = share of questions with a relevant chunk in the top k; MRR@10 = mean of 1/rank of the first relevant chunk (0 beyond 10).';
  const embedding = process.env.BENCH_EMBEDDING_URL;
  printTable('Retrieval quality: keyword search, Debian Reference (zh-cn)', qualityCols, [
    row('server: BM25 in SQL (PGlite)', sql.icu),
    row('MiniSearch 7 (BM25+)', mini.icu),
    { engine: 'hybrid (keyword + vector)', terms: 'not measured', r1: '–', r5: '–', r10: '–', mrr: '–', lat: '–' },
  ], [
    setNote,
    'MiniSearch indexes the same chunks (heading + content) with the same tokenizer (the server\'s searchTerms, no prefix or fuzzy search, its default BM25+ ranking), so the two rows differ only in ranking.',
    embedding
      ? 'Hybrid: BENCH_EMBEDDING_URL is set, but the server has no vector retrieval yet (design §5 hybrid), so there is nothing to measure.'
      : 'Hybrid: not measured — no embedding provider here (BENCH_EMBEDDING_URL is unset), and the server has no vector retrieval yet.',
  ]);

  printTable('Segmenters: ICU Intl.Segmenter against jieba (@node-rs/jieba)', qualityCols, [
    row('server SQL', sql.icu), row('server SQL', sql.jieba), row('server SQL', sql['icu-words']), row('server SQL', sql['jieba-words']),
    row('server SQL', sql['icu-pairs']), row('MiniSearch', mini.icu), row('MiniSearch', mini.jieba),
  ], [
    'Same chunks, same questions. Each row indexes the chunks with its terms through replaceDocumentChunks, re-terms them in place and recounts the base\'s BM25 statistics, then searches with keywordSearch(…, termsOf): the server\'s own SQL.',
    '"words + Han characters + pairs" is what searchTerms indexes (segmenter words, every Han character, every pair of neighbouring Han characters); "words only" isolates the segmenter (segment.ts words: a long Han word also gives its pairs); "words + Han pairs" drops the single characters.',
  ]);

  progress(`latency: collections of ${SIZES.map(int).join(' and ')} chunks`);
  const scale = await worker(root, 'scale', { sizes: SIZES, querySeconds: QUERY_SECONDS }, progress);
  printTable('Retrieval latency: keywordSearch on one knowledge base (PGlite)', [
    { key: 'chunks', label: 'chunks', align: 'right' },
    { key: 'queries', label: 'queries timed', align: 'right' },
    { key: 'p50', label: 'p50 ms', align: 'right' },
    { key: 'p99', label: 'p99 ms', align: 'right' },
    { key: 'mean', label: 'mean ms', align: 'right' },
    { key: 'max', label: 'max ms', align: 'right' },
  ], scale.sizes.map((s) => ({
    chunks: int(s.chunks), queries: `${s.queries} of ${questions.length}`, p50: ms(s.p50), p99: ms(s.p99), mean: ms(s.mean), max: ms(s.max),
  })), [
    `The corpus chunks loaded again and again (each copy drops a sentence per chunk and may swap two, seeded) into one base on disk (PGlite, a temporary directory), through replaceDocumentChunks, one document per copy of the corpus. Top 10 per question, sequentially, after ${20} warm-up queries.`,
    QUERY_SECONDS > 0
      ? `Each size times the questions in order until ${QUERY_SECONDS} s are spent (BENCH_RETRIEVAL_QUERY_SECONDS=0 times them all); with few queries timed, p99 is close to the maximum.`
      : 'Every question was timed at each size.',
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
    ...scale.sizes.map((s, i) => ({
      what: `indexing (replaceDocumentChunks), base growing ${i ? int(scale.sizes[i - 1].chunks) : 0} → ${int(s.chunks)} chunks`,
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

  return { quality, scale, ingest };
}
