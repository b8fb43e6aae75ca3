import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { fileTypeFromFile } from 'file-type';
import { imageSize } from 'image-size';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { KNOWLEDGE_FILE_EXTENSIONS } from '@xueban/contract/knowledge';
import { VOICE_MAX_BYTES } from '@xueban/contract/constants/voice';
import type { Deps } from '../../types.ts';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/files.ts';
import { groupMembers } from '../../db/schema/groups.ts';
import { tooLarge, unsupportedType } from '../../lib/errors.ts';
import { tempPath } from '../../lib/temp-file.ts';
import type { UploadScene } from './upload-policy.ts';

const IMAGE_MIMES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']);
const AVATAR_MIMES = new Set(['image/png', 'image/jpeg']);
/** Text formats have no magic number; they are accepted by extension and served as attachments. */
const TEXT_EXTS: Record<string, string> = { txt: 'text/plain', md: 'text/markdown', csv: 'text/csv', html: 'text/html', htm: 'text/html', json: 'application/json' };

/** The scenes' size limits (spec §9: images 20 MB, other files 950 MB), for both upload routes. */
export const maxBytesFor = (scene: UploadScene) =>
  scene === 'avatar' ? LIMITS.upload.avatarBytes : scene === 'image' ? LIMITS.upload.imageBytes
    : scene === 'voice' ? VOICE_MAX_BYTES : LIMITS.upload.fileBytes;
export const tooLargeMsg = (scene: UploadScene) =>
  scene === 'avatar' ? MSG.avatarTooLarge : scene === 'image' ? MSG.imageTooLarge
    : scene === 'voice' ? MSG.attachmentTooLarge : MSG.fileTooLarge;
/** Recordings and spoken answers: audio by content (a WAV from the browser, MP3 or WAV from a provider). */
const AUDIO_MIME = /^audio\//;

export interface StoredFile {
  id: number; key: string; url: string; name: string; size: number; filetype: string; type: string; hash: string;
}

/**
 * Streams an upload to a temporary file, counting bytes (stops at the scene's limit without
 * buffering), then checks the type by content and stores it under a server-generated key.
 */
export async function storeUpload(
  deps: Deps,
  who: { userId: number; groupId: number },
  scene: UploadScene,
  upload: { stream: Readable; filename: string },
): Promise<StoredFile> {
  const max = maxBytesFor(scene);
  const tmp = await tempPath(deps.config.DATA_DIR);
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > max) return done(tooLarge(tooLargeMsg(scene)));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(upload.stream, counter, createWriteStream(tmp));
    if ((upload.stream as Readable & { truncated?: boolean }).truncated) throw tooLarge(tooLargeMsg(scene));
    // Spec §5 bounds images at 20 MB whichever scene they arrive through, like their pixels.
    const { mime, ext } = await checkUploadType(tmp, upload.filename, scene, size);
    const key = `${scene}/${yearMonth()}/${randomBytes(16).toString('base64url')}${ext ? `.${ext}` : ''}`;
    await deps.storage.putFile(key, tmp, mime);
    return await registerFile(deps, who, scene, { key, filename: upload.filename, size, mime, ext, sha256: hash.digest('hex') });
  } finally {
    await rm(tmp, { force: true });
  }
}

/** Inserts the row of a stored object (after its type was checked): what the upload answers. */
export async function registerFile(
  deps: Pick<Deps, 'db' | 'storage'>, who: { userId: number; groupId: number }, scene: UploadScene,
  o: { key: string; filename: string; size: number; mime: string; ext: string; sha256: string | null },
): Promise<StoredFile> {
  const name = path.basename(o.filename || 'file').slice(0, 200);
  const [row] = await deps.db.insert(files).values({
    key: o.key, groupId: who.groupId, userId: who.userId, name, size: o.size, mime: o.mime, scene, disk: deps.storage.kind, sha256: o.sha256,
  }).returning({ id: files.id });
  return { id: row!.id, key: o.key, url: `/api/files/${o.key}`, name, size: o.size, filetype: o.ext, type: o.mime, hash: o.sha256 ?? '' };
}

/**
 * The type of an upload by its content, under the same rules as the server route (`storeUpload`),
 * refused with the same messages; `size` is the whole object's (a direct upload is typed from a
 * prefix of it). Images past 20 MB are refused whichever scene they arrive through.
 */
export async function checkUploadType(file: string, filename: string, scene: UploadScene, size: number): Promise<{ mime: string; ext: string }> {
  if (size > maxBytesFor(scene)) throw tooLarge(tooLargeMsg(scene));
  const typed = await detectType(file, filename, scene);
  if (IMAGE_MIMES.has(typed.mime) && size > LIMITS.upload.imageBytes) throw tooLarge(MSG.imageTooLarge);
  return typed;
}

