import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HitTestItem, RetrievalStatus } from '@xueban/contract/knowledge';
import { installAntdJsdomShims } from '../../../test-support/antd-jsdom.ts';
import { HitTestPanel } from './HitTestPanel.tsx';

// The network is the edge of the world: `fetch` answers with real Response objects.
const json = (data: unknown) => new Response(JSON.stringify({ code: 20000, msg: 'ok', data }), { status: 200, headers: { 'content-type': 'application/json' } });
const hit: HitTestItem = { chunk_id: 1, document_id: 2, document_name: '图书馆规定.txt', repository_id: 7, heading: '', question: '', content: '图书馆周末九点开放。', score: 0.5 };
const status = (rewrite_model: string): RetrievalStatus => ({ mode: 'keyword', vector: false, embedding_model: '', rerank_model: '', rewrite_model, note: '' });
let fetchMock: ReturnType<typeof vi.fn>;
const hitTestUrls = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.includes('/hitTest'));

function show(rewriteModel: string) {
  fetchMock.mockImplementation((url: string) => {
    if (String(url).includes('retrievalStatus')) return Promise.resolve(json(status(rewriteModel)));
    // The server's two shapes: the plain list, or the restated question beside the hits when asked.
    return Promise.resolve(json(String(url).includes('rewrite=1') ? { query: '那周末呢', rewritten: '图书馆 周末 开放时间', hits: [hit] } : [hit]));
  });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(<QueryClientProvider client={qc}><HitTestPanel repositoryId={7} /></QueryClientProvider>);
}
const ask = (q: string) => {
  fireEvent.change(screen.getByLabelText('测试问题'), { target: { value: q } });
  fireEvent.click(screen.getByRole('button', { name: /测\s*试/ }));
};

describe('HitTestPanel (命中测试) and 问题改写', () => {
  beforeEach(() => {
    installAntdJsdomShims();
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('without a rewrite model there is no switch, and the question is searched as typed', async () => {
    show('');
    await waitFor(() => expect(screen.getByRole('note', { name: '检索方式' })).toBeTruthy());
    expect(screen.queryByRole('switch', { name: '问题改写' })).toBeNull();
    ask('那周末呢');
    await waitFor(() => expect(screen.getByTestId('kb-hit').textContent).toContain('图书馆规定.txt'));
    expect(hitTestUrls()[0]).not.toContain('rewrite');
    expect(screen.queryByText(/改写为/)).toBeNull();
  });

  it('with one, 问题改写 is off by default; switched on, the restated question shows above the hits', async () => {
    show('测试改写');
    const toggle = await screen.findByRole('switch', { name: '问题改写' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    ask('那周末呢');
    await waitFor(() => expect(screen.getByTestId('kb-hit')).toBeTruthy());
    expect(hitTestUrls()[0]).not.toContain('rewrite');

    fireEvent.click(toggle);
    ask('那周末呢');
    await waitFor(() => expect(screen.getByRole('note', { name: '改写后的问题' }).textContent).toBe('改写为：图书馆 周末 开放时间'));
    expect(hitTestUrls()[1]).toContain('rewrite=1');
    expect(screen.getByTestId('kb-hit').textContent).toContain('图书馆周末九点开放');
  });
});
