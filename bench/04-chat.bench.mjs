// Chat streaming: what the server adds between an OpenAI-compatible upstream and the client.
// The upstream (bench/lib/fake-llm.mjs) and the server run in their own processes; the clients
// run here. Baseline: the same client reading the upstream directly.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ADMIN, databaseLabel, freePort, freshDataDir, removeDir, request, startServer } from './lib/server.mjs';
import { readStream } from './lib/sse-client.mjs';
import { int, ms, printTable } from './lib/table.mjs';

export const title = 'Chat streaming relay';

const SEQUENTIAL = 40;
const LEVELS = (process.env.BENCH_CHAT_LEVELS ?? '200,1000').split(',').map(Number);
const TOKENS = 20;
const INTERVAL_MS = 50;

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};

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

/** Peak resident memory of a process while `work` runs (Linux /proc; null elsewhere). */
async function peakRss(pid, work) {
  let peak = 0;
  const read = () => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
      peak = Math.max(peak, kb * 1024);
    } catch { /* not Linux */ }
  };
  const timer = setInterval(read, 100);
  try {
    return { result: await work(), peak: peak || null };
  } finally {
    clearInterval(timer);
  }
}

export default async function chatBench({ progress }) {
  const upstream = await startUpstream();
  const dataDir = freshDataDir();
  const server = await startServer({
    dataDir,
    env: { LLM_BASE_URL: upstream.url, LLM_MODEL: 'bench', CHAT_RATE_LIMIT: '1000000', LOG_LEVEL: 'error' },
  });
  try {
    const login = await request(`${server.url}/api/uc/passport/doLogin`, { method: 'POST', body: { account: ADMIN.account, password: ADMIN.password } });
    const headers = { 'x-token': login.json.data.token };
    const post = (p, body) => request(`${server.url}${p}`, { method: 'POST', headers, body, timeoutMs: 30_000 });
    const scenes = await request(`${server.url}/api/ai/Robot/getRobotScenes`, { headers });
    const robot = (await post('/api/ai/Robot/saveRobot', { name: '压测机器人', scene_id: scenes.json.data[0].id })).json.data;
    const maxLevel = Math.max(...LEVELS);
    progress(`creating ${maxLevel} sessions`);
    const sessions = [];
    for (let i = 0; i < maxLevel; i += 50) {
      const batch = await Promise.all(Array.from({ length: Math.min(50, maxLevel - i) }, () => post('/api/ai/ChatCategory/save', { r_id: robot.id })));
      sessions.push(...batch.map((r) => r.json.data.id));
    }
    const viaServer = (i) => readStream(`${server.url}/api/ai/chat/stream`, { headers, body: { category_id: sessions[i % sessions.length], question: '压测问题' } });
    const direct = () => readStream(`${upstream.url}/chat/completions`, { body: { model: 'bench', stream: true, messages: [{ role: 'user', content: '压测问题' }] } });

    progress(`time to first token: ${SEQUENTIAL} sequential streams each way`);
    const ttftDirect = [];
    const ttftServer = [];
    for (let i = 0; i < SEQUENTIAL; i++) {
      ttftDirect.push((await direct()).ttft);
      ttftServer.push((await viaServer(i)).ttft);
    }

    const rows = [];
    const baseline = await Promise.all(Array.from({ length: 50 }, direct));
    const baseDelays = baseline.flatMap((r) => r.delays);
    rows.push({ what: 'direct to upstream, 50 streams', p50: ms(pct(baseDelays, 50)), p99: ms(pct(baseDelays, 99)), errors: 0, rss: '' });
    const levels = {};
    for (const n of LEVELS) {
      progress(`${n} concurrent streams through the server`);
      const { result, peak } = await peakRss(server.child.pid, () => Promise.allSettled(Array.from({ length: n }, (_, i) => viaServer(i))));
      const ok = result.filter((r) => r.status === 'fulfilled').map((r) => r.value);
      const delays = ok.flatMap((r) => r.delays);
      const errors = result.length - ok.length;
      const firstError = result.find((r) => r.status === 'rejected')?.reason?.message;
      levels[n] = { p50: pct(delays, 50), p99: pct(delays, 99), errors, peakRssBytes: peak, firstError };
      rows.push({
        what: `through the server, ${n} concurrent streams`, p50: ms(pct(delays, 50)), p99: ms(pct(delays, 99)),
        errors: int(errors), rss: peak ? `${int(peak / 2 ** 20)} MiB` : 'n/a',
      });
    }
    const overhead = { p50: pct(ttftServer, 50) - pct(ttftDirect, 50), p99: pct(ttftServer, 99) - pct(ttftDirect, 99) };
    printTable('Chat: time to first token', [
      { key: 'what', label: 'path' }, { key: 'p50', label: 'p50 ms', align: 'right' }, { key: 'p99', label: 'p99 ms', align: 'right' },
    ], [
      { what: 'direct to upstream', p50: ms(pct(ttftDirect, 50)), p99: ms(pct(ttftDirect, 99)) },
      { what: 'through the server', p50: ms(pct(ttftServer, 50)), p99: ms(pct(ttftServer, 99)) },
      { what: '**overhead added by the server**', p50: ms(overhead.p50), p99: ms(overhead.p99) },
    ], [`${SEQUENTIAL} sequential streams each way; the server path includes login check, session and robot lookup, storing the question, model resolution. Database: ${databaseLabel()}.`]);
    printTable('Chat: per-token relay delay under load', [
      { key: 'what', label: 'streams' }, { key: 'p50', label: 'delay p50 ms', align: 'right' }, { key: 'p99', label: 'delay p99 ms', align: 'right' },
      { key: 'errors', label: 'errors', align: 'right' }, { key: 'rss', label: 'server peak RSS', align: 'right' },
    ], rows, [
      `Upstream sends ${TOKENS} tokens ${INTERVAL_MS} ms apart; delay = arrival at the client − send time at the upstream, for every token.`,
      ...Object.entries(levels).filter(([, v]) => v.firstError).map(([n, v]) => `First error at ${n}: ${v.firstError}`),
    ]);
    return { ttft: { direct: { p50: pct(ttftDirect, 50), p99: pct(ttftDirect, 99) }, server: { p50: pct(ttftServer, 50), p99: pct(ttftServer, 99) }, overhead }, levels };
  } finally {
    await server.stop();
    upstream.stop();
    removeDir(dataDir);
  }
}
