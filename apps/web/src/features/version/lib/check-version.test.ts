import { describe, expect, it, vi } from 'vitest';
import { fetchDeployedVersion, isNewVersion } from './check-version.ts';

const answer = (body: string, status = 200) => vi.fn(async () => new Response(body, { status }));

describe('fetchDeployedVersion', () => {
  it('reads the version and asks with a random parameter, bypassing caches', async () => {
    const fetchImpl = answer('{"version":"20240313-abc"}');
    await expect(fetchDeployedVersion(fetchImpl)).resolves.toBe('20240313-abc');
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/^\/version\.json\?t=[a-z0-9]+$/);
    expect(init.cache).toBe('no-store');
    await fetchDeployedVersion(fetchImpl);
    expect((fetchImpl.mock.calls[1] as unknown as [string])[0]).not.toBe(url);
  });

  it('answers null, silently, for anything but a version', async () => {
    await expect(fetchDeployedVersion(answer('<!doctype html><html></html>'))).resolves.toBeNull();
    await expect(fetchDeployedVersion(answer('{"version":""}'))).resolves.toBeNull();
    await expect(fetchDeployedVersion(answer('{"version":"x"}', 404))).resolves.toBeNull();
    await expect(fetchDeployedVersion(vi.fn(() => Promise.reject(new TypeError('offline'))))).resolves.toBeNull();
  });
});

describe('isNewVersion', () => {
  it('is true only for a readable version other than the running one', () => {
    expect(isNewVersion('b', 'a')).toBe(true);
    expect(isNewVersion('a', 'a')).toBe(false);
    expect(isNewVersion(null, 'a')).toBe(false);
  });
});