async function detectType(file: string, filename: string, scene: UploadScene): Promise<{ mime: string; ext: string }> {
  const detected = await fileTypeFromFile(file);
  if (scene === 'avatar') {
    if (!detected || !AVATAR_MIMES.has(detected.mime)) throw unsupportedType(MSG.avatarType);
    // An avatar is shown to everyone: a few KB can declare a huge canvas that stalls their browsers.
    await checkImagePixels(file);
    return { mime: detected.mime, ext: detected.ext };
  }
  if (scene === 'image') {
    if (!detected || !IMAGE_MIMES.has(detected.mime)) throw unsupportedType(MSG.fileTypeMismatch);
    await checkImagePixels(file);
    return { mime: detected.mime, ext: detected.ext };
  }
  if (scene === 'voice') {
    if (!detected || !AUDIO_MIME.test(detected.mime)) throw unsupportedType(MSG.voiceFileInvalid);
    return { mime: detected.mime, ext: detected.ext };
  }
  const claimed = path.extname(filename).slice(1).toLowerCase();
  if (scene === 'knowledge' && !(KNOWLEDGE_FILE_EXTENSIONS as readonly string[]).includes(claimed)) throw unsupportedType(MSG.kbFileType);
  if (detected) {
    // A name that claims an image must hold that image: a renamed executable is refused.
    if (['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp'].includes(claimed) && !IMAGE_MIMES.has(detected.mime)) {
      throw unsupportedType(MSG.fileTypeMismatch);
    }
    if (IMAGE_MIMES.has(detected.mime)) await checkImagePixels(file);
    return { mime: detected.mime, ext: detected.ext };
  }
  const textMime = TEXT_EXTS[claimed];
  if (textMime) return { mime: textMime, ext: claimed };
  if (['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'pdf', 'docx', 'xlsx', 'zip'].includes(claimed)) {
    throw unsupportedType(MSG.fileTypeMismatch);
  }
  return { mime: 'application/octet-stream', ext: /^[a-z0-9]{1,8}$/.test(claimed) ? claimed : 'bin' };
}

/**
 * Reads only the image header for its size. 64 KiB holds it for PNG, GIF, WebP and BMP, but a
 * JPEG's frame header comes after its metadata (EXIF, ICC profile, XMP), which from phones and
 * editors can run past that; then a larger window is tried before the image is called broken.
 */
const HEADER_WINDOWS = [64 * 1024, 4 * 1024 * 1024];
async function checkImagePixels(file: string) {
  const fh = await open(file, 'r');
  try {
    let dims: { width?: number; height?: number } | undefined;
    for (const window of HEADER_WINDOWS) {
      const { bytesRead, buffer } = await fh.read(Buffer.alloc(window), 0, window, 0);
      try {
        dims = imageSize(buffer.subarray(0, bytesRead));
        break;
      } catch {
        if (bytesRead < window) break; // the whole file was read: it is broken, not truncated
      }
    }
    if (!dims) throw unsupportedType(MSG.fileTypeMismatch);
    const max = LIMITS.upload.imagePixels;
    if ((dims.width ?? 0) > max || (dims.height ?? 0) > max) throw tooLarge(MSG.imageTooWide);
  } finally {
    await fh.close();
  }
}

const yearMonth = () => new Date().toISOString().slice(0, 7).replace('-', '');

export type FileRow = typeof files.$inferSelect;

/** Who asks for a file: a logged-in user, or null for a visitor (or a signed link, which needs no one). */
export interface FileReader { userId: number; isSuperAdmin: boolean }

/**
 * The file stored under `key`, and whether `reader` may read it (one statement): files of the
 * `avatar` scene are public (avatars, robot covers and logos are shown on logged-out pages);
 * any other file is for its uploader, the members of its organisation and the super admin.
 */
export async function findFileFor(db: Db, key: string, reader: FileReader | null): Promise<{ file: FileRow; readable: boolean } | null> {
  const member = reader
    // Spelled out: drizzle writes a column of the outer table unqualified here, which the subquery would take as its own.
    ? sql<boolean>`exists (select 1 from ${groupMembers} m where m.group_id = "files"."group_id" and m.user_id = ${reader.userId})`
    : sql<boolean>`false`;
  const [row] = await db.select({ file: files, member }).from(files).where(eq(files.key, key)).limit(1);
  if (!row) return null;
  const { file } = row;
  const readable = file.scene === 'avatar' || !!reader && (reader.isSuperAdmin || reader.userId === file.userId || row.member);
  return { file, readable };
}

/** True when every key names a file of this organisation (links it may hand out signed). */
export async function allFilesOfGroup(db: Db, groupId: number, keys: string[]): Promise<boolean> {
  const wanted = [...new Set(keys)];
  if (!wanted.length) return true;
  const rows = await db.select({ key: files.key }).from(files).where(and(inArray(files.key, wanted), eq(files.groupId, groupId)));
  return rows.length === wanted.length;
}

/**
 * One of our images as a data URL for a model request (a provider cannot log in, nor reach a
 * server on loopback or an intranet), when `reader` may read it; null when it is not there,
 * not theirs to read, or not an image.
 */
export async function imageDataUrl(
  deps: Pick<Deps, 'db' | 'storage'>, key: string, reader: FileReader, maxBytes = LIMITS.upload.imageBytes,
): Promise<{ url: string; size: number } | null> {
  const found = await findFileFor(deps.db, key, reader);
  if (!found?.readable || !IMAGE_MIMES.has(found.file.mime) || found.file.size > Math.min(maxBytes, LIMITS.upload.imageBytes)) return null;
  const obj = await deps.storage.get(key);
  if (!obj) return null;
  const bytes: Buffer[] = [];
  for await (const chunk of obj.body) bytes.push(chunk as Buffer);
  return { url: `data:${found.file.mime};base64,${Buffer.concat(bytes).toString('base64')}`, size: found.file.size };
}
