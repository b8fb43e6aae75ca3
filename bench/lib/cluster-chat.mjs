// The cluster bench's chat client: one question sent through nginx, read to its end, and sent
// again with the same client_msg_id when the connection breaks (the node behind it was killed),
// as the web does. A retried send is answered once: the server replays the stored exchange.
import { fetch } from 'undici';
import { dispatcher, sseEvents } from './sse-client.mjs';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * One try. Resolves { outcome, ttft, finish, recordId, chunks }: outcome `finished` (a finish
 * event, then close), `replayed` (close without finish: the stored exchange of a reply still
 * streaming elsewhere), `broken` (the connection ended without close), `refused` (not a stream).
 */
export async function sendOnce(base, token, body, onFirstToken) {
  const started = performance.now();
  let res;
  try {
    res = await fetch(`${base}/api/ai/chat/stream`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-token': token }, body: JSON.stringify(body), dispatcher,
    });
  } catch (err) {
    return { outcome: 'broken', error: err.message };
  }
  if (!res.ok || !res.headers.get('content-type')?.startsWith('text/event-stream')) {
    return { outcome: 'refused', status: res.status, error: (await res.text().catch(() => '')).slice(0, 200) };
  }
  let ttft = null;
  let finish = null;
  let recordId = null;
  let closed = false;
  let chunks = 0;
  let error = null;
  try {
    for await (const { event, data } of sseEvents(res.body)) {
      const json = JSON.parse(data);
      if (event === 'chat') {
        chunks++;
        if (ttft === null) { ttft = performance.now() - started; onFirstToken?.(); }
      } else if (event === 'finish') finish = json.status;
      else if (event === 'records') recordId = json.id;
      else if (event === 'error') error = json.message ?? JSON.stringify(json);
      else if (event === 'close') closed = true;
    }
  } catch (err) {
    return { outcome: 'broken', ttft, chunks, error: err.message };
  }
  if (!closed) return { outcome: 'broken', ttft, chunks, error: error ?? 'ended without close' };
  return { outcome: finish ? 'finished' : 'replayed', ttft, finish, recordId, chunks, error };
}

/**
 * Sends until a try ends with `close` (at most `tries`, a second apart), always with the same
 * client_msg_id. `first` is the first try's result (its time to first token); `interrupted` says
 * whether any try broke.
 */
export async function sendWithRetry(base, token, body, { tries = 8, onFirstToken } = {}) {
  const attempts = [];
  for (let i = 0; i < tries; i++) {
    const r = await sendOnce(base, token, body, i === 0 ? onFirstToken : undefined);
    attempts.push(r);
    if (r.outcome === 'finished' || r.outcome === 'replayed') break;
    await sleep(1000 + 500 * i);
  }
  const last = attempts.at(-1);
  return { first: attempts[0], last, attempts: attempts.length, interrupted: attempts.some((a) => a.outcome !== 'finished') };
}
