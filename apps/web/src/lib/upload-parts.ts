/**
 * Large files straight to the bucket in parts (issue 21), when the upload token says S3: the
 * server begins a multipart upload and signs part URLs; the browser PUTs parts of 8 MB, three at
 * a time, with progress. After a failed part it asks the server which parts the bucket holds and
 * sends only the others (a resume), a few times before it gives up.
 */
import type { CallResult } from '@xueban/contract/call';
import { DirectUpload } from '@xueban/contract/calls/direct-upload';
import type { UploadScene } from '@xueban/contract/uc';
import { call } from './api.ts';

export type StoredFile = CallResult<typeof DirectUpload.multipartComplete>;

/** Parts sent at once. */
export const PART_CONCURRENCY = 3;
/** Rounds of "list what is there, send the rest" before the upload fails. */
export const RESUME_ROUNDS = 4;

/** The server calls an upload in parts needs (injected in tests). */
export interface PartsApi {
  create(input: { scene: UploadScene; name: string; size: number }): Promise<{ upload_id: number; part_size: number }>;
  sign(uploadId: number, partNumbers: number[]): Promise<Map<number, string>>;
  uploaded(uploadId: number): Promise<{ part_number: number; size: number }[]>;
  complete(uploadId: number): Promise<StoredFile>;
  abort(uploadId: number): Promise<void>;
  /** PUTs `body` to `url`, reporting bytes sent; rejects when the part did not arrive. */
  put(url: string, body: Blob, onSent: (bytes: number) => void, signal?: AbortSignal): Promise<void>;
}

/**
 * Runs `work` over `items`, at most `limit` at a time. The first failure stops new work; the parts
 * already in flight are let finish (so a resume does not send them twice), then it rejects.
 */
export async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { err: unknown } | null = null;
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw (failure as { err: unknown }).err;
}

export interface PartsOptions {
  scene: UploadScene;
  signal?: AbortSignal | undefined;
  /** 0–99 while parts go up; the caller shows 100. */
  onProgress?: ((percent: number) => void) | undefined;
}

/** Uploads `file` in parts and registers it; rejects with the last error after RESUME_ROUNDS. */
export async function uploadInParts(file: Blob & { name: string }, opts: PartsOptions, api: PartsApi = serverPartsApi): Promise<StoredFile> {
  const { upload_id: id, part_size: partSize } = await api.create({ scene: opts.scene, name: file.name, size: file.size });
  const count = Math.max(1, Math.ceil(file.size / partSize));
  const report = (bytes: number) => opts.onProgress?.(Math.min(99, Math.floor((bytes / Math.max(1, file.size)) * 100)));
  let lastError: unknown;
  try {
    for (let round = 0; round < RESUME_ROUNDS; round++) {
      if (opts.signal?.aborted) throw new Error('aborted');
      const there = await api.uploaded(id);
      const have = new Set(there.map((p) => p.part_number));
      const missing = Array.from({ length: count }, (_, i) => i + 1).filter((n) => !have.has(n));
      if (!missing.length) return await api.complete(id);
      const urls = new Map<number, string>();
      for (let i = 0; i < missing.length; i += 100) {
        for (const [n, url] of await api.sign(id, missing.slice(i, i + 100))) urls.set(n, url);
      }
      const done = there.reduce((sum, p) => sum + p.size, 0);
      const inFlight = new Map<number, number>();
      let finished = 0;
      const sentSoFar = () => done + finished + [...inFlight.values()].reduce((a, b) => a + b, 0);
      report(sentSoFar());
      try {
        await pool(missing, PART_CONCURRENCY, async (n) => {
          const body = file.slice((n - 1) * partSize, Math.min(file.size, n * partSize));
          await api.put(urls.get(n)!, body, (bytes) => {
            inFlight.set(n, bytes);
            report(sentSoFar());
          }, opts.signal);
          inFlight.delete(n);
          finished += body.size;
          report(sentSoFar());
        });
      } catch (err) {
        if (opts.signal?.aborted) throw new Error('aborted');
        lastError = err; // resume: the next round lists what arrived and sends the rest
      }
    }
    throw lastError ?? new Error('upload failed');
  } catch (err) {
    if (opts.signal?.aborted) await api.abort(id).catch(() => {});
    throw err;
  }
}

/** PUT of one part by XMLHttpRequest (fetch reports no upload progress). */
function putByXhr(url: string, body: Blob, onSent: (bytes: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.upload.onprogress = (e) => onSent(e.loaded);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`part answered ${xhr.status}`)));
    xhr.onerror = xhr.ontimeout = xhr.onabort = () => reject(new Error('part failed'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

const serverPartsApi: PartsApi = {
  create: (input) => call(DirectUpload.multipartCreate, input),
  sign: async (uploadId, partNumbers) => {
    const res = await call(DirectUpload.multipartSign, { upload_id: uploadId, part_numbers: partNumbers });
    return new Map(res.parts.map((p) => [p.part_number, p.url]));
  },
  uploaded: async (uploadId) => (await call(DirectUpload.multipartParts, { upload_id: uploadId })).parts,
  complete: (uploadId) => call(DirectUpload.multipartComplete, { upload_id: uploadId }, { timeoutMs: 5 * 60_000 }),
  abort: async (uploadId) => {
    await call(DirectUpload.multipartAbort, { upload_id: uploadId });
  },
  put: putByXhr,
};
