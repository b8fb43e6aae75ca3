// Starting, probing and stopping the processes a bench measures. Every server runs in its own
// child process; the bench process only spawns, polls and (in the HTTP bench) generates load.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
// BENCH_SERVER_ENTRY: another build of the server (e.g. a copy of dist/ made before a change, to compare on one machine).
export const SERVER_ENTRY = path.resolve(ROOT, process.env.BENCH_SERVER_ENTRY ?? 'apps/server/dist/main.js');
const BARE_ENTRY = path.join(import.meta.dirname, 'bare-fastify.mjs');
const RELAY_ENTRY = path.join(import.meta.dirname, 'bare-relay.mjs');

/** The super admin created at first boot; the HTTP bench logs in as this account. */
export const ADMIN = { account: 'bench-admin@xueban.local', password: 'bench-password-2026' };

/** A fresh, empty data directory (PGlite database, local secret, files) for one server. */
export const freshDataDir = () => mkdtempSync(path.join(os.tmpdir(), 'xueban-bench-'));
export const removeDir = (dir) => rmSync(dir, { recursive: true, force: true });

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** One HTTP request without keep-alive; resolves with status, raw body and parsed JSON (if any). */
export function request(url, { method = 'GET', headers = {}, body, timeoutMs = 5000 } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const req = http.request(url, {
      method, agent: false, timeout: timeoutMs,
      headers: payload === undefined ? headers : { 'content-type': 'application/json', ...headers },
    }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json;
        try { json = JSON.parse(text); } catch { json = undefined; }
        resolve({ status: res.statusCode, headers: res.headers, text, json });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`timeout after ${timeoutMs} ms: ${method} ${url}`)));
    req.on('error', reject);
    req.end(payload);
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Spawns `args` with node and polls `probeUrl` until `isReady(response)`; the time from just
 * before spawn() to that first good response is `readyMs`. Rejects with the child's output if it
 * exits first or is not ready within `timeoutMs`.
 */
async function spawnUntilReady({ label, args, env, probeUrl, isReady, timeoutMs = 60_000 }) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => { output = (output + chunk).slice(-8000); };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  const exit = new Promise((resolve) => child.on('exit', (code, signal) => { exited = { code, signal }; resolve(exited); }));
  child.on('error', (err) => { exited = { code: null, signal: null, err }; });

  const fail = async (why) => {
    if (!exited) { child.kill('SIGKILL'); await exit; }
    throw new Error(`${label} ${why}\n--- output ---\n${output.trim() || '(none)'}`);
  };
  for (;;) {
    if (exited) await fail(`exited (code ${exited.code}, signal ${exited.signal}${exited.err ? `, ${exited.err.message}` : ''}) before it served ${probeUrl}`);
    if (performance.now() - started > timeoutMs) await fail(`did not serve ${probeUrl} within ${timeoutMs} ms`);
    try {
      const res = await request(probeUrl, { timeoutMs: 2000 });
      if (isReady(res)) break;
      // The server listens only once it is ready, so any other answer is a real failure.
      await fail(`answered ${probeUrl} with ${res.status}: ${res.text.slice(0, 300)}`);
    } catch (err) {
      if (err.code !== 'ECONNREFUSED' && err.code !== 'ECONNRESET' && !/timeout/.test(err.message)) throw err;
    }
    await sleep(5);
  }
  const readyMs = performance.now() - started;
  return {
    child, readyMs, output: () => output,
    /** SIGTERM (graceful shutdown), SIGKILL if still alive after 15 s. */
    async stop() {
      if (exited) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const result = await exit;
      clearTimeout(timer);
      return result;
    },
  };
}

/**
 * Environment for the real server: production mode, quiet logs, login rate limit out of the way.
 * databaseUrl: undefined = BENCH_DATABASE_URL when set, else PGlite; null = PGlite; a URL = that PostgreSQL.
 */
function serverEnv({ port, dataDir, databaseUrl }) {
  const env = { ...process.env };
  // Never point the bench at whatever database the shell happens to have configured.
  delete env.DATABASE_URL;
  const url = databaseUrl === undefined ? process.env.BENCH_DATABASE_URL : databaseUrl;
  if (url) env.DATABASE_URL = url;
  return {
    ...env,
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(32).toString('hex'),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_ACCOUNT: ADMIN.account,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000000',
  };
}

export const databaseLabel = () => (process.env.BENCH_DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite (embedded)');

/** The built server (apps/server/dist/main.js) on a free loopback port; ready = first 200 of /api/health. */
export async function startServer({ dataDir, env = {}, databaseUrl, nodeArgs = [] }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = await spawnUntilReady({
    label: 'server (apps/server/dist/main.js)',
    // BENCH_SERVER_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof": a CPU profile of the server, written when it stops.
    args: [...(process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean), ...nodeArgs, SERVER_ENTRY],
    env: { ...serverEnv({ port, dataDir, databaseUrl }), ...env },
    probeUrl: `${url}/api/health`,
    isReady: (res) => res.status === 200 && res.json?.code === 20000,
  });
  return { ...proc, url, port };
}

/** The ceiling: a bare Fastify app with one `GET /` route, same Fastify, its own process. */
export async function startBareFastify() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = await spawnUntilReady({
    label: 'bare Fastify (bench/lib/bare-fastify.mjs)',
    args: [BARE_ENTRY],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    probeUrl: `${url}/`,
    isReady: (res) => res.status === 200 && res.json?.hello === 'world',
  });
  return { ...proc, url, port };
}

/** The chat bench's floor: a bare relay (bench/lib/bare-relay.mjs) to `upstreamUrl`, its own process. */
export async function startBareRelay(upstreamUrl) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = await spawnUntilReady({
    label: 'bare relay (bench/lib/bare-relay.mjs)',
    args: [RELAY_ENTRY],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', UPSTREAM_URL: upstreamUrl },
    probeUrl: `${url}/`,
    isReady: (res) => res.status === 200 && res.json?.hello === 'relay',
  });
  return { ...proc, url, port };
}

/**
 * Waits until process `pid` uses (almost) no CPU: two 100 ms samples in a row with at most one
 * clock tick of user+system time, threads included. This drains work a load run left behind
 * (e.g. scrypt hashes for requests autocannon abandoned when its time was up) before the next
 * run starts. Linux reads /proc; elsewhere it just pauses briefly. Gives up after `maxMs`.
 */
export async function waitIdle(pid, { maxMs = 15_000 } = {}) {
  const started = performance.now();
  const ticks = () => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(fields[11]) + Number(fields[12]); // utime + stime
    } catch {
      return null;
    }
  };
  let last = ticks();
  if (last === null) { await sleep(1000); return performance.now() - started; }
  let quiet = 0;
  while (quiet < 2 && performance.now() - started < maxMs) {
    await sleep(100);
    const now = ticks();
    if (now === null) break;
    quiet = now - last <= 1 ? quiet + 1 : 0;
    last = now;
  }
  return performance.now() - started;
}
