import { AVATAR_TYPES, LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { SUCCESS_CODES } from '@xueban/contract/codes';
import { api, showError } from '../../../lib/api.ts';

interface UploadToken {
  policy: string;
  signature: string;
  /** Where the file goes: this server's upload endpoint, or object storage. */
  host: string;
}

interface StoredFile {
  url: string;
}

/** Spec §5: an avatar is jpg or png, at most 2 MB. Returns the message to show, or null. */
export function checkAvatar(file: File): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  // Some systems report no MIME type; the name and the server's own content sniffing still hold.
  const typeOk = (AVATAR_TYPES as readonly string[]).includes(ext) && (!file.type || ['image/jpeg', 'image/png'].includes(file.type));
  if (!typeOk) return MSG.avatarType;
  if (file.size > LIMITS.upload.avatarBytes) return MSG.avatarTooLarge;
  return null;
}

/**
 * Uploads an avatar and returns its URL: a signed policy from getToken, then a multipart POST
 * to `host`. The server reads only the fields sent before the file, so policy and signature go
 * first. The request layer speaks JSON only, hence this one multipart call of its own; it shows
 * the server's message the same way (5 s error toast).
 */
export async function uploadAvatar(file: File): Promise<string> {
  const token = await api.get<UploadToken>('/api/uc/upload/getToken', { scene: 'avatar' });
  const form = new FormData();
  form.append('policy', token.policy);
  form.append('signature', token.signature);
  form.append('file', file);
  let body: { code?: number; msg?: string; data?: StoredFile } | undefined;
  try {
    const res = await fetch(token.host, {
      method: 'POST',
      body: form,
      credentials: 'include',
      signal: AbortSignal.timeout(LIMITS.timeouts.longCallMs),
    });
    body = (await res.json().catch(() => undefined)) as typeof body;
  } catch {
    body = undefined;
  }
  if (body?.code !== undefined && SUCCESS_CODES.includes(body.code) && body.data?.url) return body.data.url;
  const msg = body?.msg || MSG.uploadFailed;
  showError(msg);
  throw new Error(msg);
}
