/** A test client for the chat stream over real HTTP: collects named events as they arrive. */
export interface SseEvent { event: string; data: any; at: number }

export interface StreamResult {
  status: number;
  /** The envelope when the server refused before streaming. */
  envelope: { code: number; msg: string; data: unknown } | null;
  events: SseEvent[];
  /** The joined `chat` deltas. */
  answer: string;
}

export async function streamChat(
  base: string,
  token: string,
  body: unknown,
  onEvent?: (e: SseEvent, stop: () => void) => void,
): Promise<StreamResult> {
  const ctrl = new AbortController();
  const res = await fetch(`${base}/api/ai/chat/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-token': token },
    body: JSON.stringify(body),
    signal: ctrl.signal,
  });
  const result: StreamResult = { status: res.status, envelope: null, events: [], answer: '' };
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    result.envelope = (await res.json()) as StreamResult['envelope'];
    return result;
  }
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(bytes, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(frame)?.[1] ?? 'message';
        const data = JSON.parse(/^data: (.*)$/m.exec(frame)?.[1] ?? 'null');
        const e = { event, data, at: Date.now() };
        result.events.push(e);
        if (event === 'chat') result.answer += data.content;
        onEvent?.(e, () => ctrl.abort());
      }
    }
  } catch (err) {
    if (!ctrl.signal.aborted) throw err;
  }
  return result;
}

/**
 * The events' names in order, without heartbeats. A run of `chat` (or `reasoning`) events counts as
 * one: deltas the upstream sent close together may reach the client as one event (ai/llm-stream.ts).
 */
export const names = (r: StreamResult) => r.events.map((e) => e.event)
  .filter((n, i, all) => n !== 'heartbeat' && !((n === 'chat' || n === 'reasoning') && all[i - 1] === n));
