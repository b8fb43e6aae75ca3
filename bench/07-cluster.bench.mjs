// Several nodes on real engines (issue 24): PostgreSQL, Redis, s3rver and nginx in front of three
// built nodes, all on loopback. Measures a list call and chat streams through nginx with 1, 2 and
// 3 nodes, then runs a mixed load (logins, lists, uploads, concurrent chat streams against a
// scripted slow model, a knowledge training) with one node killed (SIGKILL) mid-stream and
// restarted, and checks what must hold: no question lost or stored twice, no reply left
// `streaming`, the login limit counted across nodes, the training finished. Throws (the bench
// fails, exit code 1) when any of these does not hold.
//
//   npm run bench -- cluster            the full run (300 streams, 1/2/3 nodes)
//   npm run bench -- cluster --short    CI's version: fewer streams, the 3-node pass only
import http from 'node:http';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { ADMIN, freePort, request } from './lib/server.mjs';
import { missingEngines, startNginx, startNode, startPostgres, startRedis, startS3, tempDir } from './lib/cluster-services.mjs';
import { sendOnce, sendWithRetry } from './lib/cluster-chat.mjs';
import { int, ms, printTable } from './lib/table.mjs';

export const title = 'Several nodes behind nginx (PostgreSQL, Redis, S3, SIGKILL mid-stream)';

const sleep = (t) => new Promise((r) => setTimeout(r, t));
const pct = (xs, p) => {
  const s = [...xs].filter((x) => x !== null && x !== undefined).sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};
/** Each node's job heartbeat threshold here (30 s in production): the killed node's job moves within the run. */
const JOB_STALE_SECONDS = 10;
const TOKEN_MS = 250;

function sizes(short) {
  return short
    ? { streams: 60, passes: [3], listSeconds: 3, passStreams: 30, waveTokens: 48, waves: 1, restartAfterMs: 14_000 }
    : { streams: 300, passes: [1, 2, 3], listSeconds: 10, passStreams: 300, waveTokens: 120, waves: 4, restartAfterMs: 16_000 };
}

async function until(what, probe, timeoutMs) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const got = await probe().catch(() => undefined);
    if (got !== undefined && got !== false) return got;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(500);
  }
}

/** bench/lib/fake-llm.mjs: TOKENS chunks TOKEN_MS apart (a `[tokens=N]` question asks for N). */
async function startModel(tokens) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'lib/fake-llm.mjs')], {
    env: { ...process.env, PORT: String(port), TOKENS: String(tokens), INTERVAL_MS: String(TOKEN_MS) }, stdio: 'ignore',
  });
  await until('the scripted model', () => request(`http://127.0.0.1:${port}/health`).then((r) => r.status === 200), 20_000);
  return { url: `http://127.0.0.1:${port}/v1`, stop: () => child.kill('SIGTERM') };
}

