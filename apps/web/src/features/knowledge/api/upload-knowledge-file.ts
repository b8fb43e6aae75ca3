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

export interface UploadedFile {
  id: number;
  url: string;
  name: string;
}

/**
 * Uploads a file for a knowledge base (upload scene `knowledge`) and returns the stored file (its
 * `id` goes into knowledge/training). A signed policy from getToken, then a multipart POST to
 * `host` with policy and signature first; an XMLHttpRequest so the dialogue shows the progress.
 */
export async function uploadKnowledgeFile(file: File, onProgress?: (percent: number) => void, signal?: AbortSignal): Promise<UploadedFile> {
  const token = await api.get<UploadToken>('/api/uc/upload/getToken', { scene: 'knowledge' }, { signal });
  const form = new FormData();
  form.append('policy', token.policy);
  form.append('signature', token.signature);
  form.append('file', file);
  const body = await new Promise<{ code?: number; msg?: string; data?: Partial<UploadedFile> } | undefined>((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', token.host);
    xhr.withCredentials = true;
    // Big files (up to 950 MB) take long; a stalled one is stopped by the user (取消), not a clock.
    xhr.timeout = Math.max(LIMITS.timeouts.longCallMs, 30 * 60_000);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText) as { code?: number; msg?: string; data?: Partial<UploadedFile> });
      } catch {
        resolve(undefined);
      }
    };
    xhr.onerror = xhr.ontimeout = xhr.onabort = () => resolve(undefined);
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
  if (signal?.aborted) throw new Error('aborted');
  const data = body?.data;
  if (body?.code !== undefined && SUCCESS_CODES.includes(body.code) && typeof data?.id === 'number') {
    onProgress?.(100);
    return { id: data.id, url: data.url ?? '', name: data.name ?? file.name };
  }
  const msg = body?.msg || MSG.uploadFailed;
  showError(msg);
  throw new Error(msg);
}
