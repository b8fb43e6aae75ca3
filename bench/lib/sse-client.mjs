// Reads one chat stream (POST, SSE) and timestamps every token on arrival. Tokens sent by
// bench/lib/fake-llm.mjs carry their send time, so `delays` is the relay delay of each token.
// undici's own fetch and Agent: no limit on connections per origin (a thousand streams need a
// thousand sockets) and long timeouts (under load the first byte can take seconds).
import { Agent, fetch } from 'undici';

const now = () => performance.timeOrigin + performance.now();
export const dispatcher = new Agent({ connections: null, keepAliveTimeout: 30_000, headersTimeout: 120_000, bodyTimeout: 120_000 });

/** The events of an SSE body as they arrive: `{ event, data }` (event undefined for a bare `data:` line), data as text. */
export async function* sseEvents(body) {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const bytes of body) {
    buffer += decoder.decode(bytes, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = /^data: (.*)$/m.exec(frame)?.[1];
      if (data !== undefined) yield { event: /^event: (.*)$/m.exec(frame)?.[1], data };
    }
  }
}

/**
 * Resolves with the time to the first token, every token's delay and the token count; rejects
 * when the stream fails: a non-SSE answer, an `error` event, or (`server: true`) no `close`.
 * `onOpen` runs when the response headers arrive, `onEnd` when the stream is over either way.
 */
export async function readStream(url, { headers = {}, body, server = false, onOpen, onEnd } = {}) {
  const started = now();
  let opened = false;
  try {
    const res = await fetch(url, {
      method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), dispatcher,
    });
    if (!res.ok || !res.headers.get('content-type')?.startsWith('text/event-stream')) {
      throw new Error(`stream answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    }
    opened = true;
    onOpen?.();
    let firstToken = null;
    let closed = false;
    let error = null;
    const delays = [];
    const onText = (text) => {
      const at = now();
      for (const stamp of text.split(';').filter(Boolean)) {
        firstToken ??= at - started;
        delays.push(at - Number(stamp));
      }
    };
    for await (const { event, data } of sseEvents(res.body)) {
      if (data === '[DONE]') continue;
      const json = JSON.parse(data);
      if (event === 'chat') onText(json.content);
      else if (event === 'error') error = json.msg;
      else if (event === 'close') closed = true;
      else if (event === undefined && json.choices) onText(json.choices[0]?.delta?.content ?? '');
    }
    // A server stream must end with `close` and no `error`; a direct upstream stream has neither.
    if (error || (server && !closed)) throw new Error(`stream ended ${error ? `with error: ${error}` : 'without a close event'}`);
    return { ttft: firstToken, delays, tokens: delays.length };
  } finally {
    if (opened) onEnd?.();
  }
}
