import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DirectUploadToken } from '@xueban/contract/direct-upload';
import { DIRECT_UPLOAD_MESSAGES, MULTIPART_MIN_PART_BYTES, MULTIPART_PART_BYTES } from '@xueban/contract/direct-upload';
import { MSG } from '@xueban/contract/messages';
import { Upload } from '@xueban/contract/calls/uc';
import type { Deps } from '../../types.ts';
import { multipartUploads } from '../../db/schema/files.ts';
import { badRequest, forbidden, notFound, tooLarge } from '../../lib/errors.ts';
import { withTempFile } from '../../lib/temp-file.ts';
import { signPolicy, TTL_SECONDS, verifyPolicy, type UploadScene } from './upload-policy.ts';
import { checkUploadType, maxBytesFor, registerFile, tooLargeMsg, type StoredFile } from './files.service.ts';
import type { DirectUploads } from './s3-direct.ts';

// Uploads straight to the bucket (issue 21). The server signs a POST or the parts of a multipart
// upload, then registers what arrived under the same rules as its own upload route: the size limit
// of the scene, the type read from the content (`checkUploadType`), the same refusals; an object
// that fails them is deleted from the bucket.

type Who = { userId: number; groupId: number };

/** Enough of the object to type it: file-type reads its first KB, an image header (JPEG after its metadata) up to 4 MB. */
const TYPING_PREFIX_BYTES = 4 * 1024 * 1024;
/** A part URL outlives a slow 8 MB part on a poor line; a resumed upload asks for new ones. */
const PART_URL_SECONDS = 60 * 60;

const yearMonth = () => new Date().toISOString().slice(0, 7).replace('-', '');
/** Server-generated like the server route's keys; no extension, the type is known only once it arrived. */
const newObjectKey = (scene: UploadScene) => `${scene}/${yearMonth()}/${randomBytes(16).toString('base64url')}`;

function directOf(deps: Pick<Deps, 'storage'>): DirectUploads {
  if (!deps.storage.direct) throw badRequest(DIRECT_UPLOAD_MESSAGES.noBucket);
  return deps.storage.direct;
}

/** The server route's token (policy signed for this caller), as getToken answers it. */
export function serverUploadToken(deps: Pick<Deps, 'config' | 'storage'>, who: Who, scene: UploadScene) {
  const { policy, signature, expire } = signPolicy(deps.config.APP_SECRET, { scene, uid: who.userId, group_id: who.groupId });
  return {
    dir: `${scene}/`, name: '', accessid: deps.storage.kind, policy, signature, expire,
    host: Upload.fileUpload.path, disk: deps.storage.kind, max_size: maxBytesFor(scene),
  };
}

/**
 * getOverseaToken / getStsToken: with S3, a presigned POST for one new key, bounded by the scene's
 * size limit (S3 refuses a larger body) and signed for this caller; otherwise the server route's token.
 */
export async function directUploadToken(deps: Pick<Deps, 'config' | 'storage'>, who: Who, scene: UploadScene): Promise<DirectUploadToken> {
  const direct = deps.storage.direct;
  if (!direct) return { ...serverUploadToken(deps, who, scene), mode: 'server', key: '', fields: {} };
  const key = newObjectKey(scene);
  const max = maxBytesFor(scene);
  const { policy, signature, expire } = signPolicy(deps.config.APP_SECRET, { scene, uid: who.userId, group_id: who.groupId, key });
  const form = await direct.presignPost(key, `${scene}/`, max, TTL_SECONDS);
  return {
    dir: `${scene}/`, name: key, accessid: 's3', policy, signature, expire,
    host: form.url, disk: 's3', max_size: max, mode: 's3', key, fields: form.fields,
  };
}

/**
 * Types an object that arrived in the bucket from its first bytes and registers it as the uploader's
 * file; a wrong type or size deletes it from the bucket and is refused in the server route's words.
 * `settle`: a presigned POST stays valid after it was used, so its object is first copied (only if
 * still the version typed) to a key no upload can reach, named with its type's extension as the
 * server route names it; a completed multipart upload cannot be written again and stays where it is.
 */
async function registerObject(deps: Deps, who: Who, scene: UploadScene, key: string, filename: string, settle: boolean): Promise<StoredFile> {
  const direct = directOf(deps);
  const head = await direct.head(key);
  if (!head) throw badRequest(MSG.uploadFailed);
  let finalKey = key;
  try {
    if (head.size > maxBytesFor(scene)) throw tooLarge(tooLargeMsg(scene));
    const prefix = head.size ? await deps.storage.get(key, { start: 0, end: Math.min(head.size, TYPING_PREFIX_BYTES) - 1 }) : null;
    if (head.size && !prefix) throw badRequest(MSG.uploadFailed);
    const typed = await withTempFile(deps.config.DATA_DIR, '', prefix?.body ?? Buffer.alloc(0), (file) => checkUploadType(file, filename, scene, head.size));
    if (settle) {
      finalKey = `${newObjectKey(scene)}${typed.ext ? `.${typed.ext}` : ''}`;
      await direct.copy(key, finalKey, head.etag).catch(() => { throw badRequest(MSG.uploadFailed); });
      await deps.storage.delete(key);
    }
    return await registerFile(deps, who, scene, { key: finalKey, filename, size: head.size, mime: typed.mime, ext: typed.ext, sha256: null });
  } catch (err) {
    await deps.storage.delete(key);
    if (finalKey !== key) await deps.storage.delete(finalKey);
    throw err;
  }
}

