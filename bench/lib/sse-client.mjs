// Reads one chat stream (POST, SSE) and timestamps every token on arrival. Tokens sent by
// bench/lib/fake-llm.mjs carry their send time, so `delays` is the relay delay of each token.
// readStream uses node:http, the lightest client Node has: with undici's fetch and web streams the
// bench's own reading cost 52 µs a token, 10 s of CPU over the 200,000 tokens of 1,000 streams,
// and delayed the tokens it measured by up to 380 ms with no server in between (node:http: 22 µs,
// p99 6 ms; docs/benchmarks.md, tenth session). The cluster bench keeps undici (`dispatcher`,
// `sseEvents`): it measures time to first token and retries, not the relay delay.
import http from 'node:http';
import { Agent } from 'undici';

const now = () => performance.timeOrigin + performance.now();
export const dispatcher = new Agent({ connections: null, keepAliveTimeout: 30_000, headersTimeout: 120_000, bodyTimeout: 120_000 });
// No limit on sockets per origin: a thousand streams need a thousand sockets.
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** The complete events at the start of `buffer` (`{ event, data }`, event undefined for a bare `data:` line) and what is left. */
function takeEvents(buffer) {
  const events = [];
  let end;
  while ((end = buffer.indexOf('\n\n')) >= 0) {
    const frame = buffer.slice(0, end);
    buffer = buffer.slice(end + 2);
    let event;
    let data;
    for (const line of frame.split('\n')) {
      if (line.startsWith('data: ')) data = line.slice(6);
      else if (line.startsWith('event: ')) event = line.slice(7);
    }
    if (data !== undefined) events.push({ event, data });
  }
  return { events, rest: buffer };
}

/** The events of an SSE body (an async iterable of bytes) as they arrive, data as text. */
export async function* sseEvents(body) {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const bytes of body) {
    const { events, rest } = takeEvents(buffer + decoder.decode(bytes, { stream: true }));
    buffer = rest;
    yield* events;
  }
}

/**
 * Resolves with the time to the first token, every token's delay and the token count; rejects
 * when the stream fails: a non-SSE answer, an `error` event, or (`server: true`) no `close`.
 * `onOpen` runs when the response headers arrive, `onEnd` when the stream is over either way.
 */
export function readStream(url, { headers = {}, body, server = false, onOpen, onEnd } = {}) {
  const started = now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      res.setEncoding('utf8');
      if (res.statusCode !== 200 || !res.headers['content-type']?.startsWith('text/event-stream')) {
        let text = '';
        res.on('data', (c) => { text += c; });
        res.on('end', () => reject(new Error(`stream answered ${res.statusCode}: ${text.slice(0, 200)}`)));
        return;
      }
      onOpen?.();
      let firstToken = null;
      let closed = false;
      let error = null;
      let buffer = '';
      const delays = [];
      const onText = (text, at) => {
        for (const stamp of text.split(';')) {
          if (!stamp) continue;
          firstToken ??= at - started;
          delays.push(at - Number(stamp));
        }
      };
      res.on('data', (chunk) => {
        const at = now();
        const { events, rest } = takeEvents(buffer + chunk);
        buffer = rest;
        for (const { event, data } of events) {
          if (data === '[DONE]') continue;
          const json = JSON.parse(data);
          if (event === 'chat') onText(json.content, at);
          else if (event === 'error') error = json.msg;
          else if (event === 'close') closed = true;
          else if (event === undefined && json.choices) onText(json.choices[0]?.delta?.content ?? '', at);
        }
      });
      let over = false;
      const finish = (err) => {
        if (over) return;
        over = true;
        onEnd?.();
        // A server stream must end with `close` and no `error`; a direct upstream stream has neither.
        if (err || error || (server && !closed)) reject(err ?? new Error(`stream ended ${error ? `with error: ${error}` : 'without a close event'}`));
        else resolve({ ttft: firstToken, delays, tokens: delays.length });
      };
      res.on('end', () => finish(null));
      res.on('error', finish);
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}
