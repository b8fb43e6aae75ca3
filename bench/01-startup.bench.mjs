// Cold and warm start: milliseconds from spawn() of the built server to its first 200 from
// /api/health. Cold = a fresh DATA_DIR (new PGlite database, every migration, first-boot super
// admin with its scrypt hash); warm = a restart on a DATA_DIR that has already booted once.
// A bare Fastify process started the same way is the floor (Node + Fastify, nothing else).
// Each figure is printed as a multiple of that floor (the same run), beside the goal of issue 23
// (a cold start under 3 s) and the previous saved figure (bench/results).
import { databaseLabel, freshDataDir, removeDir, startBareFastify, startServer } from './lib/server.mjs';
import { previousFigure, savedRuns } from './lib/previous.mjs';
import { median, ms, printTable } from './lib/table.mjs';

const RUNS = 3;
const BENCH = '01-startup';
const COLD_GOAL_MS = 3000;

export const title = 'Start-up';

function previousCell(runs, start) {
  const prev = previousFigure(runs, BENCH, [start, 'medianMs'], (v) => typeof v === 'number');
  return prev ? `${ms(prev.value)} (${prev.date.slice(5, 16).replace('T', ' ') || prev.file})` : '—';
}

export default async function startup({ progress }) {
  const dirs = [];
  const runs = { cold: [], warm: [], bare: [] };
  try {
    for (let i = 0; i < RUNS; i++) {
      progress(`cold start ${i + 1}/${RUNS}`);
      const dir = freshDataDir();
      dirs.push(dir);
      const server = await startServer({ dataDir: dir });
      runs.cold.push(server.readyMs);
      await server.stop();
    }
    for (let i = 0; i < RUNS; i++) {
      progress(`warm restart ${i + 1}/${RUNS}`);
      const server = await startServer({ dataDir: dirs[0] });
      runs.warm.push(server.readyMs);
      await server.stop();
    }
    for (let i = 0; i < RUNS; i++) {
      progress(`bare Fastify start ${i + 1}/${RUNS}`);
      const bare = await startBareFastify();
      runs.bare.push(bare.readyMs);
      await bare.stop();
    }
  } finally {
    for (const dir of dirs) removeDir(dir);
  }

  const prior = savedRuns();
  const floor = median(runs.bare);
  const rows = [
    { start: 'cold: fresh DATA_DIR', goal: `< ${ms(COLD_GOAL_MS)}`, ok: (m) => m < COLD_GOAL_MS, includes: 'node + bundle load, seed database copied in, first-boot admin (scrypt) and demo content, listen', runs: runs.cold },
    { start: 'warm: restart, same DATA_DIR', goal: '', includes: 'node + bundle load, open database (migrations recorded as applied), listen', runs: runs.warm },
    { start: 'floor: bare Fastify process', goal: 'floor', includes: 'node + Fastify, one route, no database', runs: runs.bare },
  ].map((r) => {
    const m = median(r.runs);
    return {
      ...r, median: ms(m), each: r.runs.map(ms).join(' / '),
      ofFloor: `${(m / floor).toFixed(1)}×`,
      goal: r.ok ? `${r.goal} ${r.ok(m) ? 'met' : 'missed'}` : r.goal,
      previous: previousCell(prior, r.start),
    };
  });

  printTable(`Start-up: spawn → first 200 of /api/health (median of ${RUNS})`, [
    { key: 'start', label: 'start' },
    { key: 'median', label: 'median ms', align: 'right' },
    { key: 'each', label: 'runs ms', align: 'right' },
    { key: 'ofFloor', label: '× floor', align: 'right' },
    { key: 'goal', label: 'goal' },
    { key: 'previous', label: 'previous median ms', align: 'right' },
    { key: 'includes', label: 'what it includes' },
  ], rows, [
    `Database: ${databaseLabel()}. Health is polled every 5 ms, so figures are accurate to about ±5 ms.`,
    '"× floor" divides by the bare Fastify median of this run; "previous" is the newest saved run (bench/results/*.json), with its date (UTC).',
    ...(process.env.BENCH_DATABASE_URL
      ? ['With BENCH_DATABASE_URL every run shares one database: only a truly empty database gives a cold figure.']
      : []),
  ]);

  return Object.fromEntries(rows.map((r) => [r.start, { medianMs: median(r.runs), runsMs: r.runs }]));
}
