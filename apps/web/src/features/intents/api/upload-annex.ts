import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { SUCCESS_CODES } from '@xueban/contract/codes';
import { api, showError } from '../../../lib/api.ts';

interface UploadToken { policy: string; signature: string; host: string }

/** The stored file as an annex item (spec §3 "Annex item"). */
export interface AnnexFile { id: number; name: string; url: string; size: number; filetype: string; type: string; hash: string }

/**
 * Uploads an annex for a recommend part: GET /api/uc/upload/getToken?scene=file, then a multipart
 * POST to `host` (policy and signature before the file).
 */
export async function uploadAnnex(file: File, signal?: AbortSignal): Promise<AnnexFile> {
  const token = await api.get<UploadToken>('/api/uc/upload/getToken', { scene: 'file' }, { signal });
  const form = new FormData();
  form.append('policy', token.policy);
  form.append('signature', token.signature);
  form.append('file', file);
  let body: { code?: number; msg?: string; data?: Partial<AnnexFile> } | undefined;
  try {
    const timeout = AbortSignal.timeout(Math.max(LIMITS.timeouts.longCallMs, 10 * 60_000));
    const res = await fetch(token.host, { method: 'POST', body: form, credentials: 'include', signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    body = (await res.json().catch(() => undefined)) as typeof body;
  } catch {
    if (signal?.aborted) throw new Error('aborted');
    body = undefined;
  }
  const d = body?.data;
  if (body?.code !== undefined && SUCCESS_CODES.includes(body.code) && d?.url && typeof d.id === 'number') {
    return { id: d.id, name: d.name ?? file.name, url: d.url, size: d.size ?? file.size, filetype: d.filetype ?? '', type: d.type ?? '', hash: d.hash ?? '' };
  }
  const msg = body?.msg || MSG.uploadFailed;
  showError(msg);
  throw new Error(msg);
}
