// `npm run bench`: builds the server, then runs every bench/*.bench.mjs in file-name order
// (numbered, so a new bench plugs in by dropping a file here). Each bench prints its own
// Markdown table and returns a JSON summary, saved to bench/results/ (git-ignored).
//
// Slow figures never fail: the exit code is non-zero only when a bench could not measure what
// it claims (server failed to start, a route answered errors instead of successes).
//
//   npm run bench                 all benches
//   npm run bench -- http         only benches whose file name contains "http"
//   npm run bench -- cluster --short   the cluster bench in its CI size (flags go to the benches)
//   BENCH_DURATION=5              seconds of load per HTTP target (default 8)
//   BENCH_CONNECTIONS=20          autocannon connections (default 10)
//   BENCH_WARMUP=1                seconds of unmeasured load before each HTTP target (default 2)
//   BENCH_DATABASE_URL=postgres://…  the HTTP bench measures on PostgreSQL too (a fresh database per run);
//                                 the start-up and chat benches run on it instead of PGlite
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const here = import.meta.dirname;
const root = path.resolve(here, '..');
// Arguments starting with `--` are flags for the benches (e.g. `cluster --short`), the rest filters.
const flags = process.argv.slice(2).filter((a) => a.startsWith('--'));
const filters = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => !filters.length || filters.some((s) => f.includes(s)))
  .sort();
if (!files.length) {
  console.error(`No bench matches ${filters.join(', ')}; available: ${readdirSync(here).filter((f) => f.endsWith('.bench.mjs')).join(', ')}`);
  process.exit(1);
}

const startedAt = new Date();
const t0 = performance.now();
const elapsed = () => `${((performance.now() - t0) / 1000).toFixed(0)} s`;
const progress = (msg) => process.stderr.write(`  [${elapsed()}] ${msg}\n`);

// Rebuild the server bundle only when its sources are newer, as `npm start` does, so the bench
// measures the current code without churning a dist/ another process may be running.
const newest = (p) => {
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = st.mtimeMs;
  for (const e of readdirSync(p)) if (e !== 'node_modules' && e !== 'dist') t = Math.max(t, newest(path.join(p, e)));
  return t;
};
const bundle = path.join(root, 'apps/server/dist/main.js');
const sources = ['apps/server/src', 'apps/server/build.mjs', 'packages/contract'].map((p) => path.join(root, p));
if (!existsSync(bundle) || Math.max(...sources.map(newest)) > statSync(bundle).mtimeMs) {
  process.stderr.write('Building the server (npm run build -w @xueban/server)…\n');
  execSync('npm run build -w @xueban/server', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Share of all cores busy over `ms`, from the kernel's per-core counters: other work skews every figure. */
async function busyShare(ms = 1000) {
  const total = () => os.cpus().reduce((acc, c) => {
    const t = c.times;
    acc.all += t.user + t.nice + t.sys + t.idle + t.irq;
    acc.idle += t.idle;
    return acc;
  }, { all: 0, idle: 0 });
  const a = total();
  await new Promise((r) => setTimeout(r, ms));
  const b = total();
  const all = b.all - a.all;
  return all > 0 ? 1 - (b.idle - a.idle) / all : 0;
}

const busyBefore = await busyShare();
const cpus = os.cpus();
const cores = os.availableParallelism?.() ?? cpus.length;
const machine = {
  date: startedAt.toISOString(),
  node: process.version,
  platform: `${os.type()} ${os.release()} ${os.arch()}`,
  cpu: cpus[0]?.model?.trim() ?? 'unknown',
  cores,
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  busyBeforePercent: Math.round(busyBefore * 100),
};
console.log(`## Benchmarks — ${machine.date.slice(0, 10)}\n`);
console.log(`Node ${machine.node}, ${machine.platform}, ${machine.cpu}, ${cores} cores, ${machine.memoryGiB} GiB RAM.`);
console.log('Servers run in child processes; the load generator shares the same cores.');
console.log(`CPU busy with other work just before the run: ${machine.busyBeforePercent}%.`);
if (busyBefore > 0.15) {
  console.log('**Warning: the machine is not idle; other processes compete for the cores and every figure below is lower than it should be.**');
}
console.log('');

const summary = { machine, benches: {} };
const failures = [];
for (const file of files) {
  const mod = await import(pathToFileURL(path.join(here, file)).href);
  const name = file.replace(/\.bench\.mjs$/, '');
  process.stderr.write(`\n▶ ${mod.title ?? name} (bench/${file})\n`);
  const benchStart = performance.now();
  try {
    summary.benches[name] = (await mod.default({ root, progress, flags })) ?? null;
  } catch (err) {
    failures.push(name);
    summary.benches[name] = { error: String(err?.message ?? err) };
    console.error(`\n✗ bench/${file} failed: ${err?.stack ?? err}\n`);
  }
  process.stderr.write(`  done in ${((performance.now() - benchStart) / 1000).toFixed(1)} s\n`);
}

const resultsDir = path.join(here, 'results');
mkdirSync(resultsDir, { recursive: true });
summary.machine.loadAverageAfter = os.loadavg().map((l) => Number(l.toFixed(2)));
const out = path.join(resultsDir, `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(out, `${JSON.stringify(summary, null, 2)}\n`);
process.stderr.write(`\nTotal ${elapsed()}. Raw figures: ${path.relative(root, out)}\n`);
if (failures.length) {
  console.error(`Benchmarks that could not measure: ${failures.join(', ')}`);
  process.exitCode = 1;
}
