import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdJsdomShims } from '../../../test-support/antd-jsdom.ts';
import { VisitorChat } from './VisitorChat.tsx';

/**
 * The visitor's chat against a stand-in of the server's /v1 endpoints (the outside world of this
 * component): the robot's greeting, a streamed answer with its document, the conversation kept
 * in this browser.
 */
const ROBOT = { id: 5, code: 'bus', name: '校车助手', avatar: '', prologue: '有校车问题问我', suggested_questions: ['校车几点出发？'] };
const sse = (chunks: unknown[]) => new Response(chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n', { headers: { 'content-type': 'text/event-stream' } });
const delta = (content: string) => ({ choices: [{ index: 0, delta: { role: 'assistant', content }, finish_reason: null }] });

function renderChat() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}><VisitorChat token="vt.ticket" /></QueryClientProvider>);
}

describe('VisitorChat', () => {
  const calls: { url: string; body: unknown; auth: string | null }[] = [];
  beforeEach(() => {
    installAntdJsdomShims();
    localStorage.clear();
    calls.length = 0;
    // As Chromium's: the scroll methods return a promise.
    Element.prototype.scrollIntoView = (() => Promise.resolve()) as unknown as Element['scrollIntoView'];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : null, auth: new Headers(init.headers).get('authorization') });
      if (url === '/v1/embed/robot') return Response.json(ROBOT);
      return sse([delta('校车早上'), delta('七点出发。'), { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], sources: [{ title: '校车时刻表.txt#1', document_name: '校车时刻表.txt' }] }]);
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('greets, streams the answer with its document, and keeps the conversation in this browser', async () => {
    renderChat();
    expect(await screen.findByText('有校车问题问我')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '校车几点出发？' }));
    expect(await screen.findByText('校车早上七点出发。')).toBeTruthy();
    expect(await screen.findByText('校车时刻表.txt')).toBeTruthy();
    const asked = calls.find((c) => c.url === '/v1/chat/completions')!;
    expect(asked.auth).toBe('Bearer vt.ticket');
    expect(asked.body).toMatchObject({ model: 'bus', stream: true, user: expect.stringMatching(/^v-/), messages: [{ role: 'user', content: '校车几点出发？' }] });

    // Typed, sent with Enter: the earlier exchange goes along.
    const input = screen.getByLabelText('输入问题');
    fireEvent.change(input, { target: { value: '末班车呢？' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('末班车呢？')).toBeTruthy();
    await vi.waitFor(() => expect(calls.filter((c) => c.url === '/v1/chat/completions')).toHaveLength(2));
    expect((calls.at(-1)!.body as { messages: unknown[] }).messages).toHaveLength(3);
    await vi.waitFor(() => expect(screen.getAllByText('校车早上七点出发。')).toHaveLength(2));

    cleanup();
    renderChat();
    expect(await screen.findByText('末班车呢？')).toBeTruthy();
  });
});
