// The engines of the several-machines deployment, started on loopback for `npm run bench -- cluster`:
// a throwaway PostgreSQL cluster, redis-server, s3rver (an S3-compatible server from npm), nginx
// (its config generated from the blocks of docs/deploy.md) and the built nodes. Every process is
// the bench's child and is stopped by `stop()`; nothing is installed or left running.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { freePort, request, SERVER_ENTRY, ROOT } from './server.mjs';
import { isRoot, onPath, postgresBin } from './engines.mjs';

export { missingEngines } from './engines.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Runs a PostgreSQL binary as `postgres` when we are root (initdb refuses root), else as ourselves. */
const asPostgres = (bin, args) => (isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args]);

export async function startPostgres(dir) {
  const bin = postgresBin();
  const data = path.join(dir, 'pg');
  mkdirSync(data, { recursive: true });
  if (isRoot) {
    const pw = execFileSync('id', ['-u', 'postgres']).toString().trim();
    const gid = execFileSync('id', ['-g', 'postgres']).toString().trim();
    chownSync(dir, Number(pw), Number(gid));
    chownSync(data, Number(pw), Number(gid));
  }
  const port = await freePort();
  const [cmd, args] = asPostgres(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--encoding', 'UTF8', '--locale', 'C.UTF-8']);
  const init = spawnSync(cmd, args, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const [c2, a2] = asPostgres(path.join(bin, 'pg_ctl'), [
    '-D', data, '-l', path.join(data, 'server.log'), '-w', '-t', '60',
    '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off`, 'start',
  ]);
  const started = spawnSync(c2, a2, { encoding: 'utf8' });
  if (started.status !== 0) throw new Error(`PostgreSQL did not start: ${started.stderr || started.stdout}`);
  const serverUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query('create database xueban');
  await admin.end();
  return {
    port, url: `postgres://postgres@127.0.0.1:${port}/xueban`,
    stop() {
      const [c3, a3] = asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      spawnSync(c3, a3, { stdio: 'ignore' });
    },
  };
}

export async function startRedis() {
  const port = await freePort();
  const child = spawn(onPath('redis-server'), ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}/0`;
  const { default: Redis } = await import('ioredis');
  for (let i = 0; ; i++) {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    const ok = await probe.connect().then(() => probe.ping(), () => null);
    probe.disconnect();
    if (ok === 'PONG') break;
    if (i > 100) throw new Error('redis-server did not answer');
    await sleep(100);
  }
  return { url, stop: () => child.kill('SIGTERM') };
}

/** s3rver with the default S3RVER/S3RVER key and one bucket, in-process (it is only file I/O). */
export async function startS3(dir, bucket = 'xueban') {
  const directory = path.join(dir, 's3');
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    env: { S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: '1' },
    stop: () => server.close(),
  };
}

/** The `upstream` and `location` blocks of docs/deploy.md, on loopback, with an access log naming the node. */
function nginxConf(prefix, port, nodePorts) {
  const proxied = `
        proxy_pass http://xueban_nodes;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_set_header X-Forwarded-Host $host;`;
  return `${isRoot ? 'user root;\n' : ''}worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 8192; }
http {
    log_format upstream '$request_method $uri $status upstream=$upstream_addr rt=$request_time';
    access_log ${prefix}/access.log upstream;
    client_body_temp_path ${prefix}/body;
    proxy_temp_path ${prefix}/proxy;
    fastcgi_temp_path ${prefix}/fastcgi;
    uwsgi_temp_path ${prefix}/uwsgi;
    scgi_temp_path ${prefix}/scgi;
    upstream xueban_nodes {
        least_conn;
${nodePorts.map((p) => `        server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;`).join('\n')}
        keepalive 32;
    }
    server {
        listen 127.0.0.1:${port} backlog=4096;
        client_max_body_size 1000m;
        client_body_timeout 300s;
        proxy_request_buffering off;
        location / {${proxied}
            proxy_read_timeout 120s;
            proxy_send_timeout 300s;
            proxy_next_upstream error timeout http_502 http_503;
        }
        location ~ ^/(api/ai/chat/stream|v1/) {${proxied}
            proxy_buffering off;
            proxy_cache off;
            gzip off;
            proxy_read_timeout 600s;
            proxy_send_timeout 600s;
            proxy_next_upstream off;
        }
    }
}
`;
}

export async function startNginx(dir, nodePorts) {
  const prefix = path.join(dir, 'nginx');
  mkdirSync(prefix, { recursive: true });
  const port = await freePort();
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(conf, nginxConf(prefix, port, nodePorts));
  const bin = onPath('nginx');
  const test = spawnSync(bin, ['-t', '-q', '-e', path.join(prefix, 'error.log'), '-c', conf, '-p', prefix], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t: ${test.stderr}`);
  const child = spawn(bin, ['-e', path.join(prefix, 'error.log'), '-c', conf, '-p', prefix, '-g', 'daemon off;'], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (await request(`${url}/api/health`, { timeoutMs: 2000 }).then((r) => r.status === 200, () => false)) break;
    if (i > 150) throw new Error('nginx did not answer');
    await sleep(100);
  }
  return {
    url, accessLog: path.join(prefix, 'access.log'),
    /** Points nginx at these nodes (a graceful reload: open streams stay on their old workers). */
    async setNodes(ports) {
      writeFileSync(conf, nginxConf(prefix, port, ports));
      child.kill('SIGHUP');
      await sleep(1500);
    },
    stop: () => child.kill('SIGTERM'),
  };
}

/** One built node (apps/server/dist/main.js) on a free loopback port; `kill()` is SIGKILL, `restart()` the same env again. */
export async function startNode(name, env, dir) {
  const port = await freePort();
  const dataDir = path.join(dir, name);
  mkdirSync(dataDir, { recursive: true });
  const fullEnv = { ...env, PORT: String(port), HOST: '127.0.0.1', NODE_NAME: name, DATA_DIR: dataDir };
  const node = { name, port, url: `http://127.0.0.1:${port}`, child: null, output: '' };
  node.start = async () => {
    node.output = '';
    const child = spawn(process.execPath, [SERVER_ENTRY], { cwd: ROOT, env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (c) => { node.output = (node.output + c).slice(-50_000); };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    node.child = child;
    node.exited = new Promise((r) => child.once('exit', r));
    const began = Date.now();
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`node ${name} exited at start:\n${node.output}`);
      if (await request(`${node.url}/api/health`, { timeoutMs: 2000 }).then((r) => r.status === 200, () => false)) break;
      if (Date.now() - began > 120_000) throw new Error(`node ${name} did not start within 120 s:\n${node.output}`);
      await sleep(200);
    }
    return Date.now() - began;
  };
  node.kill = async () => { node.child.kill('SIGKILL'); await node.exited; };
  node.stop = async () => {
    if (!node.child || node.child.exitCode !== null || node.child.signalCode !== null) return;
    node.child.kill('SIGTERM');
    const timer = setTimeout(() => node.child.kill('SIGKILL'), 20_000);
    await node.exited;
    clearTimeout(timer);
  };
  return node;
}

export function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'xueban-cluster-'));
  chmodSync(dir, 0o755);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
