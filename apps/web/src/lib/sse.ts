/**
 * Server-sent events over a POST (spec §7 streamed chat): EventSource can only GET, so this reads
 * the fetch body itself. Bytes are decoded incrementally (a Chinese character split across two
 * chunks stays whole) and cut into events at blank lines, as the SSE format says.
 *
 * Failures are told apart (spec §4): `connectError` (fetch rejected: server unreachable),
 * `responseError` (a non-2xx or a JSON envelope instead of text/event-stream: the server refused,
 * its msg is kept), `readError` (the body broke mid-way). A caller's abort is silent: the call
 * resolves with 'aborted'. The `error` event is not an exception: it arrives through `onEvent`.
 */
import { SUCCESS_CODES } from '@xueban/contract/codes';
import { MSG } from '@xueban/contract/messages';

export interface SseEvent {
  /** The `event:` field; 'message' when the frame named none. */
  event: string;
  data: string;
  id?: string;
}

export type SseErrorKind = 'connectError' | 'responseError' | 'readError';

export class SseError extends Error {
  override readonly name = 'SseError';
  constructor(
    readonly kind: SseErrorKind,
    message: string,
    /** HTTP status (0 without a response) and the envelope code, when there was one. */
    readonly status = 0,
    readonly code: number | null = null,
  ) {
    super(message);
  }
}

/**
 * An incremental parser: feed it decoded text in any pieces, it calls `onEvent` per complete
 * frame. Comments (`:` lines, e.g. keep-alives) are skipped; `retry` is ignored.
 */
export function createSseParser(onEvent: (e: SseEvent) => void) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;
  // A chunk ending in '\r' may be half of '\r\n': the next chunk decides.
  let pendingCr = false;

  const dispatch = () => {
    if (data.length) onEvent({ event: event || 'message', data: data.join('\n'), ...(id !== undefined ? { id } : {}) });
    event = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
  };

  return {
    push(text: string) {
      if (pendingCr && text.startsWith('\n')) text = text.slice(1);
      pendingCr = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const ch = buffer[i];
        if (ch !== '\n' && ch !== '\r') continue;
        line(buffer.slice(start, i));
        if (ch === '\r') {
          if (i + 1 === buffer.length) pendingCr = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    /** The stream ended: an unterminated last frame is dropped, as the format says. */
    end() {
      buffer = '';
      data = [];
      event = '';
    },
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The message of a refusal: the envelope's msg, message or data (spec §8), else the status text. */
function refusal(text: string, res: Response): SseError {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (isRecord(body)) {
    const pick = [body.msg, body.message, body.data].find((v): v is string => typeof v === 'string' && v !== '');
    const code = typeof body.code === 'number' ? body.code : null;
    return new SseError('responseError', pick ?? MSG.requestFailed, res.status, code);
  }
  const plain = text.trim();
  return new SseError('responseError', plain && plain.length <= 200 && !plain.startsWith('<') ? plain : MSG.requestFailed, res.status);
}

export interface PostSseOptions {
  signal?: AbortSignal;
  onEvent: (e: SseEvent) => void;
}

/**
 * POSTs `body` as JSON and streams the answer's events to `onEvent`. Resolves 'done' when the
 * body ends and 'aborted' when `signal` aborted; rejects with an SseError otherwise.
 */
export async function postSse(url: string, body: unknown, { signal, onEvent }: PostSseOptions): Promise<'done' | 'aborted'> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(body),
      credentials: 'include',
      signal,
    });
  } catch {
    if (signal?.aborted) return 'aborted';
    throw new SseError('connectError', MSG.requestFailed);
  }

  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.includes('text/event-stream') || !res.body) {
    let text = '';
    try {
      text = await res.text();
    } catch {
      if (signal?.aborted) return 'aborted';
    }
    const err = refusal(text, res);
    // A 2xx JSON answer with a success code and no stream is still not an answer.
    if (res.ok && err.code !== null && SUCCESS_CODES.includes(err.code)) throw new SseError('responseError', MSG.requestFailed, res.status, err.code);
    throw err;
  }

  const parser = createSseParser(onEvent);
  const decoder = new TextDecoder('utf-8');
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
    return 'done';
  } catch {
    if (signal?.aborted) return 'aborted';
    throw new SseError('readError', MSG.requestFailed, res.status);
  } finally {
    reader.releaseLock?.();
  }
}
