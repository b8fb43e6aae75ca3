import { describe, expect, it } from 'vitest';
import { PART_CONCURRENCY, uploadInParts, type PartsApi } from './upload-parts.ts';

/**
 * A bucket that keeps parts as the real one does: a part counts once it arrived whole. `failOnce`
 * parts fail their first PUT half-way (a dropped connection).
 */
function fakeBucket(partSize: number, failOnce: number[] = []) {
  const stored = new Map<number, number>();
  const failing = new Set(failOnce);
  const log = { puts: [] as number[], maxInFlight: 0, inFlight: 0, listed: 0, completed: 0, aborted: 0, progress: [] as number[] };
  const api: PartsApi = {
    create: async () => ({ upload_id: 7, part_size: partSize }),
    sign: async (_id, numbers) => new Map(numbers.map((n) => [n, `https://bucket/part/${n}`])),
    uploaded: async () => {
      log.listed++;
      return [...stored].sort(([a], [b]) => a - b).map(([part_number, size]) => ({ part_number, size }));
    },
    complete: async () => {
      log.completed++;
      return { id: 1, key: 'file/202611/x', url: '/api/files/file/202611/x', name: 'big.bin', size: 0, filetype: 'bin', type: 'application/octet-stream', hash: '' };
    },
    abort: async () => { log.aborted++; },
    put: async (url, body, onSent) => {
      const n = Number(url.split('/').pop());
      log.puts.push(n);
      log.inFlight++;
      log.maxInFlight = Math.max(log.maxInFlight, log.inFlight);
      await new Promise((r) => setTimeout(r, 1));
      onSent(body.size / 2);
      log.inFlight--;
      if (failing.delete(n)) throw new Error('connection dropped');
      stored.set(n, body.size);
      onSent(body.size);
    },
  };
  return { api, stored, log };
}

const fileOf = (size: number) => Object.assign(new Blob([new Uint8Array(size)]), { name: 'big.bin' });

describe('uploadInParts', () => {
  it('sends every part, three at a time, with rising progress, then completes', async () => {
    const { api, stored, log } = fakeBucket(1000);
    await uploadInParts(fileOf(10_500), { scene: 'file', onProgress: (p) => log.progress.push(p) }, api);
    expect([...stored.keys()].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(stored.get(11)).toBe(500);
    expect(log.maxInFlight).toBe(PART_CONCURRENCY);
    expect(log.completed).toBe(1);
    expect(log.progress.at(-1)).toBe(99);
    expect(log.progress).toEqual([...log.progress].sort((a, b) => a - b));
  });

  it('resumes after a failed part: lists what the bucket holds and sends only the rest', async () => {
    const { api, stored, log } = fakeBucket(1000, [4]);
    await uploadInParts(fileOf(8000), { scene: 'file' }, api);
    expect(stored.size).toBe(8);
    expect(log.completed).toBe(1);
    expect(log.listed).toBe(3); // before the first round, after the failure, and the last (nothing missing)
    // Part 4 went twice; none that had arrived was sent again.
    expect(log.puts.filter((n) => n === 4)).toHaveLength(2);
    expect(log.puts.filter((n) => n !== 4)).toHaveLength(7);
  });

  it('gives up after a few rounds when a part never arrives', async () => {
    const { api, log } = fakeBucket(1000, [2, 2, 2, 2, 2]);
    api.put = async (url) => {
      if (url.endsWith('/2')) throw new Error('refused');
    };
    await expect(uploadInParts(fileOf(3000), { scene: 'file' }, api)).rejects.toThrow('refused');
    expect(log.completed).toBe(0);
  });

  it('aborts the upload on the server when the user cancels', async () => {
    const { api, log } = fakeBucket(1000);
    const ctl = new AbortController();
    const put = api.put;
    api.put = async (url, body, onSent, signal) => {
      ctl.abort();
      return put(url, body, onSent, signal);
    };
    await expect(uploadInParts(fileOf(3000), { scene: 'file', signal: ctl.signal }, api)).rejects.toThrow('aborted');
    expect(log.aborted).toBe(1);
  });
});
