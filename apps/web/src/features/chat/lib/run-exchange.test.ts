import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from './messages.ts';
import { chatReducer, initialChatState, type ChatAction, type ChatStreamState } from './chat-reducer.ts';
import { runExchange } from './run-exchange.ts';

const enc = new TextEncoder();
const frame = (event: string, data: unknown) => enc.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

/** The server's answer: these frames, then the body ends, or breaks (`breaks`: a read error). */
const sse = (frames: Uint8Array[], breaks = false) => new Response(new ReadableStream<Uint8Array>({
  start(c) {
    for (const f of frames) c.enqueue(f);
    if (breaks) c.error(new TypeError('network error'));
    else c.close();
  },
}), { status: 200, headers: { 'content-type': 'text/event-stream' } });

const user: ChatMessage = { key: 'u1', type: 1, content: '从一数到四', create_time: 1 };
const reply: ChatMessage = { key: 'a1', type: 2, content: '', reasoning: '', create_time: 1 };
const body: Parameters<typeof runExchange>[0] = { type: 1, category_id: 7, question: '从一数到四', extra: { chat_annex: [] }, client_msg_id: 'm-1' };

/** Runs one send against scripted server answers (fetch is the outside world here); the state and the bodies sent. */
async function send(answers: (() => Promise<Response>)[]) {
  let state: ChatStreamState = chatReducer(chatReducer(initialChatState, { type: 'input', value: '从一数到四' }), { type: 'send', user, reply, input: '从一数到四' });
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    sent.push(JSON.parse(String(init.body)));
    const next = answers.shift();
    return next ? next() : Promise.reject(new TypeError('Failed to fetch'));
  });
  await runExchange(body, (a: ChatAction) => { state = chatReducer(state, a); }, { onSessionEnded: () => {}, backoffMs: [1, 1, 1] });
  return { state, sent, answer: state.live.find((m) => m.key === 'a1') };
}

afterEach(() => vi.unstubAllGlobals());

describe('runExchange re-sends a broken stream', () => {
  it('a read error mid-answer: the same send again, the reply reset to the replay (nothing doubled), the question kept', async () => {
    const { state, sent, answer } = await send([
      async () => sse([frame('chat', { content: '一' }), frame('chat', { content: '二' })], true),
      async () => sse([
        frame('chat', { content: '一二' }), frame('chat', { content: '三四' }),
        frame('finish', { status: 'done', sources: [] }), frame('records', { id: 9 }), frame('close', {}),
      ]),
    ]);
    expect(sent).toEqual([body, body]);
    expect(answer).toMatchObject({ content: '一二三四', status: 'done', recordId: 9, loading: false });
    expect(state.live.map((m) => m.key)).toEqual(['u1', 'a1']);
    expect([state.phase, state.input]).toEqual(['cooldown', '']);
  });

  it('a body that ends without close is re-sent too; a failed re-send (the node is down) is retried before giving up', async () => {
    const { sent, answer } = await send([
      async () => sse([frame('chat', { content: '一二' })]),
      () => Promise.reject(new TypeError('Failed to fetch')),
      async () => new Response('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
      async () => sse([frame('chat', { content: '一二三四' }), frame('finish', { status: 'done', sources: [] }), frame('records', { id: 9 }), frame('close', {})]),
    ]);
    expect(sent).toHaveLength(4);
    expect(answer).toMatchObject({ content: '一二三四', status: 'done' });
  });

  it('when every re-send fails, today\'s connection failure: the new messages go and the input comes back', async () => {
    const { state, sent } = await send([async () => sse([frame('chat', { content: '一' })], true)]);
    expect(sent).toHaveLength(4);
    expect(state.live).toEqual([]);
    expect([state.phase, state.input]).toEqual(['idle', '从一数到四']);
  });

  it('a send that never reached the server is not re-sent: it fails at once as before', async () => {
    const { state, sent } = await send([() => Promise.reject(new TypeError('Failed to fetch'))]);
    expect(sent).toHaveLength(1);
    expect(state.input).toBe('从一数到四');
  });
});
