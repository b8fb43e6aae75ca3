// Cold and warm start: milliseconds from spawn() of the built server to its first 200 from
// /api/health. Cold = a fresh DATA_DIR (new PGlite database, every migration, first-boot super
// admin with its scrypt hash); warm = a restart on a DATA_DIR that has already booted once.
// A bare Fastify process started the same way is the floor (Node + Fastify, nothing else).
import { databaseLabel, freshDataDir, removeDir, startBareFastify, startServer } from './lib/server.mjs';
import { median, ms, printTable } from './lib/table.mjs';

const RUNS = 3;

export const title = 'Start-up';

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

  const rows = [
    { start: 'cold: fresh DATA_DIR', includes: 'node + bundle load, new database, all migrations, first-boot admin (scrypt), listen', runs: runs.cold },
    { start: 'warm: restart, same DATA_DIR', includes: 'node + bundle load, open database, migrations already applied, listen', runs: runs.warm },
    { start: 'floor: bare Fastify process', includes: 'node + Fastify, one route, no database', runs: runs.bare },
  ].map((r) => ({ ...r, median: ms(median(r.runs)), each: r.runs.map(ms).join(' / ') }));

  printTable(`Start-up: spawn → first 200 of /api/health (median of ${RUNS})`, [
    { key: 'start', label: 'start' },
    { key: 'median', label: 'median ms', align: 'right' },
    { key: 'each', label: 'runs ms', align: 'right' },
    { key: 'includes', label: 'what it includes' },
  ], rows, [
    `Database: ${databaseLabel()}. Health is polled every 5 ms, so figures are accurate to about ±5 ms.`,
    ...(process.env.BENCH_DATABASE_URL
      ? ['With BENCH_DATABASE_URL every run shares one database: only a truly empty database gives a cold figure.']
      : []),
  ]);

  return Object.fromEntries(rows.map((r) => [r.start, { medianMs: median(r.runs), runsMs: r.runs }]));
}
