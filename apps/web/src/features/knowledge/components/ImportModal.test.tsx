import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { installAntdJsdomShims } from '../../../test-support/antd-jsdom.ts';
import { ImportModal, type ImportTab } from './ImportModal.tsx';

// The network is the edge of the world: `fetch` answers with real Response objects.
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
let fetchMock: ReturnType<typeof vi.fn>;
const sent = () => fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), body: (init as RequestInit | undefined)?.body ? JSON.parse(String((init as RequestInit).body)) as unknown : undefined }));

function show(tab: ImportTab, onClose = vi.fn()) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <ImportModal repositoryId={7} open onClose={onClose} initialTab={tab} />
    </QueryClientProvider>,
  );
  return onClose;
}
const importButton = () => screen.getAllByRole('button', { name: /导\s*入/ }).at(-1)!;
const alertText = () => within(screen.getByRole('dialog')).getByRole('alert').textContent;

describe('ImportModal (导入: files, a web page, question/answer pairs)', () => {
  beforeEach(() => {
    installAntdJsdomShims();
    fetchMock = vi.fn(() => Promise.resolve(json({ code: 20000, msg: 'ok', data: [] })));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('上传文件: nothing picked says 请选择要上传的文件; a file of another type is refused and not listed', async () => {
    show('file');
    fireEvent.click(importButton());
    expect(alertText()).toBe(MSG.kbFileRequired);

    // The picker's input is replaced after each pick: look it up each time.
    const input = () => document.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input().accept).toContain('.pdf');
    expect(input().multiple).toBe(true);
    await act(async () => {
      fireEvent.change(input(), { target: { files: [new File(['MZ'], 'setup.exe')] } });
    });
    await waitFor(() => expect(alertText()).toBe(`setup.exe：${MSG.kbFileType}`));
    expect(screen.queryByText('setup.exe')).toBeNull();

    await act(async () => {
      fireEvent.change(input(), { target: { files: [new File(['%PDF-1.4'], '讲义.pdf'), new File(['a,b'], '表.csv')] } });
    });
    await waitFor(() => expect(screen.getByText('讲义.pdf')).toBeTruthy());
    expect(screen.getByText('表.csv')).toBeTruthy();
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: '导入 2 个文件' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('网页链接: an address that is not http(s) is refused before any call; a good one is previewed, then queued', async () => {
    const onClose = show('url');
    const input = screen.getByRole('textbox', { name: '网页地址' });
    fireEvent.click(importButton());
    expect(alertText()).toBe(MSG.kbUrlRequired);
    fireEvent.change(input, { target: { value: 'ftp://example.com/a' } });
    fireEvent.click(screen.getByRole('button', { name: /预\s*览/ }));
    expect(alertText()).toBe(MSG.kbUrlInvalid);
    expect(fetchMock).not.toHaveBeenCalled();

    const long = '光合作用'.repeat(200);
    fetchMock.mockResolvedValueOnce(json({ code: 20000, msg: 'ok', data: { title: '光合作用 - 百科', text: long } }));
    fireEvent.change(input, { target: { value: 'https://example.com/a' } });
    fireEvent.click(screen.getByRole('button', { name: /预\s*览/ }));
    const preview = await screen.findByRole('region', { name: '网页预览' });
    expect(preview.textContent).toContain('光合作用 - 百科');
    // The first 500 characters, then an ellipsis; the full length below.
    expect(preview.textContent).toContain(`${long.slice(0, 500)}…`);
    expect(preview.textContent).toContain('共 800 个字符');
    expect(sent()[0]).toEqual({ url: '/api/ai/knowledge/parseWebUrl', body: { url: 'https://example.com/a' } });

    fireEvent.click(importButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent()[1]).toEqual({ url: '/api/ai/knowledge/training', body: { type: 'url', repository_id: 7, url: 'https://example.com/a' } });
  });

  it('问答对: empty says 请至少填写一组问题和答案, half a pair 问题和答案都不能为空; filled rows are sent, blank ones dropped', async () => {
    const onClose = show('qa');
    fireEvent.click(importButton());
    expect(alertText()).toBe(MSG.kbQaRequired);

    fireEvent.change(screen.getByRole('textbox', { name: '问题 1' }), { target: { value: '什么是光合作用？' } });
    fireEvent.click(importButton());
    expect(alertText()).toBe(MSG.kbQaIncomplete);
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('textbox', { name: '答案 1' }), { target: { value: '植物利用光能制造有机物。' } });
    fireEvent.click(screen.getByRole('button', { name: /添加一组/ }));
    fireEvent.click(screen.getByRole('button', { name: /添加一组/ }));
    fireEvent.change(screen.getByRole('textbox', { name: '问题 3' }), { target: { value: '叶绿体在哪里？' } });
    fireEvent.change(screen.getByRole('textbox', { name: '答案 3' }), { target: { value: '叶肉细胞中。' } });
    fireEvent.click(screen.getByRole('button', { name: '删除第 2 组' }));
    expect(screen.getAllByTestId('qa-row')).toHaveLength(2);
    fireEvent.change(screen.getByRole('textbox', { name: '文档名称' }), { target: { value: '生物问答' } });
    fireEvent.click(importButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent()).toEqual([{
      url: '/api/ai/knowledge/training',
      body: { type: 'qa', repository_id: 7, name: '生物问答', qa: [{ question: '什么是光合作用？', answer: '植物利用光能制造有机物。' }, { question: '叶绿体在哪里？', answer: '叶肉细胞中。' }] },
    }]);
  }, 60_000); // many antd inputs typed into under jsdom: 28 s on a loaded 2-core machine
});
