import { AVATAR_TYPES, LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { uploadFile } from '../../../lib/upload.ts';

/** Spec §5: an avatar is jpg or png, at most 2 MB. Returns the message to show, or null. */
export function checkAvatar(file: File): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  // Some systems report no MIME type; the name and the server's own content sniffing still hold.
  const typeOk = (AVATAR_TYPES as readonly string[]).includes(ext) && (!file.type || ['image/jpeg', 'image/png'].includes(file.type));
  if (!typeOk) return MSG.avatarType;
  if (file.size > LIMITS.upload.avatarBytes) return MSG.avatarTooLarge;
  return null;
}

/** Uploads an avatar and returns its URL (lib/upload.ts: token, then the multipart POST). */
export async function uploadAvatar(file: File): Promise<string> {
  const stored = await uploadFile(file, {
    scene: 'avatar', timeoutMs: LIMITS.timeouts.longCallMs, failMessage: MSG.uploadFailed, accept: (d) => !!d.url,
  });
  return stored.url!;
}
