// `npm run test:e2e`: builds the web app and the server, starts one real server per Playwright
// worker (a lane: free port, fresh data directory), runs Playwright against them with Debian's
// chromium, and always stops the servers. Without /usr/bin/chromium the suite is skipped (exit 0) unless
// REQUIRE_E2E=1, as CI sets. E2E_DATABASE_URL runs the server on PostgreSQL instead of PGlite.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

const CHROMIUM = '/usr/bin/chromium';
const root = path.resolve(import.meta.dirname, '..');
const log = (line) => console.log(`[e2e] ${line}`);

if (!existsSync(CHROMIUM)) {
  if (process.env.REQUIRE_E2E === '1') {
    console.error(`[e2e] e2e failed: no Chromium at ${CHROMIUM} and REQUIRE_E2E=1 (install the Debian package "chromium")`);
    process.exit(1);
  }
  console.log(`e2e skipped: no Chromium (${CHROMIUM} not found; set REQUIRE_E2E=1 to make this an error)`);
  process.exit(0);
}

/** Runs a command with inherited output; resolves to its exit code. */
function run(cmd, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env });
    child.on('error', (err) => {
      console.error(`[e2e] cannot run ${cmd}: ${err.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) throw new Error(`server exited early (code ${server.exitCode ?? server.signalCode})`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no 200 from ${url} within ${timeoutMs / 1000} s`);
}

function stopServer(server) {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

// E2E_SKIP_BUILD=1 reuses what is built (WEB_DIST may name another web build); extra
// arguments go to Playwright (e.g. a spec file).
for (const ws of process.env.E2E_SKIP_BUILD === '1' ? [] : ['@xueban/web', '@xueban/server']) {
  log(`building ${ws}`);
  const code = await run('npm', ['run', 'build', '-w', ws]);
  if (code !== 0) {
    console.error(`[e2e] build of ${ws} failed (exit ${code})`);
    process.exit(code);
  }
}

// One lane per Playwright worker: a server with its own fresh data directory, and the ports its
// fake model and fake web page may use. E2E_WORKERS (default 2) says how many.
const laneCount = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const adminAccount = 'admin@e2e.local';
const adminPassword = `e2e-${randomBytes(9).toString('base64url')}`;

async function startLane(index) {
  const port = await freePort();
  const modelPort = await freePort();
  const pagePort = await freePort();
  const mcpPort = await freePort();
  const ssoPort = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'xueban-e2e-'));
  const env = { ...process.env };
  // A fresh embedded database unless E2E_DATABASE_URL names one on purpose (then one lane only).
  delete env.DATABASE_URL;
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  Object.assign(env, {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_ACCOUNT: adminAccount,
    ADMIN_PASSWORD: adminPassword,
    // Registration from one address many times; the limit itself is proven by the server suite.
    REGISTER_RATE_LIMIT: '100000',
    LOG_LEVEL: 'warn',
    // Specs run fake outside services on this machine, each on a port chosen here: the server allows
    // exactly those origins, the fake model's to the model client and the page's to the web client.
    EGRESS_MODEL_ORIGINS: `http://127.0.0.1:${modelPort}`,
    EGRESS_WEB_ORIGINS: `http://127.0.0.1:${pagePort}`,
    EGRESS_MCP_ORIGINS: `http://127.0.0.1:${mcpPort}`,
    // A school's OpenID Connect provider (single sign-on) started by the spec on this port.
    EGRESS_SSO_ORIGINS: `http://127.0.0.1:${ssoPort}`,
  });
  log(`lane ${index}: server on ${baseUrl} (data ${dataDir}${env.DATABASE_URL ? ', PostgreSQL' : ', PGlite'})`);
  const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env,
  });
  return { server, dataDir, lane: { baseUrl, modelPort, pagePort, mcpPort, ssoPort } };
}

const lanes = [];
for (let i = 0; i < (process.env.E2E_DATABASE_URL ? 1 : laneCount); i++) lanes.push(await startLane(i));

const stopAll = async () => {
  await Promise.all(lanes.map((l) => stopServer(l.server)));
  for (const l of lanes) rmSync(l.dataDir, { recursive: true, force: true });
};

let exitCode = 1;
const interrupted = async (signal) => {
  await stopAll();
  process.exit(signal === 'SIGINT' ? 130 : 143);
};
process.once('SIGINT', interrupted);
process.once('SIGTERM', interrupted);

try {
  await Promise.all(lanes.map((l) => waitForHealth(`${l.lane.baseUrl}/api/health`, l.server, 90_000)));
  log(`${lanes.length} server(s) up; running Playwright`);
  exitCode = await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
    ...process.env,
    E2E_LANES: JSON.stringify(lanes.map((l) => l.lane)),
    E2E_ADMIN_ACCOUNT: adminAccount,
    E2E_ADMIN_PASSWORD: adminPassword,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  });
} catch (err) {
  console.error(`[e2e] ${err instanceof Error ? err.message : String(err)}`);
  exitCode = 1;
} finally {
  await stopAll();
}
log(exitCode === 0 ? 'passed' : `failed (exit ${exitCode})`);
process.exit(exitCode);
