// Reads one chat stream (POST, SSE) and timestamps every token on arrival. Tokens sent by
// bench/lib/fake-llm.mjs carry their send time, so `delays` is the relay delay of each token.
const now = () => performance.timeOrigin + performance.now();

export async function readStream(url, { headers = {}, body } = {}) {
  const started = now();
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  if (!res.ok || !res.headers.get('content-type')?.startsWith('text/event-stream')) {
    throw new Error(`stream answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  }
  const decoder = new TextDecoder();
  let buffer = '';
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
  for await (const bytes of res.body) {
    buffer += decoder.decode(bytes, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(frame)?.[1];
      const data = /^data: (.*)$/m.exec(frame)?.[1];
      if (data === undefined || data === '[DONE]') continue;
      const json = JSON.parse(data);
      if (event === 'chat') onText(json.content);
      else if (event === 'error') error = json.msg;
      else if (event === 'close') closed = true;
      else if (event === undefined && json.choices) onText(json.choices[0]?.delta?.content ?? '');
    }
  }
  if (event0(closed, error, headers)) throw new Error(`stream ended without close: ${error ?? 'no close event'}`);
  return { ttft: firstToken, delays };
}

// A direct upstream stream has no `close` event; a server stream must end with one and no error.
const event0 = (closed, error, headers) => (headers['x-token'] ? !closed || error : false);
