// Requests per second with autocannon (programmatic API) over loopback. The servers run in
// child processes; autocannon runs here, in the bench process, so both share the machine's
// cores. The ceiling is a bare Fastify `GET /` in its own process on the same machine.
//
// The server is measured on PGlite and, when BENCH_DATABASE_URL is set, again on PostgreSQL
// (a fresh database created on that server for the run and dropped after). One table per
// database: health, login, getUserInfo and the ordinary list calls, each beside its ratio to
// health on the same run, the goal of issue 23 and the previous saved figure.
import os from 'node:os';
import autocannon from 'autocannon';
import { createListedData, expectOk, EXCHANGES, listTargets } from './lib/http-data.mjs';
import { freshPostgresDatabase, redactUrl } from './lib/fresh-postgres.mjs';
import { previousFigure, savedRuns } from './lib/previous.mjs';
import { ADMIN, freshDataDir, removeDir, request, startBareFastify, startServer, waitIdle } from './lib/server.mjs';
import { int, ms, printTable } from './lib/table.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 8); // seconds measured per target
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2); // seconds of unmeasured load first, so the JIT and caches settle
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BENCH = '02-http';

export const title = 'HTTP throughput';

/** The goals of issue 23, as a share of health's req/s on the same run (and a p99 bound). */
const GOALS = {
  getUserInfo: { ofHealth: 0.4, p99Ms: { postgresql: 10 } },
  'robot list': { ofHealth: 0.25 },
  'session list': { ofHealth: 0.25 },
  'records of a session': { ofHealth: 0.25 },
  'knowledge base list': { ofHealth: 0.25 },
};

/** autocannon records latency in whole milliseconds. */
const lat = (v) => (v < 1 ? '<1' : ms(v));
const pct = (share) => `${(100 * share).toFixed(share < 0.01 ? 2 : share < 0.1 ? 1 : 0)} %`;
/** The ratio the goals are judged on: one decimal, so 24.8 % is not shown as a failed 25 %. */
const pct1 = (share) => `${(100 * share).toFixed(share < 0.01 ? 2 : 1)} %`;
const isEnvelopeOk = (body) => body.startsWith('{"code":20000,');
const failed = (r) => r.non2xx || r.mismatches || r.errors || r.timeouts;

/**
 * One target: an unmeasured warm-up, then wait until the server is idle again (requests the
 * warm-up abandoned, or the previous target left, must not eat into this run), then the run.
 */
async function load(pid, progress, { url, method = 'GET', headers, body, verifyBody, warmup = WARMUP }) {
  const opts = {
    url, method,
    ...(headers && { headers }),
    ...(body !== undefined && { body }),
    connections: CONNECTIONS,
    pipelining: 1,
    timeout: 10,
    verifyBody,
  };
  const warm = warmup ? await autocannon({ ...opts, duration: warmup }) : null;
  if (warm && (warm.non2xx || warm.mismatches || warm.errors)) {
    throw new Error(`${method} ${url}: warm-up got ${warm.non2xx} non-2xx, ${warm.mismatches} bad bodies, ${warm.errors} errors`);
  }
  const waited = await waitIdle(pid);
  if (waited > 300) progress(`  server busy with earlier requests for ${(waited / 1000).toFixed(1)} s before the run`);
  return autocannon({ ...opts, duration: DURATION });
}

/** What is saved to bench/results for one target (and read back as "previous"). */
const figures = (route, r) => ({
  route, connections: CONNECTIONS, durationS: DURATION,
  reqPerSecAvg: r.requests.average, latencyP50Ms: r.latency.p50, latencyP99Ms: r.latency.p99,
  requests: r.requests.total, non2xx: r.non2xx, badBody: r.mismatches, errors: r.errors, timeouts: r.timeouts,
});

async function measureCeiling(progress) {
  const bare = await startBareFastify();
  try {
    const probe = await request(`${bare.url}/`);
    if (probe.status !== 200 || probe.json?.hello !== 'world') throw new Error(`bare Fastify GET /: got ${probe.status}: ${probe.text.slice(0, 200)}`);
    progress(`ceiling: ${WARMUP ? `${WARMUP} s warm-up, ` : ''}${DURATION} s at ${CONNECTIONS} connections`);
    return await load(bare.child.pid, progress, { url: `${bare.url}/`, verifyBody: (b) => b === '{"hello":"world"}' });
  } finally {
    await bare.stop();
  }
}

