// Chat streaming: what the server adds between an OpenAI-compatible upstream and the client.
// The upstream (bench/lib/fake-llm.mjs) and the server run in their own processes; the clients
// run here. Baseline: the same client reading the upstream directly, at the same concurrency.
// Floor (time to first token only): a bare relay with the server's libraries and nothing else.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ADMIN, databaseLabel, freePort, freshDataDir, removeDir, request, startBareRelay, startServer, waitIdle,
} from './lib/server.mjs';
import { readStream } from './lib/sse-client.mjs';
import { int, ms, printTable } from './lib/table.mjs';

export const title = 'Chat streaming relay';

const SEQUENTIAL = Number(process.env.BENCH_CHAT_SEQUENTIAL ?? 100);
const WARMUP = 10;
const LEVELS = (process.env.BENCH_CHAT_LEVELS ?? '200,1000').split(',').map(Number);
// Streams under load last TOKENS × INTERVAL_MS (10 s): longer than it takes to open them all,
// so they really are open together. The sequential runs ask for 2 tokens.
const TOKENS = Number(process.env.BENCH_CHAT_TOKENS ?? 200);
const INTERVAL_MS = 50;
// Every stream comes from one account; the per-user limit (CHAT_RATE_LIMIT, 60 a minute by
// default) and the caps on open streams (CHAT_STREAMS_PER_USER 3, CHAT_STREAMS_PER_GROUP 200)
// would answer 429, and they are not what is measured.
const RATE_LIMIT = 1_000_000;

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};

/** Soft limit on open files (Node raises it to the hard limit at start; children inherit it). */
function openFilesLimit() {
  try {
    return Number(/Max open files\s+(\d+|unlimited)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1].replace('unlimited', 'Infinity'));
  } catch {
    return Infinity; // not Linux: let the run find out
  }
}

async function startUpstream() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'lib/fake-llm.mjs')], {
    env: { ...process.env, PORT: String(port), TOKENS: String(TOKENS), INTERVAL_MS: String(INTERVAL_MS) }, stdio: 'ignore',
  });
  for (let i = 0; i < 200; i++) {
    try {
      if ((await request(`http://127.0.0.1:${port}/health`)).status === 200) break;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 25));
  }
  return { url: `http://127.0.0.1:${port}/v1`, stop: () => child.kill('SIGTERM') };
}

/** CPU time (user + system, all threads) a process has used so far, in seconds; null off Linux. */
const cpuOf = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
};

const rssOf = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) * 1024 || null;
  } catch {
    return null; // not Linux
  }
};

/**
 * `n` streams started at once. A stream is an error when it fails in any way (see readStream)
 * or delivers fewer tokens than the upstream sent. Also records how many were open at the same
 * time and, for the server, its peak resident memory.
 */
async function burst(n, start, pid) {
  let open = 0;
  let mostOpen = 0;
  let peak = 0;
  const sample = () => { peak = Math.max(peak, (pid && rssOf(pid)) || 0); };
  const timer = setInterval(sample, 100);
  const cpuBefore = pid ? cpuOf(pid) : null;
  // When the last stream opened (its headers arrived): past a stream's length (TOKENS × INTERVAL_MS)
  // the first streams have ended before the last open, and fewer than n are open at once.
  const started = performance.now();
  let lastOpenMs = 0;
  const hooks = {
    onOpen: () => { mostOpen = Math.max(mostOpen, ++open); lastOpenMs = performance.now() - started; },
    onEnd: () => { open--; },
  };
  const settled = await Promise.allSettled(Array.from({ length: n }, (_, i) => start(i, hooks).then((r) => {
    if (r.tokens !== TOKENS) throw new Error(`stream delivered ${r.tokens} of ${TOKENS} tokens`);
    return r;
  })));
  clearInterval(timer);
  sample();
  const cpuAfter = pid ? cpuOf(pid) : null;
  const ok = settled.filter((r) => r.status === 'fulfilled').map((r) => r.value);
  const delays = ok.flatMap((r) => r.delays);
  const ttft = ok.map((r) => r.ttft);
  return {
    streams: n, mostOpen, lastOpenMs, errors: n - ok.length,
    firstError: settled.find((r) => r.status === 'rejected')?.reason?.message,
    ttft: { p50: pct(ttft, 50), p99: pct(ttft, 99) },
    delay: { p50: pct(delays, 50), p99: pct(delays, 99) },
    peakRssBytes: pid ? peak : null,
    cpuSeconds: cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null,
  };
}

