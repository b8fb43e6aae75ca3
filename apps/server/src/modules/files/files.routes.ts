import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Files, Upload } from '@xueban/contract/calls/uc';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../lib/auth.ts';
import { badRequest, forbidden, notFound, tooLarge } from '../../lib/errors.ts';
import { verifyPolicy } from './upload-policy.ts';
import { findFileFor, storeUpload } from './files.service.ts';
import { directUploadToken, serverUploadToken } from './direct-upload.service.ts';
import { signatureValidFor } from './file-links.ts';
import { isSafeKey, type ByteRange } from './storage.ts';
import { verifyPreviewToken } from './preview-tokens.ts';
import { previewInfo, refreshPreview } from './preview.service.ts';
import { FilePreview } from '@xueban/contract/calls/files';

/** Served inline only when a browser cannot run them; everything else downloads. */
const INLINE = /^(image\/(png|jpeg|gif|webp|bmp)|application\/pdf|audio\/.+|video\/.+)$/;
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * One `bytes=a-b`, `bytes=a-` or `bytes=-n` range within `size` (video seeking asks for these),
 * 'unsatisfiable' when it lies outside, or null to send the whole file (no header, several ranges).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (!m[1] && !m[2])) return null;
  let start: number;
  let end: number;
  if (!m[1]) {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  }
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}

export const fileRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app.deps;

  const who = (req: FastifyRequest) => {
    const me = caller(req);
    return { userId: me.userId, groupId: me.groupId };
  };
  route(app, Upload.getToken, { config: { access: 'user' } }, async (req) => ok(serverUploadToken(app.deps, who(req), req.query.scene)));
  // With S3 configured the browser uploads straight to the bucket (direct-upload.service); otherwise through the server route.
  route(app, Upload.getOverseaToken, { config: { access: 'user' } }, async (req) => ok(await directUploadToken(app.deps, who(req), req.query.scene)));
  route(app, Upload.getStsToken, { config: { access: 'user' } }, async (req) => ok(await directUploadToken(app.deps, who(req), req.query.scene)));

  route(app, Upload.fileUpload, {
    config: { access: 'user' },
    // The declared length is checked before a single byte of the body is read.
    onRequest: async (req) => {
      if (Number(req.headers['content-length'] ?? 0) > LIMITS.upload.fileBytes + MULTIPART_OVERHEAD) throw tooLarge(MSG.fileTooLarge);
    },
    // A refused upload leaves the rest of the body unread behind the paused multipart parser, and
    // the socket would stall there (no request timeout): close it, as Fastify does on parser errors.
    onSend: async (req, reply) => {
      if (reply.statusCode >= 400 && !req.raw.complete) reply.header('connection', 'close');
    },
  }, async (req) => {
    const me = caller(req);
    if (!req.isMultipart()) throw badRequest(MSG.uploadFailed);
    const part = await req.file();
    if (!part) throw badRequest(MSG.uploadFailed);
    // Only fields sent before the file count. Busboy keeps parsing while this handler runs, so
    // for a small body `part.fields` already holds later fields too (never for a large one);
    // keys are in arrival order, so those before the file's own key came first.
    const keys = Object.keys(part.fields);
    const sentBefore = new Set(keys.slice(0, keys.indexOf(part.fieldname)));
    const field = (name: string) => {
      const f = sentBefore.has(name) ? part.fields[name] : undefined;
      const v = f && !Array.isArray(f) && f.type === 'field' ? f.value : undefined;
      return typeof v === 'string' ? v : '';
    };
    const policy = verifyPolicy(config.APP_SECRET, field('policy'), field('signature'), me.userId);
    if (!policy) throw forbidden(MSG.uploadFailed);
    const stored = await storeUpload(app.deps, { userId: me.userId, groupId: policy.group_id }, policy.scene, {
      stream: part.file, filename: part.filename,
    });
    return ok(stored, MSG.done);
  });

  route(app, Files.read, {
    // 'optional': the caller is resolved when a cookie or token is sent; visitors still reach avatars and signed links.
    config: { access: 'optional' },
  }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    if (!isSafeKey(key)) throw notFound();
    const preview = verifyPreviewToken(config.APP_SECRET, req.query.token, 'access');
    const tokenFor = preview?.key === key ? Math.ceil((preview.expires - Date.now()) / 1000) : 0;
    const signedFor = tokenFor || signatureValidFor(config.APP_SECRET, key, req.query.exp, req.query.sig);
    const found = await findFileFor(app.deps.db, key, signedFor ? null : req.auth);
    // Refused like a missing file, so a key says nothing about whether it exists.
    if (!found || !(signedFor || found.readable)) throw notFound();
    const { file } = found;
    const range = parseRange(req.headers.range, file.size);
    if (range === 'unsatisfiable') {
      return reply.code(416).header('content-range', `bytes */${file.size}`).header('accept-ranges', 'bytes').send();
    }
    const obj = await app.deps.storage.get(key, range ?? undefined);
    if (!obj) throw notFound();
    const disposition = INLINE.test(file.mime) ? 'inline' : 'attachment';
    // Avatars may sit in shared caches; anything else only in the reader's browser, a signed link no longer than it is valid.
    const cache = file.scene === 'avatar' ? 'public, max-age=31536000, immutable'
      : signedFor ? `private, max-age=${signedFor}` : 'private, max-age=31536000, immutable';
    if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
    return reply
      .header('content-type', file.mime)
      .header('content-length', obj.size)
      .header('accept-ranges', 'bytes')
      .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header('cache-control', cache)
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(obj.body);
  });

  route(app, FilePreview.filePreview, { config: { access: 'user' } }, async (req) =>
    ok(await previewInfo(app.deps, app.queue, caller(req), req.query.url)));

  route(app, FilePreview.refreshPreviewInfo, { config: { access: 'user' } }, async (req) =>
    ok(await refreshPreview(app.deps, caller(req), req.body.refresh_token)));
};