/** The page the knowledge base imports: it answers once `release()` is called, so the job is running when its node dies. */
async function startSlowPage() {
  let open = false;
  const server = http.createServer((req, res) => {
    const answer = () => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<title>集群演练资料</title><p>校园一卡通在图书馆一楼服务台办理，补办需要带学生证，工作日上午九点到下午五点。</p>');
    };
    if (open) return answer();
    const timer = setInterval(() => { if (open) { clearInterval(timer); answer(); } }, 100);
    res.on('close', () => clearInterval(timer));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return { origin, url: `${origin}/card`, release: () => { open = true; }, stop: () => server.close() };
}

const BOUNDARY = '----xuebanClusterBench';
/** An upload as the web sends it (getToken, then a multipart fileUpload); the stored file's answer. */
async function upload(base, token, name, data) {
  const tok = (await request(`${base}/api/uc/upload/getToken?scene=file`, { headers: { 'x-token': token } })).json.data;
  const field = (n, v) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`;
  const body = Buffer.concat([
    Buffer.from(field('policy', tok.policy) + field('signature', tok.signature)
      + `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`),
    data, Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const res = await fetch(`${base}/api/uc/upload/fileUpload`, {
    method: 'POST', body, signal: AbortSignal.timeout(30_000),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'x-token': token },
  });
  return res.json();
}

export default async function clusterBench({ progress, flags = [] }) {
  const short = flags.includes('--short');
  const S = sizes(short);
  const missing = missingEngines();
  if (missing.length) {
    // `npm run bench` runs every bench: on a machine without the engines this one says so and measures nothing.
    console.log(`### Cluster\n\nSkipped: this machine lacks ${missing.join(', ')}.\n`);
    return { skipped: missing };
  }
  const tmp = tempDir();
  const stops = [];
  const failures = [];
  const check = (ok, what) => { if (!ok) failures.push(what); return ok; };
  try {
    progress('starting PostgreSQL, Redis, s3rver, the scripted model and a slow page');
    const postgres = await startPostgres(tmp.dir);
    stops.push(() => postgres.stop());
    const redis = await startRedis();
    stops.push(() => redis.stop());
    const s3 = await startS3(tmp.dir);
    stops.push(() => s3.stop());
    const model = await startModel(S.waveTokens);
    stops.push(() => model.stop());
    const page = await startSlowPage();
    stops.push(() => page.stop());

    const common = {
      ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', APP_SECRET: 'c1'.repeat(32), DEMO_CONTENT: '0',
      DATABASE_URL: postgres.url, REDIS_URL: redis.url, ...s3.env, TRUST_PROXY: '127.0.0.1',
      ADMIN_ACCOUNT: ADMIN.account, ADMIN_PASSWORD: ADMIN.password, JOB_STALE_SECONDS: String(JOB_STALE_SECONDS),
      LLM_BASE_URL: model.url, LLM_API_KEY: 'none', LLM_MODEL: 'bench', EGRESS_WEB_ORIGINS: page.origin,
      // One account sends every stream: the per-user limits are not what is measured (the login limit is).
      CHAT_RATE_LIMIT: '1000000', CHAT_STREAMS_PER_USER: '5000', CHAT_STREAMS_PER_GROUP: '5000',
      // A reply saved every 2 s: a stream cut by the kill and sent again is taken over by the node
      // it reaches once its reply has not been saved for 10 s (CHAT_TAKEOVER_AFTER_MS's floor).
      CHAT_HEARTBEAT_MS: '2000',
    };
    const nodes = [
      await startNode('node-1', { ...common, WORKERS: '1' }, tmp.dir),
      await startNode('node-2', { ...common, WORKERS: '1' }, tmp.dir),
      await startNode('node-3', { ...common, WORKERS: '0' }, tmp.dir),
    ];
    stops.push(() => Promise.all(nodes.map((n) => n.stop())));
    progress('starting node-1 (migrations), then node-2 and node-3');
    const firstBoot = await nodes[0].start();
    const laterBoots = await Promise.all(nodes.slice(1).map((n) => n.start()));
    const nginx = await startNginx(tmp.dir, nodes.map((n) => n.port));
    stops.push(() => nginx.stop());
    const base = nginx.url;
    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    stops.push(() => db.end());

    const login = async () => (await request(`${base}/api/uc/passport/doLogin`, { method: 'POST', body: ADMIN, timeoutMs: 30_000 })).json;
    const token = (await login()).data.token;
    const headers = { 'x-token': token };
    const post = async (p, body) => (await request(`${base}${p}`, { method: 'POST', headers, body, timeoutMs: 30_000 })).json;
    const scenes = await request(`${base}/api/ai/Robot/getRobotScenes`, { headers });
    const robot = (await post('/api/ai/Robot/saveRobot', { name: '集群压测', scene_id: scenes.json.data[0].id })).data;
    progress(`creating ${S.streams} sessions`);
    const sessions = [];
    while (sessions.length < Math.max(S.streams, S.passStreams)) {
      const batch = await Promise.all(Array.from({ length: 25 }, () => post('/api/ai/ChatCategory/save', { r_id: robot.id })));
      sessions.push(...batch.map((r) => r.data.id));
    }
    const listUrl = `${base}/api/ai/ChatCategory/lists?r_id=${robot.id}&page=1&limit=15`;
    /** Every question sent: client_msg_id → its session, checked in the database at the end. */
    const sent = new Map();
    let seq = 0;
    const question = (i, tokens) => {
      const id = `cluster-${process.pid}-${++seq}`;
      const body = { category_id: sessions[i % sessions.length], question: `集群压测第 ${seq} 问${tokens ? ` [tokens=${tokens}]` : ''}`, client_msg_id: id };
      sent.set(id, body.category_id);
      return body;
    };

    // ── 1, 2, 3 nodes side by side ──
    const passes = [];
    for (const n of S.passes) {
      await nginx.setNodes(nodes.slice(0, n).map((x) => x.port));
      progress(`${n} node(s): ${S.listSeconds} s of the session list, then ${S.passStreams} concurrent streams`);
      const cannon = await autocannon({ url: listUrl, connections: 20, duration: S.listSeconds, headers });
      const streams = await Promise.all(Array.from({ length: S.passStreams }, (_, i) => sendOnce(base, token, question(i, 8))));
      const ok = streams.filter((s) => s.outcome === 'finished' && s.finish === 'done');
      passes.push({
        nodes: n, rps: cannon.requests.average, p50: cannon.latency.p50, p99: cannon.latency.p99, non2xx: cannon.non2xx + cannon.errors,
        streams: streams.length, ok: ok.length, ttft50: pct(ok.map((s) => s.ttft), 50), ttft99: pct(ok.map((s) => s.ttft), 99),
      });
      check(cannon.non2xx + cannon.errors === 0, `${n} node(s): ${cannon.non2xx + cannon.errors} failed list calls`);
      check(ok.length === streams.length, `${n} node(s): ${streams.length - ok.length} of ${streams.length} streams did not finish (first: ${streams.find((s) => s.outcome !== 'finished')?.error})`);
    }
    await nginx.setNodes(nodes.map((x) => x.port));

    // ── the mixed load, one node killed mid-stream ──
    progress('mixed load: logins, lists, uploads in the background; a knowledge base training');
    const background = { logins: 0, loginFails: 0, lists: 0, listFails: 0, uploads: 0, uploadFails: 0, listMs: [], firstUploadError: null };
    let loadOn = true;
    const loops = [
      (async () => { while (loadOn) { const r = await login().catch(() => null); if (r?.code === 20000) background.logins++; else background.loginFails++; await sleep(400); } })(),
      (async () => {
        while (loadOn) {
          const t0 = performance.now();
          const r = await request(listUrl, { headers, timeoutMs: 30_000 }).catch(() => null);
          if (r?.json?.code === 20000) { background.lists++; background.listMs.push(performance.now() - t0); } else background.listFails++;
          await sleep(50);
        }
      })(),
      (async () => {
        let i = 0;
        while (loadOn) {
          const text = `第 ${++i} 份上传：${'集群'.repeat(2000)}`;
          const up = await upload(base, token, `upload-${i}.txt`, Buffer.from(text)).catch((err) => ({ error: err.message }));
          // Read back through nginx: whichever node answers reads it from the shared bucket.
          const back = up?.code === 20000 ? await request(new URL(up.data.url, base).href, { headers, timeoutMs: 30_000 }).catch(() => null) : null;
          if (back?.status === 200 && back.text === text) background.uploads++;
          else {
            background.uploadFails++;
            background.firstUploadError ??= up?.code === 20000 ? `read back: ${back?.status} ${back?.text?.slice(0, 120)}` : `upload: ${JSON.stringify(up)?.slice(0, 200)}`;
          }
          await sleep(1000);
        }
      })(),
    ];
    const kb = (await post('/api/ai/knowledge/save', { name: '集群演练' })).data;
    const doc = (await post('/api/ai/knowledge/training', { type: 'url', repository_id: kb.id, url: page.url })).data[0];
    const beat = await until('a node to take the training job', async () => (await db.query('select node from job_beats limit 1')).rows[0]?.node, 60_000);

    const waves = [];
    let killed = null;
    for (let w = 0; w < S.waves; w++) {
      progress(`wave ${w + 1}: ${S.streams} concurrent streams of ${S.waveTokens} tokens, ${TOKEN_MS} ms apart${w === 0 ? '; one node killed mid-stream' : ''}`);
      let started = 0;
      const results = Promise.all(Array.from({ length: S.streams }, async (_, i) => {
        const body = question(i);
        return { id: body.client_msg_id, ...(await sendWithRetry(base, token, body, { onFirstToken: () => { started++; } })) };
      }));
      if (w === 0) {
        await until('most streams to be answering', async () => started >= S.streams * 0.8, 120_000).catch(() => null);
        await sleep(3000);
        // The node running the training job dies (node-2 if the job sits on node-3... it cannot: WORKERS=0).
        const victim = nodes.find((n) => n.name === beat) ?? nodes[1];
        const openOn = (await db.query("select stream_node, count(*)::int as n from chat_records where status = 'streaming' group by 1")).rows;
        progress(`SIGKILL ${victim.name} (it holds the training job; streams open per node: ${openOn.map((r) => `${r.stream_node} ${r.n}`).join(', ')})`);
        await victim.kill();
        killed = { name: victim.name, at: Date.now(), streamsOpen: openOn.find((r) => r.stream_node === victim.name)?.n ?? 0, openOn };
        page.release();
        // When the training ends, counted from the kill (the heartbeat hands it on; see the nodes' logs below).
        killed.training = until('the training job to finish', async () => {
          const d = (await db.query('select status, error, chunk_count from knowledge_documents where id = $1', [doc.id])).rows[0];
          return d && (d.status === 'ready' || d.status === 'failed') ? { ...d, afterKillMs: Date.now() - killed.at } : undefined;
        }, 180_000).catch((e) => ({ status: e.message }));
        await sleep(S.restartAfterMs);
        progress(`restarting ${victim.name}`);
        killed.restartMs = await victim.start();
      }
      const r = await results;
      waves.push(r);
    }
    const trained = await killed.training;
    // The node that handed the job on says so in its log (jobs/heartbeat.ts), the sweeper or the restarted node itself.
    const handedBy = nodes.map((n) => ({ name: n.name, line: n.output.split('\n').find((l) => l.includes('job handed back to the queue')) }))
      .filter((n) => n.line).map((n) => `${n.name}: ${/job handed back to the queue: (.*?)(?= job=|\s*\{|$)/.exec(n.line)?.[1]?.trim() ?? 'handed back'}`);
    loadOn = false;
    await Promise.all(loops);

    // ── the login limit, counted across nodes ──
    progress('the login limit across nodes: 12 wrong passwords for one account');
    const logBefore = readFileSync(nginx.accessLog, 'utf8').length;
    const codes = [];
    for (let i = 0; i < 12; i++) {
      const r = await request(`${base}/api/uc/passport/doLogin`, { method: 'POST', body: { account: 'guess@cluster.test', password: `wrong-${i}` } });
      codes.push(r.json?.code);
    }
    const loginLines = readFileSync(nginx.accessLog, 'utf8').slice(logBefore).split('\n').filter((l) => l.includes('/doLogin'));
    const loginNodes = new Set(loginLines.map((l) => /upstream=(\S+)/.exec(l)?.[1]));
    const limited = codes.indexOf(42900);

    // ── what must hold, read from the database ──
    progress('waiting for the sweep: no reply left streaming');
    const streaming = await until('no reply left streaming', async () => {
      const n = (await db.query("select count(*)::int as n from chat_records where status = 'streaming'")).rows[0].n;
      return n === 0 ? 0 : undefined;
    }, 120_000).catch(async () => (await db.query("select count(*)::int as n from chat_records where status = 'streaming'")).rows[0].n);
    const ids = [...sent.keys()];
    const stored = (await db.query('select client_msg_id, count(*)::int as n, min(status) as status from chat_records where client_msg_id = any($1) group by 1', [ids])).rows;
    const byId = new Map(stored.map((r) => [r.client_msg_id, r]));
    const lost = ids.filter((id) => !byId.has(id));
    const twice = stored.filter((r) => r.n > 1);
    const all = waves.flat();
    const interrupted = all.filter((s) => s.interrupted);
    const statusOfInterrupted = {};
    const statusOfOthers = {};
    all.forEach((s) => {
      const st = byId.get(s.id)?.status ?? 'missing';
      const bucket = s.interrupted ? statusOfInterrupted : statusOfOthers;
      bucket[st] = (bucket[st] ?? 0) + 1;
    });

    check(lost.length === 0, `${lost.length} questions were never stored (first: ${lost[0]})`);
    check(twice.length === 0, `${twice.length} questions were stored more than once`);
    check(streaming === 0, `${streaming} replies left streaming after the sweep`);
    check(Object.keys(statusOfInterrupted).every((s) => ['done', 'interrupted', 'stopped'].includes(s)), `interrupted streams ended ${JSON.stringify(statusOfInterrupted)}`);
    check(Object.keys(statusOfOthers).every((s) => s === 'done'), `uninterrupted streams ended ${JSON.stringify(statusOfOthers)}`);
    check(interrupted.length > 0, 'the kill interrupted no stream: nothing was tested');
    check(limited === 10 && codes.slice(0, 10).every((c) => c === 40000) && codes.slice(10).every((c) => c === 42900),
      `login limit: codes ${codes.join(',')} (wanted ten 40000, then 42900)`);
    check(loginNodes.size >= 2, `the wrong logins reached only ${[...loginNodes].join(', ')}: the limit was not tried across nodes`);
    check(trained.status === 'ready', `the training job ended ${trained.status}${trained.error ? ` (${trained.error})` : ''}`);
    // Background calls in flight on the killed node fail (nginx does not resend a POST), and on a
    // loaded machine a few wait past the client's 5 s: up to 3 of each, or 2 % past 150 calls.
    const tolerated = (ok, failed) => failed <= Math.max(3, Math.ceil(0.02 * (ok + failed)));
    check(tolerated(background.logins, background.loginFails) && tolerated(background.uploads, background.uploadFails) && tolerated(background.lists, background.listFails),
      `background: ${background.loginFails} failed logins, ${background.listFails} failed lists, ${background.uploadFails} failed uploads${background.firstUploadError ? ` (first: ${background.firstUploadError})` : ''}`);

    printTable('Cluster: throughput and latency through nginx', [
      { key: 'nodes', label: 'nodes', align: 'right' }, { key: 'rps', label: 'session list req/s', align: 'right' },
      { key: 'p50', label: 'list p50 ms', align: 'right' }, { key: 'p99', label: 'list p99 ms', align: 'right' },
      { key: 'streams', label: 'streams at once', align: 'right' }, { key: 'ttft50', label: 'first token p50 ms', align: 'right' },
      { key: 'ttft99', label: 'first token p99 ms', align: 'right' }, { key: 'errors', label: 'errors', align: 'right' },
    ], passes.map((p) => ({
      nodes: p.nodes, rps: int(p.rps), p50: ms(p.p50), p99: ms(p.p99), streams: int(p.streams),
      ttft50: ms(p.ttft50), ttft99: ms(p.ttft99), errors: int(p.non2xx + p.streams - p.ok),
    })), [
      `Each pass: nginx (least_conn) in front of the first N nodes; ${S.listSeconds} s of \`GET /api/ai/ChatCategory/lists\` with 20 connections (autocannon), then ${S.passStreams} chat streams started at once (8 tokens ${TOKEN_MS} ms apart).`,
      'All on one machine: nodes, PostgreSQL, Redis, nginx, s3rver and the load generator share its cores, so more nodes add no CPU here.',
      `Boot: node-1 ${int(firstBoot)} ms (empty database: migrations), node-2/3 ${laterBoots.map(int).join(' / ')} ms.`,
    ]);
    const waveStreams = all.length;
    printTable('Cluster: mixed load with a node killed mid-stream', [{ key: 'what', label: 'what' }, { key: 'value', label: 'result' }], [
      { what: 'chat streams (all open together per wave)', value: `${int(waveStreams)} in ${S.waves} wave(s), ${S.waveTokens} tokens ${TOKEN_MS} ms apart` },
      { what: 'first token p50 / p99 (mixed load)', value: `${ms(pct(all.map((s) => s.first.ttft), 50))} / ${ms(pct(all.map((s) => s.first.ttft), 99))} ms` },
      { what: `killed (SIGKILL)`, value: `${killed.name}, holding the training job and ${killed.streamsOpen} open streams (open per node: ${killed.openOn.map((r) => `${r.stream_node} ${r.n}`).join(', ')}); restarted after ${S.restartAfterMs / 1000} s (ready in ${int(killed.restartMs)} ms)` },
      { what: 'streams interrupted, sent again with the same client_msg_id', value: `${interrupted.length} (final state ${JSON.stringify(statusOfInterrupted)})` },
      { what: 'streams not interrupted', value: JSON.stringify(statusOfOthers) },
      { what: 'questions sent / stored once / lost / stored twice', value: `${ids.length} / ${stored.length - twice.length} / ${lost.length} / ${twice.length}` },
      { what: 'replies left streaming after the sweep', value: String(streaming) },
      { what: 'knowledge training (its node killed)', value: `${trained.status}, ${trained.chunk_count ?? 0} chunks, ${int((trained.afterKillMs ?? NaN) / 1000)} s after the kill; handed on by ${handedBy.join('; ') || 'nobody (pg-boss expiry)'} (JOB_STALE_SECONDS=${JOB_STALE_SECONDS}, the killed node restarted after ${S.restartAfterMs / 1000} s)` },
      { what: 'login limit across nodes', value: `12 wrong passwords over ${loginNodes.size} nodes: ${limited >= 0 ? `refused from try ${limited + 1}` : 'never refused'} (LOGIN_RATE_LIMIT=10)` },
      { what: 'background logins / lists / uploads read back', value: `${background.logins} / ${background.lists} (p50 ${ms(pct(background.listMs, 50))} ms, p99 ${ms(pct(background.listMs, 99))} ms) / ${background.uploads}; failed ${background.loginFails} / ${background.listFails} / ${background.uploadFails}${background.firstUploadError ? ` (${background.firstUploadError})` : ''}` },
    ], failures.length ? [`**Failed:** ${failures.join('; ')}`] : ['Every check held.']);
    if (failures.length) throw new Error(`cluster checks failed: ${failures.join('; ')}`);
    return { short, passes, killed: { ...killed, openOn: undefined }, interrupted: interrupted.length, statusOfInterrupted, lost: lost.length, twice: twice.length, streaming, trained, codes, background: { ...background, listMs: undefined } };
  } finally {
    for (const stop of stops.reverse()) await Promise.resolve().then(stop).catch(() => {});
    tmp.remove();
  }
}