/** The real server (built bundle, fresh DATA_DIR) on one database: every target, in order. */
async function measureServer(db, progress) {
  const dataDir = freshDataDir();
  const server = await startServer({ dataDir, databaseUrl: db.url }).catch((err) => { removeDir(dataDir); throw err; });
  const results = [];
  try {
    const api = (p) => `${server.url}${p}`;
    const loginBody = JSON.stringify({ account: ADMIN.account, password: ADMIN.password });
    // Prove each route answers a real success before hammering it.
    expectOk('GET /api/health', await request(api('/api/health')));
    const login = expectOk('POST /api/uc/passport/doLogin', await request(api('/api/uc/passport/doLogin'), {
      method: 'POST', body: loginBody,
    }), (j) => typeof j.data?.token === 'string' && j.data.user?.uid > 0);
    const token = login.data.token;
    const headers = { 'x-token': token };
    expectOk('GET /api/uc/passport/getUserInfo', await request(api('/api/uc/passport/getUserInfo'), { headers }),
      (j) => j.data?.uid === login.data.user.uid);
    progress(`${db.key}: creating a robot, a knowledge base and sessions through the API`);
    const lists = listTargets(await createListedData(server.url, headers, progress));
    for (const t of lists) expectOk(`${t.route} (${t.path})`, await request(api(t.path), { headers }), t.check);

    const measure = async (target, route, spec) => {
      const warmup = spec.warmup ?? WARMUP;
      progress(`${db.key} ${target}: ${warmup ? `${warmup} s warm-up, ` : ''}${DURATION} s at ${CONNECTIONS} connections`);
      results.push({ target, route, r: await load(server.child.pid, progress, spec) });
    };
    await measure('health', 'GET /api/health (select 1)', { url: api('/api/health'), verifyBody: isEnvelopeOk });
    await measure('getUserInfo', 'GET /api/uc/passport/getUserInfo', {
      url: api('/api/uc/passport/getUserInfo'), headers,
      verifyBody: (b) => isEnvelopeOk(b) && b.includes('"uid":'),
    });
    for (const t of lists) await measure(t.target, t.route, { url: api(t.path), headers, verifyBody: t.verifyBody });
    // Last: a login costs one scrypt hash, native code the JIT cannot warm (the check above
    // already ran its JavaScript once); a timed warm-up would only leave a queue of hashes behind.
    await measure('login', 'POST /api/uc/passport/doLogin', {
      url: api('/api/uc/passport/doLogin'), method: 'POST',
      headers: { 'content-type': 'application/json' }, body: loginBody, warmup: 0,
      verifyBody: (b) => isEnvelopeOk(b) && b.includes('"token":"'),
    });
    return { results, lists };
  } finally {
    await server.stop();
    removeDir(dataDir);
  }
}

/** The goal cell: the goal, then ✓ or ✗ for this run. */
function goalCell(db, target, share, r) {
  if (target === 'health') return 'reference';
  if (target === 'login') return 'not a goal (scrypt)';
  const goal = GOALS[target];
  if (!goal) return '';
  const p99 = goal.p99Ms?.[db.key];
  const met = share >= goal.ofHealth && (p99 === undefined || r.latency.p99 < p99);
  return `≥ ${pct(goal.ofHealth)} of health${p99 === undefined ? '' : `, p99 < ${p99} ms`} ${met ? '✓' : '✗'}`;
}

/** Same connections, no failures, something answered: a figure comparable with this run. */
const comparable = (v) => typeof v.reqPerSecAvg === 'number' && v.requests > 0 && v.connections === CONNECTIONS
  && !v.non2xx && !v.badBody && !v.errors;

function previousCell(runs, keys) {
  const prev = previousFigure(runs, BENCH, keys, comparable);
  // "11-27 20:59" (UTC): several runs a day are common.
  return prev ? `${int(prev.value.reqPerSecAvg)} (${prev.date.slice(5, 16).replace('T', ' ') || prev.file})` : '—';
}

