import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { SseError, createSseParser, postSse, type SseEvent } from './sse.ts';

const enc = new TextEncoder();

/** A Response whose body arrives in exactly these byte pieces. */
const streamed = (pieces: Uint8Array[], headers: Record<string, string> = { 'content-type': 'text/event-stream' }) =>
  new Response(new ReadableStream<Uint8Array>({
    start(c) {
      for (const p of pieces) c.enqueue(p);
      c.close();
    },
  }), { status: 200, headers });

/** Cuts bytes at the given offsets. */
const cut = (bytes: Uint8Array, at: number[]) => [0, ...at, bytes.length].slice(1).map((end, i, all) => bytes.slice(i === 0 ? 0 : all[i - 1], end));

const collect = async (res: Response) => {
  vi.stubGlobal('fetch', () => Promise.resolve(res));
  const events: SseEvent[] = [];
  const result = await postSse('/x', {}, { onEvent: (e) => events.push(e) });
  return { result, events };
};

afterEach(() => vi.unstubAllGlobals());

describe('createSseParser', () => {
  it('handles CRLF split between pushes, comments, multi-line data and an unterminated tail', () => {
    const events: SseEvent[] = [];
    const p = createSseParser((e) => events.push(e));
    p.push(': ping\r');
    p.push('\nevent: chat\r\ndata: {"a":');
    p.push('1}\r');
    p.push('\n\r\ndata: one\ndata: two\n\nevent: close\ndata: {}');
    p.end();
    expect(events).toEqual([{ event: 'chat', data: '{"a":1}' }, { event: 'message', data: 'one\ntwo' }]);
  });
});

describe('postSse', () => {
  it('parses frames split across chunks and inside a multi-byte Chinese character', async () => {
    const text = 'event: chat\ndata: {"content":"你好，学伴"}\n\nevent: heartbeat\ndata: {}\n\nevent: close\ndata: {}\n\n';
    const bytes = enc.encode(text);
    const offset = enc.encode(text.slice(0, text.indexOf('你'))).length;
    // Split one byte into 你, two bytes into 好, mid-field and in the middle of the blank line.
    const pieces = cut(bytes, [3, offset + 1, offset + 5, offset + 20, bytes.length - 30, bytes.length - 1]);
    const { result, events } = await collect(streamed(pieces));
    expect(result).toBe('done');
    expect(events.map((e) => e.event)).toEqual(['chat', 'heartbeat', 'close']);
    expect(JSON.parse(events[0]!.data)).toEqual({ content: '你好，学伴' });
  });

  it('splits every byte apart and still decodes the same events', async () => {
    const text = 'event: reasoning\ndata: {"content":"思考"}\n\nevent: chat\ndata: {"content":"答案"}\n\n';
    const bytes = enc.encode(text);
    const { events } = await collect(streamed(Array.from(bytes, (b) => new Uint8Array([b]))));
    expect(events.map((e) => [e.event, JSON.parse(e.data).content])).toEqual([['reasoning', '思考'], ['chat', '答案']]);
  });

  it('is a responseError with the envelope msg when the server answers JSON (refusal) or non-2xx', async () => {
    const refusal = new Response(JSON.stringify({ code: 40000, msg: MSG.sensitiveQuestion, data: null }), { status: 400, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal('fetch', () => Promise.resolve(refusal));
    const err = await postSse('/x', {}, { onEvent: () => {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SseError);
    expect(err).toMatchObject({ kind: 'responseError', message: MSG.sensitiveQuestion, status: 400, code: 40000 });

    vi.stubGlobal('fetch', () => Promise.resolve(new Response('<html>bad gateway</html>', { status: 502 })));
    await expect(postSse('/x', {}, { onEvent: () => {} })).rejects.toMatchObject({ kind: 'responseError', message: MSG.requestFailed });

    // A 200 that is JSON, not a stream, is not an answer either.
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ code: 20000, data: null }), { status: 200, headers: { 'content-type': 'application/json' } })));
    await expect(postSse('/x', {}, { onEvent: () => {} })).rejects.toMatchObject({ kind: 'responseError' });
  });
});

describe('postSse over real HTTP', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/broken') {
        // Half an answer, then the connection dies.
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('event: chat\ndata: {"content":"半"}\n\n');
        setTimeout(() => res.socket?.destroy(), 50);
        return;
      }
      if (req.url === '/slow') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('event: chat\ndata: {"content":"a"}\n\n');
        return; // never ends
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('is a readError when the body breaks mid-way, after the events that did arrive', async () => {
    const events: SseEvent[] = [];
    const err = await postSse(`${base}/broken`, {}, { onEvent: (e) => events.push(e) }).catch((e: unknown) => e);
    expect(events).toHaveLength(1);
    expect(err).toMatchObject({ kind: 'readError' });
  });

  it('resolves aborted, silently, when the caller aborts mid-stream', async () => {
    const ctl = new AbortController();
    const result = await postSse(`${base}/slow`, {}, { signal: ctl.signal, onEvent: () => ctl.abort() });
    expect(result).toBe('aborted');
  });

  it('is a connectError when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    await expect(postSse(`http://127.0.0.1:${port}/`, {}, { onEvent: () => {} })).rejects.toMatchObject({ kind: 'connectError' });
  });
});
