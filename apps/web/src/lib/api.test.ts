import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, configureApi, request } from './api.ts';

// The network is the edge of the world here: `fetch` answers with real Response objects.
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that never answers until its signal aborts (a hung server). */
const hangingFetch = (_url: string, init?: RequestInit) =>
  new Promise<Response>((_, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

let fetchMock: ReturnType<typeof vi.fn>;
const notifyError = vi.fn();
const onSessionEnded = vi.fn();
let restore: () => void;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  restore = configureApi({ notifyError, onSessionEnded });
});

afterEach(() => {
  restore();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  notifyError.mockReset();
  onSessionEnded.mockReset();
});

const rejection = async (p: Promise<unknown>): Promise<ApiError> => {
  const err = await p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
};

describe('request layer (spec §8)', () => {
  it.each([20000, 200, 204, 1])('code %i is success and resolves to data', async (code) => {
    fetchMock.mockResolvedValueOnce(json({ code, msg: 'ok', data: { uid: 7 } }));
    await expect(api.get('/api/x')).resolves.toEqual({ uid: 7 });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('sends credentials and JSON, never a token of its own', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 20000, msg: 'ok', data: null }));
    await api.post('/api/uc/passport/doLogin', { account: 'a@b.cn', password: 'secret1' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/uc/passport/doLogin');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"account":"a@b.cn","password":"secret1"}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(init.headers).not.toHaveProperty('X-Token');
  });

  it('puts query values in the URL and leaves out empty ones', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 20000, msg: 'ok', data: [] }));
    await api.get('/api/list', { page: 2, limit: 10, q: undefined, r: null });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/list?page=2&limit=10');
  });

  it('a business error (code below 50000) toasts msg for 5 s and rejects', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 40000, msg: '账号或密码错误', data: null }, 400));
    const err = await rejection(api.post('/api/uc/passport/doLogin', {}));
    expect(err).toMatchObject({ kind: 'business', code: 40000, status: 400, message: '账号或密码错误' });
    expect(notifyError).toHaveBeenCalledExactlyOnceWith('账号或密码错误', 5);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('falls back to message, then to "Error", for the toast text', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 123, message: '来自 message' }));
    await rejection(api.get('/api/x'));
    fetchMock.mockResolvedValueOnce(json({ code: 123 }));
    await rejection(api.get('/api/x'));
    expect(notifyError.mock.calls).toEqual([['来自 message', 5], ['Error', 5]]);
  });

  it('a body without code is an error only when success is false', async () => {
    fetchMock.mockResolvedValueOnce(json({ success: false, msg: '失败了' }));
    await rejection(api.get('/api/x'));
    expect(notifyError).toHaveBeenCalledExactlyOnceWith('失败了', 5);
    fetchMock.mockResolvedValueOnce(json({ version: '1.2.3' }));
    await expect(api.get('/version.json')).resolves.toEqual({ version: '1.2.3' });
  });

  it.each([50008, 50014])('%i is silent and ends the session', async (code) => {
    fetchMock.mockResolvedValueOnce(json({ code, msg: '登录已失效，请重新登录', data: null }, 401));
    const err = await rejection(api.get('/api/uc/User/getUserInviteInfo'));
    expect(err).toMatchObject({ kind: 'silent', code, isSessionEnded: true });
    expect(notifyError).not.toHaveBeenCalled();
    expect(onSessionEnded).toHaveBeenCalledOnce();
  });

  it('a session probe gets 50008 without ending the session or a toast', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 50008, msg: '请先登录', data: null }, 401));
    const err = await rejection(api.get('/api/uc/passport/getUserInfo', undefined, { authProbe: true }));
    expect(err.isSessionEnded).toBe(true);
    expect(notifyError).not.toHaveBeenCalled();
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('a quiet call (停止回答 by name, in the background) rejects without a toast or ending the session', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 40400, msg: '会话不存在', data: null }, 404));
    fetchMock.mockResolvedValueOnce(json({ code: 50008, msg: '请先登录', data: null }, 401));
    expect(await rejection(api.post('/api/ai/chat/stop', {}, { quiet: true }))).toMatchObject({ status: 404, message: '会话不存在' });
    expect((await rejection(api.post('/api/ai/chat/stop', {}, { quiet: true }))).isSessionEnded).toBe(true);
    expect(notifyError).not.toHaveBeenCalled();
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('other codes above 50000 are silent and keep the session', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 50001, msg: 'x', data: null }));
    const err = await rejection(api.get('/api/x'));
    expect(err.kind).toBe('silent');
    expect(notifyError).not.toHaveBeenCalled();
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('code 50000 itself is not above 50000: the server-busy text is shown', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 50000, msg: '服务器繁忙，请稍后再试', data: null }, 500));
    await rejection(api.get('/api/x'));
    expect(notifyError).toHaveBeenCalledExactlyOnceWith('服务器繁忙，请稍后再试', 5);
  });

  it('an HTTP failure without an envelope shows the server error text, never an HTML page', async () => {
    fetchMock.mockResolvedValueOnce(new Response('upstream timed out', { status: 504 }));
    expect(await rejection(api.get('/api/x'))).toMatchObject({ kind: 'http', status: 504 });
    fetchMock.mockResolvedValueOnce(new Response('<html>502</html>', { status: 502, statusText: 'Bad Gateway' }));
    await rejection(api.get('/api/x'));
    expect(notifyError.mock.calls).toEqual([['upstream timed out', 5], ['Bad Gateway', 5]]);
  });

  it('a network failure shows the request-failed message', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await rejection(api.get('/api/x'))).toMatchObject({ kind: 'network' });
    expect(notifyError).toHaveBeenCalledExactlyOnceWith('请求失败，请重试！', 5);
  });

  it('times out after 5 s, long calls after 60 s', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch);

    const normal = rejection(api.get('/api/x'));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(notifyError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await normal).toMatchObject({ kind: 'timeout' });
    expect(notifyError).toHaveBeenCalledExactlyOnceWith('请求失败，请重试！', 5);

    const long = rejection(request('/api/ai/voiceGenerate', { long: true }));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(notifyError).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await long).toMatchObject({ kind: 'timeout' });
    expect(notifyError).toHaveBeenCalledTimes(2);
  });

  it("a caller's abort is silent", async () => {
    fetchMock.mockImplementation(hangingFetch);
    const controller = new AbortController();
    const pending = rejection(api.get('/api/x', undefined, { signal: controller.signal }));
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'aborted' });
    expect(notifyError).not.toHaveBeenCalled();
    expect(onSessionEnded).not.toHaveBeenCalled();
  });
});
