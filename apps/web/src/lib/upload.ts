/**
 * Uploads (spec §7 upload flow): a signed policy from GET /api/uc/upload/getStsToken, then a
 * multipart POST to its `host` with policy and signature before the file (the server reads only
 * the fields sent before it). When the server stores files in S3 the token says `mode: 's3'`: the
 * file goes straight to the bucket (a presigned POST, or in parts past 32 MB, with resume) and the
 * server then registers it, typed by content (issue 21). The request layer speaks JSON only, hence
 * this path of its own; a refused upload shows the server's message (or the caller's fallback) the
 * same way, a 5 s toast.
 */
import type { CallResult } from '@xueban/contract/call';
import { Upload } from '@xueban/contract/calls/uc';
import { SUCCESS_CODES } from '@xueban/contract/codes';
import { AVATAR_TYPES, LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import type { UploadScene } from '@xueban/contract/uc';
import { DirectUpload } from '@xueban/contract/calls/direct-upload';
import { ApiError, call, showError } from './api.ts';
import { uploadInParts } from './upload-parts.ts';

/** Files past this go to the bucket in parts (resumable); smaller ones in one presigned POST. */
export const MULTIPART_FROM_BYTES = 32 * 1024 * 1024;
type UploadToken = CallResult<typeof Upload.getStsToken>;

/** What the server stored (its `url` is a path on this site). */
export type StoredFile = CallResult<typeof Upload.fileUpload>;

interface UploadAnswer {
  code?: number;
  msg?: string;
  data?: Partial<StoredFile>;
}

export interface UploadOptions {
  scene: UploadScene;
  /** Stops the token call and the upload; the upload then rejects with Error('aborted'). */
  signal?: AbortSignal | undefined;
  /** How long the multipart POST may take. */
  timeoutMs: number;
  /** Shown when the server gave no message. */
  failMessage: string;
  /** Which fields the caller needs: an answer without them counts as a failed upload. */
  accept: (data: Partial<StoredFile>) => boolean;
  /** Given: the POST goes by XMLHttpRequest and reports progress (0–99; the caller shows 100). */
  onProgress?: ((percent: number) => void) | undefined;
}

function postByFetch(host: string, form: FormData, opts: UploadOptions): Promise<UploadAnswer | undefined> {
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const { signal } = opts;
  return fetch(host, {
    method: 'POST',
    body: form,
    credentials: 'include',
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  }).then(
    (res) => res.json().catch(() => undefined) as Promise<UploadAnswer | undefined>,
    () => {
      if (signal?.aborted) throw new Error('aborted');
      return undefined;
    },
  );
}

async function postByXhr(host: string, form: FormData, opts: UploadOptions): Promise<UploadAnswer | undefined> {
  const { signal, onProgress } = opts;
  const body = await new Promise<UploadAnswer | undefined>((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', host);
    xhr.withCredentials = true;
    xhr.timeout = opts.timeoutMs;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText) as UploadAnswer);
      } catch {
        resolve(undefined);
      }
    };
    xhr.onerror = xhr.ontimeout = xhr.onabort = () => resolve(undefined);
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
  if (signal?.aborted) throw new Error('aborted');
  return body;
}

/** The presigned POST to the bucket (its fields, then the file); true when the bucket took it. */
function postToBucket(token: UploadToken, file: File, opts: UploadOptions): Promise<boolean> {
  const form = new FormData();
  for (const [k, v] of Object.entries(token.fields)) form.append(k, v);
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', token.host);
    xhr.timeout = opts.timeoutMs;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => resolve(xhr.status >= 200 && xhr.status < 300);
    xhr.onerror = xhr.ontimeout = xhr.onabort = () => (opts.signal?.aborted ? reject(new Error('aborted')) : resolve(false));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** Straight to the bucket, then registered by the server (which refuses a wrong type in its own words, shown by `call`). */
async function uploadDirect(file: File, token: UploadToken, opts: UploadOptions): Promise<Partial<StoredFile>> {
  try {
    let data: Partial<StoredFile> | undefined;
    if (file.size > MULTIPART_FROM_BYTES) {
      data = await uploadInParts(file, { scene: opts.scene, signal: opts.signal, onProgress: opts.onProgress });
    } else if (await postToBucket(token, file, opts)) {
      data = await call(DirectUpload.complete, { policy: token.policy, signature: token.signature, name: file.name }, { long: true, signal: opts.signal });
    }
    if (data && opts.accept(data)) return data;
  } catch (err) {
    if (err instanceof ApiError || opts.signal?.aborted) throw err;
  }
  showError(opts.failMessage);
  throw new Error(opts.failMessage);
}

/** Uploads one file; resolves to what the server stored, or shows why not and rejects. */
export async function uploadFile(file: File, opts: UploadOptions): Promise<Partial<StoredFile>> {
  const token = await call(Upload.getStsToken, { scene: opts.scene }, { signal: opts.signal });
  if (token.mode === 's3') return uploadDirect(file, token, opts);
  const form = new FormData();
  form.append('policy', token.policy);
  form.append('signature', token.signature);
  form.append('file', file);
  const body = await (opts.onProgress ? postByXhr : postByFetch)(token.host, form, opts);
  const data = body?.data;
  if (body?.code !== undefined && SUCCESS_CODES.includes(body.code) && data && opts.accept(data)) return data;
  const msg = body?.msg || opts.failMessage;
  showError(msg);
  throw new Error(msg);
}

/** Uploads a picture (scene `image`: feedback pictures, chat attachments) and returns its URL. */
export async function uploadImage(file: File, signal?: AbortSignal): Promise<string> {
  const stored = await uploadFile(file, {
    scene: 'image', signal, timeoutMs: LIMITS.timeouts.longCallMs, failMessage: MSG.imageUploadFailed, accept: (d) => !!d.url,
  });
  return stored.url!;
}

/** Spec §5: an avatar (a user's, a robot's) is jpg or png, at most 2 MB. Returns the message to show, or null. */
export function checkAvatar(file: File): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  // Some systems report no MIME type; the name and the server's own content sniffing still hold.
  const typeOk = (AVATAR_TYPES as readonly string[]).includes(ext) && (!file.type || ['image/jpeg', 'image/png'].includes(file.type));
  if (!typeOk) return MSG.avatarType;
  if (file.size > LIMITS.upload.avatarBytes) return MSG.avatarTooLarge;
  return null;
}

/** Uploads an avatar (scene `avatar`) and returns its URL. */
export async function uploadAvatar(file: File): Promise<string> {
  const stored = await uploadFile(file, {
    scene: 'avatar', timeoutMs: LIMITS.timeouts.longCallMs, failMessage: MSG.uploadFailed, accept: (d) => !!d.url,
  });
  return stored.url!;
}
