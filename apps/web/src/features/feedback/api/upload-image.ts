import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { SUCCESS_CODES } from '@xueban/contract/codes';
import { api, showError } from '../../../lib/api.ts';

interface UploadToken {
  policy: string;
  signature: string;
  /** Where the file goes: this server's upload endpoint, or object storage. */
  host: string;
}

/**
 * Uploads a feedback picture and returns its URL: GET /api/uc/upload/getToken?scene=image,
 * then a multipart POST to `host`. The server reads only fields sent before the file, so
 * policy and signature go first. The request layer speaks JSON only, hence this call of its own.
 */
export async function uploadImage(file: File, signal?: AbortSignal): Promise<string> {
  const token = await api.get<UploadToken>('/api/uc/upload/getToken', { scene: 'image' }, { signal });
  const form = new FormData();
  form.append('policy', token.policy);
  form.append('signature', token.signature);
  form.append('file', file);
  let body: { code?: number; msg?: string; data?: { url?: string } } | undefined;
  try {
    const timeout = AbortSignal.timeout(LIMITS.timeouts.longCallMs);
    const res = await fetch(token.host, {
      method: 'POST',
      body: form,
      credentials: 'include',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    body = (await res.json().catch(() => undefined)) as typeof body;
  } catch {
    if (signal?.aborted) throw new Error('aborted');
    body = undefined;
  }
  if (body?.code !== undefined && SUCCESS_CODES.includes(body.code) && body.data?.url) return body.data.url;
  const msg = body?.msg || MSG.imageUploadFailed;
  showError(msg);
  throw new Error(msg);
}
