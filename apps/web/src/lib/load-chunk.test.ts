import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, loadChunk } from './load-chunk.ts';

afterEach(() => vi.useRealTimers());

describe('loadChunk', () => {
  it('resolves with the module when the import answers in time', async () => {
    await expect(loadChunk(async () => ({ default: 1 }))).resolves.toEqual({ default: 1 });
  });

  it('passes the import failure through', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/pages-x.js');
    await expect(loadChunk(() => Promise.reject(failure))).rejects.toBe(failure);
  });

  it('fails with a ChunkLoadError once the import stalls past the time-out (spec §9: 120 s)', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise(() => {}));
    const settled = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
  });
});

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: http://x/assets/a.js',
    'error loading dynamically imported module: http://x/assets/a.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/a.css',
  ])('recognises %s', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('recognises its own time-out and nothing else', () => {
    expect(isChunkLoadError(new ChunkLoadError('timed out'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
