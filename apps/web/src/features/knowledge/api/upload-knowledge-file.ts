import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { uploadFile, type StoredFile } from '../../../lib/upload.ts';

/** What a knowledge upload hands back: its `id` goes into knowledge/training. */
export type UploadedFile = Pick<StoredFile, 'id' | 'url' | 'name'>;

/**
 * Uploads a file for a knowledge base (upload scene `knowledge`) and returns the stored file;
 * by XMLHttpRequest (lib/upload.ts) so the dialogue shows the progress.
 */
export async function uploadKnowledgeFile(file: File, onProgress?: (percent: number) => void, signal?: AbortSignal): Promise<UploadedFile> {
  const data = await uploadFile(file, {
    scene: 'knowledge', signal, failMessage: MSG.uploadFailed,
    // Big files (up to 950 MB) take long; a stalled one is stopped by the user (取消), not a clock.
    timeoutMs: Math.max(LIMITS.timeouts.longCallMs, 30 * 60_000),
    onProgress: onProgress ?? (() => {}),
    accept: (d) => typeof d.id === 'number',
  });
  onProgress?.(100);
  return { id: data.id!, url: data.url ?? '', name: data.name ?? file.name };
}
