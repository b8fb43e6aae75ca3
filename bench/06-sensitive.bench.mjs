// Sensitive-word matching (issue 28): throughput with 10 000 listed words on questions and on
// streamed answers (characters per second, beside the matcher before normalisation), the cost of
// the dictionaries, and on the corpus of apps/server/test/fixtures/sensitive-corpus.ts the share
// of each evasion class caught and the false-positive rate on near-miss sentences.
// `npm run bench -- sensitive`. The measuring runs in a child process on the TypeScript sources (tsx).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { int, ms, printTable } from './lib/table.mjs';

export const title = 'Sensitive-word matching';

function worker(root) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/lib/sensitive-worker.mjs')], {
      cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'production' },
    });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`sensitive worker exited with ${code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1)));
      } catch {
        reject(new Error(`sensitive worker printed no result: ${out.slice(0, 500)}`));
      }
    });
  });
}

const pct = (x) => `${(x * 100).toFixed(1)} %`;
const mb = (b) => `${(b / 2 ** 20).toFixed(1)} MB`;

export default async function sensitive({ root, progress }) {
  progress('building 10 000 words and timing questions and streamed answers');
  const r = await worker(root);
  printTable(`Throughput with ${int(r.words)} listed words (${int(r.forms)} forms with pinyin)`, [
    { key: 'what', label: 'what' },
    { key: 'now', label: 'normalising matcher', align: 'right' },
    { key: 'before', label: 'before (Latin case only)', align: 'right' },
  ], [
    { what: 'questions (100 characters), characters/s', now: int(r.questionRate), before: int(r.oldQuestionRate) },
    { what: `streamed answers (${r.deltaChars}-character deltas, safe length read each), characters/s`, now: int(r.streamRate), before: int(r.oldStreamRate) },
    { what: 'building the matcher, ms', now: ms(r.buildMs), before: ms(r.oldBuildMs) },
    { what: 'matcher heap, MB', now: mb(r.buildHeap), before: '' },
  ], [
    `Dictionaries, loaded once on first use: opencc-js ${ms(r.openccMs)} ms (${mb(r.openccHeap)} heap), pinyin-pro ${ms(r.pinyinMs)} ms (${mb(r.pinyinHeap)} heap).`,
  ]);
  printTable('Evasions caught (corpus: 16 listed words × 4 sentences)', [
    { key: 'name', label: 'evasion' },
    { key: 'total', label: 'texts', align: 'right' },
    { key: 'now', label: 'caught now', align: 'right' },
    { key: 'before', label: 'caught before', align: 'right' },
  ], r.classes.map((c) => ({ name: c.name, total: c.total, now: pct(c.caught / c.total), before: pct(c.caughtBefore / c.total) })));
  const fp = r.falsePositives.length / r.nearMisses;
  printTable('Near misses (sharing characters or letters with a listed word)', [
    { key: 'n', label: 'sentences', align: 'right' },
    { key: 'fp', label: 'caught (false positives)', align: 'right' },
    { key: 'rate', label: 'false-positive rate', align: 'right' },
  ], [{ n: r.nearMisses, fp: r.falsePositives.length, rate: pct(fp) }], [`Caught: ${r.falsePositives.map((s) => `“${s}”`).join(', ') || 'none'}.`]);
  return r;
}
