import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from './api.ts';
import { createQueryClient } from './query-client.ts';
import { userInfoQueryOptions } from './session.ts';

// The network is the edge of the world here: `fetch` answers with real Response objects.
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
let restore: () => void;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  restore = configureApi({ notifyError: vi.fn(), onSessionEnded: vi.fn() });
});
afterEach(() => {
  restore();
  vi.unstubAllGlobals();
});

describe('the session probe', () => {
  it('asks again when the network fails, so a signed-in user is not taken for a visitor', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json({ code: 20000, msg: 'ok', data: { uid: 7, name: '小明' } }));
    const user = await createQueryClient().fetchQuery(userInfoQueryOptions());
    expect(user).toMatchObject({ uid: 7 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('takes an ended session at its word, at once', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 50008, msg: '登录已失效', data: null }));
    await expect(createQueryClient().fetchQuery(userInfoQueryOptions())).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives up after three tries of a server that cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(createQueryClient().fetchQuery(userInfoQueryOptions())).rejects.toMatchObject({ kind: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