/** The notes under a table: in full under the first one, only the database under the next. */
function printDatabaseTable(db, ceiling, { results, lists }, runs, first) {
  const health = results.find((x) => x.target === 'health').r.requests.average;
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  const row = (target, route, r, prevKeys, isCeiling = false) => ({
    target, route,
    rps: int(r.requests.average),
    ofHealth: isCeiling ? '' : pct1(r.requests.average / health),
    goal: isCeiling ? 'ceiling' : goalCell(db, target, r.requests.average / health, r),
    // No response within the run (a few logins on a busy machine): no latency to show.
    p50: r.requests.total ? lat(r.latency.p50) : '—',
    p99: r.requests.total ? lat(r.latency.p99) : '—',
    previous: previousCell(runs, prevKeys),
    ofCeiling: pct(r.requests.average / ceiling.requests.average),
    total: int(r.requests.total),
    failures: failed(r)
      ? [r.non2xx && `${int(r.non2xx)} non-2xx`, r.mismatches && `${int(r.mismatches)} bad body`,
        r.errors && `${int(r.errors)} errors${r.timeouts ? ` (${int(r.timeouts)} timeouts)` : ''}`].filter(Boolean).join(', ')
      : '0',
  });
  printTable(`HTTP on ${db.label}: autocannon, ${CONNECTIONS} connections, ${DURATION} s per target`, [
    { key: 'target', label: 'target' },
    { key: 'route', label: 'route' },
    { key: 'rps', label: 'req/s', align: 'right' },
    { key: 'ofHealth', label: 'of health', align: 'right' },
    { key: 'goal', label: 'goal (issue 23)' },
    { key: 'p50', label: 'p50 ms', align: 'right' },
    { key: 'p99', label: 'p99 ms', align: 'right' },
    { key: 'previous', label: 'previous req/s', align: 'right' },
    { key: 'ofCeiling', label: 'of ceiling', align: 'right' },
    { key: 'total', label: 'requests', align: 'right' },
    { key: 'failures', label: 'failures', align: 'right' },
  ], [
    row('ceiling: bare Fastify', 'GET / (no database)', ceiling, ['ceiling'], true),
    ...results.map(({ target, route, r }) => row(target, route, r, [db.key, 'targets', target])),
  ], first ? [
    `${cores} cores shared: the server (or the bare Fastify) runs in a child process and autocannon in the bench process, on the same cores.`,
    `Loopback only (127.0.0.1), keep-alive, no pipelining. Database: ${db.label}${db.detail ? `, ${db.detail}` : ''}; fresh DATA_DIR.`,
    `Each target gets ${WARMUP} s of unmeasured warm-up (login none), then waits for the server to go idle before its run. Latency has 1 ms resolution.`,
    '"of health" is req/s against health (one `select 1` through the whole stack) on this same server; the goals are ratios to it because absolute figures move from run to run.',
    `"previous" is the same target on the same database in the newest saved run (bench/results/*.json) with ${CONNECTIONS} connections and no failures, with its date (UTC).`,
    `The lists, as the web asks for them: ${lists.map((t) => t.path.replace(/^\/api\/ai\//, '')).join('; ')}. The data was created through the API first: one robot, one knowledge base, three sessions, the first with ${EXCHANGES} exchanges answered by the built-in engine.`,
    'getUserInfo authenticates with X-Token; every list call too. login verifies the seeded super admin password (scrypt N=2^15) and creates a session each time.',
    'failures: non-2xx statuses, 2xx bodies that are not the expected success, connection errors and timeouts; any makes the figures meaningless and fails the bench.',
  ] : [
    `Database: ${db.label}${db.detail ? `, ${db.detail}` : ''}; fresh DATA_DIR. Same data, calls and method as above; "of health" and "previous" are against this database.`,
  ]);
}

export default async function http({ progress }) {
  const runs = savedRuns(); // read before this run's file is written
  const ceiling = await measureCeiling(progress);
  const summary = { connections: CONNECTIONS, durationS: DURATION, warmupS: WARMUP, ceiling: figures('GET /', ceiling) };
  const problems = [];
  let printed = 0;
  if (failed(ceiling)) problems.push('ceiling: bare Fastify');

  const databases = [{ key: 'pglite', label: 'PGlite (embedded)', url: null }];
  if (process.env.BENCH_DATABASE_URL) databases.push({ key: 'postgresql', label: 'PostgreSQL', base: process.env.BENCH_DATABASE_URL });
  for (const db of databases) {
    let fresh = null;
    try {
      if (db.base) {
        fresh = await freshPostgresDatabase(db.base);
        Object.assign(db, { url: fresh.url, label: `PostgreSQL ${fresh.version.split(' ')[0]}`, detail: `fresh database ${fresh.name} on ${redactUrl(db.base)}, dropped after` });
        progress(`PostgreSQL ${fresh.version}: created database ${fresh.name}`);
      }
      const measured = await measureServer(db, progress);
      printDatabaseTable(db, ceiling, measured, runs, !printed++);
      summary[db.key] = {
        database: db.label,
        targets: Object.fromEntries(measured.results.map(({ target, route, r }) => [target, {
          ...figures(route, r), ofHealth: r.requests.average / measured.results[0].r.requests.average,
        }])),
      };
      for (const { target, r } of measured.results) {
        if (failed(r)) {
          const codes = Object.entries(r.statusCodeStats).map(([code, { count }]) => `${code}×${count}`).join(', ');
          problems.push(`${db.label} ${target} (status ${codes}; bad body ${r.mismatches}; errors ${r.errors})`);
        }
      }
    } catch (err) {
      // One database failing must not hide the other's table.
      console.error(`\n✗ HTTP on ${db.label} could not measure: ${err?.stack ?? err}\n`);
      problems.push(`${db.label}: ${err?.message ?? err}`);
      summary[db.key] = { database: db.label, error: String(err?.message ?? err) };
    } finally {
      await fresh?.drop().catch((err) => progress(`could not drop ${fresh.name}: ${err.message}`));
    }
  }
  if (problems.length) throw new Error(`could not measure (a server failed, or responses were not all successes, so those figures measure failures): ${problems.join('; ')}`);
  return summary;
}
