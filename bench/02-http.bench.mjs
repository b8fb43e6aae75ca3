// Requests per second with autocannon (programmatic API) over loopback. The servers run in
// child processes; autocannon runs here, in the bench process, so both share the machine's
// cores. The ceiling is a bare Fastify `GET /` in its own process on the same machine.
import os from 'node:os';
import autocannon from 'autocannon';
import {
  ADMIN, databaseLabel, freshDataDir, removeDir, request, startBareFastify, startServer, waitIdle,
} from './lib/server.mjs';
import { int, ms, printTable } from './lib/table.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 8); // seconds measured per target
const WARMUP = 2; // seconds of unmeasured load first, so the JIT and caches settle
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

export const title = 'HTTP throughput';

/** Fails loudly when a response is not the success the bench means to measure. */
function expectOk(what, res, check) {
  if (res.status !== 200 || !check(res.json)) {
    throw new Error(`${what}: expected 200 with a success body, got ${res.status}: ${res.text.slice(0, 300)}`);
  }
  return res.json;
}

/** autocannon records latency in whole milliseconds. */
const lat = (v) => (v < 1 ? '<1' : ms(v));

const isEnvelopeOk = (body) => body.startsWith('{"code":20000,');

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

export default async function http({ progress }) {
  const results = [];
  let pid;
  const measure = async (target, route, spec) => {
    const warmup = spec.warmup ?? WARMUP;
    progress(`${target}: ${warmup ? `${warmup} s warm-up, ` : ''}${DURATION} s at ${CONNECTIONS} connections`);
    const r = await load(pid, progress, spec);
    results.push({ target, route, r });
  };

  // 1. The ceiling: bare Fastify, nothing else running.
  const bare = await startBareFastify();
  pid = bare.child.pid;
  try {
    expectOk('bare Fastify GET /', await request(`${bare.url}/`), (j) => j?.hello === 'world');
    await measure('ceiling: bare Fastify', 'GET /', {
      url: `${bare.url}/`, verifyBody: (b) => b === '{"hello":"world"}',
    });
  } finally {
    await bare.stop();
  }

  // 2. The real server, built bundle, fresh data directory.
  const dataDir = freshDataDir();
  const server = await startServer({ dataDir }).catch((err) => { removeDir(dataDir); throw err; });
  pid = server.child.pid;
  try {
    const api = (p) => `${server.url}${p}`;
    const loginBody = JSON.stringify({ account: ADMIN.account, password: ADMIN.password });
    // Prove each route answers a real success before hammering it.
    expectOk('GET /api/health', await request(api('/api/health')), (j) => j?.code === 20000);
    const login = expectOk('POST /api/uc/passport/doLogin', await request(api('/api/uc/passport/doLogin'), {
      method: 'POST', body: loginBody,
    }), (j) => j?.code === 20000 && typeof j.data?.token === 'string' && j.data.user?.uid > 0);
    const token = login.data.token;
    expectOk('GET /api/uc/passport/getUserInfo', await request(api('/api/uc/passport/getUserInfo'), {
      headers: { 'x-token': token },
    }), (j) => j?.code === 20000 && j.data?.uid === login.data.user.uid);

    await measure('server: health', 'GET /api/health (select 1)', {
      url: api('/api/health'), verifyBody: isEnvelopeOk,
    });
    await measure('server: login', 'POST /api/uc/passport/doLogin', {
      url: api('/api/uc/passport/doLogin'), method: 'POST',
      headers: { 'content-type': 'application/json' }, body: loginBody,
      // A login costs one scrypt hash, native code the JIT cannot warm; the check above already
      // ran its JavaScript once. A timed warm-up would only leave a queue of hashes behind.
      warmup: 0,
      verifyBody: (b) => isEnvelopeOk(b) && b.includes('"token":"'),
    });
    await measure('server: getUserInfo', 'GET /api/uc/passport/getUserInfo', {
      url: api('/api/uc/passport/getUserInfo'), headers: { 'x-token': token },
      verifyBody: (b) => isEnvelopeOk(b) && b.includes('"uid":'),
    });
  } finally {
    await server.stop();
    removeDir(dataDir);
  }

  const ceiling = results[0].r.requests.average;
  const rows = results.map(({ target, route, r }) => ({
    target, route,
    rps: int(r.requests.average),
    ofCeiling: `${((100 * r.requests.average) / ceiling).toFixed(r.requests.average / ceiling < 0.01 ? 2 : 1)}%`,
    p50: lat(r.latency.p50),
    p99: lat(r.latency.p99),
    total: int(r.requests.total),
    non2xx: int(r.non2xx),
    bad: int(r.mismatches),
    errors: r.timeouts ? `${int(r.errors)} (${int(r.timeouts)} timeouts)` : int(r.errors),
  }));
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  printTable(`HTTP: autocannon, ${CONNECTIONS} connections, ${DURATION} s per target`, [
    { key: 'target', label: 'target' },
    { key: 'route', label: 'route' },
    { key: 'rps', label: 'req/s (avg)', align: 'right' },
    { key: 'ofCeiling', label: 'of ceiling', align: 'right' },
    { key: 'p50', label: 'p50 ms', align: 'right' },
    { key: 'p99', label: 'p99 ms', align: 'right' },
    { key: 'total', label: 'requests', align: 'right' },
    { key: 'non2xx', label: 'non-2xx', align: 'right' },
    { key: 'bad', label: 'bad body', align: 'right' },
    { key: 'errors', label: 'errors', align: 'right' },
  ], rows, [
    `${cores} cores shared: the server (or the bare Fastify) runs in a child process and autocannon in the bench process, on the same cores.`,
    `Loopback only (127.0.0.1), keep-alive, no pipelining. Database: ${databaseLabel()}, fresh DATA_DIR.`,
    `Each target gets ${WARMUP} s of unmeasured warm-up (login none), then waits for the server to go idle before its run. Latency has 1 ms resolution.`,
    'login verifies the seeded super admin password (scrypt N=2^15) and creates a session each time; getUserInfo authenticates with X-Token.',
    '"bad body" counts 2xx responses whose body is not the expected success envelope.',
  ]);

  const broken = results.filter(({ r }) => r.non2xx || r.mismatches || r.errors || r.timeouts);
  if (broken.length) {
    throw new Error(`responses were not all successes, so these figures measure failures: ${broken.map((b) => {
      const codes = Object.entries(b.r.statusCodeStats).map(([code, { count }]) => `${code}×${count}`).join(', ');
      return `${b.target} (status ${codes}; bad body ${b.r.mismatches}; errors ${b.r.errors})`;
    }).join('; ')}`);
  }

  return Object.fromEntries(results.map(({ target, route, r }) => [target, {
    route, connections: CONNECTIONS, durationS: DURATION,
    reqPerSecAvg: r.requests.average, latencyP50Ms: r.latency.p50, latencyP99Ms: r.latency.p99,
    requests: r.requests.total, non2xx: r.non2xx, badBody: r.mismatches, errors: r.errors, timeouts: r.timeouts,
  }]));
}