/** After a presigned POST: the token's policy names the key; registered once, by the one it was issued to. */
export async function completeDirect(deps: Deps, userId: number, body: { policy: string; signature: string; name: string }): Promise<StoredFile> {
  directOf(deps);
  const policy = verifyPolicy(deps.config.APP_SECRET, body.policy, body.signature, userId);
  if (!policy?.key) throw forbidden(MSG.uploadFailed);
  return registerObject(deps, { userId, groupId: policy.group_id }, policy.scene, policy.key, body.name, true);
}

/** Begins a multipart upload of `size` bytes (refused at once past the scene's limit). */
export async function createMultipart(deps: Deps, who: Who, body: { scene: UploadScene; name: string; size: number }) {
  const direct = directOf(deps);
  if (body.size > maxBytesFor(body.scene)) throw tooLarge(tooLargeMsg(body.scene));
  const key = newObjectKey(body.scene);
  const uploadId = await direct.createMultipart(key);
  const [row] = await deps.db.insert(multipartUploads).values({
    groupId: who.groupId, userId: who.userId, scene: body.scene, key, uploadId, name: body.name.slice(0, 200), size: body.size,
  }).returning({ id: multipartUploads.id });
  return { upload_id: row!.id, key, part_size: MULTIPART_PART_BYTES };
}

/** The caller's own multipart upload; another user's or organisation's answers 404. */
async function mine(deps: Deps, who: Who, id: number) {
  const [row] = await deps.db.select().from(multipartUploads)
    .where(and(eq(multipartUploads.id, id), eq(multipartUploads.groupId, who.groupId), eq(multipartUploads.userId, who.userId)));
  if (!row) throw notFound();
  return row;
}

export async function signParts(deps: Deps, who: Who, id: number, partNumbers: number[]) {
  const row = await mine(deps, who, id);
  const direct = directOf(deps);
  // No more parts than the announced size needs at S3's smallest part: a client cannot keep filling the bucket.
  const most = Math.max(1, Math.ceil(row.size / MULTIPART_MIN_PART_BYTES));
  if (partNumbers.some((n) => n > most)) throw badRequest(MSG.uploadFailed);
  const parts = [];
  for (const n of [...new Set(partNumbers)]) {
    parts.push({ part_number: n, url: await direct.presignPart(row.key, row.uploadId, n, PART_URL_SECONDS) });
  }
  return { parts };
}

/** The parts already stored: a resumed upload sends only the missing ones. */
export async function uploadedParts(deps: Deps, who: Who, id: number) {
  const row = await mine(deps, who, id);
  const parts = await directOf(deps).listParts(row.key, row.uploadId);
  if (!parts) throw notFound();
  return { parts: parts.map((p) => ({ part_number: p.partNumber, size: p.size })) };
}

/**
 * Joins the stored parts (all of the announced size, or it asks to go on) and registers the file
 * as a presigned POST's is registered.
 */
export async function completeMultipart(deps: Deps, who: Who, id: number): Promise<StoredFile> {
  const row = await mine(deps, who, id);
  const direct = directOf(deps);
  const parts = await direct.listParts(row.key, row.uploadId);
  if (!parts) throw notFound();
  const stored = parts.reduce((sum, p) => sum + p.size, 0);
  if (!parts.length || stored < row.size) throw badRequest(DIRECT_UPLOAD_MESSAGES.incomplete);
  if (stored > maxBytesFor(row.scene as UploadScene)) {
    await abortMultipart(deps, who, id);
    throw tooLarge(tooLargeMsg(row.scene as UploadScene));
  }
  // Of two completions at once, the one whose row delete wins registers; the other answers 404.
  if (!(await direct.completeMultipart(row.key, row.uploadId, parts))) throw notFound();
  const [claimed] = await deps.db.delete(multipartUploads).where(eq(multipartUploads.id, row.id)).returning({ id: multipartUploads.id });
  if (!claimed) throw notFound();
  return registerObject(deps, { userId: row.userId, groupId: row.groupId }, row.scene as UploadScene, row.key, row.name, false);
}

export async function abortMultipart(deps: Deps, who: Who, id: number): Promise<void> {
  const row = await mine(deps, who, id);
  await directOf(deps).abortMultipart(row.key, row.uploadId);
  await deps.db.delete(multipartUploads).where(eq(multipartUploads.id, row.id));
}