export default async function chatBench({ progress }) {
  const maxLevel = Math.max(...LEVELS);
  // The server holds two sockets per stream (client, upstream), the bench and the upstream one each.
  const needFiles = 2 * maxLevel + 200;
  const files = openFilesLimit();
  if (files < needFiles) {
    throw new Error(`${maxLevel} streams need about ${needFiles} open files per process; the limit is ${files}. Raise it (ulimit -n ${needFiles}) or lower BENCH_CHAT_LEVELS.`);
  }

  const upstream = await startUpstream();
  const relay = await startBareRelay(upstream.url);
  const dataDir = freshDataDir();
  const server = await startServer({
    dataDir,
    env: {
      LLM_BASE_URL: upstream.url, LLM_MODEL: 'bench', CHAT_RATE_LIMIT: String(RATE_LIMIT), LOG_LEVEL: 'error',
      CHAT_STREAMS_PER_USER: String(maxLevel), CHAT_STREAMS_PER_GROUP: String(maxLevel),
    },
  });
  const pid = server.child.pid;
  try {
    const login = await request(`${server.url}/api/uc/passport/doLogin`, { method: 'POST', body: { account: ADMIN.account, password: ADMIN.password } });
    const headers = { 'x-token': login.json.data.token };
    const post = (p, body) => request(`${server.url}${p}`, { method: 'POST', headers, body, timeoutMs: 30_000 });
    const scenes = await request(`${server.url}/api/ai/Robot/getRobotScenes`, { headers });
    const robot = (await post('/api/ai/Robot/saveRobot', { name: '压测机器人', scene_id: scenes.json.data[0].id })).json.data;
    progress(`creating ${maxLevel} sessions`);
    const sessions = [];
    for (let i = 0; i < maxLevel; i += 50) {
      const batch = await Promise.all(Array.from({ length: Math.min(50, maxLevel - i) }, () => post('/api/ai/ChatCategory/save', { r_id: robot.id })));
      sessions.push(...batch.map((r) => r.json.data.id));
    }
    const viaServer = (i, question = '压测问题', hooks = {}) => readStream(`${server.url}/api/ai/chat/stream`, {
      headers, server: true, body: { category_id: sessions[i % sessions.length], question }, ...hooks,
    });
    const direct = (question = '压测问题', hooks = {}) => readStream(`${upstream.url}/chat/completions`, {
      body: { model: 'bench', stream: true, messages: [{ role: 'user', content: question }] }, ...hooks,
    });
    const viaRelay = (question, hooks = {}) => readStream(`${relay.url}/relay`, { server: true, body: { question }, ...hooks });

    // Time to first token: one stream at a time, taking turns between the paths, after a warm-up.
    progress(`time to first token: ${WARMUP} warm-up, then ${SEQUENTIAL} sequential streams each way`);
    const short = '压测问题 [tokens=2]';
    for (let i = 0; i < WARMUP; i++) {
      await direct(short);
      await viaRelay(short);
      await viaServer(i, short);
    }
    await waitIdle(pid);
    const ttftDirect = [];
    const ttftRelay = [];
    const ttftServer = [];
    for (let i = 0; i < SEQUENTIAL; i++) {
      ttftDirect.push((await direct(short)).ttft);
      ttftRelay.push((await viaRelay(short)).ttft);
      ttftServer.push((await viaServer(i, short)).ttft);
    }
    const over = (xs) => ({ p50: pct(xs, 50) - pct(ttftDirect, 50), p99: pct(xs, 99) - pct(ttftDirect, 99) });
    const overhead = over(ttftServer);
    const relayOverhead = over(ttftRelay);

    const levels = {};
    for (const n of LEVELS) {
      progress(`${n} concurrent streams, directly to the upstream`);
      const base = await burst(n, (_, hooks) => direct(undefined, hooks), null);
      progress(`${n} concurrent streams through the bare relay`);
      const bare = await burst(n, (_, hooks) => viaRelay('压测问题', hooks), relay.child.pid);
      await waitIdle(relay.child.pid);
      await waitIdle(pid);
      const idleRss = rssOf(pid);
      progress(`${n} concurrent streams through the server`);
      const relayed = await burst(n, (i, hooks) => viaServer(i, undefined, hooks), pid);
      levels[n] = { direct: base, relay: bare, server: { ...relayed, idleRssBytes: idleRss } };
      await waitIdle(pid, { maxMs: 60_000 });
    }

    printTable('Chat: time to first token', [
      { key: 'what', label: 'path' }, { key: 'p50', label: 'p50 ms', align: 'right' }, { key: 'p99', label: 'p99 ms', align: 'right' },
    ], [
      { what: 'direct to upstream', p50: ms(pct(ttftDirect, 50)), p99: ms(pct(ttftDirect, 99)) },
      { what: 'through a bare relay', p50: ms(pct(ttftRelay, 50)), p99: ms(pct(ttftRelay, 99)) },
      { what: 'through the server', p50: ms(pct(ttftServer, 50)), p99: ms(pct(ttftServer, 99)) },
      { what: 'overhead of the bare relay', p50: ms(relayOverhead.p50), p99: ms(relayOverhead.p99) },
      { what: '**overhead added by the server**', p50: ms(overhead.p50), p99: ms(overhead.p99) },
    ], [
      `${SEQUENTIAL} sequential streams each way, taking turns, after ${WARMUP} unmeasured each way; from sending the request to the first token.`,
      'The bare relay (bench/lib/bare-relay.mjs) is the floor: Fastify in, the openai SDK calling the upstream and eventsource-parser reading it (as the server does), the same events out, nothing else.',
      `The server path: the token check; one statement reading the session with its robot, model choice and bindings and, when the send is accepted, storing the question and reading the history; the upstream call. Database: ${databaseLabel()}.`,
    ]);
    const mib = (b) => (b ? `${int(b / 2 ** 20)} MiB` : 'n/a');
    printTable('Chat: concurrent streams', [
      { key: 'what', label: 'path' }, { key: 'streams', label: 'streams', align: 'right' }, { key: 'open', label: 'open at once', align: 'right' }, { key: 'lastOpen', label: 'last opened s', align: 'right' },
      { key: 'ttft50', label: 'first token p50 ms', align: 'right' }, { key: 'ttft99', label: 'first token p99 ms', align: 'right' },
      { key: 'd50', label: 'token delay p50 ms', align: 'right' }, { key: 'd99', label: 'token delay p99 ms', align: 'right' },
      { key: 'errors', label: 'errors', align: 'right' }, { key: 'cpu', label: 'CPU s', align: 'right' }, { key: 'rss', label: 'server RSS idle → peak', align: 'right' },
    ], Object.values(levels).flatMap(({ direct: d, relay: r, server: s }) => {
      const row = (what, x) => ({
        what, streams: int(x.streams), open: int(x.mostOpen), lastOpen: (x.lastOpenMs / 1000).toFixed(1), ttft50: ms(x.ttft.p50), ttft99: ms(x.ttft.p99),
        d50: ms(x.delay.p50), d99: ms(x.delay.p99), errors: int(x.errors), cpu: x.cpuSeconds === null ? '' : x.cpuSeconds.toFixed(1), rss: '',
      });
      return [
        row('direct to upstream', d),
        row('through a bare relay', r),
        { ...row('through the server', s), rss: `${mib(s.idleRssBytes)} → ${mib(s.peakRssBytes)}` },
      ];
    }), [
      'CPU s: what the relaying process (the bare relay, the server with its database thread) used during the burst, all threads; the upstream and the client share the same two cores.',
      `All streams start at once. The upstream sends ${TOKENS} tokens ${INTERVAL_MS} ms apart; token delay = arrival at the client − send time at the upstream, over every token of every stream.`,
      `A stream is open from its response headers (the server sends them once the question is checked and stored) to its end; "last opened" is when the last one got its headers. Past ${(TOKENS * INTERVAL_MS) / 1000} s the first streams have ended before the last open: no cap holds them back (see the next note).`,
      'An error is any stream that fails, ends without `close`, carries an `error` event or delivers fewer tokens than were sent.',
      `One account sends every stream, so the server runs with CHAT_RATE_LIMIT=${RATE_LIMIT} (the default is 60 a minute per user) and CHAT_STREAMS_PER_USER = CHAT_STREAMS_PER_GROUP = ${maxLevel} (the defaults are 3 and 200 open at once). Open files limit: ${files}.`,
      ...Object.entries(levels).flatMap(([n, v]) => ['direct', 'relay', 'server'].filter((k) => v[k].firstError).map((k) => `First error, ${n} streams ${k}: ${v[k].firstError}`)),
    ]);
    return {
      ttft: {
        direct: { p50: pct(ttftDirect, 50), p99: pct(ttftDirect, 99) }, relay: { p50: pct(ttftRelay, 50), p99: pct(ttftRelay, 99) },
        server: { p50: pct(ttftServer, 50), p99: pct(ttftServer, 99) }, relayOverhead, overhead,
      },
      levels,
    };
  } finally {
    await relay.stop();
    await server.stop();
    upstream.stop();
    removeDir(dataDir);
  }
}
