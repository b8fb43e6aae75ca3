import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { uploadFile } from '../../../lib/upload.ts';

/** Uploads a feedback picture (scene `image`) and returns its URL (lib/upload.ts: token, then the multipart POST). */
export async function uploadImage(file: File, signal?: AbortSignal): Promise<string> {
  const stored = await uploadFile(file, {
    scene: 'image', signal, timeoutMs: LIMITS.timeouts.longCallMs, failMessage: MSG.imageUploadFailed, accept: (d) => !!d.url,
  });
  return stored.url!;
}
