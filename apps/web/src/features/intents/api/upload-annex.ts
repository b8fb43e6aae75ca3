import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { uploadFile, type StoredFile } from '../../../lib/upload.ts';

/** The stored file as an annex item (spec §3 "Annex item"): the upload's answer without its storage key. */
export type AnnexFile = Omit<StoredFile, 'key'>;

/** Uploads an annex for a recommend part (scene `file`; lib/upload.ts: token, then the multipart POST). */
export async function uploadAnnex(file: File, signal?: AbortSignal): Promise<AnnexFile> {
  const d = await uploadFile(file, {
    scene: 'file', signal, timeoutMs: Math.max(LIMITS.timeouts.longCallMs, 10 * 60_000), failMessage: MSG.uploadFailed,
    accept: (data) => !!data.url && typeof data.id === 'number',
  });
  return { id: d.id!, name: d.name ?? file.name, url: d.url!, size: d.size ?? file.size, filetype: d.filetype ?? '', type: d.type ?? '', hash: d.hash ?? '' };
}
