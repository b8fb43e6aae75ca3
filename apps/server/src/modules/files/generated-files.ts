import { Readable } from 'node:stream';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Deps } from '../../types.ts';
import { files } from '../../db/schema/files.ts';
import { findFileFor, storeUpload, type FileReader, type FileRow, type StoredFile } from './files.service.ts';
import type { UploadScene } from './upload-policy.ts';
import { derivedPreviewKeys } from './office-preview.service.ts';

// Files the server makes or consumes itself (the voice view's spoken answers and recordings):
// the same checks and limits as an upload, and a way to read and remove them.

/** Stores bytes the server produced as if uploaded by `who`: same type check, size limit and key. */
export async function storeBytes(
  deps: Deps, who: { userId: number; groupId: number }, scene: UploadScene, bytes: Buffer, filename: string,
): Promise<StoredFile> {
  return storeUpload(deps, who, scene, { stream: Readable.from([bytes]), filename });
}

/** The bytes of a stored file `reader` may read, with its row; null when missing or not theirs. */
export async function readFileFor(
  deps: Pick<Deps, 'db' | 'storage'>, key: string, reader: FileReader, maxBytes: number,
): Promise<{ file: FileRow; bytes: Buffer } | null> {
  const found = await findFileFor(deps.db, key, reader);
  if (!found?.readable || found.file.size > maxBytes) return null;
  const obj = await deps.storage.get(key);
  if (!obj) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of obj.body) chunks.push(chunk as Buffer);
  return { file: found.file, bytes: Buffer.concat(chunks) };
}

/** Removes files and the PDFs previewing them (storage first, then the row, so a failure leaves a row to retry from). */
export async function deleteFiles(deps: Pick<Deps, 'db' | 'storage'>, keys: string[]): Promise<void> {
  const rows = keys.length ? await deps.db.select({ id: files.id }).from(files).where(inArray(files.key, keys)) : [];
  const derived = await derivedPreviewKeys(deps, rows.map((r) => r.id));
  for (const key of [...derived, ...keys]) {
    await deps.storage.delete(key);
    await deps.db.delete(files).where(eq(files.key, key));
  }
}

/** Keys of a scene's files stored before `before` (oldest first, at most `limit`). */
export async function fileKeysOfScene(deps: Pick<Deps, 'db'>, scene: UploadScene, before: Date, limit = 500): Promise<string[]> {
  const rows = await deps.db.select({ key: files.key }).from(files)
    .where(and(eq(files.scene, scene), lt(files.createdAt, before))).orderBy(files.id).limit(limit);
  return rows.map((r) => r.key);
}

/** Which of these keys name stored files (for tests and sweepers). */
export async function existingFileKeys(deps: Pick<Deps, 'db'>, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  const rows = await deps.db.select({ key: files.key }).from(files).where(inArray(files.key, keys));
  return rows.map((r) => r.key);
}
